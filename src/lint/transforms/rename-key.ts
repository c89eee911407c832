import type {JsonObject} from '../../core/json.js';
import {put} from './put.js';

/** A copy of `schema` with `from` renamed `to` (and given `value`), in the same place among the keys. */
export function renameKey(schema: JsonObject, from: string, to: string, value: unknown = schema[from]): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === from) out[to] = value;
    else if (k !== to) put(out, k, v);
  }
  return out;
}

import {has, type JsonObject} from '../schema-util.js';

/**
 * A JSON Schema type list in the OpenAPI 3.0 spelling: `["T", "null"]` → `type: "T", nullable: true`, and `["T"]` →
 * `type: "T"`. An `enum` gains nothing (OpenAPI enums list the non-null values; a `null` in it is taken out, since
 * `nullable` says it). Undefined for any other list (`["null"]` alone, several non-null types: those need an `anyOf`)
 * or when `type` is not a list.
 */
export function typeListToNullable(schema: JsonObject): JsonObject | undefined {
  const list = schema.type;
  if (!Array.isArray(list) || !list.every((t) => typeof t === 'string') || new Set(list).size !== list.length) return undefined;
  const others = list.filter((t) => t !== 'null');
  if (others.length !== 1) return undefined;
  const nullable = others.length < list.length;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'type') {
      out.type = others[0];
      if (nullable) out.nullable = true;
    } else if (k === 'nullable' && nullable) continue;
    else if (k === 'enum' && nullable && Array.isArray(v)) out.enum = v.filter((x) => x !== null);
    else out[k] = v;
  }
  if (!nullable && has(schema, 'nullable')) out.nullable = schema.nullable;
  return out;
}

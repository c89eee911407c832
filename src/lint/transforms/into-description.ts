import {has} from '../schema-util.js';
import type {JsonObject} from '../../core/json.js';
import {put} from './put.js';

/**
 * Takes `keys` out of the schema and says them in its `description` instead, as `key: value` pairs joined by "; "
 * (strings as written, other values as JSON), after the description it had: the model still reads the constraint,
 * the vendor no longer enforces it. Undefined when the schema has none of the keys.
 */
export function intoDescription(schema: JsonObject, keys: readonly string[]): JsonObject | undefined {
  const moved = keys.filter((k) => has(schema, k));
  if (moved.length === 0) return undefined;
  const said = moved.map((k) => `${k}: ${typeof schema[k] === 'string' ? schema[k] : JSON.stringify(schema[k])}`).join('; ');
  const before = typeof schema.description === 'string' ? schema.description.trimEnd() : '';
  const description = before === '' ? said : `${before}${/[.!?:;)]$/.test(before) ? '' : '.'} ${said}`;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(schema)) if (!moved.includes(k) && k !== 'description') put(out, k, v);
  // A description the schema had keeps its place among the keys; a new one goes last.
  return has(schema, 'description') && typeof schema.description === 'string' ? placeAt(schema, out, 'description', description) : {...out, description};
}

/** Whether a keyword's value can be said in prose: a plain value or a list of them, not a sub-schema. */
export function sayable(value: unknown): boolean {
  return Array.isArray(value) ? value.every((v) => v === null || typeof v !== 'object') : value === null || typeof value !== 'object';
}

function placeAt(original: JsonObject, rest: JsonObject, key: string, value: unknown): JsonObject {
  const out: JsonObject = {};
  for (const k of Object.keys(original)) {
    if (k === key) put(out, k, value);
    else if (has(rest, k)) put(out, k, rest[k]);
  }
  return out;
}

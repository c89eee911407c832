import {has} from '../schema-util.js';
import {isObject, type JsonObject} from '../../core/json.js';
import {renameKey} from './rename-key.js';

/**
 * `const: x` → `enum: [x]` (the same values pass), in the place `const` stood. With an `enum` beside it the two are
 * merged when the enum holds x (only x passes either way); undefined when it does not (nothing passes: not ours to
 * rewrite) or there is no `const`.
 */
export function constToEnum(schema: JsonObject): JsonObject | undefined {
  if (!has(schema, 'const')) return undefined;
  const value = schema.const;
  if (!has(schema, 'enum')) return renameKey(schema, 'const', 'enum', [value]);
  if (!Array.isArray(schema.enum) || !schema.enum.some((v) => sameJson(v, value))) return undefined;
  const {const: _dropped, ...rest} = schema;
  return {...rest, enum: [value]};
}

/** Equal as JSON values (object key order aside). */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (isObject(v) ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) : v));
}

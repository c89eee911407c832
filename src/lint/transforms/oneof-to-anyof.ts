import {has, isObjectType, propertiesOf, requiredList} from '../schema-util.js';
import {isObject, type JsonObject} from '../../core/json.js';
import {sameJson} from './const-to-enum.js';
import {isLocalPointerRef, resolveLocalRef} from './local-ref.js';
import {renameKey} from './rename-key.js';

/**
 * The property that tells the branches apart, when there is one: every branch is an object schema (or a local `$ref`
 * to one) that requires the property and gives it a single value (`const`, or an `enum` of one), and no two branches
 * give the same value. Then no value matches two branches, and `oneOf` and `anyOf` accept the same values.
 */
export function discriminatorOf(branches: unknown, root: unknown): string | undefined {
  if (!Array.isArray(branches) || branches.length === 0) return undefined;
  const resolved = branches.map((b: unknown) => (isObject(b) && isLocalPointerRef(b.$ref) ? resolveLocalRef(root, b.$ref) : b));
  // A branch that does not say "type": "object" also takes strings and numbers, which match every such branch.
  if (!resolved.every((b) => isObject(b) && isObjectType(b))) return undefined;
  const first = resolved[0] as JsonObject;
  for (const name of requiredList(first)) {
    const values = (resolved as JsonObject[]).map((b) => singleValue(b, name));
    if (values.some((v) => v === NONE)) continue;
    if (values.every((v, i) => values.findIndex((w) => sameJson(v, w)) === i)) return name;
  }
  return undefined;
}

const NONE = Symbol('none');

/** The one value an object branch allows for a required property, or NONE. */
function singleValue(branch: JsonObject, name: string): unknown {
  if (!requiredList(branch).includes(name)) return NONE;
  const prop = propertiesOf(branch)?.[name];
  if (!isObject(prop)) return NONE;
  if (has(prop, 'const')) return prop.const;
  if (Array.isArray(prop.enum) && prop.enum.length === 1) return prop.enum[0];
  return NONE;
}

/**
 * `oneOf` → `anyOf` when its branches are disjoint by a discriminator ({@link discriminatorOf}); undefined otherwise,
 * or when the schema also has an `anyOf` (both must hold: they cannot become one list).
 */
export function oneOfToAnyOf(schema: JsonObject, root: unknown): JsonObject | undefined {
  if (!has(schema, 'oneOf') || has(schema, 'anyOf')) return undefined;
  if (discriminatorOf(schema.oneOf, root) === undefined) return undefined;
  return renameKey(schema, 'oneOf', 'anyOf');
}

import {has} from '../schema-util.js';
import {isObject, type JsonObject} from '../../core/json.js';
import {put} from './put.js';

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
    else put(out, k, v);
  }
  if (!nullable && has(schema, 'nullable')) out.nullable = schema.nullable;
  return out;
}

/**
 * A type list with several non-null types, in the OpenAPI 3.0 spelling: `type: ["string", "integer", "null"]` →
 * `anyOf: [{type: "string"}, {type: "integer"}], nullable: true` (the other keywords stay beside it and constrain
 * the values of their own type, as before). Undefined unless `type` lists at least two non-null type names, or when the
 * schema already has an `anyOf`.
 */
export function typeListToAnyOf(schema: JsonObject): JsonObject | undefined {
  const list = schema.type;
  if (!Array.isArray(list) || has(schema, 'anyOf') || !list.every((t) => typeof t === 'string') || new Set(list).size !== list.length) return undefined;
  const others = list.filter((t) => t !== 'null');
  if (others.length < 2) return undefined;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'type') {
      out.anyOf = others.map((type) => ({type}));
      if (others.length < list.length) out.nullable = true;
    } else if (k !== 'nullable' || others.length === list.length) put(out, k, v);
  }
  return out;
}

/**
 * An `anyOf` with a `{type: "null"}` branch (pydantic's `Optional[X]`), in the OpenAPI 3.0 spelling: the null branch
 * goes and `nullable: true` says it; a single branch left is merged into the schema (its keywords, the schema's own
 * winning). Undefined when no branch is exactly `{type: "null"}` or only null branches are left.
 */
export function nullBranchToNullable(schema: JsonObject): JsonObject | undefined {
  const branches = schema.anyOf;
  if (!Array.isArray(branches)) return undefined;
  const rest = branches.filter((b) => !isNullBranch(b));
  if (rest.length === branches.length || rest.length === 0) return undefined;
  const {anyOf: _anyOf, ...siblings} = schema;
  if (rest.length === 1 && isObject(rest[0]) && !Object.keys(rest[0]).some((k) => has(siblings, k) && k !== 'description' && k !== 'title')) {
    return {...rest[0], ...siblings, nullable: true};
  }
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(schema)) put(out, k, k === 'anyOf' ? rest : v);
  out.nullable = true;
  return out;
}

/** `{"type": "null"}`, give or take annotations: the branch that makes a union nullable. */
export function isNullBranch(b: unknown): boolean {
  return isObject(b) && b.type === 'null' && Object.keys(b).every((k) => k === 'type' || k === 'description' || k === 'title');
}

const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);

/**
 * Gemini's OpenAPI type names (`"OBJECT"`, `"STRING"`, …) as JSON Schema spells them, and `nullable: true` as JSON
 * Schema says it: `"null"` joins the type (and an enum; an untyped anyOf gains a null branch); `nullable: false` goes.
 * What a schema written for responseSchema means, for a JSON Schema reader. Undefined when neither applies.
 */
export function openApiToJsonSchemaTypes(schema: JsonObject): JsonObject | undefined {
  const t = schema.type;
  const lower = typeof t === 'string' && t !== t.toLowerCase() && JSON_TYPES.has(t.toLowerCase()) ? t.toLowerCase() : undefined;
  if (lower === undefined && !has(schema, 'nullable')) return undefined;
  const type = lower ?? t;
  const nullable = schema.nullable === true;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'type') out.type = nullable ? withNull(type) : type;
    else if (k === 'nullable') continue;
    else if (k === 'enum' && nullable && Array.isArray(v) && !v.includes(null)) out.enum = [...(v as unknown[]), null];
    else if (k === 'anyOf' && nullable && !has(schema, 'type') && Array.isArray(v)) out.anyOf = [...(v as unknown[]), {type: 'null'}];
    else put(out, k, v);
  }
  return out;
}

function withNull(type: unknown): unknown {
  if (typeof type === 'string') return type === 'null' ? type : [type, 'null'];
  return Array.isArray(type) && !type.includes('null') ? [...(type as unknown[]), 'null'] : type;
}

import {childPointer} from '../io/json-pointer.js';
import {isObject, type JsonObject} from '../core/json.js';

/** Object.keys(obj).length without building the list: rules count the properties of every object sub-schema. */
export function keyCount(obj: JsonObject): number {
  let n = 0;
  for (const k in obj) if (Object.hasOwn(obj, k)) n++;
  return n;
}

export function has(obj: JsonObject, key: string): boolean {
  return Object.hasOwn(obj, key);
}

/** The schema's `type` as a list of strings (empty when absent or malformed). */
export function typesOf(schema: JsonObject): string[] {
  const t = schema.type;
  if (typeof t === 'string') return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === 'string');
  return [];
}

/** `type` is one of `names` or a list that includes one (`["string", "null"]` is a string type). Allocates nothing: it runs on every sub-schema. */
export function typeIn(schema: JsonObject, names: readonly string[]): boolean {
  const t = schema.type;
  if (typeof t === 'string') return names.includes(t);
  if (!Array.isArray(t)) return false;
  for (const x of t) if (typeof x === 'string' && names.includes(x)) return true;
  return false;
}

const OBJECT = ['object'];

export function isObjectType(schema: JsonObject): boolean {
  return typeIn(schema, OBJECT);
}

/** `type` names exactly one type (a string, or a list holding one string): that type. */
export function soleType(schema: JsonObject): string | undefined {
  const t = schema.type;
  if (typeof t === 'string') return t;
  if (!Array.isArray(t)) return undefined;
  let sole: string | undefined;
  for (const x of t) {
    if (typeof x !== 'string') continue;
    if (sole !== undefined) return undefined;
    sole = x;
  }
  return sole;
}

export function requiredList(schema: JsonObject): string[] {
  return Array.isArray(schema.required) ? schema.required.filter((x): x is string => typeof x === 'string') : [];
}

export function propertiesOf(schema: JsonObject): JsonObject | undefined {
  return isObject(schema.properties) ? schema.properties : undefined;
}

export function ptr(base: string, ...segments: (string | number)[]): string {
  let out = base;
  for (const s of segments) out = typeof s === 'number' || !needsEscape(s) ? `${out}/${s}` : childPointer(out, s);
  lastBuilt.pointer = out;
  lastBuilt.base = base;
  lastBuilt.segments = segments;
  return out;
}

/**
 * The pointer {@link ptr} built last, and what from: a finding is almost always reported at the pointer its rule has just
 * built, and the engine then places it from the segments rather than reading them back out of the string.
 */
const lastBuilt: {pointer: string | undefined; base: string; segments: readonly (string | number)[]} = {pointer: undefined, base: '', segments: []};

/** `pointer`'s base and segments, when it is (equal to) the pointer {@link ptr} built last. */
export function builtFrom(pointer: string): {readonly base: string; readonly segments: readonly (string | number)[]} | undefined {
  return pointer === lastBuilt.pointer ? lastBuilt : undefined;
}

/** Two searches for one character: faster than a regular expression on the short keys rules report, once per finding. */
function needsEscape(segment: string): boolean {
  return segment.includes('/') || segment.includes('~');
}

/** `a` is `b` or an ancestor of `b` (both RFC 6901 pointers into the same document). */
export function isAncestorOrSelf(a: string, b: string): boolean {
  return a === '' || a === b || b.startsWith(a + '/');
}

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

export function quote(s: string): string {
  return JSON.stringify(s);
}

import {UserError} from '../core/user-error.js';

export type BaseType = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'object';

export interface FieldType {
  base: BaseType;
  /** The allowed strings of an `enum(a|b|c)`. */
  values?: readonly string[];
  /** `T[]`: an array of T. */
  list: boolean;
}

/** One step of a dotted path; `list` marks `name[]`, the items of an `object[]` field. */
export interface PathSegment {
  name: string;
  list: boolean;
}

/** One `--field` as written: `path[?]:type[:description]`. */
export interface FieldSpec {
  source: string;
  path: readonly PathSegment[];
  type: FieldType;
  optional: boolean;
  description?: string;
}

const BASE_TYPES: readonly BaseType[] = ['string', 'number', 'integer', 'boolean', 'enum', 'object'];
export const TYPE_HELP = 'string, number, integer, boolean, enum(a|b|c) (or enum(a,b,c)), object, or any of them followed by [] for a list (string[], object[])';
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const MAX_FIELD_NAME_LENGTH = 64;

/** Parses `--field` text; every mistake is a UserError that quotes the flag. */
export function parseFieldSpec(source: string): FieldSpec {
  const fail = (why: string): never => {
    throw new UserError(`invalid --field "${source}": ${why}`, 'form: name[?]:type[:description], e.g. --field "title:string:Plan title" --field "notes?:string" --field "owner.name:string"');
  };
  const colon = source.indexOf(':');
  if (colon < 0) fail('no type: write name:type, e.g. title:string');
  let head = source.slice(0, colon).trim();
  const optional = head.endsWith('?');
  if (optional) head = head.slice(0, -1).trimEnd();
  const path = parsePath(head, fail);

  const {typeText, rest} = splitType(source.slice(colon + 1));
  const type = parseType(typeText.trim(), fail);
  const description = rest?.trim() || undefined;
  return {source, path, type, optional, ...(description === undefined ? {} : {description})};
}

function parsePath(text: string, fail: (why: string) => never): PathSegment[] {
  if (text === '') fail('the field name is empty');
  const parts = text.split('.');
  return parts.map((part, i) => {
    const list = part.endsWith('[]');
    const name = list ? part.slice(0, -2) : part;
    if (name.includes('?')) fail(`"?" goes only at the end of the whole path (mark a parent optional with its own --field "${name.replace(/\?/g, '')}?:object")`);
    if (name === '') fail(`empty name in the path "${text}"`);
    if (name === '__proto__') fail('"__proto__" cannot be a property name (JSON parsers disagree on it)');
    if (name.length > MAX_FIELD_NAME_LENGTH) fail(`the name "${name.slice(0, 20)}…" is longer than ${MAX_FIELD_NAME_LENGTH} characters`);
    if (!FIELD_NAME.test(name)) fail(`"${name}" is not a field name: start with a letter or "_", then letters, digits, "_" or "-"`);
    if (list && i === parts.length - 1) fail(`"[]" marks a parent list in a path; to make "${name}" a list, give the type a [] instead (${name}:string[])`);
    return {name, list};
  });
}

/** The type ends at the first ":" outside `enum(…)`; what follows is the description, colons and all. */
function splitType(tail: string): {typeText: string; rest?: string} {
  const trimmed = tail.trimStart();
  if (trimmed.startsWith('enum(')) {
    const close = trimmed.indexOf(')');
    if (close >= 0) {
      const after = trimmed.slice(close + 1);
      const colon = after.indexOf(':');
      return colon < 0 ? {typeText: trimmed} : {typeText: trimmed.slice(0, close + 1) + after.slice(0, colon), rest: after.slice(colon + 1)};
    }
  }
  const colon = tail.indexOf(':');
  return colon < 0 ? {typeText: tail} : {typeText: tail.slice(0, colon), rest: tail.slice(colon + 1)};
}

function parseType(text: string, fail: (why: string) => never): FieldType {
  const list = text.endsWith('[]');
  const base = list ? text.slice(0, -2).trimEnd() : text;
  if (base === '') fail(`the type is missing: use ${TYPE_HELP}`);
  const enumMatch = /^enum\s*\((.*)\)$/s.exec(base);
  if (enumMatch) return {base: 'enum', values: parseEnumValues(enumMatch[1], fail), list};
  if (base.startsWith('enum')) fail('write an enum as enum(a|b|c)');
  if (!(BASE_TYPES as readonly string[]).includes(base)) {
    const lower = base.toLowerCase();
    const hint = (BASE_TYPES as readonly string[]).includes(lower) ? ` (types are lowercase: ${lower})` : '';
    fail(`unknown type "${base}"${hint}: use ${TYPE_HELP}`);
  }
  return {base: base as BaseType, list};
}

/** Why a field path typed at a prompt (`owner.name`, `steps[].title`) is not valid, or undefined. */
export function fieldPathProblem(text: string): string | undefined {
  if (text.includes('?')) return 'type the name without "?": the next question asks whether it is optional';
  return problemOf(() => parsePath(text.trim(), reason));
}

/** Why `a|b|c` typed at a prompt is not a valid list of enum values, or undefined. */
export function enumValuesProblem(text: string): string | undefined {
  return problemOf(() => parseEnumValues(text, reason));
}

class Reason extends Error {}
const reason = (why: string): never => {
  throw new Reason(why);
};
function problemOf(check: () => unknown): string | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    if (error instanceof Reason) return error.message;
    throw error;
  }
}

/**
 * Values of `enum(a|b|c)`: trimmed, non-empty, distinct. A comma separates too, since `enum(low,high)` is what people
 * type and read as two values; a value therefore cannot contain "|" or ",".
 */
function parseEnumValues(text: string, fail: (why: string) => never): string[] {
  const values = text.split(/[|,]/).map((v) => v.trim());
  if (values.some((v) => v === '')) fail(`enum(${text}) has an empty value: separate values with "|" or ",", e.g. enum(low|medium|high)`);
  const dup = values.find((v, i) => values.indexOf(v) !== i);
  if (dup !== undefined) fail(`enum(${text}) lists "${dup}" twice`);
  if (values.some((v) => v.includes(')'))) fail(`enum values cannot contain ")"`);
  return values;
}

export function typeLabel(type: FieldType): string {
  return `${type.base === 'enum' ? `enum(${(type.values ?? []).join('|')})` : type.base}${type.list ? '[]' : ''}`;
}

export function pathLabel(path: readonly PathSegment[]): string {
  return path.map((s) => `${s.name}${s.list ? '[]' : ''}`).join('.');
}

/** The `--field` text that reproduces a spec (used to echo an interactive session as a command line). */
export function fieldSpecText(spec: Omit<FieldSpec, 'source'>): string {
  return `${pathLabel(spec.path)}${spec.optional ? '?' : ''}:${typeLabel(spec.type)}${spec.description ? `:${spec.description}` : ''}`;
}

import type {ErrorObject} from 'ajv';
import {parsePointer} from '../io/json-pointer.js';
import {isObject} from '../core/json.js';

// RFC 0033 §C: the corrective fragment is authored by the host from validator output and never quotes model text —
// a model's reply could carry an injection, and echoing it back would hand it a second turn. So everything below is
// built from the schema and Ajv's keyword parameters only: offending values are never shown, and a path segment is
// kept only when it is an array index or a property name the schema itself declares (a stray key the model invented
// is shown as `*`).

const MAX_ISSUES = 20;
const COMBINATORS = new Set(['anyOf', 'oneOf', 'allOf', 'if', 'not']);

/** Validator output → issue lines that contain no model text. */
export function describeIssues(errors: readonly ErrorObject[], schema: unknown): string[] {
  const names = declaredNames(schema);
  const specific = errors.filter((e) => !COMBINATORS.has(e.keyword));
  const chosen = specific.length ? specific : errors;
  const out = new Set<string>();
  for (const err of chosen) {
    out.add(`${safePath(err.instancePath, names)}: ${safeMessage(err, schema)}`);
    if (out.size === MAX_ISSUES) break;
  }
  return [...out];
}

export const NOT_JSON_ISSUE = 'the reply is not valid JSON';
export const NO_TEXT_ISSUE = 'the reply holds no text';

/** The system fragment a conformant host adds to the retry after a schema violation (or a reply that does not parse). */
export function correctiveFragment(kind: 'parse-error' | 'invalid', issues: readonly string[]): string {
  if (kind === 'parse-error') {
    return `Your previous reply could not be used: ${issues.join('; ')}. Reply again with only the JSON value the response schema describes — no prose and no code fences.`;
  }
  return `Your previous reply did not match the response schema:\n${issues.map((i) => `- ${i}`).join('\n')}\nReply again with only a corrected JSON value.`;
}

function safePath(instancePath: string, names: Set<string>): string {
  if (instancePath === '') return '(root)';
  let segments: string[];
  try {
    segments = parsePointer(instancePath);
  } catch {
    return '(root)';
  }
  return '/' + segments.map((s) => (/^(0|[1-9]\d*)$/.test(s) || names.has(s) ? s.replaceAll('~', '~0').replaceAll('/', '~1') : '*')).join('/');
}

function safeMessage(err: ErrorObject, schema: unknown): string {
  const p = err.params as Record<string, unknown>;
  switch (err.keyword) {
    case 'required':
      return `missing required property ${JSON.stringify(p.missingProperty)}`;
    case 'additionalProperties': {
      const allowed = allowedProperties(schema, err.schemaPath);
      return allowed.length ? `has a property the schema does not allow (allowed: ${allowed.join(', ')})` : 'has a property the schema does not allow';
    }
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case 'type':
      return `must be of type ${Array.isArray(p.type) ? p.type.join(' or ') : String(p.type)}`;
    case 'format':
      return `must be a valid ${String(p.format)}`;
    default:
      // Ajv composes its messages from the schema's keyword values, never from the instance.
      return err.message ?? `fails "${err.keyword}"`;
  }
}

/** Every property name the schema declares anywhere (under `properties` or in `required`). */
function declaredNames(schema: unknown, into = new Set<string>(), depth = 0): Set<string> {
  if (depth > 64 || typeof schema !== 'object' || schema === null) return into;
  if (Array.isArray(schema)) {
    for (const s of schema) declaredNames(s, into, depth + 1);
    return into;
  }
  const s = schema as Record<string, unknown>;
  if (isObject(s.properties)) for (const k of Object.keys(s.properties)) into.add(k);
  if (Array.isArray(s.required)) for (const k of s.required) if (typeof k === 'string') into.add(k);
  for (const v of Object.values(s)) declaredNames(v, into, depth + 1);
  return into;
}

/** The `properties` beside the failing `additionalProperties`, found by walking the schema path (local paths only). */
function allowedProperties(schema: unknown, schemaPath: string): string[] {
  if (!schemaPath.startsWith('#/')) return [];
  let node: unknown = schema;
  const segments = parsePointer(schemaPath).slice(0, -1);
  for (const seg of segments) {
    if (!isObject(node) && !Array.isArray(node)) return [];
    node = (node as Record<string, unknown>)[seg];
  }
  return isObject(node) && isObject(node.properties) ? Object.keys(node.properties) : [];
}

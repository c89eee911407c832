import type {ErrorObject} from 'ajv';
import type {JsonDocument} from '../io/json-document.js';
import {childPointer, parsePointer} from '../io/json-pointer.js';
import type {Finding, Severity} from '../core/finding.js';

export interface AjvFindingOptions {
  ruleId: string;
  severity?: Severity;
  /** Pointer of the validated value inside the document (e.g. `/3/payload` for the payload of the 4th envelope). */
  base: string;
  /** Prepended to each message so a reader knows which check spoke, e.g. `payload of "error"`. */
  label?: string;
  /** The value that was validated, to quote offending values in messages. */
  value?: unknown;
}

/**
 * Ajv errors → findings at the exact pointer, one message per problem a person would fix.
 * Combinator errors (anyOf/oneOf/if) only say "a branch failed"; their branch errors say why, so they are dropped when
 * anything more specific exists.
 */
export function ajvFindings(errors: readonly ErrorObject[] | null | undefined, doc: JsonDocument, options: AjvFindingOptions): Finding[] {
  if (!errors?.length) return [];
  const specific = errors.filter((e) => !COMBINATORS.has(e.keyword));
  const chosen = specific.length ? specific : errors;
  const seen = new Set<string>();
  const findings: Finding[] = [];
  for (const err of chosen) {
    // Ajv only attaches the offending value in verbose mode; read it from the document instead.
    if (err.data === undefined) err.data = valueAt(options.value, err.instancePath);
    const {pointer, message} = describe(err, options.base);
    const at = options.base + pointer;
    const key = `${at}\0${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push(doc.finding(options.ruleId, options.severity ?? 'error', options.label ? `${options.label}: ${message}` : message, at));
  }
  return findings;
}

const COMBINATORS = new Set(['anyOf', 'oneOf', 'if', 'not', 'allOf']);

function describe(err: ErrorObject, base: string): {pointer: string; message: string} {
  const where = base + err.instancePath || '(root)';
  const p = err.params as Record<string, unknown>;
  switch (err.keyword) {
    case 'required':
      return {pointer: err.instancePath, message: `missing required property "${String(p.missingProperty)}" in ${where}`};
    case 'additionalProperties':
      return {pointer: childPointer(err.instancePath, String(p.additionalProperty)), message: `unknown property "${String(p.additionalProperty)}" (${where} allows no other properties)`};
    case 'unevaluatedProperties':
      return {pointer: childPointer(err.instancePath, String(p.unevaluatedProperty)), message: `unknown property "${String(p.unevaluatedProperty)}" in ${where}`};
    case 'enum':
      return {pointer: err.instancePath, message: `${where} must be one of ${(p.allowedValues as unknown[]).map(show).join(', ')}; got ${show(err.data)}`};
    case 'const':
      return {pointer: err.instancePath, message: `${where} must be ${show(p.allowedValue)}; got ${show(err.data)}`};
    case 'format':
      if (err.data === undefined) return {pointer: err.instancePath, message: `${where} must be a valid ${String(p.format)}`};
      return {pointer: err.instancePath, message: `${where} must be a valid ${String(p.format)}; got ${show(err.data)}`};
    case 'type':
      return {pointer: err.instancePath, message: `${where} must be ${String(p.type)}; got ${typeName(err.data)}`};
    case 'uniqueItems':
      return {pointer: `${err.instancePath}/${String(p.i)}`, message: `${where} must not repeat items: items ${String(p.j)} and ${String(p.i)} are identical`};
    case 'pattern':
      return {pointer: err.instancePath, message: `${where} must match ${String(p.pattern)}; got ${show(err.data)}`};
    default:
      return {pointer: err.instancePath, message: `${where} ${err.message ?? 'is invalid'}`};
  }
}

function valueAt(root: unknown, pointer: string): unknown {
  let v = root;
  for (const seg of parsePointer(pointer)) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, seg)) return undefined;
    v = (v as Record<string, unknown>)[seg];
  }
  return v;
}

function show(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

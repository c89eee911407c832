import type {ErrorObject} from 'ajv';
import type {JsonDocument} from '../io/json-document.js';
import {childPointer, parsePointer} from '../io/json-pointer.js';
import type {Finding, Severity} from '../core/finding.js';
import type {Rule} from '../core/rule.js';
import {ruleMessage} from '../io/rule-finding.js';

/** The message templates of a rule whose findings come from Ajv errors, by messageId (the Ajv keyword they describe). */
export const AJV_MESSAGES = {
  required: 'missing required property "{{property}}" in {{where}}',
  additionalProperties: 'unknown property "{{property}}" ({{where}} allows no other properties)',
  unevaluatedProperties: 'unknown property "{{property}}" in {{where}}',
  enum: '{{where}} must be one of {{allowed}}; got {{actual}}',
  const: '{{where}} must be {{allowed}}; got {{actual}}',
  format: '{{where}} must be a valid {{format}}; got {{actual}}',
  /** The value is absent (a `format` under a property Ajv reached through a default or a combinator). */
  formatNoValue: '{{where}} must be a valid {{format}}',
  type: '{{where}} must be {{type}}; got {{actual}}',
  uniqueItems: '{{where}} must not repeat items: items {{j}} and {{i}} are identical',
  pattern: '{{where}} must match {{pattern}}; got {{actual}}',
  /** Any other keyword: Ajv's own wording as `reason`. */
  other: '{{where}} {{reason}}',
} as const;

/** {@link AJV_MESSAGES} for a rule whose findings name the check that spoke (`payload of "error": …`): `label` in data. */
export const LABELED_AJV_MESSAGES = Object.fromEntries(Object.entries(AJV_MESSAGES).map(([id, template]) => [id, `{{label}}: ${template}`])) as Record<keyof typeof AJV_MESSAGES, string>;

export interface AjvFindingOptions {
  /** Its messages hold {@link AJV_MESSAGES}, or {@link LABELED_AJV_MESSAGES} when `label` is given. */
  rule: Pick<Rule, 'id' | 'messages'>;
  severity?: Severity;
  /** Pointer of the validated value inside the document (e.g. `/3/payload` for the payload of the 4th envelope). */
  base: string;
  /** Prepended to each message so a reader knows which check spoke, e.g. `payload of "error"`. */
  label?: string;
  /** The value that was validated, to quote offending values in messages. */
  value?: unknown;
}

/**
 * Ajv errors → findings at the exact pointer, one message per problem a person would fix, each keeping the Ajv error's
 * keyword, params and schemaPath. Combinator errors (anyOf/oneOf/if) only say "a branch failed"; their branch errors
 * say why, so they are dropped when anything more specific exists.
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
    const {pointer, messageId, data} = describe(err, options.base);
    if (options.label !== undefined) data.label = options.label;
    const message = ruleMessage(options.rule, messageId, data);
    const at = options.base + pointer;
    const key = `${at}\0${message}`;
    // Errors saying the same thing at the same place give one finding, carrying the first one's keyword, params and schemaPath.
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push({
      ...doc.finding(options.rule.id, options.severity ?? 'error', message, at),
      messageId,
      data,
      keyword: err.keyword,
      params: {...(err.params as Record<string, unknown>)},
      schemaPath: err.schemaPath,
    });
  }
  return findings;
}

const COMBINATORS = new Set(['anyOf', 'oneOf', 'if', 'not', 'allOf']);

type AjvMessageId = keyof typeof AJV_MESSAGES;

interface Described {
  pointer: string;
  messageId: AjvMessageId;
  data: Record<string, string | number | boolean>;
}

function describe(err: ErrorObject, base: string): Described {
  const where = base + err.instancePath || '(root)';
  const p = err.params as Record<string, unknown>;
  const at = err.instancePath;
  switch (err.keyword) {
    case 'required':
      return {pointer: at, messageId: 'required', data: {where, property: String(p.missingProperty)}};
    case 'additionalProperties':
      return {pointer: childPointer(at, String(p.additionalProperty)), messageId: 'additionalProperties', data: {where, property: String(p.additionalProperty)}};
    case 'unevaluatedProperties':
      return {pointer: childPointer(at, String(p.unevaluatedProperty)), messageId: 'unevaluatedProperties', data: {where, property: String(p.unevaluatedProperty)}};
    case 'enum':
      return {pointer: at, messageId: 'enum', data: {where, allowed: (p.allowedValues as unknown[]).map(show).join(', '), actual: show(err.data)}};
    case 'const':
      return {pointer: at, messageId: 'const', data: {where, allowed: show(p.allowedValue), actual: show(err.data)}};
    case 'format':
      if (err.data === undefined) return {pointer: at, messageId: 'formatNoValue', data: {where, format: String(p.format)}};
      return {pointer: at, messageId: 'format', data: {where, format: String(p.format), actual: show(err.data)}};
    case 'type':
      return {pointer: at, messageId: 'type', data: {where, type: String(p.type), actual: typeName(err.data)}};
    case 'uniqueItems':
      return {pointer: `${at}/${Number(p.i)}`, messageId: 'uniqueItems', data: {where, i: Number(p.i), j: Number(p.j)}};
    case 'pattern':
      return {pointer: at, messageId: 'pattern', data: {where, pattern: String(p.pattern), actual: show(err.data)}};
    default:
      return {pointer: at, messageId: 'other', data: {where, reason: err.message ?? 'is invalid'}};
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

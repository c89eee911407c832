import {mapStrings, remembered} from './map-strings.js';
import {maskedForm, maskSecrets} from './secrets.js';
import {skipWhitespace} from '../io/json-skip.js';

/** What a credential the user handed us (a probe's token or header) becomes in every output. */
export const REDACTED = '[REDACTED]';

/** Shorter values are not credentials anyone uses, and masking them would garble every message. */
const MIN_LITERAL_LENGTH = 3;

/**
 * The one redaction layer every output goes through: reports in every format, error messages, event payloads, saved
 * documents. Masks secret-shaped strings (see secrets.ts) and, when given, the exact credentials the user supplied,
 * which need not look like any known key. Values are redacted before they are serialised, so an escaped form (JSON,
 * XML, workflow commands) cannot slip through.
 */
export class Redactor {
  private readonly literals: string[];

  constructor(literals: readonly string[] = []) {
    // Longest first, so a whole `Bearer x` is masked before its `x` part.
    this.literals = [...new Set(literals.filter((s) => s.length >= MIN_LITERAL_LENGTH))].sort((a, b) => b.length - a.length);
  }

  /** Offset of the first supplied credential in `text`, or undefined. */
  firstLeak(text: string): {offset: number; length: number} | undefined {
    let best: {offset: number; length: number} | undefined;
    for (const s of this.literals) {
      const i = text.indexOf(s);
      if (i !== -1 && (best === undefined || i < best.offset)) best = {offset: i, length: s.length};
    }
    return best;
  }

  text(text: string): string {
    let out = text;
    for (const s of this.literals) if (out.includes(s)) out = out.split(s).join(REDACTED);
    return maskSecrets(out);
  }

  /**
   * A deep copy with every string and key redacted. A string under a credential-named key (`password`, `apiKey`,
   * `client_secret`, …) is masked whole: there the key says what the value is, whatever it looks like.
   */
  value<T>(value: T): T {
    return mapStrings(
      value,
      (s, key) => this.valueText(s, key),
      (k) => this.text(k),
    ) as T;
  }

  valueText(text: string, key: string | undefined): string {
    const redacted = this.text(text);
    return key !== undefined && isCredentialKey(key) && !isMasked(redacted) ? maskedForm(redacted) : redacted;
  }

  /**
   * A JSON text with the strings inside it redacted and everything else (layout, key order, numbers) as it was, so
   * a saved document still parses and still diffs against the original. A string is decoded first: a JSON escape
   * (`\u0073k-…`, `\/`) must not hide a key.
   */
  jsonText(text: string): string {
    let out = '';
    let at = 0;
    for (let start = text.indexOf('"'); start !== -1; start = text.indexOf('"', at)) {
      const end = closingQuote(text, start);
      if (end === -1) break;
      out += text.slice(at, start) + this.jsonString(text.slice(start, end + 1));
      at = end + 1;
    }
    return out + text.slice(at);
  }

  private jsonString(token: string): string {
    const decoded = jsonStringValue(token);
    if (decoded === undefined) return token;
    const redacted = this.text(decoded);
    return redacted === decoded ? token : JSON.stringify(redacted);
  }
}

const DEFAULT = new Redactor();

/** Secret-shaped strings masked; for outputs that were handed no credentials of their own. */
export function redactText(text: string): string {
  return DEFAULT.text(text);
}

export function redactValue<T>(value: T): T {
  return DEFAULT.value(value);
}

export function redactValueText(text: string, key: string | undefined): string {
  return DEFAULT.valueText(text, key);
}

/** Where a JSON text holds a string under a credential-named key, and what it becomes masked (quotes included). */
export interface CredentialSpan {
  index: number;
  length: number;
  masked: string;
}

/**
 * The string values under credential-named keys in a JSON text (the key rule of {@link Redactor.valueText}) as spans
 * of the text, for views that show the text itself rather than a parsed value: an html report's source excerpts.
 * Linear: every string is visited once.
 */
export function credentialSpans(text: string): CredentialSpan[] {
  const spans: CredentialSpan[] = [];
  let key: {name: string; end: number} | undefined;
  for (let start = text.indexOf('"'), at = 0; start !== -1; start = text.indexOf('"', at)) {
    const end = closingQuote(text, start);
    if (end === -1) break;
    at = end + 1;
    const decoded = jsonStringValue(text.slice(start, at));
    if (text.charCodeAt(skipWhitespace(text, at)) === COLON) {
      key = decoded === undefined ? undefined : {name: decoded, end: at};
      continue;
    }
    if (key !== undefined && decoded !== undefined && isCredentialKey(key.name) && valueFollows(text, key.end, start)) {
      const masked = DEFAULT.valueText(decoded, key.name);
      if (masked !== decoded) spans.push({index: start, length: at - start, masked: JSON.stringify(masked)});
    }
    key = undefined;
  }
  return spans;
}

const COLON = 0x3a;

/** Between `keyEnd` (just past a key token) and `at` there is only its colon and whitespace. */
function valueFollows(text: string, keyEnd: number, at: number): boolean {
  const colon = skipWhitespace(text, keyEnd);
  return colon < at && text.charCodeAt(colon) === COLON && skipWhitespace(text, colon + 1) === at;
}

function jsonStringValue(token: string): string | undefined {
  try {
    return token.includes('\\') ? (JSON.parse(token) as string) : token.slice(1, -1);
  } catch {
    return undefined;
  }
}

/** The index of the quote closing the JSON string opened at `start`, or -1; linear, whatever the backslashes. */
function closingQuote(text: string, start: number): number {
  let i = text.indexOf('"', start + 1);
  while (i !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(i - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return i;
    i = text.indexOf('"', i + 1);
  }
  return -1;
}

/** Key names that say their value is a credential, after dropping case, `_` and `-`: `apiKey`, `X-Api-Key`, `client_secret`. */
const CREDENTIAL_KEY = /(?:password|passwd|secret|token|apikey|accesskey|privatekey|authorization|cookie|credentials?)$/;

const isCredentialKey = remembered((key) => key.length <= 64 && CREDENTIAL_KEY.test(key.toLowerCase().replace(/[_-]/g, '')), 1000);

/** Already masked, a redaction marker, or nothing to hide. */
function isMasked(text: string): boolean {
  return text === '' || text.startsWith('[REDACTED') || /^\*+$/.test(text) || text.includes('…');
}

import {DEFAULT_MAX_DEPTH} from '../io/json-document.js';

/**
 * Canonical JSON as the OpenWOP v3 bundle digests and signature use it (openwop spec v2 conformance.md, "Bundle v3";
 * the conformance suite's `canonicalJSON`): object keys sorted at every level by UTF-16 code units
 * (Array.prototype.sort's default order), no whitespace, arrays in their order, every scalar and string written by
 * JSON.stringify. For ordinary data this is the same text as RFC 8785 (JCS). Two cases where it is not, decided here:
 * - a lone surrogate in a string is written as JSON.stringify writes it (a `\udXXX` escape), as the emitter does; JCS
 *   would refuse the document. The bytes hashed are then what the emitter hashed.
 * - a number that is not finite cannot come from the emitter (JSON.stringify writes null for it), but JSON.parse turns
 *   an over-large literal such as 1e400 into Infinity. Rather than hash it as `null` (two different documents, one
 *   digest), canonicalization refuses it: NotCanonicalizable names where it is.
 * Values that do not come from JSON.parse (the function is exported) may nest without bound or contain themselves:
 * past MAX_CANONICAL_DEPTH containers, or on a cycle, it refuses too, instead of overflowing the stack.
 */
/** Deepest nesting canonicalized: the same cap as our JSON parser's, so every document it reads can be digested. */
export const MAX_CANONICAL_DEPTH = DEFAULT_MAX_DEPTH;

export type NotCanonicalizableReason = 'non-finite' | 'too-deep' | 'cycle';

const WHY: Record<NotCanonicalizableReason, (at: string) => string> = {
  'non-finite': (at) => `the number at ${at} is too large for JSON numbers (it parses to Infinity); no digest can be computed over it`,
  'too-deep': (at) => `the value at ${at} nests deeper than ${MAX_CANONICAL_DEPTH} levels; no digest is computed over it`,
  cycle: (at) => `the value at ${at} contains itself (a cycle), which no JSON text can write`,
};

/** A value canonical JSON cannot write: a number that is not finite, nesting past the cap, or a cycle. */
export class NotCanonicalizable extends Error {
  override readonly name = 'NotCanonicalizable';
  constructor(
    readonly pointer: string,
    readonly reason: NotCanonicalizableReason = 'non-finite',
  ) {
    super(WHY[reason](pointer || '/'));
  }
}

export function canonicalJson(value: unknown): string {
  return write(value, '', new Set());
}

/** `open` holds the containers being written around this value: meeting one again is a cycle. */
function write(value: unknown, pointer: string, open: Set<object>): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new NotCanonicalizable(pointer);
    return JSON.stringify(value) ?? 'null';
  }
  if (open.has(value)) throw new NotCanonicalizable(pointer, 'cycle');
  if (open.size >= MAX_CANONICAL_DEPTH) throw new NotCanonicalizable(pointer, 'too-deep');
  open.add(value);
  let text: string;
  if (Array.isArray(value)) text = `[${value.map((item, i) => write(item, `${pointer}/${i}`, open)).join(',')}]`;
  else {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .sort()
      .filter((key) => record[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${write(record[key], `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`, open)}`);
    text = `{${members.join(',')}}`;
  }
  open.delete(value);
  return text;
}

export function sha256Hex(text: string): string {
  return process.getBuiltinModule('node:crypto').createHash('sha256').update(text, 'utf8').digest('hex');
}

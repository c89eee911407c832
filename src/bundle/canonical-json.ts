/**
 * Canonical JSON as the OpenWOP v3 bundle digests and signature use it (FACTS.md §5; the conformance suite's
 * `canonicalJSON`): object keys sorted at every level by UTF-16 code units (Array.prototype.sort's default order), no
 * whitespace, arrays in their order, every scalar and string written by JSON.stringify. For ordinary data this is the
 * same text as RFC 8785 (JCS). Two cases where it is not, decided here:
 * - a lone surrogate in a string is written as JSON.stringify writes it (a `\udXXX` escape), as the emitter does; JCS
 *   would refuse the document. The bytes hashed are then what the emitter hashed.
 * - a number that is not finite cannot come from the emitter (JSON.stringify writes null for it), but JSON.parse turns
 *   an over-large literal such as 1e400 into Infinity. Rather than hash it as `null` (two different documents, one
 *   digest), canonicalization refuses it: NotCanonicalizable names where it is.
 */
export class NotCanonicalizable extends Error {
  override readonly name = 'NotCanonicalizable';
  constructor(readonly pointer: string) {
    super(`the number at ${pointer || '/'} is too large for JSON numbers (it parses to Infinity); no digest can be computed over it`);
  }
}

export function canonicalJson(value: unknown): string {
  return write(value, '');
}

function write(value: unknown, pointer: string): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new NotCanonicalizable(pointer);
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) return `[${value.map((item, i) => write(item, `${pointer}/${i}`)).join(',')}]`;
  const record = value as Record<string, unknown>;
  const members = Object.keys(record)
    .sort()
    .filter((key) => record[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}:${write(record[key], `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`)}`);
  return `{${members.join(',')}}`;
}

export function sha256Hex(text: string): string {
  return process.getBuiltinModule('node:crypto').createHash('sha256').update(text, 'utf8').digest('hex');
}

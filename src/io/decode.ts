import {isUtf8} from 'node:buffer';

export type ByteProblemId = 'io/empty' | 'io/binary' | 'io/invalid-utf8';

export interface ByteProblem {
  ruleId: ByteProblemId;
  message: string;
  /** Offset into `text` where the problem shows, for a line:col. */
  offset: number;
}

export interface Decoded {
  /** The text to check; for invalid UTF-8 a lossy decoding kept only to place the finding. */
  text: string;
  problem?: ByteProblem;
}

const BOM = [0xef, 0xbb, 0xbf];
const BINARY_SNIFF_BYTES = 8000;

/** Turns a JSON file's bytes into text, accepting a UTF-8 BOM and refusing empty, binary and non-UTF-8 content. */
export function decodeJsonBytes(bytes: Uint8Array): Decoded {
  const body = hasBom(bytes) ? bytes.subarray(3) : bytes;
  if (body.length === 0) return {text: '', problem: {ruleId: 'io/empty', message: 'the file is empty: expected JSON', offset: 0}};
  // No view made for the usual small file: the views cost more than the search.
  const nul = (body.length <= BINARY_SNIFF_BYTES ? body : body.subarray(0, BINARY_SNIFF_BYTES)).indexOf(0);
  if (nul !== -1) {
    return {text: '', problem: {ruleId: 'io/binary', message: `this looks like a binary file (NUL byte at byte ${nul}), not JSON`, offset: 0}};
  }
  const text = (body instanceof Buffer ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength)).toString('utf8');
  // Invalid bytes always decode to U+FFFD: a text without one needs no second pass over the bytes.
  if (text.includes('\uFFFD') && !isUtf8(body)) {
    const offset = Math.max(0, text.indexOf('\uFFFD'));
    return {text, problem: {ruleId: 'io/invalid-utf8', message: 'invalid UTF-8 byte sequence: JSON text must be UTF-8', offset}};
  }
  if (isBlank(text)) return {text, problem: {ruleId: 'io/empty', message: 'the file holds only whitespace: expected JSON', offset: 0}};
  return {text};
}

/** What String.prototype.trim would empty; a test rather than trim(), which copies a text that ends in a newline. */
function isBlank(text: string): boolean {
  return !/\S/.test(text);
}

function hasBom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === BOM[0] && bytes[1] === BOM[1] && bytes[2] === BOM[2];
}

import {isUtf8} from 'node:buffer';

export interface StreamLine {
  /** 1-based line number in the stream. */
  number: number;
  text: string;
  /** The line was longer than the cap; `text` is empty and `size` says how long it was. */
  tooLong?: boolean;
  invalidUtf8?: boolean;
  /** The stream ended without a newline after this line (a cut-off final line is the usual cause of a parse error here). */
  unterminated?: boolean;
  size: number;
}

const NEWLINE = 0x0a;
const CR = 0x0d;

/**
 * Splits a byte stream into lines without holding more than one line (plus a read chunk) in memory.
 * CRLF endings are accepted; blank lines are skipped.
 */
export async function* readLines(chunks: AsyncIterable<Buffer | string>, maxLineBytes: number): AsyncGenerator<StreamLine> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let skipping = false; // inside an over-long line: drop bytes until its newline
  let skippedBytes = 0;
  let number = 0;

  for await (const raw of chunks) {
    const chunk = typeof raw === 'string' ? Buffer.from(raw) : raw;
    let start = 0;
    for (let nl = chunk.indexOf(NEWLINE, start); nl !== -1; nl = chunk.indexOf(NEWLINE, start)) {
      number++;
      if (skipping) {
        yield {number, text: '', tooLong: true, size: skippedBytes + nl - start};
        skipping = false;
        skippedBytes = 0;
      } else if (pendingBytes + nl - start > maxLineBytes) {
        yield {number, text: '', tooLong: true, size: pendingBytes + nl - start};
      } else {
        const line = pendingBytes ? Buffer.concat([...pending, chunk.subarray(start, nl)]) : chunk.subarray(start, nl);
        const out = toLine(line, number, false);
        if (out) yield out;
      }
      pending = [];
      pendingBytes = 0;
      start = nl + 1;
    }
    const rest = chunk.length - start;
    if (rest === 0) continue;
    if (skipping) skippedBytes += rest;
    else if (pendingBytes + rest > maxLineBytes) {
      skipping = true;
      skippedBytes = pendingBytes + rest;
      pending = [];
      pendingBytes = 0;
    } else {
      // Copy: the chunk's memory may be reused by the stream after we yield.
      pending.push(Buffer.from(chunk.subarray(start)));
      pendingBytes += rest;
    }
  }
  if (skipping) yield {number: number + 1, text: '', tooLong: true, unterminated: true, size: skippedBytes};
  else if (pendingBytes) {
    const out = toLine(Buffer.concat(pending), number + 1, true);
    if (out) yield out;
  }
}

function toLine(bytes: Buffer, number: number, unterminated: boolean): StreamLine | undefined {
  const end = bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.length - 1 : bytes.length;
  const body = bytes.subarray(0, end);
  const text = body.toString('utf8');
  if (text.trim() === '') return undefined;
  const line: StreamLine = {number, text, size: body.length};
  if (unterminated) line.unterminated = true;
  if (!isUtf8(body)) line.invalidUtf8 = true;
  return line;
}

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
  /** With `tooLong`: reading stopped inside this line (see LineOptions.stopInsideLongLine); nothing after it was read. */
  readStopped?: boolean;
  size: number;
}

export interface LineOptions {
  /**
   * Stop reading at a line over the cap instead of skipping to its end. A pipe may never end its line (`cat
   * /dev/zero`), and skipping it would read for ever; a regular file's line ends at the latest with the file.
   */
  stopInsideLongLine?: boolean;
}

const NEWLINE = 0x0a;
const CR = 0x0d;
/**
 * Whole lines are decoded, and handed on as one batch, this many bytes at a time. A bigger decoded string is a
 * large-object string that only a full collection frees (on a 1 GiB stream those pile up into tens of megabytes of
 * peak memory), and a bigger batch keeps more lines alive through each young-generation collection, which then copies
 * them: a 1 MiB batch spent ~60 ms more in the collector on a 100,000-envelope stream.
 */
const DECODE_BYTES = 64 * 1024;

/**
 * Splits a byte stream into lines without holding more than one line (plus a read chunk and one decoded piece of it) in memory.
 * CRLF endings are accepted; blank lines are skipped.
 */
export async function* readLines(chunks: AsyncIterable<Buffer | string>, maxLineBytes: number): AsyncGenerator<StreamLine> {
  for await (const batch of readLineBatches(chunks, maxLineBytes)) yield* batch;
}

/**
 * {@link readLines}, a few hundred lines at a time: a consumer that handles lines synchronously pays one `await` per
 * batch instead of one per line, which on a stream of small JSON lines is much of the reading cost. A batch is one
 * decoded piece of a chunk, so little is alive at once.
 */
export async function* readLineBatches(chunks: AsyncIterable<Buffer | string>, maxLineBytes: number, options: LineOptions = {}): AsyncGenerator<StreamLine[]> {
  const splitter = new LineSplitter(maxLineBytes);
  for await (const raw of chunks) {
    yield* splitter.push(typeof raw === 'string' ? Buffer.from(raw) : raw);
    if (options.stopInsideLongLine && splitter.skippingLongLine()) {
      yield [splitter.stopInside()];
      return;
    }
  }
  const last = splitter.end();
  if (last) yield [last];
}

/** Line splitting state across chunks: the start of a line not yet complete, or the size of an over-long one being dropped. */
class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private skipping = false;
  private skippedBytes = 0;
  private number = 0;

  constructor(private readonly maxLineBytes: number) {}

  /** The lines `chunk` completes, a batch per decoded piece. */
  *push(chunk: Buffer): Generator<StreamLine[]> {
    const first = chunk.indexOf(NEWLINE);
    if (first === -1) {
      this.hold(chunk);
      return;
    }
    const head = this.finishHeld(chunk.subarray(0, first));
    const last = chunk.lastIndexOf(NEWLINE);
    this.hold(chunk.subarray(last + 1));
    let batch: StreamLine[] = head ? [head] : [];
    // Every other line lies whole inside this chunk.
    for (let start = first + 1; start <= last;) {
      const end = pieceEnd(chunk, start, last + 1);
      const piece = chunk.subarray(start, end);
      const text = piece.length <= this.maxLineBytes ? validUtf8(piece) : undefined;
      this.number = text === undefined ? splitBytes(piece, this.number, this.maxLineBytes, batch) : splitText(text, piece.length, this.number, batch);
      start = end;
      if (batch.length > 0) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }

  /** The line being read is over the cap (its bytes are being dropped until it ends). */
  skippingLongLine(): boolean {
    return this.skipping;
  }

  /** The over-long line being read, as the last one: reading stops inside it. */
  stopInside(): StreamLine {
    return {number: this.number + 1, text: '', tooLong: true, readStopped: true, size: this.skippedBytes};
  }

  /** The stream's last line when it has no newline after it. */
  end(): StreamLine | undefined {
    if (this.skipping) return {number: this.number + 1, text: '', tooLong: true, unterminated: true, size: this.skippedBytes};
    return this.pendingBytes ? toLine(Buffer.concat(this.pending), this.number + 1, true) : undefined;
  }

  /** Ends the held line with `bytes` (the chunk up to its first newline). */
  private finishHeld(bytes: Buffer): StreamLine | undefined {
    const number = ++this.number;
    const size = (this.skipping ? this.skippedBytes : this.pendingBytes) + bytes.length;
    const held = this.pending;
    const skipped = this.skipping;
    this.pending = [];
    this.pendingBytes = 0;
    this.skipping = false;
    this.skippedBytes = 0;
    if (skipped || size > this.maxLineBytes) return {number, text: '', tooLong: true, size};
    return toLine(held.length > 0 ? Buffer.concat([...held, bytes]) : bytes, number, false);
  }

  private hold(bytes: Buffer): void {
    if (bytes.length === 0) return;
    if (this.skipping) this.skippedBytes += bytes.length;
    else if (this.pendingBytes + bytes.length > this.maxLineBytes) {
      this.skipping = true;
      this.skippedBytes = this.pendingBytes + bytes.length;
      this.pending = [];
      this.pendingBytes = 0;
    } else {
      // Copy: the chunk's memory may be reused by the stream once we ask for the next one.
      this.pending.push(Buffer.from(bytes));
      this.pendingBytes += bytes.length;
    }
  }
}

/** Where the piece of `bytes` starting at `start` ends: after the last newline within DECODE_BYTES, or after its first line when that is longer. */
function pieceEnd(bytes: Buffer, start: number, end: number): number {
  if (end - start <= DECODE_BYTES) return end;
  const nl = bytes.lastIndexOf(NEWLINE, start + DECODE_BYTES - 1);
  return (nl >= start ? nl : bytes.indexOf(NEWLINE, start)) + 1;
}

/** The piece as text, or undefined when it is not valid UTF-8. */
function validUtf8(piece: Buffer): string | undefined {
  const text = piece.toString('utf8');
  // A bad byte decodes to U+FFFD, so without one the piece was valid; with one it may still be (U+FFFD itself), so ask.
  return !text.includes('\uFFFD') || isUtf8(piece) ? text : undefined;
}

function splitText(text: string, bytes: number, number: number, into: StreamLine[]): number {
  // Every character one byte: a line's size is its length. Otherwise it has to be counted.
  const ascii = text.length === bytes;
  for (let start = 0, nl = text.indexOf('\n'); nl !== -1; start = nl + 1, nl = text.indexOf('\n', start)) {
    number++;
    const end = nl > start && text.charCodeAt(nl - 1) === CR ? nl - 1 : nl;
    const line = text.slice(start, end);
    if (line.trim() === '') continue;
    into.push({number, text: line, size: ascii ? line.length : Buffer.byteLength(line)});
  }
  return number;
}

function splitBytes(piece: Buffer, number: number, maxLineBytes: number, into: StreamLine[]): number {
  for (let start = 0, nl = piece.indexOf(NEWLINE); nl !== -1; start = nl + 1, nl = piece.indexOf(NEWLINE, start)) {
    number++;
    if (nl - start > maxLineBytes) {
      into.push({number, text: '', tooLong: true, size: nl - start});
      continue;
    }
    const out = toLine(piece.subarray(start, nl), number, false);
    if (out) into.push(out);
  }
  return number;
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

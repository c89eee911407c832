import {closeSync, createReadStream, openSync, readSync} from 'node:fs';
import {stat} from 'node:fs/promises';
import type {Finding} from '../core/finding.js';
import {decodeJsonBytes} from './decode.js';
import {noteFileUsed, noteStdinUsed} from './files-used.js';
import type {InputSource} from './inputs.js';
import {JsonDocument} from './json-document.js';
import {JsonArraySplitter} from './json-array-stream.js';
import {readLineBatches, type StreamLine} from './lines.js';
import {DEFAULT_INPUT_TIMEOUT_MS, openNamedStream, READ_CHUNK_BYTES, readWhole} from './open-stream.js';
import {fileFinding, mb, readInputFile, tooLargeMessage, unreadableFinding} from './read-file.js';

export const DEFAULT_MAX_DOCUMENT_BYTES = 100 * 1024 * 1024;
const STREAM_EXTENSIONS = ['.ndjson', '.jsonl'];
/**
 * A `.json` file over this size that holds a JSON array is read element by element when the caller asks
 * (`arrayElements`): parsed whole, a 70 MB array of envelopes took 2.4 GB. Smaller arrays are parsed whole, as before.
 */
const STREAM_ARRAY_BYTES = 1024 * 1024;

export interface ReadOptions {
  maxDocumentBytes?: number;
  maxDepth?: number;
  /** Where stdin comes from (tests pass their own). */
  stdin?: AsyncIterable<Buffer | string>;
  /** How long a named FIFO may wait for a writer (--input-timeout), in ms. */
  inputTimeoutMs?: number;
  /** Yield the elements of a large top-level array one by one (each with `element` set), not the array. */
  arrayElements?: boolean;
}

/**
 * What reading an input yields: a parsed document (check `doc.parsed` and `doc.problems`), or a finding about bytes that
 * never became a document. `fatal` marks inputs that could not be read at all (exit code 2).
 */
export type ReadEvent = {type: 'document'; doc: JsonDocument; mode: 'document' | 'stream'; line?: number; element?: number} | {type: 'problem'; finding: Finding; fatal?: boolean};

export async function* readDocuments(source: InputSource, options: ReadOptions = {}): AsyncGenerator<ReadEvent> {
  for await (const batch of readDocumentBatches(source, options)) yield* batch;
}

/**
 * {@link readDocuments}, a batch at a time: a stream yields a batch of a few hundred lines (see readLineBatches), so a
 * consumer that checks documents synchronously pays one `await` per batch instead of one per line.
 */
export async function* readDocumentBatches(source: InputSource, options: ReadOptions = {}): AsyncGenerator<Iterable<ReadEvent>> {
  const maxBytes = options.maxDocumentBytes ?? DEFAULT_MAX_DOCUMENT_BYTES;
  if (source.kind === 'stdin') {
    if (!options.stdin) noteStdinUsed();
    const input = options.stdin ?? process.stdin;
    // With --stdin-filename the text stands for that file, and is read as it would be: as lines or whole, never sniffed.
    if (source.name === undefined) yield* readAutoStream(input, source.display, maxBytes, options);
    else if (isStreamName(source.name)) yield* readStream(readLineBatches(input, maxBytes), source.display, options);
    else yield await readWholeStream(input, source.display, maxBytes, options);
    return;
  }
  if (source.kind === 'stream') {
    const opened = await openNamedStream(source.path, source.display, options.inputTimeoutMs ?? DEFAULT_INPUT_TIMEOUT_MS);
    if (opened.ok) yield* readAutoStream(opened.chunks, source.display, maxBytes, options);
    else yield [{type: 'problem', fatal: true, finding: opened.finding}];
    return;
  }
  // Noted before the reader is chosen (lines, array elements or whole), so `-o` naming this file is refused on each path.
  noteFileUsed(source.path);
  if (isStreamName(source.path)) {
    try {
      await stat(source.path);
    } catch (error) {
      yield [{type: 'problem', fatal: true, finding: unreadableFinding(source.display, error as NodeJS.ErrnoException)}];
      return;
    }
    yield* readStream(readLineBatches(createReadStream(source.path, {highWaterMark: READ_CHUNK_BYTES}), maxBytes), source.display, options);
    return;
  }
  if (options.arrayElements) {
    // Read up to the streaming threshold first: nearly every input is smaller, and is then opened once.
    const first = readInputFile(source.path, source.display, Math.min(maxBytes, STREAM_ARRAY_BYTES));
    if (first.ok || first.reason !== 'too-large' || maxBytes <= STREAM_ARRAY_BYTES) {
      yield first.ok ? fromText(first.bytes, source.display, options) : [{type: 'problem', fatal: true, finding: first.finding}];
      return;
    }
    if (startsAsArray(source.path)) {
      yield* readArrayElements(source.path, source.display, maxBytes, options);
      return;
    }
  }
  yield readWholeFile(source.path, source.display, maxBytes, options);
}

/**
 * Past any BOM and blanks, the file starts with `[`. Synchronous: the input is a regular file, and one asynchronous
 * file operation starts libuv's thread pool, which costs a short run more than this read.
 */
function startsAsArray(path: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const head = Buffer.alloc(4096);
    const bytesRead = readSync(fd, head, 0, head.length, 0);
    const text = head
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    return text.trimStart().startsWith('[');
  } catch {
    // Whoever reads it next reports why it cannot be read.
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** A large array's elements, each its own document placed where it sits in the file; a size cap applies to each. */
async function* readArrayElements(path: string, display: string, maxBytes: number, options: ReadOptions): AsyncGenerator<Iterable<ReadEvent>> {
  const splitter = new JsonArraySplitter(maxBytes);
  const decoder = new TextDecoder('utf-8', {fatal: true});
  const events = (elements: ReturnType<JsonArraySplitter['push']>): ReadEvent[] =>
    elements.map((e): ReadEvent => {
      if (e.tooLong) {
        return {
          type: 'problem',
          finding: {
            ...fileFinding(
              display,
              'io/too-large',
              `element ${e.index} is ${mb(e.size)} MB, over the ${mb(maxBytes)} MB limit for one document (raise it with --max-size); the rest of the array is still checked`,
            ),
            ...at(e.line, e.column),
          },
        };
      }
      const doc = JsonDocument.parse(e.text, {file: display, lineBase: e.line - 1, columnBase: e.column - 1, pointerBase: `/${e.index}`}, {maxDepth: options.maxDepth});
      return {type: 'document', doc, mode: 'document', element: e.index};
    });
  try {
    for await (const chunk of createReadStream(path, {highWaterMark: READ_CHUNK_BYTES})) {
      yield events(splitter.push(decoder.decode(chunk as Buffer, {stream: true})));
      if (splitter.stop) break;
    }
    if (!splitter.stop) yield events(splitter.push(decoder.decode()));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ERR_ENCODING_INVALID_ENCODED_DATA') {
      if (typeof (error as NodeJS.ErrnoException).syscall !== 'string') throw error;
      yield [{type: 'problem', fatal: true, finding: unreadableFinding(display, error as NodeJS.ErrnoException)}];
      return;
    }
    yield [
      {
        type: 'problem',
        finding: {
          ...fileFinding(display, 'io/invalid-utf8', 'invalid UTF-8 byte sequence: JSON text must be UTF-8; the rest of the array was not read'),
          ...at(splitter.position.line, splitter.position.column),
        },
      },
    ];
    return;
  }
  const last = events(splitter.end());
  const stop = splitter.stop;
  yield stop ? [...last, {type: 'problem', finding: {...fileFinding(display, 'json/syntax', `invalid JSON: ${stop.message}`), ...at(stop.line, stop.column)}}] : last;
}

function at(line: number, column: number): {line: number; column: number; endLine: number; endColumn: number} {
  return {line, column, endLine: line, endColumn: column + 1};
}

function* readWholeFile(path: string, display: string, maxBytes: number, options: ReadOptions): Generator<ReadEvent> {
  const read = readInputFile(path, display, maxBytes);
  if (!read.ok) {
    yield {type: 'problem', fatal: true, finding: read.finding};
    return;
  }
  yield* fromText(read.bytes, display, options);
}

function isStreamName(path: string): boolean {
  return STREAM_EXTENSIONS.some((e) => path.toLowerCase().endsWith(e));
}

/** A stream read whole, as {@link readWholeFile} reads a file: the read stops once it is over `maxBytes`. */
async function readWholeStream(input: AsyncIterable<Buffer | string>, display: string, maxBytes: number, options: ReadOptions): Promise<Iterable<ReadEvent>> {
  let bytes: Awaited<ReturnType<typeof readWhole>>;
  try {
    bytes = await readWhole(input, maxBytes);
  } catch (error) {
    return [{type: 'problem', fatal: true, finding: unreadableFinding(display, error as NodeJS.ErrnoException)}];
  }
  if ('over' in bytes) return [{type: 'problem', fatal: true, finding: fileFinding(display, 'io/too-large', tooLargeMessage(display, bytes.over, maxBytes))}];
  return fromText(bytes, display, options);
}

function* fromText(bytes: Uint8Array, display: string, options: ReadOptions): Generator<ReadEvent> {
  const decoded = decodeJsonBytes(bytes);
  if (decoded.problem) {
    const pos = positionIn(decoded.text, decoded.problem.offset);
    yield {type: 'problem', finding: {...fileFinding(display, decoded.problem.ruleId, decoded.problem.message), ...pos}};
    return;
  }
  const doc = JsonDocument.parse(decoded.text, {file: display}, {maxDepth: options.maxDepth});
  if (!doc.parsed && looksLikeLines(decoded.text)) {
    yield* fromLines(decoded.text, display, options);
    return;
  }
  yield {type: 'document', doc, mode: 'document'};
}

/** A `.json` file (or stdin) whose first line is a whole JSON value and which has more lines is an NDJSON stream. */
function looksLikeLines(text: string): boolean {
  const trimmed = text.trimStart();
  const nl = trimmed.indexOf('\n');
  if (nl === -1 || trimmed.slice(nl).trim() === '') return false;
  try {
    JSON.parse(trimmed.slice(0, nl));
    return true;
  } catch {
    return false;
  }
}

function* fromLines(text: string, display: string, options: ReadOptions): Generator<ReadEvent> {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const body = lines[i].endsWith('\r') ? lines[i].slice(0, -1) : lines[i];
    if (body.trim() === '') continue;
    yield lineEvent({number: i + 1, text: body, size: body.length, unterminated: i === lines.length - 1}, display, options);
  }
}

async function* readStream(batches: AsyncIterable<StreamLine[]>, display: string, options: ReadOptions): AsyncGenerator<Iterable<ReadEvent>> {
  try {
    for await (const lines of batches) yield lineEvents(lines, display, options);
  } catch (error) {
    yield [{type: 'problem', fatal: true, finding: unreadableFinding(display, error as NodeJS.ErrnoException)}];
  }
}

/** A batch is parsed before any of it is checked: parsing a run of lines, then checking a run of values, is measurably faster than alternating. */
function lineEvents(lines: StreamLine[], display: string, options: ReadOptions): ReadEvent[] {
  return lines.map((line) => lineEvent(line, display, options));
}

/**
 * stdin, or a stream named on the command line: NDJSON when its first line is a whole JSON value, otherwise one document
 * (a pretty-printed file piped in), which may not be larger than `maxBytes` in all: the read stops there.
 */
async function* readAutoStream(input: AsyncIterable<Buffer | string>, display: string, maxBytes: number, options: ReadOptions): AsyncGenerator<Iterable<ReadEvent>> {
  const held: StreamLine[] = [];
  let heldBytes = 0;
  let mode: 'unknown' | 'stream' | 'document' = 'unknown';
  for await (const lines of readLineBatches(input, maxBytes, {stopInsideLongLine: true})) {
    if (mode === 'unknown') mode = isWholeValue(lines[0].text) ? 'stream' : 'document';
    if (mode === 'stream') yield lineEvents(lines, display, options);
    else {
      for (const line of lines) {
        held.push(line);
        heldBytes += line.size + 1;
      }
      if (heldBytes > maxBytes) break;
    }
  }
  if (mode !== 'document') {
    if (mode === 'unknown') yield [{type: 'problem', finding: fileFinding(display, 'io/empty', `no input on ${display === '<stdin>' ? 'stdin' : display}: expected JSON`)}];
    return;
  }
  if (heldBytes > maxBytes || held.some((l) => l.tooLong)) {
    yield [{type: 'problem', fatal: true, finding: fileFinding(display, 'io/too-large', tooLargeMessage(display, heldBytes, maxBytes))}];
    return;
  }
  // Blank lines were dropped by the line reader; put them back so line numbers stay true.
  const parts: string[] = [];
  for (const l of held) {
    while (parts.length < l.number - 1) parts.push('');
    parts.push(l.text);
  }
  yield fromText(Buffer.from(parts.join('\n')), display, options);
}

function isWholeValue(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function lineEvent(line: StreamLine, display: string, options: ReadOptions): ReadEvent {
  if (line.tooLong) {
    const limit = `${mb(options.maxDocumentBytes ?? DEFAULT_MAX_DOCUMENT_BYTES)} MB limit for one document (raise it with --max-size)`;
    const message = line.readStopped
      ? `line ${line.number} is over the ${limit}; reading stopped there: a pipe's line may never end, so the rest of the stream was not read`
      : `line ${line.number} is ${mb(line.size)} MB, over the ${limit}; the rest of the stream is still checked`;
    return {type: 'problem', finding: {...fileFinding(display, 'io/too-large', message), line: line.number, endLine: line.number}};
  }
  if (line.invalidUtf8) {
    const pos = positionIn(line.text, Math.max(0, line.text.indexOf('\uFFFD')));
    return {type: 'problem', finding: {...fileFinding(display, 'io/invalid-utf8', 'invalid UTF-8 byte sequence: JSON text must be UTF-8'), ...pos, line: line.number, endLine: line.number}};
  }
  const doc = JsonDocument.parse(line.text, {file: display, lineBase: line.number - 1}, {maxDepth: options.maxDepth});
  if (!doc.parsed && line.unterminated) {
    for (const p of doc.problems) if (p.ruleId === 'json/syntax' && !p.message.includes('truncated')) p.message += ' (the last line has no newline: truncated?)';
  }
  return {type: 'document', doc, mode: 'stream', line: line.number};
}

function positionIn(text: string, offset: number): {line: number; column: number; endLine: number; endColumn: number} {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  const column = offset - lineStart + 1;
  // One character long: a newline there ends at the start of the next line, where LineIndex puts lint's end too.
  return text[offset] === '\n' ? {line, column, endLine: line + 1, endColumn: 1} : {line, column, endLine: line, endColumn: column + 1};
}

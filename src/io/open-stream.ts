import {closeSync, constants, openSync, type ReadStream} from 'node:fs';
import {open} from 'node:fs/promises';
import {noteFileUsed} from './files-used.js';
import {fileFinding, mb, unreadableFinding, type ReadFailure, type TooLarge} from './read-file.js';

/** How long a FIFO named on the command line may wait for a writer before the read gives up (--input-timeout). */
export const DEFAULT_INPUT_TIMEOUT_MS = 30_000;
/**
 * Read size of every stream (a named FIFO, an NDJSON file, a large array). Measured on a 35 MB stream against 64 KiB
 * and 1 MiB: fewer reads and awaits than the first, and ~25 MB less peak memory than the second (each read is a fresh
 * buffer that lives until the collector frees it).
 */
export const READ_CHUNK_BYTES = 256 * 1024;

export type OpenedStream = {ok: true; chunks: ReadStream} | ReadFailure;

/**
 * Opens a FIFO, device or process substitution (`<(cmd)`) named on the command line, to be read front to back like
 * stdin. Opening a FIFO waits until something opens it for writing; after `timeoutMs` the wait ends as an io/timeout
 * finding. The open is then blocked in a thread-pool thread, which would keep the process alive: opening the FIFO
 * for writing ourselves (non-blocking, which succeeds as a reader is waiting) lets that open return, and both ends
 * are closed.
 */
export async function openNamedStream(path: string, display: string, timeoutMs: number): Promise<OpenedStream> {
  const pending = open(path, constants.O_RDONLY | (constants.O_NOCTTY ?? 0));
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<'expired'>((resolve) => {
    timer = setTimeout(() => resolve('expired'), timeoutMs);
  });
  let handle;
  try {
    handle = await Promise.race([pending, expired]);
  } catch (error) {
    return {ok: false, reason: 'unreadable', finding: unreadableFinding(display, error as NodeJS.ErrnoException)};
  } finally {
    clearTimeout(timer);
  }
  if (handle === 'expired') {
    releaseBlockedOpen(path);
    pending.then(
      (h) => h.close(),
      () => undefined,
    );
    const seconds = timeoutMs / 1000;
    return {
      ok: false,
      reason: 'unreadable',
      finding: fileFinding(display, 'io/timeout', `nothing wrote to ${display} within ${seconds} s (a FIFO without a writer); raise --input-timeout to wait longer`),
    };
  }
  noteFileUsed(path);
  return {ok: true, chunks: handle.createReadStream({highWaterMark: READ_CHUNK_BYTES})};
}

function releaseBlockedOpen(path: string): void {
  try {
    closeSync(openSync(path, constants.O_WRONLY | (constants.O_NONBLOCK ?? 0)));
  } catch {
    // not a FIFO, or its reader already gone: nothing is waiting
  }
}

/**
 * The whole of a named stream, up to `maxBytes`: for a file that is read whole (a schema, a capabilities document)
 * but was named as a pipe. More than `maxBytes` stops the read.
 */
export async function readNamedStream(path: string, display: string, maxBytes: number, timeoutMs: number, tooLarge: TooLarge = streamTooLarge): Promise<{ok: true; bytes: Buffer} | ReadFailure> {
  const opened = await openNamedStream(path, display, timeoutMs);
  if (!opened.ok) return opened;
  let bytes;
  try {
    bytes = await readWhole(opened.chunks, maxBytes);
  } catch (error) {
    return {ok: false, reason: 'unreadable', finding: unreadableFinding(display, error as NodeJS.ErrnoException)};
  }
  if ('over' in bytes) return {ok: false, reason: 'too-large', finding: fileFinding(display, 'io/too-large', tooLarge(display, bytes.over, maxBytes))};
  return {ok: true, bytes};
}

/**
 * Every chunk of a stream (stdin, a named pipe) joined. Passing `maxBytes` ends the read: `over` is the count read by
 * then (the whole size is not known).
 */
export async function readWhole(input: AsyncIterable<Buffer | string>, maxBytes: number): Promise<Buffer | {over: number}> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving the loop early closes the stream (a Readable's iterator destroys it on return).
  for await (const chunk of input) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buf.length;
    if (size > maxBytes) return {over: size};
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

function streamTooLarge(display: string, _size: number, maxBytes: number): string {
  return `${display} is over the ${mb(maxBytes)} MB limit; raise it with --max-size`;
}

import {writeSync} from 'node:fs';
import type {FilesUsed} from '../io/files-used.js';
import {writeFileSafely} from '../io/safe-write.js';

export interface OutputTarget {
  /** Write here instead of the stream: atomically for a regular file, through a FIFO or device (see safe-write). */
  file?: string;
  /** The files the run read or wrote: a report written over one of them is refused. */
  inputs?: FilesUsed;
  /** A missing folder for `file` is created when it lies inside this one (the project root); see writeFileSafely. */
  folderRoot?: string;
  /** Defaults to standard output. */
  stream?: NodeJS.WritableStream;
}

/**
 * Writes a formatted report and resolves only once it has been handed to the OS, so the caller may then set
 * process.exitCode and return — or even call process.exit — without truncating a large report on a pipe.
 * A file that cannot be written is a WriteError (exit 2).
 */
export async function writeOutput(text: string, target: OutputTarget = {}): Promise<void> {
  if (target.file !== undefined) {
    await writeFileSafely(target.file, text, {mode: 'replace', inputs: target.inputs, folderRoot: target.folderRoot});
    return;
  }
  if (target.stream === undefined && stdoutStreamUnmade()) return writeToStdoutFd(text);
  return writeToStream(text, target.stream ?? process.stdout);
}

// ---- standard output without a stream ---------------------------------------------------------------------------

/**
 * Node makes process.stdout on first use, which loads node:stream (and node:net when stdout is a pipe): ≈ 2–4 ms of a
 * start on Node 22, more than a one-file check takes. The production entry (bin/run.js) records which standard streams
 * the process has made in globalThis.__openwopStdio; while stdout has none, nothing can be queued ahead of the report,
 * so it is written to file descriptor 1 directly. Anywhere else (the library, bin/dev.js) the stream is used.
 */
function stdoutStreamUnmade(): boolean {
  const stdio = (globalThis as {__openwopStdio?: {created: ReadonlySet<string>}}).__openwopStdio;
  return stdio !== undefined && !stdio.created.has('stdout');
}

async function writeToStdoutFd(text: string): Promise<void> {
  const rest = writeStdoutNow(text);
  if (rest !== null && rest.length > 0) return writeToStream(rest, process.stdout);
}

/**
 * Writes to file descriptor 1 now, synchronously. Returns what is left for the stream: nothing once all is written, the
 * rest when the pipe is full (a non-blocking pipe, whoever opened it asked for that: the stream waits for it to drain),
 * or null when the reader has gone (as writeToStream: the reader has what it wanted, and later writes are guarded too).
 */
function writeStdoutNow(text: string): Uint8Array | null {
  const bytes = Buffer.from(text);
  let written = 0;
  while (written < bytes.length) {
    try {
      written += writeSync(1, bytes, written);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') return bytes.subarray(written);
      if (isReaderGone(err)) {
        guardReaderGone(process.stdout);
        return null;
      }
      throw err;
    }
  }
  return bytes.subarray(written);
}

// ---- streams ----------------------------------------------------------------------------------------------------

const guarded = new WeakSet<object>();
/** Errors a writeOutput promise already rejected with; the stream re-emits them as 'error' right after the callback. */
const delivered = new WeakSet<object>();

/**
 * `openwop … | head` closes the pipe early. Node then emits EPIPE on stdout, and an 'error' event without a listener
 * is an uncaught exception with a stack trace. The reader has what it wanted, so this is not a failure: swallow it,
 * for this write and any later one (oclif or console may still print). Other errors keep their default behaviour.
 */
function guardReaderGone(stream: NodeJS.WritableStream): void {
  if (guarded.has(stream)) return;
  guarded.add(stream);
  stream.on('error', (err: Error) => {
    if (isReaderGone(err) || delivered.has(err)) return;
    // An in-flight writeOutput (or the caller's own listener) handles it.
    if (stream.listenerCount('error') > 1) return;
    throw err;
  });
}

function isReaderGone(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null | undefined)?.code;
  // ERR_STREAM_DESTROYED: a later write after EPIPE already destroyed the stream.
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED';
}

function writeToStream(text: string | Uint8Array, stream: NodeJS.WritableStream): Promise<void> {
  guardReaderGone(stream);
  if (text.length === 0 || (stream as {destroyed?: boolean}).destroyed === true) return Promise.resolve();
  return new Promise<void>((resolvePromise, reject) => {
    let settled = false;
    const settle = (err?: Error | null): void => {
      if (settled) return;
      settled = true;
      stream.removeListener('error', settle);
      if (!err || isReaderGone(err)) return resolvePromise();
      delivered.add(err);
      reject(err);
    };
    stream.on('error', settle);
    try {
      // The callback fires once this chunk has been flushed to the OS (or failed) — that, not write()'s return
      // value, is the moment a process.exit can no longer lose data.
      stream.write(text, settle);
    } catch (err) {
      settle(err as Error);
    }
  });
}

// ---- a report written as it is rendered ---------------------------------------------------------------------------

/** Standard output is written in blocks of at least this much: a report smaller than one is written whole, at the end. */
export const OUTPUT_BLOCK_BYTES = 64 * 1024;

export interface OutputBlocks {
  /** The next piece of the report. */
  write(text: string): void;
  /** The last piece; resolves once everything is written (as writeOutput). */
  end(text: string): Promise<void>;
}

/**
 * A report handed over a piece at a time. To a stream (standard output) it goes in blocks of OUTPUT_BLOCK_BYTES as they
 * fill, as a pipe's buffer would: a run that fails half-way has then printed the blocks before, and a small report is
 * still one write at the end. To a file (`-o`) it is kept, as bytes, and written at the end through writeOutput: still
 * atomic, still refused over a file the run read (`target` is asked for then, when the run has read all it will).
 * `toFile` says which, when the caller knows without building the target (a file's target looks for the project root).
 */
export function outputBlocks(target: () => OutputTarget, toFile = target().file !== undefined): OutputBlocks {
  let block: string[] = [];
  let size = 0;
  const kept: string[] = [];
  /** A block handed to a stream and not yet flushed: the next blocks gather until it is (one write at a time). */
  let pending: Promise<void> | undefined;
  let readerGone = false;
  const flush = () => {
    if (pending || readerGone) return;
    const text = block.join('');
    block = [];
    size = 0;
    if (toFile) {
      kept.push(text);
      return;
    }
    const stream = target().stream;
    const rest = stream === undefined && stdoutStreamUnmade() ? writeStdoutNow(text) : text;
    if (rest === null) readerGone = true;
    else if (rest.length > 0) {
      const done = writeToStream(rest, stream ?? process.stdout).finally(() => (pending = undefined));
      // Awaited by end(); until then a failure must not count as unhandled.
      done.catch(() => undefined);
      pending = done;
    }
  };
  return {
    write(text) {
      if (readerGone) return;
      block.push(text);
      size += text.length;
      if (size >= OUTPUT_BLOCK_BYTES) flush();
    },
    async end(text) {
      block.push(text);
      await pending;
      if (readerGone) return;
      const rest = block.join('');
      // One join, encoded once by the write: no copy of the report per block.
      await writeOutput(toFile ? kept.join('') + rest : rest, target());
    },
  };
}

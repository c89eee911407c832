import {open, realpath, rename, stat, unlink} from 'node:fs/promises';
import {basename, dirname, join, resolve} from 'node:path';
import {UserError} from './user-error.js';

export interface OutputTarget {
  /** Write here (atomically) instead of the stream. */
  file?: string;
  /** Defaults to process.stdout. */
  stream?: NodeJS.WritableStream;
}

/**
 * A report could not be written — the user's path or disk, not our bug — so it is a UserError: one line, no stack
 * trace, exit 2. `code` keeps the errno for callers that care (ENOENT, ENOSPC, …).
 */
export class OutputError extends UserError {
  readonly code: string | undefined;
  constructor(message: string, cause: unknown) {
    super(message);
    this.cause = cause;
    this.code = (cause as NodeJS.ErrnoException | undefined)?.code;
  }
}

/**
 * Writes a formatted report and resolves only once it has been handed to the OS, so the caller may then set
 * process.exitCode and return — or even call process.exit — without truncating a large report on a pipe.
 */
export async function writeOutput(text: string, target: OutputTarget = {}): Promise<void> {
  if (target.file !== undefined) return writeFileAtomic(target.file, text);
  return writeToStream(text, target.stream ?? process.stdout);
}

// ---- files ------------------------------------------------------------------------------------------------------

/**
 * Temp file in the same folder (rename is only atomic within one file system), fsync, then rename over the target:
 * a reader sees the old report or the new one, never half of one, and a crash leaves at most a stray dot-file.
 * The folder is not created: a typo in `--output` should be an error, not a new directory tree.
 */
async function writeFileAtomic(file: string, text: string): Promise<void> {
  let dest = resolve(file);
  // Replace what a symlink points at, not the link itself.
  dest = await realpath(dest).catch(() => dest);
  const dir = dirname(dest);

  const dirStat = await stat(dir).catch((err: unknown) => {
    throw new OutputError(
      (err as NodeJS.ErrnoException).code === 'ENOENT'
        ? `Cannot write "${file}": folder "${dir}" does not exist`
        : `Cannot write "${file}": ${(err as Error).message}`,
      err,
    );
  });
  if (!dirStat.isDirectory()) throw new OutputError(`Cannot write "${file}": "${dir}" is not a folder`, undefined);
  const existing = await stat(dest).catch(() => undefined);
  if (existing?.isDirectory()) throw new OutputError(`Cannot write "${file}": it is a folder`, undefined);

  // crypto is loaded here, on first use: importing it up front cost every start of the CLI ~6 ms.
  const temp = join(dir, `.${basename(dest)}.${process.pid}.${process.getBuiltinModule('node:crypto').randomBytes(6).toString('hex')}.tmp`);
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(temp, 'wx', existing ? existing.mode & 0o7777 : 0o666);
    // Keep an existing report's permissions (open's mode is subject to the umask).
    if (existing) await handle.chmod(existing.mode & 0o7777);
    await handle.writeFile(text, 'utf8');
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(temp, dest);
  } catch (err) {
    await handle?.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw new OutputError(`Cannot write "${file}": ${(err as Error).message}`, err);
  }
  await syncDir(dir);
}

/** Makes the rename itself durable. Best effort: not every platform can fsync a directory. */
async function syncDir(dir: string): Promise<void> {
  try {
    const h = await open(dir, 'r');
    try {
      await h.sync();
    } finally {
      await h.close();
    }
  } catch {
    // ignored on purpose
  }
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

function writeToStream(text: string, stream: NodeJS.WritableStream): Promise<void> {
  guardReaderGone(stream);
  if (text === '' || (stream as {destroyed?: boolean}).destroyed === true) return Promise.resolve();
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

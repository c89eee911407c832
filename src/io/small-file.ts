import {closeSync, constants, openSync, readSync} from 'node:fs';
import {noteFileUsed} from './files-used.js';

/** Larger than any manifest (real ones are a few KB) and than most unbundled entry files. */
const SCRATCH_BYTES = 256 * 1024;

let scratch: Buffer | undefined;

/**
 * Opening flags for a file that should be regular: a FIFO opened without O_NONBLOCK waits for a writer, for ever if none
 * comes, and blocks a thread the process cannot exit without. (Windows has neither the flag nor such files.)
 */
export const OPEN_NONBLOCKING = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/**
 * The fast path for the many small files a run reads (schemas, manifests, runtime entries): one open and
 * reads into a reused buffer. The shared reader's fstat builds a Stats object with four Dates and a fresh buffer per
 * file, which costs more than reading a few KB. `use` gets the bytes only for the duration of the call (the buffer is
 * reused by the next read), so it must copy or decode them and must not read another file itself.
 * Anything unusual (cannot open, a folder, larger than `maxBytes` or the buffer, a read error) gives undefined: the
 * caller then takes the shared reader, which words the finding.
 */
export function withSmallFile<T>(path: string, maxBytes: number, use: (bytes: Buffer) => T): T | undefined {
  const buffer = (scratch ??= Buffer.allocUnsafe(SCRATCH_BYTES));
  let fd: number;
  try {
    fd = openSync(path, OPEN_NONBLOCKING);
  } catch {
    return undefined;
  }
  noteFileUsed(path);
  let size = 0;
  try {
    for (let n = readSync(fd, buffer, 0, buffer.length, null); n > 0; n = readSync(fd, buffer, size, buffer.length - size, null)) {
      size += n;
      if (size === buffer.length) return undefined;
    }
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
  return size > maxBytes ? undefined : use(buffer.subarray(0, size));
}

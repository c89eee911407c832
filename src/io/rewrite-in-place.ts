import {closeSync, fstatSync, fsyncSync, ftruncateSync, openSync, writeSync} from 'node:fs';
import {readFd} from './read-file.js';

/**
 * Overwrites a file's content through the file itself instead of replacing it: the one way to keep every hard link
 * (and an owner we may not give a new file). Not atomic like a rename, so it is made as safe as it can be:
 * - synchronous from open to close, so no SIGINT/SIGTERM handler can run half-way (only SIGKILL or a crash can cut it);
 * - the old content is read first and written back if the new content cannot be written whole (ENOSPC on growth).
 */
export function rewriteInPlace(path: string, text: string): void {
  const fd = openSync(path, 'r+');
  try {
    const old = readFd(fd, fstatSync(fd).size);
    const bytes = Buffer.from(text, 'utf8');
    try {
      replaceContent(fd, bytes);
    } catch (error) {
      try {
        replaceContent(fd, old);
      } catch {
        // The write error is the one to report; the restore was a best effort.
      }
      throw error;
    }
  } finally {
    closeSync(fd);
  }
}

function replaceContent(fd: number, bytes: Buffer): void {
  for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done, bytes.length - done, done);
  ftruncateSync(fd, bytes.length);
  fsyncSync(fd);
}

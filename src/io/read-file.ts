import {closeSync, fstatSync, openSync, readSync} from 'node:fs';
import type {Finding} from '../report/finding.js';

export type FileRead = {ok: true; bytes: Buffer} | {ok: false; finding: Finding};

/**
 * Reads a whole input file, refusing folders and files over `maxBytes` before reading them.
 * Synchronous on purpose: a CLI reading thousands of small files spends more time hopping to the thread pool than reading.
 * Every failure is a finding (the caller treats it as fatal: the input could not be checked at all).
 */
export function readInputFile(abs: string, display: string, maxBytes: number): FileRead {
  let fd: number | undefined;
  try {
    fd = openSync(abs, 'r');
    const info = fstatSync(fd);
    if (info.isDirectory()) return failed(display, 'io/unreadable', `${display} is a folder, not a file`);
    if (info.size > maxBytes) return failed(display, 'io/too-large', tooLargeMessage(display, info.size, maxBytes));
    const bytes = Buffer.allocUnsafe(info.size);
    let read = 0;
    while (read < info.size) {
      const n = readSync(fd, bytes, read, info.size - read, read);
      if (n === 0) break;
      read += n;
    }
    return {ok: true, bytes: read === info.size ? bytes : bytes.subarray(0, read)};
  } catch (error) {
    return {ok: false, finding: unreadableFinding(display, error as NodeJS.ErrnoException)};
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export function unreadableFinding(display: string, error: NodeJS.ErrnoException): Finding {
  const code = error.code;
  const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'EISDIR' ? 'it is a folder' : error.message;
  return fileFinding(display, code === 'ENOENT' ? 'io/not-found' : 'io/unreadable', `cannot read ${display}: ${why}`);
}

export function tooLargeMessage(display: string, size: number, maxBytes: number): string {
  return `${display} is ${mb(size)} MB, over the ${mb(maxBytes)} MB limit for one JSON document; raise it with --max-size, or split it into NDJSON (.ndjson/.jsonl) lines, which are read as a stream`;
}

export function fileFinding(file: string, ruleId: string, message: string): Finding {
  return {ruleId, severity: 'error', message, file, pointer: '', line: 1, column: 1};
}

export function mb(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '');
}

function failed(display: string, ruleId: string, message: string): FileRead {
  return {ok: false, finding: fileFinding(display, ruleId, message)};
}

import {closeSync, fstatSync, openSync, readSync} from 'node:fs';
import type {Finding} from '../core/finding.js';
import {decodeJsonBytes, type Decoded} from './decode.js';
import {noteFileUsed} from './files-used.js';
import {OPEN_NONBLOCKING, withSmallFile} from './small-file.js';

/**
 * Why a file could not be read: `missing` (absent, or a folder), `too-large` and `refused` (outside every root, or not
 * a regular file: see ReadScope) are told apart from other failures.
 */
export type ReadFailureReason = 'missing' | 'too-large' | 'unreadable' | 'refused';

export interface ReadFailure {
  ok: false;
  reason: ReadFailureReason;
  finding: Finding;
}

export type FileRead = {ok: true; bytes: Buffer} | ReadFailure;

/** The message for a file over the size limit. */
export type TooLarge = (display: string, size: number, maxBytes: number) => string;

/**
 * Reads a whole regular file, refusing folders, anything else that is not a regular file (a FIFO, a device: their size
 * says nothing, and /dev/zero never ends) and files over `maxBytes` before reading them.
 * Synchronous on purpose: a CLI reading thousands of small files spends more time hopping to the thread pool than reading.
 * Every failure is a finding (the caller treats it as fatal: the input could not be checked at all).
 */
export function readInputFile(abs: string, display: string, maxBytes: number, tooLarge: TooLarge = tooLargeMessage): FileRead {
  let fd: number | undefined;
  try {
    fd = openSync(abs, OPEN_NONBLOCKING);
    noteFileUsed(abs);
    const info = fstatSync(fd);
    if (info.isDirectory()) return failed('missing', display, 'io/unreadable', `${display} is a folder, not a file`);
    if (!info.isFile()) return notRegular(display);
    if (info.size > maxBytes) return failed('too-large', display, 'io/too-large', tooLarge(display, info.size, maxBytes));
    return {ok: true, bytes: readFd(fd, info.size)};
  } catch (error) {
    return readFailure(display, error as NodeJS.ErrnoException);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The first `size` bytes of an open file (fewer if it shrank since its size was taken). */
export function readFd(fd: number, size: number): Buffer {
  const bytes = Buffer.allocUnsafe(size);
  let read = 0;
  while (read < size) {
    const n = readSync(fd, bytes, read, size - read, read);
    if (n === 0) break;
    read += n;
  }
  return read === size ? bytes : bytes.subarray(0, read);
}

export type JsonFileRead = {ok: true; decoded: Decoded; bom: boolean} | ReadFailure;

/**
 * {@link readInputFile} then {@link decodeJsonBytes}, plus whether the file starts with a BOM. For a path the caller
 * already knows to be a regular file (`regular`: a folder walk or a stat saw one) the size is not asked first: a small
 * file is read whole into a reused buffer and decoded from there ({@link withSmallFile}). Anything else — a larger
 * file, a failure, a path that may be a pipe (whose bytes a second read could not get back) — goes through
 * readInputFile, which refuses a file over the limit before reading it and words every failure.
 */
export function readJsonFile(abs: string, display: string, maxBytes: number, regular: boolean): JsonFileRead {
  const fast = regular ? withSmallFile(abs, maxBytes, decodedRead) : undefined;
  if (fast) return fast;
  const read = readInputFile(abs, display, maxBytes);
  return read.ok ? decodedRead(read.bytes) : read;
}

function decodedRead(bytes: Buffer): JsonFileRead {
  return {ok: true, decoded: decodeJsonBytes(bytes), bom: bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf};
}

export function unreadableFinding(display: string, error: NodeJS.ErrnoException): Finding {
  const code = error.code;
  const why = code === 'ENOENT' || code === 'ENOTDIR' ? 'no such file' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'EISDIR' ? 'it is a folder' : error.message;
  return fileFinding(display, code === 'ENOENT' || code === 'ENOTDIR' ? 'io/not-found' : 'io/unreadable', `cannot read ${display}: ${why}`);
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

function readFailure(display: string, error: NodeJS.ErrnoException): ReadFailure {
  const code = error.code;
  const reason = code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR' ? 'missing' : 'unreadable';
  return {ok: false, reason, finding: unreadableFinding(display, error)};
}

/** The finding for a FIFO, device or socket where a regular file was expected; names the path, reads nothing. */
function notRegular(display: string): ReadFailure {
  return failed('refused', display, 'io/not-regular', notRegularMessage(display));
}

export function notRegularMessage(display: string): string {
  return `${display} is not a regular file (a FIFO, device or socket); it was not read`;
}

export function failed(reason: ReadFailureReason, display: string, ruleId: string, message: string): ReadFailure {
  return {ok: false, reason, finding: fileFinding(display, ruleId, message)};
}

import {closeSync, fstatSync, openSync, readSync} from 'node:fs';
import {decodeJsonBytes} from '../io/decode.js';
import {JsonDocument} from '../io/json-document.js';
import {LineIndex} from '../io/line-index.js';
import {fileFinding} from '../io/read-documents.js';
import type {Finding} from '../report/finding.js';

/** Why a file could not be read: `missing` (absent, or a folder) and `too-large` are told apart from other failures. */
export type ReadFailure = {reason: 'missing' | 'too-large' | 'unreadable'; finding: Finding};

/**
 * A whole small file, read synchronously with one open/fstat/read: a manifest names a handful of small files, and
 * the async path's thread-pool round trips (plus a separate stat per file) cost more CPU than the reads themselves
 * (bench/pack.bench.mjs).
 */
export function readSmallFile(path: string, display: string, maxBytes: number, what = 'one file'): {bytes: Buffer} | ReadFailure {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const info = fstatSync(fd);
    if (info.isDirectory()) return {reason: 'missing', finding: fileFinding(display, 'io/unreadable', `${display} is a folder, not a file`)};
    if (info.size > maxBytes) {
      return {reason: 'too-large', finding: fileFinding(display, 'io/too-large', `${display} is ${mb(info.size)} MB, over the ${mb(maxBytes)} MB limit for ${what} (real ones are a few KB); raise it with --max-size if this is intended`)};
    }
    const bytes = Buffer.allocUnsafe(info.size);
    let read = 0;
    for (let n = -1; read < info.size && n !== 0; read += n) n = readSync(fd, bytes, read, info.size - read, read);
    return {bytes: bytes.subarray(0, read)};
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EISDIR') return {reason: 'missing', finding: fileFinding(display, 'io/unreadable', `${display} is a folder, not a file`)};
    if (code === 'ENOENT' || code === 'ENOTDIR') return {reason: 'missing', finding: fileFinding(display, 'io/not-found', `cannot read ${display}: no such file`)};
    const why = code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (error as Error).message;
    return {reason: 'unreadable', finding: fileFinding(display, 'io/unreadable', `cannot read ${display}: ${why}`)};
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export type ReadJsonOutcome = {doc: JsonDocument} | (ReadFailure & {fatal: boolean});

/**
 * One whole JSON file (a manifest, a node schema). Unlike readDocuments there is no NDJSON fallback: a second JSON
 * value in a pack.json is a syntax error, not a stream. Byte-level problems (empty, binary, invalid UTF-8) are
 * findings but not fatal: the file was read, it just holds no JSON.
 */
export function readJsonFile(path: string, display: string, maxBytes: number, what?: string): ReadJsonOutcome {
  const read = readSmallFile(path, display, maxBytes, what);
  if (!('bytes' in read)) return {...read, fatal: true};
  const decoded = decodeJsonBytes(read.bytes);
  if (decoded.problem) {
    const {line, column} = new LineIndex(decoded.text).at(decoded.problem.offset);
    return {reason: 'unreadable', finding: {...fileFinding(display, decoded.problem.ruleId, decoded.problem.message), line, column}, fatal: false};
  }
  return {doc: JsonDocument.parse(decoded.text, {file: display})};
}

function mb(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '');
}

import {decodeJsonBytes} from '../io/decode.js';
import {JsonDocument} from '../io/json-document.js';
import {mb, readInputFile, type ReadFailureReason} from '../io/read-file.js';
import {byteProblemFinding} from '../io/read-json.js';
import type {Finding} from '../core/finding.js';
import {withSmallFile} from '../io/small-file.js';

export interface ReadFailure {
  reason: ReadFailureReason;
  finding: Finding;
}

/** A whole small file (a manifest names a handful), read by the shared synchronous reader with a manifest-sized message. */
export function readSmallFile(path: string, display: string, maxBytes: number, what = 'one file'): {bytes: Buffer} | ReadFailure {
  const read = readInputFile(
    path,
    display,
    maxBytes,
    (d, size, max) => `${d} is ${mb(size)} MB, over the ${mb(max)} MB limit for ${what} (real ones are a few KB); raise it with --max-size if this is intended`,
  );
  return read.ok ? {bytes: read.bytes} : {reason: read.reason, finding: read.finding};
}

export type ReadJsonOutcome = {doc: JsonDocument} | (ReadFailure & {fatal: boolean});

/**
 * One whole JSON file (a manifest, a node schema). Unlike readDocuments there is no NDJSON fallback: a second JSON
 * value in a pack.json is a syntax error, not a stream. Byte-level problems (empty, binary, invalid UTF-8) are
 * findings but not fatal: the file was read, it just holds no JSON.
 */
export function readJsonDocument(path: string, display: string, maxBytes: number, what?: string): ReadJsonOutcome {
  let decoded = withSmallFile(path, maxBytes, decodeJsonBytes);
  if (decoded === undefined) {
    const read = readSmallFile(path, display, maxBytes, what);
    if (!('bytes' in read)) return {...read, fatal: true};
    decoded = decodeJsonBytes(read.bytes);
  }
  if (decoded.problem) {
    return {reason: 'unreadable', finding: byteProblemFinding(display, decoded.text, decoded.problem), fatal: false};
  }
  return {doc: JsonDocument.parse(decoded.text, {file: display})};
}

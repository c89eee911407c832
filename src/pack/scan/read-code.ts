import {withSmallFile} from '../../io/small-file.js';
import {readSmallFile, type ReadFailure} from '../read-json-file.js';
import {SCAN_MAX_BYTES} from './limits.js';

/** A code file of a pack as text, up to the scan's cap: the small-file fast path, else the shared reader, which words why not. */
export function readCodeFile(path: string, display: string): string | ReadFailure {
  const text = withSmallFile(path, SCAN_MAX_BYTES, utf8);
  if (text !== undefined) return text;
  const read = readSmallFile(path, display, SCAN_MAX_BYTES);
  return 'bytes' in read ? utf8(read.bytes) : read;
}

function utf8(bytes: Buffer): string {
  return bytes.toString('utf8');
}

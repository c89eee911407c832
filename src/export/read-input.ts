import {noteStdinUsed} from '../io/files-used.js';
import {readWhole} from '../io/open-stream.js';
import {mb} from '../io/read-file.js';
import type {ReadScope} from '../io/read-scope.js';
import {decodedOrFail} from '../io/read-json.js';
import {readWholeSource} from '../io/read-source.js';
import {UserError} from '../core/user-error.js';

/**
 * The text of the schema to export: FILE (a regular file, or a FIFO named on the command line), or `-` for standard
 * input (named `label` in messages), at most `scope.maxBytes`. What cannot be read or decoded is a UserError (exit 2): there is nothing to export.
 */
export async function readSchemaInput(path: string, scope: ReadScope, stdin: AsyncIterable<Buffer | string> = process.stdin, label = path === '-' ? '<stdin>' : path): Promise<string> {
  let bytes: Buffer;
  if (path === '-') {
    noteStdinUsed();
    const read = await readWhole(stdin, scope.maxBytes);
    if ('over' in read) throw new UserError(`${label} is over the ${mb(scope.maxBytes)} MB limit`, 'raise it with --max-size');
    bytes = read;
  } else {
    const read = await readWholeSource(path, scope, scope.maxBytes, path, (what, size, max) => `${what} is ${mb(size)} MB, over the ${mb(max)} MB limit for a schema`);
    if (!read.ok) throw new UserError(read.finding.message);
    bytes = read.bytes;
  }
  return decodedOrFail(bytes, label);
}

import {resolve} from 'node:path';
import {fileSource, isInputProblem} from './inputs.js';
import {readNamedStream} from './open-stream.js';
import {failed, readInputFile, type FileRead, type TooLarge} from './read-file.js';
import type {ReadScope} from './read-scope.js';

/**
 * The whole of a file a flag or the config names (see fileSource), at most `maxBytes`: a regular file read at once,
 * a stream named on the command line read to its end. `label` names it in read messages (default: its path).
 */
export async function readWholeSource(path: string, scope: ReadScope, maxBytes: number, label?: string, tooLarge?: TooLarge): Promise<FileRead> {
  const source = fileSource(path, scope);
  if (isInputProblem(source)) {
    if (source.ruleId === 'io/outside-root' || source.ruleId === 'io/not-regular') return failed('refused', source.display, source.ruleId, source.message);
    // Missing, a folder, no permission: the reader's own words for it.
    return readInputFile(resolve(scope.cwd, path), label ?? source.display, maxBytes, tooLarge);
  }
  const display = label ?? source.display;
  return source.kind === 'file' ? readInputFile(source.path, display, maxBytes, tooLarge) : readNamedStream(source.path, display, maxBytes, scope.inputTimeoutMs);
}

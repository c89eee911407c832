import {closeSync, fstatSync, openSync} from 'node:fs';
import {filesUsed} from '../io/files-used.js';
import {readFd} from '../io/read-file.js';
import {inside, realPathOr} from '../io/read-scope.js';
import {checkWritable, writeFileSafely} from '../io/safe-write.js';
import {OPEN_NONBLOCKING} from '../io/small-file.js';
import {errnoWords} from '../io/write-target.js';
import {parseBaseline, type BaselineFile} from './baseline-file.js';
import {UserError} from '../core/user-error.js';

/** Far above any real baseline (one entry per finding is ~100 bytes; the whole registry's is ~100 KB). */
const MAX_BASELINE_BYTES = 64 * 1024 * 1024;

/** --baseline FILE without --update-baseline: the file must be there and be a baseline. */
export function readBaseline(path: string, flag = '--baseline'): BaselineFile {
  const text = readText(path, flag);
  if (text === undefined) throw new UserError(`${flag} ${path}: no such file`, 'create it with --update-baseline (the run then records its current findings)');
  const parsed = parseBaseline(text);
  if (!parsed.ok) throw new UserError(`${flag} ${path}: ${parsed.problem}`, 'rewrite it with --update-baseline (add --force if it is not a baseline)');
  return parsed.baseline;
}

/**
 * The baseline --update-baseline starts from: the file's other commands are kept. Nothing there (or an empty file) is
 * a new baseline; a file that is not one is replaced only with `force`, so a mistyped name cannot overwrite a schema.
 */
export function readBaselineToUpdate(path: string, force: boolean): BaselineFile {
  const text = readText(path, '--update-baseline');
  if (text === undefined || text.trim() === '') return {commands: new Map()};
  const parsed = parseBaseline(text);
  if (parsed.ok) return parsed.baseline;
  if (force) return {commands: new Map()};
  throw new UserError(`--update-baseline: will not overwrite ${path}: ${parsed.problem}`, 'pass --force to replace it with a new baseline');
}

/**
 * Refuses, before the run does any work, a baseline target that is not a regular file or lies outside the project
 * root (its real path: a symbolic link out of the project counts as outside).
 */
export function checkBaselineTarget(path: string, projectRoot: string): void {
  const label = `--update-baseline ${path}`;
  // As -o: a missing folder is made inside the project root, refused (with the same hint) outside it.
  const target = checkWritable(path, {mode: 'replace', label, folderRoot: projectRoot});
  if (target.kind === 'through') throw new UserError(`${label}: it is ${target.what}; a baseline is a regular file`);
  if (!inside(target.path, realPathOr(projectRoot))) {
    throw new UserError(`${label}: it is outside the project root (${projectRoot}); a baseline is written only inside it`, 'choose a path in the project');
  }
}

/** Writes the baseline atomically (safe-write's `replace`), never over a file this run read. */
export async function writeBaseline(path: string, text: string, projectRoot: string): Promise<void> {
  checkBaselineTarget(path, projectRoot);
  await writeFileSafely(path, text, {mode: 'replace', inputs: filesUsed(), label: `--update-baseline ${path}`, folderRoot: projectRoot});
}

/** The file's text, or undefined when there is no file. Not noted as used: --update-baseline replaces it. */
function readText(path: string, flag: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, OPEN_NONBLOCKING);
    const info = fstatSync(fd);
    if (!info.isFile()) throw new UserError(`${flag} ${path}: not a regular file`);
    if (info.size > MAX_BASELINE_BYTES) throw new UserError(`${flag} ${path}: ${info.size} bytes, over the ${MAX_BASELINE_BYTES / 1024 / 1024} MB a baseline may have`);
    // A BOM is what some editors add on save; JSON.parse refuses it.
    return readFd(fd, info.size)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
  } catch (error) {
    if (error instanceof UserError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UserError(`${flag} ${path}: ${errnoWords(error)}`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

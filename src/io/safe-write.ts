import {accessSync, constants, fstatSync, lstatSync, realpathSync, statSync, type BigIntStats} from 'node:fs';
import {mkdir, open} from 'node:fs/promises';
import {basename, dirname, join, resolve} from 'node:path';
import {relativeToCwd} from './paths.js';
import {UserError} from '../core/user-error.js';
import {noteFileUsed, type FilesUsed} from './files-used.js';
import {inside} from './read-scope.js';
import {rewriteInPlace} from './rewrite-in-place.js';
import {discardStaged, placeStaged, stageFile, syncFolder} from './temp-file.js';
import {errnoWords, inspectWriteTarget, type WriteTarget} from './write-target.js';

/**
 * The one way openwop writes a file.
 * - `replace` (`-o`): a new file, or an existing regular file replaced atomically (temp file, fsync, rename). With
 *   `exclusive` (`probe host --save`, `init`, `export schema -o` without --force) an existing file is refused, and a
 *   name taken while writing is never replaced.
 * - `rewrite` (`lint schema --fix`): new content for an existing regular file that keeps its owner, mode and hard
 *   links; a read-only file only with `force`.
 * In every mode a FIFO or a character device (`/dev/null`, a terminal, `/dev/stdout`) is written through, never
 * replaced — except by `rewrite`, which refuses anything but a regular file — and a folder, block device, socket or
 * dangling symlink is refused. A missing folder is created, with its parents, only under `folderRoot` (the project
 * root, as ESLint's `-o` does): the folders that do exist on the way must resolve inside it, so neither a typo nor a
 * symlink makes a tree elsewhere. Every failure is a {@link WriteError}: one line, exit 2.
 */
export type WriteMode = 'replace' | 'rewrite';

export interface SafeWriteOptions {
  mode: WriteMode;
  /** `replace` only: never overwrite a file that exists (the user did not pass --force). */
  exclusive?: boolean;
  /** `rewrite` only: a read-only file is written too. */
  force?: boolean;
  /** The files this run read or wrote (see filesUsed): `replace` refuses to write over one of them. */
  inputs?: FilesUsed;
  /** How messages name this write, e.g. `--save caps.json`; default `Cannot write "FILE"`. */
  label?: string;
  /** A missing folder on the way is created when it would lie inside this folder (the project root); else refused. */
  folderRoot?: string;
  /** The file written, its links followed, must lie inside this folder (`init`: the project root); else refused. */
  inside?: string;
}

/** A file could not (or may not) be written: the user's path or disk, not our bug. */
export class WriteError extends UserError {
  /** The errno behind it, when there is one (ENOENT, ENOSPC, …). */
  readonly code: string | undefined;
  /** The message without its label, for callers that word their own. */
  readonly reason: string;
  constructor(label: string, reason: string, extra: {code?: string; hint?: string; cause?: unknown} = {}) {
    super(`${label}: ${reason}`, extra.hint);
    this.reason = reason;
    this.code = extra.code;
    if (extra.cause !== undefined) this.cause = extra.cause;
  }
}

export type WritableTarget = Extract<WriteTarget, {kind: 'missing' | 'regular' | 'through'}>;

/**
 * Everything that would refuse the write, checked before anything is written (and before any slow work, when the
 * caller asks early). Throws a WriteError; returns what will be written.
 */
export function checkWritable(file: string, options: SafeWriteOptions): WritableTarget {
  const label = labelOf(file, options);
  const target = inspectWriteTarget(file);
  if (target.kind === 'no-folder') {
    const made = folderToMake(target.folder, options.folderRoot);
    if (made !== undefined) return {kind: 'missing', path: join(made, basename(file))};
    const hint = options.folderRoot === undefined ? undefined : missingFolderHint(options.folderRoot);
    throw new WriteError(label, `folder "${target.folder}" does not exist`, {code: target.code, hint});
  }
  if (target.kind === 'refused') throw new WriteError(label, target.why, {code: target.code});
  if (options.inside !== undefined && !insideReal(target.path, options.inside)) {
    throw new WriteError(label, `it is a symbolic link leading outside the project, to "${target.path}"`, {hint: 'remove the link (openwop writes through a link only inside the project)'});
  }
  if (options.mode === 'rewrite' && target.kind !== 'regular') {
    if (target.kind === 'through') throw new WriteError(label, `it is ${target.what}, not a regular file`);
    throw new WriteError(label, 'the file does not exist', {code: 'ENOENT'});
  }
  if (target.kind !== 'regular') return target;
  if (options.mode !== 'rewrite' && options.inputs) {
    const input = sameFileIn(target.stats, options.inputs);
    if (input)
      throw new WriteError(label, `it is an input of this run (${input === '<stdin>' ? 'standard input reads from it' : `"${input}"`})`, {hint: 'choose a file that is not one of the inputs'});
  }
  if (options.mode === 'replace' && options.exclusive) throw new WriteError(label, 'the file exists', {code: 'EEXIST', hint: 'pass --force to overwrite it'});
  if (options.mode === 'rewrite' && !options.force && isReadOnly(target.path, target.stats))
    throw new WriteError(label, 'the file is read-only', {code: 'EACCES', hint: 'pass --force to write it anyway; it stays read-only'});
  return target;
}

/** Writes `text` to `file` as `options.mode` says; resolves to the path written (a symlink's target). */
export async function writeFileSafely(file: string, text: string, options: SafeWriteOptions): Promise<string> {
  await makeFolderFor(file, options);
  for (let attempt = 0; ; attempt++) {
    const target = checkWritable(file, options);
    try {
      await writeTo(target, text, options.mode);
    } catch (error) {
      if (error instanceof WriteError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      // The name was free when looked at and taken when placed: look again, unless nothing may be overwritten.
      if (code === 'EEXIST' && target.kind === 'missing' && attempt === 0 && options.mode === 'replace' && !options.exclusive) continue;
      if (code === 'EEXIST') throw new WriteError(labelOf(file, options), 'the file exists (it appeared while writing)', {code, hint: 'pass --force to overwrite it', cause: error});
      throw new WriteError(labelOf(file, options), errnoWords(error), {code, cause: error});
    }
    if (target.kind !== 'through') noteFileUsed(target.path);
    return target.path;
  }
}

async function writeTo(target: WritableTarget, text: string, mode: WriteMode): Promise<void> {
  if (target.kind === 'through') return writeThrough(target.path, text);
  if (target.kind === 'regular' && mode === 'rewrite') return rewrite(target.path, target.stats, text);
  const staged = await stageFile(target.path, text, target.kind === 'regular' ? target.stats : undefined);
  await placeStaged(staged, target.kind === 'missing');
  await syncFolder(dirname(target.path));
}

/**
 * A file with several hard links is rewritten in place: a rename would leave the other names with the old content.
 * So is one whose owner a new file cannot take (we are not root) or whose folder we may not create files in. Anything
 * else is replaced atomically, owner and mode carried over.
 */
async function rewrite(path: string, stats: BigIntStats, text: string): Promise<void> {
  if (stats.nlink > 1n) return rewriteInPlace(path, text);
  let staged;
  try {
    staged = await stageFile(path, text, stats);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM') return rewriteInPlace(path, text);
    throw error;
  }
  if (!staged.ownerKept) {
    await discardStaged(staged);
    return rewriteInPlace(path, text);
  }
  await placeStaged(staged, false);
  await syncFolder(dirname(path));
}

/** Opened without O_CREAT or O_TRUNC and appended to: a device stays a device, a `>> log` redirect keeps its log. */
async function writeThrough(path: string, text: string): Promise<void> {
  const handle = await open(path, constants.O_WRONLY | constants.O_APPEND | constants.O_NOCTTY);
  try {
    await handle.writeFile(text, 'utf8');
  } catch (error) {
    // The reader of a pipe left (`-o /dev/stdout | head`): it has what it wanted, as on stdout.
    if ((error as NodeJS.ErrnoException).code !== 'EPIPE') throw error;
  } finally {
    await handle.close();
  }
}

/**
 * Creates the missing folder `file` would go in, when `folderRoot` allows it. A folder on the way could have become a
 * link out of the project between the check and the mkdir (someone else writing in the project): the folder made is
 * resolved again and must still lie inside the root, or nothing is written.
 */
async function makeFolderFor(file: string, options: SafeWriteOptions): Promise<void> {
  const target = inspectWriteTarget(file);
  if (target.kind !== 'no-folder') return;
  const folder = folderToMake(target.folder, options.folderRoot);
  if (folder === undefined || options.folderRoot === undefined) return;
  try {
    await mkdir(folder, {recursive: true});
  } catch (error) {
    throw new WriteError(labelOf(file, options), `cannot create folder "${folder}": ${errnoWords(error)}`, {code: (error as NodeJS.ErrnoException).code, cause: error});
  }
  let made: string;
  try {
    made = realpathSync.native(folder);
  } catch (error) {
    throw new WriteError(labelOf(file, options), `folder "${folder}" is gone after it was created: ${errnoWords(error)}`, {code: (error as NodeJS.ErrnoException).code, cause: error});
  }
  if (!insideReal(made, options.folderRoot)) throw new WriteError(labelOf(file, options), `folder "${folder}" leads outside the project (to "${made}") since it was created; nothing was written`);
}

/** What every writer says when a missing folder lies outside the project (-o, --save, --update-baseline, scaffold). */
export function missingFolderHint(root: string): string {
  return `openwop creates a missing folder only inside the project (${root}); create it first`;
}

/**
 * `folder` as it will be made (the part that exists resolved through its links), when that lies inside `root`;
 * undefined without a root, or when the nearest folder that exists resolves outside it or cannot be resolved (a link
 * to nothing on the way).
 */
export function folderToMake(folder: string, root: string | undefined): string | undefined {
  if (root === undefined) return undefined;
  let existing = resolve(folder);
  const missing: string[] = [];
  while (!exists(existing)) {
    const up = dirname(existing);
    if (up === existing) return undefined;
    missing.unshift(basename(existing));
    existing = up;
  }
  let real: string;
  let realRoot: string;
  try {
    real = realpathSync.native(existing);
    realRoot = realpathSync.native(root);
  } catch {
    return undefined;
  }
  return inside(real, realRoot) ? join(real, ...missing) : undefined;
}

/** `path` (its folders already resolved) is inside `root` once the root's own links are resolved. */
function insideReal(path: string, root: string): boolean {
  try {
    return inside(path, realpathSync.native(root));
  } catch {
    return false;
  }
}

/** Whether anything, a dangling link included, has this name. */
function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** The input `target` is (same device and inode: through symlinks and hard links alike), named for a message. */
function sameFileIn(target: BigIntStats, inputs: FilesUsed): string | undefined {
  const same = (s: BigIntStats | undefined) => s !== undefined && s.isFile() && s.dev === target.dev && s.ino === target.ino;
  if (inputs.stdin && same(statOrUndefined(() => fstatSync(0, {bigint: true})))) return '<stdin>';
  for (const path of inputs.paths) {
    if (same(statOrUndefined(() => statSync(path, {bigint: true})))) return relativeToCwd(path, process.cwd()) ?? path;
  }
  return undefined;
}

/** An input that is gone or unreadable now cannot be the file about to be written. */
function statOrUndefined(stat: () => BigIntStats): BigIntStats | undefined {
  try {
    return stat();
  } catch {
    return undefined;
  }
}

/** No write bit for its owner (`chmod a-w`, even root honours that here), or not writable by us. */
function isReadOnly(path: string, stats: BigIntStats): boolean {
  if ((stats.mode & 0o200n) === 0n) return true;
  try {
    accessSync(path, constants.W_OK);
    return false;
  } catch {
    return true;
  }
}

function labelOf(file: string, options: SafeWriteOptions): string {
  return options.label ?? `Cannot write "${file}"`;
}

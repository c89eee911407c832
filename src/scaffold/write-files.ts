import {statSync} from 'node:fs';
import {lstat, mkdir, rmdir, stat, unlink} from 'node:fs/promises';
import {dirname, isAbsolute, relative, resolve} from 'node:path';
import {discardStaged, placeStaged, stageFile, syncFolder, type StagedFile} from '../io/temp-file.js';
import {folderToMake, missingFolderHint} from '../io/safe-write.js';
import {errnoWords, inspectWriteTarget} from '../io/write-target.js';
import {UserError} from '../core/user-error.js';

export interface PlannedFile {
  /** Absolute path. */
  path: string;
  content: string;
}

export interface WriteOptions {
  force: boolean;
  /** How a path is shown to the user. */
  display: (path: string) => string;
  /**
   * Where a missing folder may be created (see folderToMake): the project root, as for -o, and a folder named with
   * --out (a one-off destination the user chose, whose examples/ subfolder is made for them). The first names the hint.
   */
  folderRoots: readonly string[];
}

/** Which targets exist already (only possible with `force`); everything that would stop the write is thrown. */
export type TargetState = Map<string, boolean>;

/**
 * Checks every target before anything is written: each file stays inside its folder, each folder is (or can become) a
 * folder, no target is a folder, and without `force` no target exists. The first problem is a UserError; when
 * several files exist they are all named.
 */
export async function inspectTargets(targets: readonly {path: string; folder: string}[], options: WriteOptions): Promise<TargetState> {
  for (const {path, folder} of targets) {
    const root = resolve(folder);
    const rel = relative(root, resolve(path));
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) throw new UserError(`refusing to write "${options.display(path)}": it is outside the output folder "${options.display(root)}"`);
  }
  for (const dir of new Set(targets.map((t) => dirname(resolve(t.path))))) await checkFolder(dir, options);

  const state: TargetState = new Map();
  const existing: string[] = [];
  for (const {path} of targets) {
    const exists = await targetExists(path, options.display);
    state.set(path, exists);
    if (exists && !options.force) existing.push(options.display(path));
  }
  if (existing.length > 0) {
    throw new UserError(`${existing.join(', ')} ${existing.length === 1 ? 'exists' : 'exist'} already: nothing was written`, 'pass --force to overwrite (or --dry-run to see what would be written)');
  }
  return state;
}

/**
 * Whether a target exists; anything but a regular file (or nothing) there is refused. A symlink is refused too, even
 * to a regular file: writing through it could put a file outside the output folder, and replacing it would be a
 * surprise to whoever made it. A FIFO or device is refused rather than written through: three files are written all
 * or none, and a write into a device cannot be taken back.
 */
async function targetExists(path: string, display: (p: string) => string): Promise<boolean> {
  const info = await lstat(path).catch(ignoreMissing);
  if (!info) return false;
  if (info.isSymbolicLink()) throw new UserError(`cannot write "${display(path)}": it is a symbolic link; scaffold writes only regular files`, 'remove the link or choose another --out');
  if (info.isDirectory()) throw new UserError(`cannot write "${display(path)}": a folder of that name is in the way`);
  const target = inspectWriteTarget(path);
  if (target.kind === 'regular') return true;
  const why = target.kind === 'through' ? `it is ${target.what}` : target.kind === 'refused' ? target.why : 'it is not a regular file';
  throw new UserError(`cannot write "${display(path)}": ${why}; scaffold writes only regular files`);
}

/** `dir` is a folder, or the nearest existing ancestor is a folder we can create it in, inside the project root. */
async function checkFolder(dir: string, {display, folderRoots}: WriteOptions): Promise<void> {
  const info = await stat(dir).catch(ignoreMissing);
  if (info) {
    if (!info.isDirectory()) throw new UserError(`"${display(dir)}" is a file, not a folder: choose another --out`);
    return;
  }
  let ancestor = dirname(dir);
  for (;;) {
    const up = await stat(ancestor).catch(ignoreMissing);
    if (up) {
      if (!up.isDirectory()) throw new UserError(`cannot create the folder "${display(dir)}": "${display(ancestor)}" is a file`);
      if (folderRoots.every((root) => folderToMake(dir, root) === undefined))
        throw new UserError(`cannot write into "${display(dir)}": the folder does not exist; nothing was written`, missingFolderHint(folderRoots[0]));
      return;
    }
    if (dirname(ancestor) === ancestor) return;
    ancestor = dirname(ancestor);
  }
}

/**
 * Writes all files or none. Each is written to a temp file beside its target and synced; only when every temp file is
 * complete are they moved into place. Without `force` a file is linked into place (`link` fails if the name was taken
 * meanwhile, so a file that appeared after the check is never replaced); with `force` it is renamed over the old one,
 * which a reader sees whole or not at all. On any failure the temp files, the files this call placed and the folders it
 * created are removed again, and a UserError says what went wrong.
 */
export async function writeFilesAtomically(files: readonly PlannedFile[], options: WriteOptions): Promise<void> {
  const createdDirs: string[] = [];
  const staged: StagedFile[] = [];
  const placed: string[] = [];
  try {
    for (const dir of new Set(files.map((f) => dirname(f.path)))) createdDirs.push(...(await makeFolders(dir, options.display)));
    for (const file of files) staged.push(await stage(file));
    for (const file of staged) {
      await place(file, options);
      placed.push(file.dest);
    }
  } catch (error) {
    await Promise.all(staged.map((file) => discardStaged(file)));
    // Files this call created are ours to remove; with --force, replaced files keep their new content (each is whole).
    if (!options.force) await Promise.all(placed.map((p) => unlink(p).catch(() => undefined)));
    for (const dir of createdDirs.reverse()) await rmdir(dir).catch(() => undefined);
    if (error instanceof UserError) throw error;
    const at = (error as {path?: string}).path;
    throw new UserError(`cannot write${at ? ` "${options.display(at)}"` : ''}: ${errnoWords(error)}; nothing was written`);
  }
  for (const dir of new Set(files.map((f) => dirname(f.path)))) await syncFolder(dir);
}

/**
 * Creates `dir` and its missing ancestors one level at a time, returning those it made (outermost first).
 * Not `mkdir({recursive: true})`: on Node 20 that loops forever under a path such as /proc/x, where mkdir of an
 * existing parent's child fails with ENOENT.
 */
async function makeFolders(dir: string, display: (p: string) => string): Promise<string[]> {
  const missing: string[] = [];
  for (let d = dir; !(await stat(d).catch(ignoreMissing)); d = dirname(d)) {
    missing.unshift(d);
    if (dirname(d) === d) break;
  }
  const made: string[] = [];
  try {
    for (const d of missing) {
      await mkdir(d);
      made.push(d);
    }
  } catch (error) {
    for (const d of made.reverse()) await rmdir(d).catch(() => undefined);
    throw new UserError(`cannot create the folder "${display((error as {path?: string}).path ?? dir)}": ${errnoWords(error)}; nothing was written`);
  }
  return made;
}

/** A file --force replaces keeps its owner and permissions. Errors name the file the user asked for, not the temp. */
async function stage(file: PlannedFile): Promise<StagedFile> {
  try {
    return await stageFile(file.path, file.content, statSync(file.path, {bigint: true, throwIfNoEntry: false}));
  } catch (error) {
    throw Object.assign(error as Error, {path: file.path});
  }
}

/** Without --force a file goes in only where the name is still free (see placeStaged). */
async function place(file: StagedFile, options: WriteOptions): Promise<void> {
  try {
    await placeStaged(file, !options.force);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new UserError(`"${options.display(file.dest)}" appeared while writing: nothing was written`, 'pass --force to overwrite');
    throw Object.assign(error as Error, {path: file.dest});
  }
}

function ignoreMissing(error: unknown): undefined {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
  throw new UserError(`cannot check "${(error as {path?: string}).path ?? '?'}": ${errnoWords(error)}`);
}

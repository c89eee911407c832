import {randomBytes} from 'node:crypto';
import {link, lstat, mkdir, open, rename, rmdir, stat, unlink} from 'node:fs/promises';
import {basename, dirname, isAbsolute, join, relative, resolve} from 'node:path';
import {UserError} from '../report/user-error.js';

export interface PlannedFile {
  /** Absolute path. */
  path: string;
  content: string;
}

export interface WriteOptions {
  force: boolean;
  /** How a path is shown to the user. */
  display: (path: string) => string;
}

/** Which targets exist already (only possible with `force`); everything that would stop the write is thrown. */
export type TargetState = Map<string, boolean>;

/**
 * Checks every target before anything is written: each file stays inside `outDir`, each folder is (or can become) a
 * folder, no target is a folder, and without `force` no target exists. The first problem is a UserError; when
 * several files exist they are all named.
 */
export async function inspectTargets(outDir: string, paths: readonly string[], options: WriteOptions): Promise<TargetState> {
  const root = resolve(outDir);
  for (const path of paths) {
    const rel = relative(root, resolve(path));
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) throw new UserError(`refusing to write "${options.display(path)}": it is outside the output folder "${options.display(root)}"`);
  }
  for (const dir of new Set(paths.map((p) => dirname(resolve(p))))) await checkFolder(dir, options.display);

  const state: TargetState = new Map();
  const existing: string[] = [];
  for (const path of paths) {
    const info = await lstat(path).catch(ignoreMissing);
    if (info?.isDirectory()) throw new UserError(`cannot write "${options.display(path)}": a folder of that name is in the way`);
    state.set(path, info !== undefined);
    if (info && !options.force) existing.push(options.display(path));
  }
  if (existing.length > 0) {
    throw new UserError(`${existing.join(', ')} ${existing.length === 1 ? 'exists' : 'exist'} already: nothing was written`, 'pass --force to overwrite (or --dry-run to see what would be written)');
  }
  return state;
}

/** `dir` is a folder, or the nearest existing ancestor is a folder we can create it in. */
async function checkFolder(dir: string, display: (p: string) => string): Promise<void> {
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
  const temps = new Map<string, string>();
  const placed: string[] = [];
  try {
    for (const dir of new Set(files.map((f) => dirname(f.path)))) createdDirs.push(...(await makeFolders(dir, options.display)));
    for (const file of files) temps.set(file.path, await writeTemp(file));
    for (const file of files) {
      await place(temps.get(file.path) as string, file.path, options);
      temps.delete(file.path);
      placed.push(file.path);
    }
  } catch (error) {
    await Promise.all([...temps.values()].map((t) => unlink(t).catch(() => undefined)));
    // Files this call created are ours to remove; with --force, replaced files keep their new content (each is whole).
    if (!options.force) await Promise.all(placed.map((p) => unlink(p).catch(() => undefined)));
    for (const dir of createdDirs.reverse()) await rmdir(dir).catch(() => undefined);
    if (error instanceof UserError) throw error;
    const at = (error as {path?: string}).path;
    throw new UserError(`cannot write${at ? ` "${options.display(at)}"` : ''}: ${describeErrno(error)}; nothing was written`);
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
    throw new UserError(`cannot create the folder "${display((error as {path?: string}).path ?? dir)}": ${describeErrno(error)}; nothing was written`);
  }
  return made;
}

async function writeTemp(file: PlannedFile): Promise<string> {
  const temp = join(dirname(file.path), `.${basename(file.path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  // Errors name the file the user asked for, not our temp name.
  const handle = await open(temp, 'wx', 0o666).catch((error: Error) => {
    throw Object.assign(error, {path: file.path});
  });
  try {
    // Keep an existing file's permissions when --force replaces it (open's mode is subject to the umask).
    const old = await stat(file.path).catch(ignoreMissing);
    if (old) await handle.chmod(old.mode & 0o7777);
    await handle.writeFile(file.content, 'utf8');
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw Object.assign(error as Error, {path: file.path});
  }
  await handle.close();
  return temp;
}

/** File systems without hard links answer `link` with one of these; there we fall back to check-then-rename. */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

async function place(temp: string, dest: string, options: WriteOptions): Promise<void> {
  if (options.force) return rename(temp, dest);
  try {
    await link(temp, dest);
    await unlink(temp);
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') throw new UserError(`"${options.display(dest)}" appeared while writing: nothing was written`, 'pass --force to overwrite');
    if (!NO_HARD_LINKS.has(code)) throw error;
  }
  if (await lstat(dest).catch(ignoreMissing)) throw new UserError(`"${options.display(dest)}" appeared while writing: nothing was written`, 'pass --force to overwrite');
  await rename(temp, dest);
}

/** Makes the renames durable. Best effort: not every platform can fsync a folder. */
async function syncFolder(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    await handle.sync().finally(() => handle.close());
  } catch {
    // ignored on purpose
  }
}

function ignoreMissing(error: unknown): undefined {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
  throw new UserError(`cannot check "${(error as {path?: string}).path ?? '?'}": ${describeErrno(error)}`);
}

const ERRNO_WORDS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ENOENT: 'the file system refused it (no such file or directory)',
  ENOTDIR: 'a part of the path is a file, not a folder',
  ENAMETOOLONG: 'the name is too long',
  EISDIR: 'it is a folder',
};

function describeErrno(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code && ERRNO_WORDS[code] ? `${ERRNO_WORDS[code]} (${code})` : (error as Error).message;
}

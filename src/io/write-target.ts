import {lstatSync, readlinkSync, realpathSync, statSync, type BigIntStats} from 'node:fs';
import {basename, dirname, join, resolve, sep} from 'node:path';

/**
 * What a path to be written names, decided before anything is written:
 * - `missing`: nothing there yet; a new file is created at `path`.
 * - `regular`: a regular file at `path` (symlinks resolved: the target is written, the link stays a link).
 * - `through`: a FIFO, a character device or a `/dev/stdout`-style link into /proc; it is opened and written, never
 *   replaced (replacing /dev/null with a file, or a `>> log` redirect with only the report, would destroy something).
 * - `no-folder`: the folder it would go in does not exist.
 * - `refused`: anything else (a folder, a block device, a socket, a dangling symlink); `why` says which.
 */
export type WriteTarget =
  | {kind: 'missing'; path: string}
  | {kind: 'regular'; path: string; stats: BigIntStats}
  | {kind: 'through'; path: string; what: string}
  | {kind: 'no-folder'; folder: string; code: string}
  | {kind: 'refused'; why: string; code?: string};

const MAX_LINKS = 40;

export function inspectWriteTarget(file: string): WriteTarget {
  let path = resolve(file);
  for (let hops = 0; hops <= MAX_LINKS; hops++) {
    // Folders along the way are resolved in one go; only the last name may still be a link to follow by hand.
    const parent = dirname(path);
    let folder: string;
    try {
      folder = realpathSync.native(parent);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code === 'ENOENT') return {kind: 'no-folder', folder: parent, code};
      return {kind: 'refused', why: code === 'ENOTDIR' ? `"${parent}" is not a folder` : errnoWords(error), code};
    }
    path = join(folder, basename(path));
    // /proc/<pid>/fd/N (reached from /dev/stdout, /dev/fd/N) is a magic link to an open file: a pipe, a terminal, or
    // the file a shell redirect opened — possibly with >>, whose earlier content a replacement would lose.
    if (path.startsWith(`${sep}proc${sep}`)) return throughProc(path);
    let info;
    try {
      info = lstatSync(path, {bigint: true});
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code !== 'ENOENT') return {kind: 'refused', why: errnoWords(error), code};
      // A link to nothing: writing would create a file wherever it points, which nobody asked for by name.
      return hops === 0 ? {kind: 'missing', path} : {kind: 'refused', why: 'it is a symbolic link to a file that does not exist'};
    }
    if (!info.isSymbolicLink()) return byType(path, info);
    path = resolve(folder, readlinkSync(path));
  }
  return {kind: 'refused', why: 'too many levels of symbolic links', code: 'ELOOP'};
}

function byType(path: string, info: BigIntStats): WriteTarget {
  if (info.isFile()) return {kind: 'regular', path, stats: info};
  if (info.isFIFO()) return {kind: 'through', path, what: 'a FIFO'};
  if (info.isCharacterDevice()) return {kind: 'through', path, what: 'a character device'};
  if (info.isDirectory()) return {kind: 'refused', why: 'it is a folder', code: 'EISDIR'};
  if (info.isBlockDevice()) return {kind: 'refused', why: 'it is a block device (a disk), which openwop never writes'};
  if (info.isSocket()) return {kind: 'refused', why: 'it is a socket, not a file'};
  return {kind: 'refused', why: 'it is not a regular file'};
}

function throughProc(path: string): WriteTarget {
  let info;
  try {
    info = statSync(path, {bigint: true});
  } catch (error) {
    return {kind: 'refused', why: errnoWords(error), code: (error as NodeJS.ErrnoException).code};
  }
  const typed = byType(path, info);
  return typed.kind === 'regular' ? {kind: 'through', path, what: 'an open file'} : typed;
}

const ERRNO_WORDS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ENOENT: 'no such file or folder',
  ENOTDIR: 'a part of the path is a file, not a folder',
  ENAMETOOLONG: 'the name is too long',
  EISDIR: 'it is a folder',
  ELOOP: 'too many levels of symbolic links',
  EIO: 'input/output error',
};

/** An errno in words a user can act on, with the code for searching; any other error keeps its own message. */
export function errnoWords(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code && ERRNO_WORDS[code] ? `${ERRNO_WORDS[code]} (${code})` : (error as Error).message;
}

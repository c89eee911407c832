import {readdirSync, realpathSync, statSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {inside, type ReadScope} from './read-scope.js';

export type Listed = {files: {name: string; path: string}[]} | {problem: string};

/**
 * The regular files directly in a folder (kind schemas, a folder recording), by name. The folder itself must not lead
 * outside every root (see ReadScope.escapes); a symbolic link in it that leads out of it is skipped, as a folder walk
 * skips one (unless --follow-symlinks), and so is anything not a regular file (a FIFO would block the read).
 */
export function listFolder(folder: string, scope: ReadScope): Listed {
  const dir = resolve(scope.cwd, folder);
  let tree: string;
  let entries;
  try {
    if (scope.escapes(dir)) return {problem: 'it leads outside the project root; it was not read (--ref-root DIR allows another folder)'};
    tree = realpathSync.native(dir);
    entries = readdirSync(dir, {withFileTypes: true});
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {problem: code === 'ENOENT' ? 'no such folder' : code === 'ENOTDIR' ? 'not a folder' : (error as Error).message};
  }
  const files: {name: string; path: string}[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = join(dir, entry.name);
    if (entry.isFile() || (entry.isSymbolicLink() && linkedFile(path, tree, scope.followSymlinks))) files.push({name: entry.name, path});
  }
  return {files};
}

function linkedFile(path: string, tree: string, follow: boolean): boolean {
  try {
    return (follow || inside(realpathSync.native(path), tree)) && statSync(path).isFile();
  } catch {
    return false; // dangling
  }
}

import {readdirSync, realpathSync, statSync} from 'node:fs';
import {isAbsolute, relative, resolve, sep} from 'node:path';
import picomatch from 'picomatch';
import {relativeToCwd} from '../report/paths.js';

/** `regular`: the expansion saw a regular file there, so a reader need not ask again (see readRegularFile). */
export type InputSource = {kind: 'file'; path: string; display: string; regular?: true} | {kind: 'stdin'; display: '<stdin>'};

export interface InputProblem {
  display: string;
  ruleId: 'io/not-found' | 'io/unreadable' | 'io/no-match';
  message: string;
}

export interface ExpandOptions {
  cwd: string;
  /** File endings picked up when walking a folder or matching a glob (explicit file paths are always taken). */
  extensions: readonly string[];
  /** Globs of paths to leave out, relative to `ignoreBase` (the config file's folder) or else to cwd. */
  ignore?: readonly string[];
  ignoreBase?: string;
}

export interface Expanded {
  sources: InputSource[];
  problems: InputProblem[];
}

const ALWAYS_SKIPPED = new Set(['node_modules', '.git']);
/** Tooling files that share the .json ending but are never envelopes, schemas or manifests; named explicitly they are still read. */
const NOT_CONTENT = new Set(['package.json', 'package-lock.json', 'npm-shrinkwrap.json', 'openwop.config.json', 'tsconfig.json', 'jsconfig.json']);

/** Resolves the PATHS argument of a command: files, folders (recursive), globs and `-` for stdin, each once. */
export async function expandInputs(args: readonly string[], options: ExpandOptions): Promise<Expanded> {
  const sources: InputSource[] = [];
  const problems: InputProblem[] = [];
  // One argument cannot name a file twice (a folder walk enters each real folder once): only several need the set.
  const seen = args.length > 1 ? new Set<string>() : undefined;
  const ignored = options.ignore?.length ? picomatch([...options.ignore], {dot: true}) : () => false;
  const add = (abs: string, display?: string, regular?: boolean) => {
    if (seen?.has(abs)) return;
    if (options.ignore?.length && ignored(relative(options.ignoreBase ?? options.cwd, abs).split(sep).join('/'))) return;
    seen?.add(abs);
    const source: InputSource = {kind: 'file', path: abs, display: display ?? displayPath(abs, options.cwd)};
    if (regular) source.regular = true;
    sources.push(source);
  };
  const wanted = (name: string) => options.extensions.some((ext) => name.endsWith(ext));

  for (const arg of args) {
    if (arg === '-') {
      if (!seen?.has('-')) sources.push({kind: 'stdin', display: '<stdin>'});
      seen?.add('-');
      continue;
    }
    const abs = resolve(options.cwd, arg);
    let info;
    try {
      info = statSync(abs);
    } catch (error) {
      if (picomatch.scan(arg).isGlob) {
        // The glob walker loads only when a pattern is given: a pre-commit hook passes plain paths.
        const {glob} = await import('tinyglobby');
        const matches = await glob(arg, {cwd: options.cwd, absolute: true, dot: false, ignore: ['**/node_modules/**', '**/.git/**']});
        const files = matches.filter((m) => wanted(m)).sort();
        if (files.length === 0) problems.push({display: arg, ruleId: 'io/no-match', message: `no files match the pattern "${arg}"`});
        for (const file of files) add(file);
        continue;
      }
      problems.push(statProblem(arg, error as NodeJS.ErrnoException));
      continue;
    }
    if (info.isDirectory()) {
      for (const file of walkFolder(abs, wanted, problems, options.cwd)) add(file.path, file.display, true);
    } else add(abs, undefined, info.isFile());
  }
  return {sources, problems};
}

/**
 * Synchronous on purpose, like the file reads that follow it: a folder of thousands of files spent more time in the
 * thread-pool hops of promise-based readdir/realpath/stat than in the calls themselves.
 */
function walkFolder(root: string, wanted: (name: string) => boolean, problems: InputProblem[], cwd: string): {path: string; display: string}[] {
  const files: {path: string; display: string}[] = [];
  // Real paths of folders already entered: a symlink pointing back up the tree is walked once, not forever.
  const visited = new Set<string>();
  const stack = [root];
  while (stack.length) {
    const dir = stack.pop() as string;
    let real: string;
    let entries;
    try {
      real = realpathSync.native(dir);
      if (visited.has(real)) continue;
      visited.add(real);
      entries = readdirSync(dir, {withFileTypes: true});
    } catch (error) {
      problems.push(statProblem(displayPath(dir, cwd), error as NodeJS.ErrnoException));
      continue;
    }
    const inFolder = childDisplay(dir, cwd);
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      // Hidden entries (.git, .openwoprc.json, editor folders) are not content either.
      if (ALWAYS_SKIPPED.has(entry.name) || entry.name.startsWith('.')) continue;
      // `dir` is already normalised and an entry name has no separator: what join() would give, without its normalising.
      const full = dir.endsWith(sep) ? dir + entry.name : dir + sep + entry.name;
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        try {
          const target = statSync(full);
          isDir = target.isDirectory();
          isFile = target.isFile();
        } catch {
          continue; // a dangling link is not an input
        }
      }
      if (isDir) stack.push(full);
      else if (isFile && wanted(entry.name) && !NOT_CONTENT.has(entry.name)) files.push({path: full, display: inFolder(full, entry.name)});
    }
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * {@link displayPath} for the entries of folder `dir`, from one relative path per folder rather than one per file (a
 * folder of thousands of files spent more time naming them than reading them).
 */
function childDisplay(dir: string, cwd: string): (abs: string, name: string) => string {
  const rel = relative(cwd, resolve(cwd, dir));
  if (rel === '') return (_abs, name) => name;
  const inside = rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
  const prefix = rel.split(sep).join('/') + '/';
  return inside ? (_abs, name) => prefix + name : (abs) => abs;
}

function statProblem(display: string, error: NodeJS.ErrnoException): InputProblem {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return {display, ruleId: 'io/not-found', message: `no such file or folder: ${display}`};
  if (error.code === 'ELOOP') return {display, ruleId: 'io/unreadable', message: `symbolic link loop: ${display}`};
  if (error.code === 'EACCES' || error.code === 'EPERM') return {display, ruleId: 'io/unreadable', message: `permission denied: ${display}`};
  return {display, ruleId: 'io/unreadable', message: `cannot read ${display}: ${error.message}`};
}

/** How findings name a file: relative to cwd with forward slashes when it is inside cwd, else its absolute path. */
export function displayPath(abs: string, cwd: string): string {
  return relativeToCwd(abs, cwd) ?? abs;
}

import {readdirSync, realpathSync, statSync, type Stats} from 'node:fs';
import {isAbsolute, relative, resolve, sep} from 'node:path';
import picomatch from 'picomatch';
import type {Finding} from '../core/finding.js';
import {relativeToCwd} from './paths.js';
import {UserError} from '../core/user-error.js';
import {ignoreTop, InputIgnores, type NamedPath} from './input-ignores.js';
import {fileFinding, notRegularMessage} from './read-file.js';
import {inside, outsideRoot, ReadScope} from './read-scope.js';

/**
 * `regular`: the expansion saw a regular file there, so a reader need not ask again (see readRegularFile).
 * `found`: reached by walking a folder or matching a glob rather than named, so a command may pass over a file that is
 * not its kind of content (lint schema does, see looksLikeSchema).
 * `stdin`: read from ReadOptions.stdin (default process.stdin); named `<stdin>`, or after a stream already read.
 * `stream`: a FIFO, device or process substitution (`<(cmd)`) named on the command line, read once, front to back, like
 * stdin: its size on disk says nothing.
 */
export type InputSource =
  {kind: 'file'; path: string; display: string; regular?: true; found?: true} | {kind: 'stdin'; display: string; name?: string} | {kind: 'stream'; path: string; display: string};

/** The file an input stands for: its path, or the name `--stdin-filename` gave stdin (undefined for a bare `-` or a stream). */
export function namedPath(source: InputSource): string | undefined {
  return source.kind === 'file' ? source.path : source.kind === 'stdin' ? source.name : undefined;
}

export interface InputProblem {
  display: string;
  /** io/* for what the io layer finds; a command may word a no-match its own way (pack/missing-manifest). */
  ruleId: string;
  message: string;
  /** io/ignored: a file named on the command line that an ignore pattern leaves out is reported, not checked. */
  severity?: 'warning';
  /** io/no-match of a folder that holds no file of the kind at all (rather than only ignored ones). */
  empty?: true;
}

/**
 * How the command line chose what to check, beyond PATHS: --ignore-pattern, --no-ignore,
 * --no-error-on-unmatched-pattern and --stdin-filename.
 */
export interface InputSelection {
  ignorePatterns?: readonly string[];
  noIgnore?: boolean;
  /** false: a path, glob or folder yielding nothing is a note (see Expanded.notes), not a problem. */
  errorOnUnmatched?: boolean;
  /** The file `-` stands for: its name in findings, and what kind detection, overrides and relative $refs go by. */
  stdinFilename?: string;
}

export interface ExpandOptions {
  cwd: string;
  /** File endings picked up when walking a folder or matching a glob (explicit file paths are always taken). */
  extensions: readonly string[];
  /** Globs of paths to leave out, relative to `ignoreBase` (the config file's folder) or else to cwd. */
  ignore?: readonly string[];
  ignoreBase?: string;
  /** Where inputs may lead (default: cwd is the only root, plus what `args` name outside it). */
  scope?: ReadScope;
  selection?: InputSelection;
  /** One of several expansions of a run (validate pack expands each argument on its own): the caller calls settleRun. */
  partOfRun?: true;
}

export interface Expanded {
  sources: InputSource[];
  problems: InputProblem[];
  /** What was left unmatched under --no-error-on-unmatched-pattern, for stderr. */
  notes: string[];
}

const ALWAYS_SKIPPED = new Set(['node_modules', '.git']);
/** Tooling files that share the .json ending but are never envelopes, schemas or manifests; named explicitly they are still read. */
export const NOT_CONTENT = new Set(['package.json', 'package-lock.json', 'npm-shrinkwrap.json', 'openwop.config.json', 'tsconfig.json', 'jsconfig.json']);

/**
 * Resolves the PATHS argument of a command: files, folders (recursive), globs and `-` for stdin, each once.
 * Nothing to check is a problem (io/no-match), as in ESLint: a glob or folder yielding no file of the command's kind,
 * or only ignored ones; a file named but ignored is an io/ignored warning and is not checked.
 */
export async function expandInputs(args: readonly string[], options: ExpandOptions): Promise<Expanded> {
  const sources: InputSource[] = [];
  const problems: InputProblem[] = [];
  const selection = options.selection ?? {};
  checkStdinFilename(args, selection);
  // One argument cannot name a file twice (a folder walk enters each real folder once): only several need the map.
  const seen = args.length > 1 ? new Map<string, InputSource | undefined>() : undefined;
  const scope = options.scope ?? new ReadScope({cwd: options.cwd});
  const ignores = new InputIgnores({config: options.ignore, configBase: options.ignoreBase, patterns: selection.ignorePatterns, off: selection.noIgnore}, scope);
  const add = (abs: string, display: string | undefined, kind: 'regular' | 'stream' | 'found') => {
    if (seen?.has(abs)) {
      // Named as well as found: named wins.
      const earlier = seen.get(abs);
      if (kind !== 'found' && earlier?.kind === 'file') delete earlier.found;
      return;
    }
    const name = display ?? displayPath(abs, options.cwd);
    const source: InputSource =
      kind === 'stream'
        ? {kind, path: abs, display: name}
        : kind === 'found'
          ? {kind: 'file', path: abs, display: name, regular: true, found: true}
          : {kind: 'file', path: abs, display: name, regular: true};
    seen?.set(abs, source);
    sources.push(source);
  };
  /** A file named on the command line (or by --stdin-filename) that an ignore pattern covers. */
  const namedIgnored = (abs: string, display: string): boolean => {
    const verdict = ignores.verdict(abs, false, undefined, {path: abs, isDir: false});
    if (verdict) problems.push({display, ruleId: 'io/ignored', severity: 'warning', message: `${display} is ignored by ${verdict.by}; it was not checked (--no-ignore checks it)`});
    return verdict !== undefined;
  };
  const wanted = (name: string) => options.extensions.some((ext) => name.endsWith(ext));
  const kinds = options.extensions.length > 1 ? `${options.extensions.slice(0, -1).join(', ')} or ${options.extensions.at(-1)}` : options.extensions.join('');
  for (const arg of args) scope.admit(arg);

  for (const arg of args) {
    if (arg === '-') {
      if (seen?.has('-')) continue;
      seen?.set('-', undefined);
      const named = selection.stdinFilename === undefined ? undefined : resolve(options.cwd, selection.stdinFilename);
      const display = named === undefined ? '<stdin>' : displayPath(named, options.cwd);
      if (named === undefined || !namedIgnored(named, display)) sources.push({kind: 'stdin', display, ...(named === undefined ? {} : {name: named})});
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
        const matches = await glob(arg, {cwd: options.cwd, absolute: true, dot: false, followSymbolicLinks: scope.followSymlinks, ignore: ['**/node_modules/**', '**/.git/**']});
        // Like a folder walk's files: regular files only, and (unless --follow-symlinks) none whose real path leaves every root.
        const files = matches.filter((m) => wanted(m) && isRegularFile(m) && (scope.followSymlinks || scope.refusal(m, m) === undefined)).sort();
        const kept = files.filter((m) => ignores.verdict(m, false) === undefined);
        if (files.length === 0) problems.push(noMatch(arg, `no files match the pattern "${arg}"`));
        else if (kept.length === 0) problems.push(noMatch(arg, `every file matching "${arg}" is ignored (--no-ignore checks them)`));
        for (const file of kept) add(file, undefined, 'found');
        continue;
      }
      problems.push(statProblem(arg, error as NodeJS.ErrnoException));
      continue;
    }
    const display = displayPath(abs, options.cwd);
    let tree: string | undefined;
    try {
      if (scope.escapes(abs)) {
        problems.push(outsideProblem(display, true));
        continue;
      }
      if (info.isDirectory()) tree = realpathSync.native(abs);
    } catch (error) {
      problems.push(statProblem(display, error as NodeJS.ErrnoException));
      continue;
    }
    if (tree !== undefined) {
      const named = {path: abs, isDir: true};
      const walk = {tree, follow: scope.followSymlinks, wanted, problems, cwd: options.cwd, ignores, top: ignoreTop(abs, scope, true), named, ignoredCount: 0};
      const folderIgnored = ignores.verdict(abs, true, walk.top, named);
      const files = folderIgnored ? [] : walkFolder(abs, walk);
      if (folderIgnored) problems.push(noMatch(display, `${display} is ignored by ${folderIgnored.by} (--no-ignore checks it)`));
      else if (files.length === 0 && walk.ignoredCount > 0) problems.push(noMatch(display, `every ${kinds} file in ${display} is ignored (--no-ignore checks them)`));
      else if (files.length === 0) problems.push({...noMatch(display, `${display} holds no ${kinds} file to check`), empty: true});
      for (const file of files) add(file.path, file.display, 'found');
    } else if (!namedIgnored(abs, display)) add(abs, display, info.isFile() ? 'regular' : 'stream');
  }
  for (const bad of ignores.unreadable) problems.push({...bad, severity: 'warning'});
  return options.partOfRun ? {sources, problems, notes: []} : settleRun(args, sources, problems, selection);
}

/**
 * What only the whole run can decide, once every argument is expanded: nothing left to check though every input was
 * read is io/no-match, and under --no-error-on-unmatched-pattern each io/no-match becomes a note.
 */
export function settleRun<S>(args: readonly string[], sources: S[], problems: InputProblem[], selection: InputSelection | undefined): {sources: S[]; problems: InputProblem[]; notes: string[]} {
  if (sources.length === 0 && args.length > 0 && problems.every((p) => p.severity === 'warning')) {
    problems.push(noMatch(args.join(' '), 'nothing to check: every file named is ignored (--no-ignore checks them)'));
  }
  if (selection?.errorOnUnmatched !== false) return {sources, problems, notes: []};
  const notes = problems.filter((p) => p.ruleId === 'io/no-match').map((p) => `${p.message}; nothing checked there (--no-error-on-unmatched-pattern)`);
  return {sources, problems: problems.filter((p) => p.ruleId !== 'io/no-match'), notes};
}

/** --stdin-filename names what `-` reads: without `-` among the inputs it is a usage error. */
export function checkStdinFilename(args: readonly string[], selection: InputSelection | undefined): void {
  if (selection?.stdinFilename !== undefined && !args.includes('-')) {
    throw new UserError('--stdin-filename names what - reads, and no - is among the inputs', 'add - to the paths, or drop --stdin-filename');
  }
}

/** An input problem that stops the run (exit 2): all but the io/ignored warnings. */
export function isFatalProblem(problem: InputProblem): boolean {
  return problem.severity !== 'warning';
}

/** The finding an input problem is reported as. */
export function problemFinding(problem: InputProblem): Finding {
  return {...fileFinding(problem.display, problem.ruleId, problem.message), ...(problem.severity ? {severity: problem.severity} : {})};
}

function noMatch(display: string, message: string): InputProblem {
  return {display, ruleId: 'io/no-match', message};
}

/**
 * A file a flag or the config names (`--capabilities FILE`, `--schema FILE`, config "capabilities", …). Named on the
 * command line it is read as inputs are: a regular file, or a stream (a FIFO, `<(cmd)`) read like stdin, and inside
 * the project not a link leading out of every root. Named by the config it is a reference: a regular file whose real
 * path lies in a root. A folder or a missing path is a problem too.
 */
export function fileSource(path: string, scope: ReadScope): Extract<InputSource, {path: string}> | InputProblem {
  const abs = resolve(scope.cwd, path);
  const display = displayPath(abs, scope.cwd);
  let info: Stats;
  try {
    info = statSync(abs);
    if (scope.escapes(abs)) return outsideProblem(display, scope.isNamed(abs));
  } catch (error) {
    return statProblem(display, error as NodeJS.ErrnoException);
  }
  if (info.isDirectory()) return {display, ruleId: 'io/unreadable', message: `${display} is a folder, not a file`};
  if (info.isFile()) return {kind: 'file', path: abs, display, regular: true};
  return scope.isNamed(abs) ? {kind: 'stream', path: abs, display} : {display, ruleId: 'io/not-regular', message: notRegularMessage(display)};
}

export function isInputProblem<T extends InputSource>(x: T | InputProblem): x is InputProblem {
  return 'ruleId' in x;
}

/** Named on the command line, only a link can lead it out (--follow-symlinks); named by the config, anything can. */
export function outsideProblem(display: string, named: boolean): InputProblem {
  const message = named ? `${display}: a symbolic link on the way leads outside the project root; it was not read (--follow-symlinks follows it)` : outsideRoot(display).finding.message;
  return {display, ruleId: 'io/outside-root', message};
}

/** A regular file, links followed; false when there is nothing there or it cannot be looked at. */
export function isRegularFile(path: string): boolean {
  try {
    return statSync(path, {throwIfNoEntry: false})?.isFile() ?? false;
  } catch {
    return false;
  }
}

interface Walk {
  /** Real path of the folder named: symbolic links leading out of it are not followed, unless `follow`. */
  tree: string;
  follow: boolean;
  wanted: (name: string) => boolean;
  problems: InputProblem[];
  cwd: string;
  ignores: InputIgnores;
  /** The highest folder whose ignore files apply (see ignoreTop). */
  top: string;
  /** The folder named on the command line: .gitignore rules that leave it out do not apply inside it. */
  named: NamedPath;
  /** Files of the wanted kind and folders left out by an ignore pattern: how an empty result is worded. */
  ignoredCount: number;
}

/**
 * Synchronous on purpose, like the file reads that follow it: a folder of thousands of files spent more time in the
 * thread-pool hops of promise-based readdir/realpath/stat than in the calls themselves.
 */
function walkFolder(root: string, walk: Walk): {path: string; display: string}[] {
  const {tree, follow, wanted, problems, cwd, ignores, top, named} = walk;
  const files: {path: string; display: string}[] = [];
  // Real paths of folders already entered: a symlink pointing back up the tree is walked once, not forever. A folder
  // reached through no link is its parent's real path plus its name: only the root and links cost a realpath call.
  const visited = new Set<string>();
  const stack: Folder[] = [{dir: root, real: tree, prefix: displayPrefix(root, cwd)}];
  while (stack.length) {
    const {dir, real, prefix} = stack.pop() as Folder;
    let entries;
    try {
      if (visited.has(real)) continue;
      visited.add(real);
      entries = readdirSync(dir, {withFileTypes: true});
    } catch (error) {
      problems.push(statProblem(displayPath(dir, cwd), error as NodeJS.ErrnoException));
      continue;
    }
    if (!ignores.off) ignores.listed(dir, entries);
    const verdict = ignores.off ? undefined : ignores.inFolder(dir, top, named);
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      // Hidden entries (.git, .openwoprc.json, editor folders) are not content either.
      if (ALWAYS_SKIPPED.has(entry.name) || entry.name.startsWith('.')) continue;
      // `dir` is already normalised and an entry name has no separator: what join() would give, without its normalising.
      const full = dir.endsWith(sep) ? dir + entry.name : dir + sep + entry.name;
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      let target: string | undefined;
      if (entry.isSymbolicLink()) {
        try {
          target = realpathSync.native(full);
          // As git and ripgrep do: a link out of the tree (to / or $HOME, say) is not followed, nor a file link read.
          if (!follow && !inside(target, tree)) continue;
          const stats = statSync(full);
          isDir = stats.isDirectory();
          isFile = stats.isFile();
        } catch {
          continue; // a dangling link is not an input
        }
      }
      // An ignored folder is not entered (as git: nothing below it can be re-included); it counts as ignored content,
      // unlooked-at, so a tree whose files all sit in ignored folders is worded as ignored, not as empty.
      if (isDir) {
        if (verdict?.(entry.name, true) === undefined)
          stack.push({
            dir: full,
            real: target ?? (real.endsWith(sep) ? real + entry.name : real + sep + entry.name),
            prefix: prefix === undefined ? displayPrefix(full, cwd) : `${prefix}${entry.name}/`,
          });
        else walk.ignoredCount++;
      } else if (isFile && wanted(entry.name) && !NOT_CONTENT.has(entry.name)) {
        if (verdict?.(entry.name, false) === undefined) files.push({path: full, display: prefix === undefined ? full : prefix + entry.name});
        else walk.ignoredCount++;
      }
    }
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** A folder to walk: its path, its real path and what its entries' display paths start with. */
interface Folder {
  dir: string;
  real: string;
  prefix: string | undefined;
}

/**
 * What {@link displayPath} puts before the names of folder `dir`'s entries, or undefined when they are shown whole
 * (outside cwd). Worked out for the folder named; a subfolder adds its name to its parent's (a folder of thousands of
 * files spent more time naming them than reading them, and a tree of thousands of folders likewise).
 */
function displayPrefix(dir: string, cwd: string): string | undefined {
  const rel = relative(cwd, resolve(cwd, dir));
  if (rel === '') return '';
  const inside = rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
  return inside ? rel.split(sep).join('/') + '/' : undefined;
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

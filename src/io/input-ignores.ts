import {existsSync} from 'node:fs';
import {basename, dirname, isAbsolute, join, relative, sep} from 'node:path';
import {createRequire} from 'node:module';
import type {Ignore} from 'ignore';
import picomatch from 'picomatch';
import {relativeToCwd} from './paths.js';
import {UserError} from '../core/user-error.js';
import {ignorePatternProblem, normaliseIgnorePattern} from './ignore-pattern-bound.js';
import {inside, type ReadScope} from './read-scope.js';

// Loaded when a pattern is first compiled: a run over named files in a project without .openwopignore compiles none.
const requireHere = createRequire(import.meta.url);
let factory: typeof import('ignore') | undefined;
const ignore = (): Ignore => (factory ??= requireHere('ignore') as typeof import('ignore'))();

/** The ignore files read in each folder a walk passes, as git reads .gitignore (a pattern is relative to its file's folder). */
export const IGNORE_FILES = ['.gitignore', '.openwopignore'] as const;

/**
 * Every path a walk meets is tested against every pattern, so an ignore file's size bounds a walk's cost: 64 KB and
 * 2,000 patterns are far past real ones (a 47,000-line file made a 0.5 s walk take 45 s). Past either, none apply.
 */
const MAX_IGNORE_FILE_BYTES = 64 * 1024;
const MAX_IGNORE_FILE_PATTERNS = 2000;

export interface IgnoreSettings {
  /** The config's "ignore" globs, relative to `configBase` (the config file's folder) or else cwd. */
  config?: readonly string[];
  configBase?: string;
  /** --ignore-pattern: gitignore syntax, relative to cwd (as ESLint's). */
  patterns?: readonly string[];
  /** --no-ignore: nothing is ignored, neither by the config, the flags nor the ignore files. */
  off?: boolean;
}

const CONFIG_IGNORE = `the config's "ignore"`;
const FLAG_IGNORE = '--ignore-pattern';

/** What leaves a path out (a config, a flag, an ignore file and its pattern), or undefined when nothing does. */
export type IgnoreVerdict = {by: string} | undefined;

/**
 * A path named on the command line. A .gitignore says what git does not track, not what must not be checked: its rules
 * that leave out the named path itself (or a folder above it) do not apply to it or inside it, as ripgrep searches a
 * path it is given. The config's "ignore", --ignore-pattern and .openwopignore are openwop's own and still apply.
 */
export interface NamedPath {
  path: string;
  isDir: boolean;
}

/**
 * Decides which inputs a run leaves out: the config's globs, --ignore-pattern and the .gitignore/.openwopignore files
 * of the folders from the project root (or the folder walked, when outside it) down to the path. Each folder's ignore
 * files are read once per run, through the read scope (a regular file in a root, within a size limit).
 */
export class InputIgnores {
  readonly off: boolean;
  private readonly chains = new Map<string, Rules[]>();
  private readonly files = new Map<string, Rules[]>();
  private lastChain: {dir: string; top: string; named: NamedPath | undefined; chain: Rules[]} | undefined;
  private readonly config: ((path: string) => boolean) | undefined;
  private readonly flags: Ignore | undefined;
  /** Ignore files that could not be read (a link out of the roots, too large) or patterns too costly: warned about once each, not applied. */
  readonly unreadable: {display: string; ruleId: string; message: string}[] = [];

  constructor(
    private readonly settings: IgnoreSettings,
    private readonly scope: ReadScope,
  ) {
    this.off = settings.off ?? false;
    // The config's globs were bounded when it was loaded (a pattern over the bound is a config error there).
    this.config = settings.config?.length ? picomatch(settings.config.map(normaliseIgnorePattern), {dot: true}) : undefined;
    this.flags = settings.patterns?.length ? ignore().add(settings.patterns.map(flagPattern)) : undefined;
  }

  /**
   * Why `abs` is ignored. `top` is the highest folder whose ignore files apply (default: {@link ignoreTop}).
   * A folder is tested with a trailing slash, so `build/` patterns match it.
   */
  verdict(abs: string, isDir: boolean, top = ignoreTop(abs, this.scope, isDir), named?: NamedPath): IgnoreVerdict {
    if (this.off) return undefined;
    const cwd = this.scope.cwd;
    if (this.config) {
      const rel = posix(relative(this.settings.configBase ?? cwd, abs));
      if (this.config(rel)) return {by: CONFIG_IGNORE};
    }
    if (this.flags) {
      const rel = relativeInside(cwd, abs, isDir);
      if (rel !== undefined && this.flags.ignores(rel)) return {by: FLAG_IGNORE};
    }
    return byFiles(this.prefixedChain(dirname(abs), top, named), basename(abs) + (isDir ? '/' : ''));
  }

  /**
   * {@link verdict} for the entries of folder `dir`, as a walk asks it of every file it meets: what depends on the
   * folder alone (the ignore files that apply, each one's path to the folder) is worked out once, and an entry's path
   * is that plus its name.
   */
  inFolder(dir: string, top: string, named: NamedPath | undefined): (name: string, isDir: boolean) => IgnoreVerdict {
    const {config, flags} = this;
    const cwd = this.scope.cwd;
    const configRel = config ? posix(relative(this.settings.configBase ?? cwd, dir)) : '';
    const configPrefix = configRel === '' ? '' : `${configRel}/`;
    const flagsPrefix = flags ? folderPrefix(cwd, dir) : undefined;
    // Worked out at the first entry asked about: a folder with none (only hidden ones) has its ignore files left unread.
    let chain: PrefixedRules[] | undefined;
    return (name, isDir) => {
      if (config?.(configPrefix + name)) return {by: CONFIG_IGNORE};
      const tail = isDir ? `${name}/` : name;
      if (flagsPrefix !== undefined && flags?.ignores(flagsPrefix + tail)) return {by: FLAG_IGNORE};
      chain ??= this.prefixedChain(dir, top, named);
      return chain.length === 0 ? undefined : byFiles(chain, tail);
    };
  }

  /**
   * A walk lists each folder before it asks about the folder's entries: an ignore file missing from the listing is
   * known to be absent without a lookup (one per ignore file name and folder: thousands in a large tree).
   */
  listed(folder: string, entries: readonly {name: string}[]): void {
    for (const name of IGNORE_FILES) {
      const path = join(folder, name);
      if (!this.files.has(path) && !entries.some((e) => e.name === name)) this.files.set(path, []);
    }
  }

  /** The ignore files that apply in `dir` (see {@link chain}), each with the path from its folder to `dir`. */
  private prefixedChain(dir: string, top: string, named: NamedPath | undefined): PrefixedRules[] {
    return this.chain(dir, top, named).map((rules) => ({rules, prefix: folderPrefix(rules.folder, dir) as string}));
  }

  /**
   * The ignore files that apply in `dir`, shallowest first: those of `top` and every folder down to `dir` (only
   * `dir`'s own when it is not inside `top`). Cached per folder, so a walk reads each file once and a file's verdict
   * tests only the ignore files that exist (most folders have none).
   */
  private chain(dir: string, top: string, named: NamedPath | undefined): Rules[] {
    // A walk asks for one folder's chain once per file in it, in a row.
    const last = this.lastChain;
    if (last?.dir === dir && last.top === top && last.named === named) return last.chain;
    const key = `${top}\u0000${dir}\u0000${named?.path ?? ''}`;
    let chain = this.chains.get(key);
    if (chain === undefined) {
      const parent = dirname(dir);
      const above = dir !== top && parent !== dir && inside(parent, top) ? this.chain(parent, top, named) : [];
      // A named file is checked whatever a .gitignore says (see NamedPath): its folders' .gitignore files are not even read.
      const own = !named ? this.rulesOf(dir) : named.isDir ? this.rulesOf(dir).flatMap((r) => (r.git && excludes(r, named) ? without(r, named) : [r])) : this.rulesOf(dir, false);
      chain = own.length ? [...above, ...own] : above;
      this.chains.set(key, chain);
    }
    this.lastChain = {dir, top, named, chain};
    return chain;
  }

  private rulesOf(folder: string, withGit = true): Rules[] {
    return IGNORE_FILES.flatMap((name) => (withGit || name !== '.gitignore' ? this.fileRules(folder, name) : []));
  }

  /** One ignore file's rules (none when it is absent, empty or unreadable), read once per run. */
  private fileRules(folder: string, name: (typeof IGNORE_FILES)[number]): Rules[] {
    const path = join(folder, name);
    let rules = this.files.get(path);
    if (rules === undefined) {
      const text = this.read(path);
      rules = text.trim() === '' ? [] : [{folder, file: displayOf(path, this.scope.cwd), git: name === '.gitignore', text, rules: ignore().add(text)}];
      this.files.set(path, rules);
    }
    return rules;
  }

  private read(abs: string): string {
    if (!existsSync(abs)) return '';
    const display = displayOf(abs, this.scope.cwd);
    const read = this.scope.readReference(abs, display, MAX_IGNORE_FILE_BYTES);
    if (read.ok) return this.bounded(read.bytes.toString('utf8'), display);
    if (read.reason !== 'missing')
      this.unreadable.push({display, ruleId: read.finding.ruleId, message: `${read.finding.message}; its ignore patterns were not applied (--no-ignore skips ignore files)`});
    return '';
  }

  /** The file's text with repeated `**` segments collapsed and each pattern too costly to match left out (warned about). */
  private bounded(text: string, display: string): string {
    const lines = text.split(/\r?\n/);
    const patterns = lines.filter((line) => line.trim() !== '' && !line.startsWith('#')).length;
    if (patterns > MAX_IGNORE_FILE_PATTERNS) {
      this.unreadable.push({
        display,
        ruleId: 'io/too-large',
        message: `${display} holds ${patterns} patterns, over the limit of ${MAX_IGNORE_FILE_PATTERNS}; its ignore patterns were not applied (--no-ignore skips ignore files)`,
      });
      return '';
    }
    return lines
      .map((line, i) => {
        if (line.startsWith('#')) return line;
        const pattern = normaliseIgnorePattern(line);
        const problem = ignorePatternProblem(pattern);
        if (problem === undefined) return pattern;
        this.unreadable.push({display, ruleId: 'io/ignore-pattern', message: `${display}:${i + 1}: the pattern was not applied: ${problem}`});
        return '';
      })
      .join('\n');
  }
}

/** An --ignore-pattern, normalised; one too costly to match is a usage error. */
function flagPattern(pattern: string): string {
  const normal = normaliseIgnorePattern(pattern);
  const problem = ignorePatternProblem(normal);
  if (problem !== undefined) throw new UserError(`--ignore-pattern "${pattern}": ${problem}`, 'write it with fewer * and ** (a/**/b matches what a/**/**/b does)');
  return normal;
}

/**
 * The highest folder whose ignore files apply to `abs`: the project root, or, outside it, the folder named (a file's
 * own folder), which is the root the command line gave it.
 */
export function ignoreTop(abs: string, scope: ReadScope, isDir = false): string {
  return inside(abs, scope.projectRoot) ? scope.projectRoot : isDir ? abs : dirname(abs);
}

/** One ignore file's patterns, and the folder they are relative to. */
interface Rules {
  folder: string;
  file: string;
  git: boolean;
  text: string;
  rules: Ignore;
}

/** Whether `rules` leave out the named path (a folder above it included). */
function excludes(rules: Rules, named: NamedPath): boolean {
  const rel = relativeInside(rules.folder, named.path, named.isDir);
  return rel !== undefined && rules.rules.test(rel).ignored;
}

/** `rules` less the patterns that, each alone, leave out the named path: the others still apply inside it. */
function without(rules: Rules, named: NamedPath): Rules[] {
  const rel = relativeInside(rules.folder, named.path, named.isDir) as string;
  const kept = rules.text.split(/\r?\n/).filter((line) => !ignore().add(line).test(rel).ignored);
  return kept.some((line) => line.trim() !== '' && !line.startsWith('#')) ? [{...rules, text: kept.join('\n'), rules: ignore().add(kept)}] : [];
}

/** An ignore file's rules, and the path from its folder to the folder whose entries are asked about (`a/b/`, or ''). */
interface PrefixedRules {
  rules: Rules;
  prefix: string;
}

/** Git's order: a deeper file's pattern, a negation (`!`) included, wins over a shallower one's. */
function byFiles(chain: readonly PrefixedRules[], tail: string): IgnoreVerdict {
  let verdict: IgnoreVerdict;
  for (const {rules, prefix} of chain) {
    const result = rules.rules.test(prefix + tail);
    if (result.ignored) verdict = {by: `${rules.file} ("${result.rule?.pattern ?? ''}")`};
    else if (result.unignored) verdict = undefined;
  }
  return verdict;
}

/** What an entry of `dir` has before its name, relative to `folder`: '' for `folder` itself, undefined outside it. */
function folderPrefix(folder: string, dir: string): string | undefined {
  return relative(folder, dir) === '' ? '' : relativeInside(folder, dir, true);
}

/** `abs` relative to `folder` in the form the ignore package takes (no leading ../), or undefined when outside it. */
function relativeInside(folder: string, abs: string, isDir: boolean): string | undefined {
  const rel = plainTail(folder, abs) ?? relative(folder, abs);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return undefined;
  return posix(rel) + (isDir ? '/' : '');
}

/**
 * What follows `folder` in `abs` when that is already what `relative` would give: asked for every file a walk meets,
 * and `relative` resolves and normalises both paths each time. Undefined when the rest is not plainly segments (a `.` or
 * `..` segment, an empty one, a `/` on Windows) or `abs` does not start with the folder, for `relative` to work out.
 */
function plainTail(folder: string, abs: string): string | undefined {
  const cut = folder.endsWith(sep) ? folder.length : folder.length + 1;
  if (!isAbsolute(folder) || !abs.startsWith(folder) || abs.charCodeAt(cut - 1) !== sep.charCodeAt(0)) return undefined;
  const rest = abs.slice(cut);
  return rest === '' || rest.startsWith(sep) || hasDotSegment(rest) || rest.includes(sep + sep) || rest.endsWith(sep) || (sep !== '/' && rest.includes('/')) ? undefined : rest;
}

/** Whether a segment of `path` is `.` or `..` (a name that merely starts with a dot, `.data`, is not). */
function hasDotSegment(path: string): boolean {
  for (let i = path.indexOf('.'); i !== -1; i = path.indexOf('.', i + 1)) {
    if (i > 0 && path[i - 1] !== sep) continue;
    const end = path[i + 1] === '.' ? i + 2 : i + 1;
    if (end === path.length || path[end] === sep) return true;
  }
  return false;
}

function posix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

function displayOf(abs: string, cwd: string): string {
  return relativeToCwd(abs, cwd) ?? abs;
}

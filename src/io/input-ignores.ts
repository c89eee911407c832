import {existsSync} from 'node:fs';
import {dirname, isAbsolute, join, relative, sep} from 'node:path';
import ignore, {type Ignore} from 'ignore';
import picomatch from 'picomatch';
import {relativeToCwd} from '../report/paths.js';
import type {ReadScope} from './read-scope.js';

/** The ignore files read in each folder a walk passes, as git reads .gitignore (a pattern is relative to its file's folder). */
export const IGNORE_FILES = ['.gitignore', '.openwopignore'] as const;

/** An ignore file is a list of patterns: far past any real one, and small enough that a huge file cannot slow a walk. */
const MAX_IGNORE_FILE_BYTES = 1024 * 1024;

export interface IgnoreSettings {
  /** The config's "ignore" globs, relative to `configBase` (the config file's folder) or else cwd. */
  config?: readonly string[];
  configBase?: string;
  /** --ignore-pattern: gitignore syntax, relative to cwd (as ESLint's). */
  patterns?: readonly string[];
  /** --no-ignore: nothing is ignored, neither by the config, the flags nor the ignore files. */
  off?: boolean;
}

/** What leaves a path out (a config, a flag, an ignore file and its pattern), or undefined when nothing does. */
export type IgnoreVerdict = {by: string} | undefined;

/**
 * Decides which inputs a run leaves out: the config's globs, --ignore-pattern and the .gitignore/.openwopignore files
 * of the folders from the project root (or the folder walked, when outside it) down to the path. Each folder's ignore
 * files are read once per run, through the read scope (a regular file in a root, within a size limit).
 */
export class InputIgnores {
  readonly off: boolean;
  private readonly folders = new Map<string, Ignore[]>();
  private readonly config: ((path: string) => boolean) | undefined;
  private readonly flags: Ignore | undefined;
  /** Ignore files that could not be read: a problem of the run, reported once each. */
  readonly unreadable: {display: string; message: string}[] = [];

  constructor(
    private readonly settings: IgnoreSettings,
    private readonly scope: ReadScope,
  ) {
    this.off = settings.off ?? false;
    this.config = settings.config?.length ? picomatch([...settings.config], {dot: true}) : undefined;
    this.flags = settings.patterns?.length ? ignore().add([...settings.patterns]) : undefined;
  }

  /**
   * Why `abs` is ignored. `top` is the highest folder whose ignore files apply (the project root when `abs` is in it).
   * A folder is tested with a trailing slash, so `build/` patterns match it.
   */
  verdict(abs: string, isDir: boolean, top: string): IgnoreVerdict {
    if (this.off) return undefined;
    const cwd = this.scope.cwd;
    if (this.config) {
      const rel = posix(relative(this.settings.configBase ?? cwd, abs));
      if (this.config(rel)) return {by: `the config's "ignore"`};
    }
    if (this.flags) {
      const rel = relativeInside(cwd, abs, isDir);
      if (rel !== undefined && this.flags.ignores(rel)) return {by: '--ignore-pattern'};
    }
    return this.byFiles(abs, isDir, top);
  }

  /** Git's order: a deeper file's pattern, a negation (`!`) included, wins over a shallower one's. */
  private byFiles(abs: string, isDir: boolean, top: string): IgnoreVerdict {
    let verdict: IgnoreVerdict;
    for (const folder of foldersDown(top, dirname(abs))) {
      const rel = relativeInside(folder, abs, isDir);
      if (rel === undefined) continue;
      for (const [i, rules] of this.rulesOf(folder).entries()) {
        const result = rules.test(rel);
        if (result.ignored) verdict = {by: `${displayOf(join(folder, IGNORE_FILES[i]), this.scope.cwd)} ("${result.rule?.pattern ?? rel}")`};
        else if (result.unignored) verdict = undefined;
      }
    }
    return verdict;
  }

  private rulesOf(folder: string): Ignore[] {
    let rules = this.folders.get(folder);
    if (rules === undefined) {
      rules = IGNORE_FILES.map((name) => ignore().add(this.read(join(folder, name))));
      this.folders.set(folder, rules);
    }
    return rules;
  }

  private read(abs: string): string {
    if (!existsSync(abs)) return '';
    const display = displayOf(abs, this.scope.cwd);
    const read = this.scope.readReference(abs, display, MAX_IGNORE_FILE_BYTES);
    if (read.ok) return read.bytes.toString('utf8');
    if (read.reason !== 'missing') this.unreadable.push({display, message: `${read.finding.message} (an ignore file; --no-ignore skips it)`});
    return '';
  }
}

/** `top`, then each folder below it down to `bottom` (only `bottom` when it is not inside `top`). */
function foldersDown(top: string, bottom: string): string[] {
  const rel = relative(top, bottom);
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return [bottom];
  const out = [top];
  let at = top;
  for (const part of rel === '' ? [] : rel.split(sep)) out.push((at = join(at, part)));
  return out;
}

/** `abs` relative to `folder` in the form the ignore package takes (no leading ../), or undefined when outside it. */
function relativeInside(folder: string, abs: string, isDir: boolean): string | undefined {
  const rel = relative(folder, abs);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return undefined;
  return posix(rel) + (isDir ? '/' : '');
}

function posix(path: string): string {
  return path.split(sep).join('/');
}

function displayOf(abs: string, cwd: string): string {
  return relativeToCwd(abs, cwd) ?? abs;
}

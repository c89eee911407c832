import {isAbsolute, relative, resolve, sep} from 'node:path';
import picomatch from 'picomatch';
import type {BaselineSection, PointerCounts} from './baseline-file.js';
import type {FileResult, Finding, Report} from '../core/finding.js';
import {isStdinName, isUrlName} from '../io/paths.js';

/**
 * Matching a run's findings against a baseline section. A finding's key is (file relative to the baseline's folder,
 * rule id, JSON pointer); each entry's count says how many findings with that key are known. Past the count the rest
 * are new, so a second copy of a known problem still fails the run. Only errors and warnings are baselined: an info
 * never fails a run, and hiding it would only lose information.
 *
 * Scope, as ESLint's suppressions and PHPStan's baseline do it: an entry says something about this run only when its
 * file was checked by it — a file the run reported on, or one under a path named on the command line. A run over one
 * pack neither calls the other packs' entries fixed nor drops them on --update-baseline.
 */
export interface BaselineScope {
  /** The baseline file's folder: file keys are relative to it. */
  folder: string;
  cwd: string;
  /** The paths named on the command line (files, folders, globs; `-` for stdin). */
  inputs: readonly string[];
  /** The folder a result's file stands for as a whole, if any (a pack.json for its pack): checked with it. */
  folderOf?: (resultFile: string) => string | undefined;
  /** Whether the run took the file at this absolute path (--shard leaves the other shards' files to them). */
  takes?: (path: string) => boolean;
}

export interface Baselined {
  report: Report;
  baselined: number;
  /** In-scope entries (counted per finding) that matched nothing this time: fixed, and dropped by --update-baseline. */
  fixed: number;
}

/** Moves the findings the section knows from each result's `findings` to its `baselined`; counts the fixed ones. */
export function applyBaseline(report: Report, section: BaselineSection, scope: BaselineScope): Baselined {
  const keys = new FileKeys(scope);
  const remaining = new Map<string, number>();
  for (const [file, rules] of section) for (const [rule, pointers] of rules) for (const [pointer, n] of pointers) remaining.set(entryKey(file, rule, pointer), n);
  let baselined = 0;
  let errors = 0;
  let warnings = 0;
  const results = report.results.map((result): FileResult => {
    const kept: Finding[] = [];
    const known: Finding[] = [];
    for (const f of result.findings) {
      const key = f.severity === 'info' ? undefined : entryKey(keys.of(f.file), f.ruleId, pointerKey(f));
      const left = key === undefined ? 0 : (remaining.get(key) ?? 0);
      if (left > 0) {
        remaining.set(key as string, left - 1);
        known.push(f);
        continue;
      }
      kept.push(f);
      if (f.severity === 'error') errors++;
      else if (f.severity === 'warning') warnings++;
    }
    baselined += known.length;
    return known.length > 0 ? {...result, findings: kept, baselined: known} : result;
  });
  const inScope = scopeTest(report, scope, keys);
  let fixed = 0;
  for (const [key, n] of remaining) if (n > 0 && inScope(key.slice(0, key.indexOf('\u0000')))) fixed += n;
  const summary = {...report.summary, errors, warnings, baselined, baselineFixed: fixed};
  return {report: {...report, results, summary}, baselined, fixed};
}

/**
 * What --update-baseline writes for this command: every error and warning of the run, plus the old entries of files
 * this run did not check (which it cannot know to be fixed).
 */
export function updatedSection(report: Report, old: BaselineSection | undefined, scope: BaselineScope): BaselineSection {
  const keys = new FileKeys(scope);
  const inScope = scopeTest(report, scope, keys);
  const section: BaselineSection = new Map();
  for (const [file, rules] of old ?? []) if (!inScope(file)) section.set(file, rules);
  for (const result of report.results) {
    for (const f of result.findings) {
      if (f.severity === 'info') continue;
      const file = keys.of(f.file);
      let rules = section.get(file);
      if (!rules) section.set(file, (rules = new Map<string, PointerCounts>()));
      let pointers: PointerCounts | undefined = rules.get(f.ruleId);
      if (!pointers) rules.set(f.ruleId, (pointers = new Map<string, number>()));
      const pointer = pointerKey(f);
      pointers.set(pointer, (pointers.get(pointer) ?? 0) + 1);
    }
  }
  return section;
}

/** A finding's pointer as the baseline records it: with its subject after a `#` where it has one (`/runtime#net.outbound`). */
function pointerKey(f: Finding): string {
  return f.subject === undefined ? f.pointer : `${f.pointer}#${f.subject}`;
}

function entryKey(file: string, rule: string, pointer: string): string {
  // NUL cannot occur in a path; rule ids and pointers come after it, so the file is everything before the first one.
  return `${file}\u0000${rule}\u0000${pointer}`;
}

/** A finding's file as the baseline names it; computed once per distinct name (a run may have 100k findings in one file). */
class FileKeys {
  private readonly cache = new Map<string, string>();
  constructor(private readonly scope: BaselineScope) {}

  of(file: string): string {
    let key = this.cache.get(file);
    if (key === undefined) this.cache.set(file, (key = this.compute(file)));
    return key;
  }

  /** The absolute path a key stands for, or undefined for names that are not paths. */
  pathOf(key: string): string | undefined {
    return isStdinName(key) || isUrlName(key) ? undefined : resolve(this.scope.folder, key);
  }

  private compute(file: string): string {
    if (isStdinName(file)) return '<stdin>';
    if (isUrlName(file)) return file;
    const rel = relative(this.scope.folder, resolve(this.scope.cwd, file));
    return (isAbsolute(rel) ? rel : rel.split(sep).join('/')) || '.';
  }
}

/** Whether a file key was checked by this run: reported on, or under a path named on the command line. */
function scopeTest(report: Report, scope: BaselineScope, keys: FileKeys): (fileKey: string) => boolean {
  const reported = new Set<string>();
  for (const r of report.results) {
    reported.add(keys.of(r.file));
    for (const f of r.findings) reported.add(keys.of(f.file));
  }
  const named = scope.inputs
    .filter((arg) => arg !== '-')
    .map((arg) => {
      const scan = picomatch.scan(arg);
      return scan.isGlob ? scan.base || '.' : arg;
    });
  const folders = scope.folderOf ? report.results.map((r) => scope.folderOf?.(r.file)).filter((f): f is string => f !== undefined) : [];
  const roots = [...named, ...folders].map((p) => resolve(scope.cwd, p));
  return (fileKey) => {
    if (reported.has(fileKey)) return true;
    const abs = keys.pathOf(fileKey);
    return abs !== undefined && roots.some((root) => abs === root || abs.startsWith(root.endsWith(sep) ? root : root + sep)) && (scope.takes?.(abs) ?? true);
  };
}

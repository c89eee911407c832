import {closeSync, existsSync, fstatSync, openSync, realpathSync, statSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {noteFileUsed} from '../io/files-used.js';
import {JsonDocument} from '../io/json-document.js';
import {ignorePatternProblem, normaliseIgnorePattern} from '../io/ignore-pattern-bound.js';
import {childPointer} from '../io/json-pointer.js';
import {mb, readFd} from '../io/read-file.js';
import {readWholeSource} from '../io/read-source.js';
import {inside, ReadScope, realPathOr} from '../io/read-scope.js';
import {OPEN_NONBLOCKING} from '../io/small-file.js';
import {closest} from '../report/suggest.js';
import {UserError} from '../core/user-error.js';
import {isRuleLevel, RULE_LEVELS, type RuleLevel} from '../core/severity.js';
import type {LoadedConfig, OpenwopConfig} from './types.js';
import {validateConfigShape, type ConfigProblem} from './validate.js';

/** Looked for in this order in each folder, from the working directory up to the project root. */
export const CONFIG_FILES = ['openwop.config.json', '.openwoprc.json', 'package.json'] as const;
/** Real config files are a few KB; this is also the smallest --max-size, so no command's limit is ever exceeded. */
const MAX_CONFIG_BYTES = 1024 * 1024;

export interface LoadConfigOptions {
  cwd: string;
  /** --config FILE: read as named (a FIFO or `<(cmd)` too), wherever it is. */
  explicitPath?: string;
  /** --ref-root: folders a discovered config file may be a symbolic link into; each must exist. */
  refRoots?: readonly string[];
  /** --input-timeout, for a --config FIFO. */
  inputTimeoutMs?: number;
  /** Every rule id any command reports: a config `rules` key outside it is an error. Not checked when absent. */
  knownRules?: () => Promise<readonly string[]>;
}

/** A config file, parsed once. */
interface Found {
  path: string;
  doc: JsonDocument;
  /** The config itself: the whole document, or a package.json's `openwop` key. */
  value: unknown;
  /** Where `value` lies in `doc`. */
  pointerBase: '' | '/openwop';
}

/**
 * Finds and reads the config. The search goes up from the working directory and stops at the project root: the first
 * folder holding a config file or `.git` (so a config above the repository is never read); without either, the
 * working directory is the root.
 */
export async function loadConfig(options: LoadConfigOptions): Promise<LoadedConfig> {
  checkRefRoots(options.refRoots ?? [], options.cwd);
  if (options.explicitPath) {
    const root = projectRoot(options.cwd);
    const path = resolve(options.cwd, options.explicitPath);
    const text = await readExplicit(options, root);
    return checkConfig(wholeDocument(path, text), root, options.knownRules);
  }
  const {root, found} = findProject(options.cwd, options.refRoots ?? [], false);
  return found ? checkConfig(found, root, options.knownRules) : {config: {}, baseDir: resolve(options.cwd), root};
}

/** --ref-root folders, each of which must exist: a mistyped one would silently widen nothing. */
function checkRefRoots(dirs: readonly string[], cwd: string): void {
  for (const dir of dirs) {
    let folder = false;
    try {
      folder = statSync(resolve(cwd, dir)).isDirectory();
    } catch {
      // reported below
    }
    if (!folder) throw new UserError(`--ref-root ${dir}: no such folder`);
  }
}

/**
 * The project root alone (for --config, and for library calls given no scope): a config file that could not be used
 * still marks its folder as the root, and is not an error here.
 */
export function projectRoot(cwd: string): string {
  return findProject(cwd, [], true).root;
}

/**
 * The project root, and the config file in it if any (a package.json counts only with an `openwop` key). `quiet`:
 * a candidate that cannot be used ends the search at its folder instead of throwing.
 */
function findProject(cwd: string, refRoots: readonly string[], quiet: boolean): {root: string; found?: Found} {
  const start = resolve(cwd);
  const linkRoots = refRoots.map((r) => realPathOr(resolve(cwd, r)));
  for (let dir = start; ; dir = dirname(dir)) {
    for (const name of CONFIG_FILES) {
      const path = join(dir, name);
      let found: Found | undefined;
      try {
        const text = readCandidate(path, dir, linkRoots);
        if (text === undefined) continue;
        found = name === 'package.json' ? openwopKey(wholeDocument(path, text)) : wholeDocument(path, text);
        if (!found) continue;
      } catch (error) {
        if (!quiet) throw error;
      }
      return {root: dir, found};
    }
    if (existsSync(join(dir, '.git'))) return {root: dir};
    if (dirname(dir) === dir) return {root: start};
  }
}

/**
 * A config file where the search looks; undefined when there is none (or a folder of that name). It must be a regular
 * file within the size limit whose real path stays in its folder or a --ref-root (`realRefRoots`: real paths): a
 * stranger's pull request must not make a link named openwop.config.json read a file elsewhere, nor a FIFO stop the run.
 */
function readCandidate(path: string, dir: string, realRefRoots: readonly string[]): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, OPEN_NONBLOCKING);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return undefined;
    throw new UserError(`cannot read config file ${path}: ${(error as Error).message}`);
  }
  try {
    const info = fstatSync(fd);
    if (info.isDirectory()) return undefined;
    if (!info.isFile()) throw new UserError(`config file ${path} is not a regular file (a FIFO, device or socket); it was not read`);
    const real = realpathSync.native(path);
    if (!inside(real, realPathOr(dir)) && !realRefRoots.some((root) => inside(real, root))) {
      throw new UserError(
        `config file ${path} is a symbolic link leading outside the project; it was not read`,
        'point --ref-root at the folder it leads to if that is intended, or give the file with --config',
      );
    }
    if (info.size > MAX_CONFIG_BYTES) throw new UserError(tooLarge(path, info.size));
    noteFileUsed(path);
    return readFd(fd, info.size).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * The config file in `dir` the search would stop at, by name, or undefined. Read as the search reads it (a regular file
 * inside the folder, within the size limit); one that cannot be read still counts, as a place nothing may be written
 * over — except a package.json, which is a config file only when it parses with an `openwop` key.
 */
export function configFileIn(dir: string): (typeof CONFIG_FILES)[number] | undefined {
  for (const name of CONFIG_FILES) {
    const path = join(dir, name);
    try {
      const text = readCandidate(path, dir, []);
      if (text !== undefined && (name !== 'package.json' || openwopKey(wholeDocument(path, text)))) return name;
    } catch {
      if (name !== 'package.json') return name;
    }
  }
  return undefined;
}

function wholeDocument(path: string, text: string): Found {
  const doc = parseOrThrow(text, path);
  return {path, doc, value: doc.value, pointerBase: ''};
}

/** A package.json is a config file only with an `openwop` key. */
function openwopKey({path, doc, value: pkg}: Found): Found | undefined {
  if (pkg === null || typeof pkg !== 'object' || Array.isArray(pkg) || !Object.hasOwn(pkg, 'openwop')) return undefined;
  return {path, doc, value: (pkg as Record<string, unknown>).openwop, pointerBase: '/openwop'};
}

/** --config FILE: a path named on the command line, read like any other (a regular file, or a stream such as <(cmd)). */
async function readExplicit(options: LoadConfigOptions, root: string): Promise<string> {
  const path = resolve(options.cwd, options.explicitPath as string);
  const scope = new ReadScope({cwd: options.cwd, projectRoot: root, refRoots: options.refRoots, named: [path], inputTimeoutMs: options.inputTimeoutMs});
  const read = await readWholeSource(path, scope, MAX_CONFIG_BYTES, path, (_d, size) => tooLarge(path, size));
  if (read.ok) return read.bytes.toString('utf8');
  if (read.reason === 'too-large') throw new UserError(read.finding.message);
  throw new UserError(`cannot read config file ${path}: ${read.finding.ruleId === 'io/not-found' ? 'no such file' : read.finding.message}`);
}

function tooLarge(path: string, size: number): string {
  return `config file ${path} is ${mb(size)} MB, over the ${mb(MAX_CONFIG_BYTES)} MB limit for a config file`;
}

function parseOrThrow(text: string, path: string): JsonDocument {
  const doc = JsonDocument.parse(text.replace(/^\uFEFF/, ''), {file: path});
  const broken = doc.problemFindings().find((f) => f.severity === 'error');
  if (broken) throw new UserError(`invalid config ${path}:${broken.line}:${broken.column}: ${broken.message}`);
  return doc;
}

/** The config, once its shape and rule ids are checked: a problem is thrown with its line and column. */
async function checkConfig({path, doc, value, pointerBase}: Found, root: string, knownRules: LoadConfigOptions['knownRules']): Promise<LoadedConfig> {
  const problem = (await validateConfigShape(value)) ?? costlyIgnore(value as OpenwopConfig) ?? (knownRules && (await unknownRule(value as OpenwopConfig, knownRules)));
  if (problem) {
    const at = doc.locate(pointerBase + problem.pointer);
    throw new UserError(`invalid config ${path}:${at.line}:${at.column}: ${problem.message}`, problem.hint);
  }
  return {config: value as OpenwopConfig, path, baseDir: dirname(path), root};
}

/**
 * A config glob ("ignore", overrides[].files) too costly to match is refused, as an ignore file's would be skipped (see
 * ignore-pattern-bound): a config can come with a pull request too.
 */
function costlyIgnore(config: OpenwopConfig): ConfigProblem | undefined {
  const globs: [string, string, string][] = (config.ignore ?? []).map((g, i) => [`/ignore/${i}`, '"ignore"', g]);
  config.overrides?.forEach((o, i) => o.files.forEach((g, j) => globs.push([`/overrides/${i}/files/${j}`, '"overrides" files', g])));
  for (const [pointer, what, glob] of globs) {
    const problem = ignorePatternProblem(normaliseIgnorePattern(glob));
    if (problem !== undefined) return {pointer, message: `${what} glob ${JSON.stringify(glob)}: ${problem}`, hint: 'write it with fewer * and ** (a/**/b matches what a/**/**/b does)'};
  }
  return undefined;
}

/**
 * Rule ids in `rules` and `overrides[].rules` must be ids some command reports (or `family/*`, or `*`): a misspelt id
 * would otherwise silently do nothing. The known ids are loaded only when the config sets a rule.
 */
async function unknownRule(config: OpenwopConfig, knownRules: () => Promise<readonly string[]>): Promise<ConfigProblem | undefined> {
  const sets: [string, Record<string, RuleLevel>][] = [];
  if (config.rules) sets.push(['/rules', config.rules]);
  config.overrides?.forEach((o, i) => o.rules && sets.push([`/overrides/${i}/rules`, o.rules]));
  if (!sets.some(([, rules]) => Object.keys(rules).length > 0)) return undefined;
  const known = await knownRules();
  for (const [pointer, rules] of sets) {
    const id = Object.keys(rules).find((k) => !isKnownRule(k, known));
    if (id !== undefined) return {pointer: childPointer(pointer, id), message: unknownRuleMessage(id, known), hint: RULE_IDS_HINT};
  }
  return undefined;
}

const RULE_IDS_HINT = "rule ids are those any command reports, or a family such as tier1/*; each command's --list-rules lists its own";

function unknownRuleMessage(id: string, known: readonly string[]): string {
  const suggestions = closest(id.endsWith('/*') ? id.slice(0, -1) : id, id.endsWith('/*') ? families(known) : known);
  return `unknown rule "${id}"${suggestions.length ? `; did you mean ${suggestions.join(', ')}?` : ''}`;
}

/** `tier1/*` for every `tier1/…` id: what a wildcard that matches nothing is compared with. */
function families(known: readonly string[]): string[] {
  return [...new Set(known.filter((k) => k.includes('/')).map((k) => `${k.slice(0, k.lastIndexOf('/'))}/*`))];
}

/** --rule ids, held to the same test as the config's: a misspelt one is a usage error (exit 2), not a silent no-op. */
export async function checkRuleFlags(rules: Record<string, RuleLevel>, knownRules: () => Promise<readonly string[]>): Promise<void> {
  const ids = Object.keys(rules);
  if (ids.length === 0) return;
  const known = await knownRules();
  const id = ids.find((k) => !isKnownRule(k, known));
  if (id !== undefined) throw new UserError(`--rule: ${unknownRuleMessage(id, known)}`, RULE_IDS_HINT);
}

function isKnownRule(id: string, known: readonly string[]): boolean {
  if (id === '*' || known.includes(id)) return true;
  return id.endsWith('/*') && known.some((k) => k.startsWith(id.slice(0, -1)));
}

/** `--rule tier1/max-depth=off` → {"tier1/max-depth": "off"}. */
export function parseRuleFlags(flags: readonly string[]): Record<string, RuleLevel> {
  const out = Object.create(null) as Record<string, RuleLevel>;
  for (const flag of flags) {
    const m = /^([^=\s]+)=([a-z]+)$/.exec(flag.trim());
    if (!m || !isRuleLevel(m[2])) throw new UserError(`invalid --rule "${flag}": expected RULE=${RULE_LEVELS.join('|')}, e.g. --rule tier1/max-depth=warn`);
    out[m[1]] = m[2];
  }
  return out;
}

import {resolve} from 'node:path';
import type {CheckOutcome} from '../report/outcome.js';
import type {OpenwopConfig} from '../config/types.js';
import {displayPath, expandInputs, type InputSelection, type InputSource, isFatalProblem, problemFinding} from '../io/inputs.js';
import {IO_RULE_DESCRIPTORS} from '../io/io-rules.js';
import {JsonDocument} from '../io/json-document.js';
import {DEFAULT_MAX_DOCUMENT_BYTES, readDocuments} from '../io/read-documents.js';
import {LineIndex} from '../io/line-index.js';
import {fileFinding, readJsonFile} from '../io/read-file.js';
import {READ_AHEAD_ITEMS, ReadAhead} from '../io/read-ahead.js';
import {ReadScope, type ReadScopeOptions} from '../io/read-scope.js';
import {FilePool, threadCount} from '../io/worker-pool.js';
import {type Shard, takeShard} from '../io/shard.js';
import {WriteError, writeFileSafely} from '../io/safe-write.js';
import {projectRoot} from '../config/load.js';
import type {FileResult, Finding} from '../core/finding.js';
import {defineRule, type Rule} from '../core/rule.js';
import {unifiedDiff} from './diff.js';
import {fetchRemoteRefs, fetchSchemaText} from './remote-refs.js';
import {ENGINE_RULES, lintSchemaDocument, prepareLint, type LintOptions, type PreparedLint} from './engine.js';
import {DEFAULT_MAX_FIX_PASSES, fixSchemaText} from './fixer.js';
import {resolveLintOptions, type LintCliFlags} from './options.js';
import {RULES} from './rules/index.js';
import {appendAll} from '../io/append-all.js';
import {looksLikeSchema} from './schema-shape.js';

export const SCHEMA_EXTENSIONS = ['.json'] as const;

export type FixMode = 'write' | 'dry-run';

export interface LintFileOptions extends LintOptions {
  /** `write`: apply every fix and write the file back (see writeBack); `dry-run`: compute the fixed text and report a diff. */
  fix?: FixMode;
  /** With `fix: 'write'`, rewrite read-only files too. */
  force?: boolean;
  maxFixPasses?: number;
  maxDocumentBytes?: number;
}

/** What `lint schema` adds to each result, next to `file` and `findings`. */
export interface LintFileResult extends FileResult {
  /** The envelope kind the schema was recognised as, and from what. */
  kind?: string;
  kindSource?: string;
  /** Fixes applied (with `fix: 'write'`) or that would be (`dry-run`). */
  fixed?: number;
  /** `dry-run` only: the unified diff of the fixes. */
  diff?: string;
}

interface SourceOutcome {
  result: LintFileResult;
  /** The file could not be read at all (exit 2). */
  fatal: boolean;
}

/** A file found in a folder or by a glob that is not a JSON Schema (see looksLikeSchema): not linted, only counted. */
const NOT_A_SCHEMA = 'not-a-schema';

/**
 * Lints one schema file (a path) or text (`{text, file}`; `file` names it in findings and places relative `$ref`s).
 * Read and parse problems come back as findings (json/syntax with line:col, io/empty, …), never as exceptions.
 * With `fix: 'write'` the file is rewritten atomically when a fix applies, and the findings are those left afterwards.
 */
export async function lintSchemaFile(input: string | {text: string; file: string}, options: LintFileOptions = {}): Promise<LintFileResult> {
  return (await lintOne(input, options)).result;
}

async function lintOne(input: string | {text: string; file: string}, options: LintFileOptions): Promise<SourceOutcome> {
  const cwd = options.cwd ?? process.cwd();
  if (typeof input !== 'string') {
    const text = input.text.replace(/^\uFEFF/, '');
    const settings = await withRemoteRefs(text, input.file, {...options, cwd});
    return {result: lintText(text, input.file, settings, prepareLint(settings), settings.path, undefined), fatal: false};
  }
  const abs = resolve(cwd, input);
  const settings = {...options, cwd};
  return lintFile(abs, displayPath(abs, cwd), {options: settings, lint: prepareLint(settings)});
}

/** How the files of a run are linted: their options, and the linter prepared from them. */
interface FileSettings {
  options: LintFileOptions & {cwd: string};
  lint: PreparedLint;
}

/** A file read, or the outcome that reports why it could not be read or decoded. */
type FileText = {text: string; bom: boolean; display: string} | {outcome: SourceOutcome};

/** A file read and parsed, what a lint starts from ({@link lintLoaded}); or the outcome of a file that could not be read. */
type LoadedFile = {text: string; bom: boolean; parsed: JsonDocument} | {outcome: SourceOutcome};

/** `regular`: the expansion saw a regular file at `abs` (see readJsonFile). */
function readText(abs: string, display: string, maxBytes: number, regular: boolean): FileText {
  const read = readJsonFile(abs, display, maxBytes, regular);
  if (!read.ok) return {outcome: {result: {file: display, findings: [read.finding]}, fatal: true}};
  const {text, problem} = read.decoded;
  if (problem) {
    const lines = new LineIndex(text);
    const at = lines.at(problem.offset);
    const end = lines.at(problem.offset + 1);
    const finding = {...fileFinding(display, problem.ruleId, problem.message), ...at, endLine: end.line, endColumn: end.column};
    return {outcome: {result: {file: display, findings: [finding]}, fatal: false}};
  }
  return {text, bom: read.bom, display};
}

/**
 * The one parse of a file: the shape check, remote refs, fixes and the lint all start from it. A file that does not
 * parse is linted too, so that its syntax error is reported.
 */
function parseText(read: FileText): LoadedFile {
  return 'outcome' in read ? read : {text: read.text, bom: read.bom, parsed: JsonDocument.parse(read.text, {file: read.display})};
}

/** The characters a file's text holds, for {@link ReadAhead}. */
function textChars(read: FileText): number {
  return 'text' in read ? read.text.length : 0;
}

/**
 * `abs` is the file's absolute path, `display` its name in findings, `regular` whether the expansion saw a regular file
 * there. Synchronous unless it fetches remote refs or writes fixes back: a folder of thousands of schemas would
 * otherwise wait a few event-loop turns per file.
 */
function lintFile(abs: string, display: string, settings: FileSettings, regular?: boolean): SourceOutcome | Promise<SourceOutcome>;
function lintFile(abs: string, display: string, settings: FileSettings, regular: boolean | undefined, onlySchema: boolean): SourceOutcome | typeof NOT_A_SCHEMA | Promise<SourceOutcome>;
function lintFile(abs: string, display: string, settings: FileSettings, regular?: boolean, onlySchema = false): SourceOutcome | typeof NOT_A_SCHEMA | Promise<SourceOutcome> {
  const read = readText(abs, display, settings.options.maxDocumentBytes ?? DEFAULT_MAX_DOCUMENT_BYTES, regular ?? false);
  return lintLoaded(abs, display, settings, parseText(read), onlySchema);
}

/** {@link lintFile} for a file already loaded; `onlySchema`: pass over the file when it is not a JSON Schema. */
function lintLoaded(abs: string, display: string, settings: FileSettings, loaded: LoadedFile, onlySchema: boolean): SourceOutcome | typeof NOT_A_SCHEMA | Promise<SourceOutcome> {
  if ('outcome' in loaded) return loaded.outcome;
  const {options} = settings;
  const {text, parsed} = loaded;
  if (onlySchema && parsed.parsed && !looksLikeSchema(parsed.value)) return NOT_A_SCHEMA;
  const target = {abs, bom: loaded.bom};
  if (options.allowRemoteRefs) {
    return withRemoteRefs(text, display, {...options, path: abs}, parsed).then((o) => writeBack(lintText(text, display, o, prepareLint(o), abs, target, parsed), abs, display, options.force));
  }
  return writeBack(lintText(text, display, options, settings.lint, abs, target, parsed), abs, display, options.force);
}

/**
 * Writes the fixed text over the file it came from (through a symlink: its target), keeping its owner, mode and hard
 * links; a read-only file only with `force`, anything but a regular file never (see writeFileSafely's `rewrite`).
 */
function writeBack(result: LintFileResult & {pendingWrite?: string}, abs: string, display: string, force: boolean | undefined): SourceOutcome | Promise<SourceOutcome> {
  if (!result.pendingWrite) return {result, fatal: false};
  const text = result.pendingWrite;
  delete result.pendingWrite;
  return writeFileSafely(abs, text, {mode: 'rewrite', force}).then(
    () => ({result, fatal: false}),
    (error: unknown) => {
      const why = error instanceof WriteError ? `${error.reason}${error.hint ? ` (${error.hint})` : ''}` : (error as Error).message;
      result.findings.unshift(fileFinding(display, 'io/unwritable', `could not write the fixes to ${display}: ${why}; the file is unchanged`));
      result.fixed = 0;
      return {result, fatal: true};
    },
  );
}

/** With --allow-remote-refs, fetches what the schema's http(s) `$ref`s name before the (synchronous) walk. */
async function withRemoteRefs<T extends LintFileOptions>(text: string, file: string, options: T, parsed?: JsonDocument): Promise<T> {
  if (!options.allowRemoteRefs || !/"\$ref"\s*:\s*"https?:/i.test(text)) return options;
  const doc = parsed ?? JsonDocument.parse(text, {file});
  if (!doc.parsed) return options;
  return {...options, remote: await fetchRemoteRefs(doc, fetchSchemaText)};
}

/**
 * `lint` is prepared from `options`; `path` is the file's absolute path (places its relative `$ref`s); `parsed`: `text`
 * already parsed, reused when no fix changed it.
 */
function lintText(
  text: string,
  file: string,
  options: LintFileOptions & {cwd: string},
  lint: PreparedLint,
  path: string | undefined,
  target: {abs: string; bom: boolean} | undefined,
  parsed?: JsonDocument,
): LintFileResult & {pendingWrite?: string} {
  const {fix, maxFixPasses} = options;
  let finalText = text;
  const extra: {fixed?: number; diff?: string; pendingWrite?: string; refused?: string} = {};
  if (fix) {
    const outcome = fixSchemaText(text, file, path === undefined ? options : {...options, path}, maxFixPasses ?? DEFAULT_MAX_FIX_PASSES);
    finalText = outcome.text;
    extra.fixed = outcome.fixed;
    if (outcome.refused) extra.refused = outcome.refused;
    if (finalText !== text) {
      if (fix === 'dry-run') extra.diff = unifiedDiff(text, finalText, file);
      else if (target) extra.pendingWrite = (target.bom ? '\uFEFF' : '') + finalText;
    }
  }
  const doc = parsed && finalText === text ? parsed : JsonDocument.parse(finalText, {file});
  // The options also carry `fix` and the read limit, which the engine ignores.
  const {findings, kind: detected} = lint(doc, path);
  if (fix === 'dry-run' && finalText !== text) placeOnDisk(findings, file, parsed ?? JsonDocument.parse(text, {file}));
  // When a parse error blocked fixing, that error already says why; otherwise say it.
  if (extra.refused && !findings.some((f) => f.ruleId.startsWith('json/') && f.severity === 'error')) {
    findings.unshift({ruleId: 'lint/not-fixed', severity: 'warning', message: extra.refused, file, pointer: '', line: 1, column: 1});
  }
  const result: LintFileResult & {pendingWrite?: string} = {file, findings};
  if (detected) {
    result.kind = detected.kind;
    result.kindSource = options.kind ? 'option' : detected.source;
  }
  if (extra.fixed !== undefined) result.fixed = extra.fixed;
  if (extra.diff) result.diff = extra.diff;
  if (extra.pendingWrite !== undefined) result.pendingWrite = extra.pendingWrite;
  return result;
}

/**
 * A dry run lints the fixed text, which is not on disk: each finding left in the file is placed again, by its pointer,
 * in the text as it is (where the fix would create its pointer, at the nearest part that exists). Its own fix, if any,
 * edits the fixed text and is dropped.
 */
function placeOnDisk(findings: Finding[], file: string, onDisk: JsonDocument): void {
  const own = findings.filter((f) => f.file === file);
  for (const f of own) delete f.fix;
  onDisk.placeAll(own);
}

// ---- many inputs, as the command runs them -----------------------------------------------------------------------

export interface LintInputsOptions {
  cwd: string;
  config?: OpenwopConfig;
  /** The config file's folder: `overrides[].files` globs are relative to it (default cwd). */
  configBaseDir?: string;
  cli?: LintCliFlags;
  fix?: FixMode;
  /** With `fix: 'write'`, rewrite read-only files too. */
  force?: boolean;
  maxDocumentBytes?: number;
  stdin?: AsyncIterable<Buffer | string>;
  /** Where inputs and the files their `$ref`s name may be read from (default: the project root found from cwd, and the folders PATHS name outside it). */
  scope?: ReadScope;
  /** Lint every .json file a folder or glob yields, not only those that look like JSON Schemas (see looksLikeSchema). */
  allJson?: boolean;
  /** --ignore-pattern, --no-ignore, --no-error-on-unmatched-pattern, --stdin-filename. */
  selection?: InputSelection;
  /** Attach each fixable finding's fix (SARIF carries them as `fixes`); the other formats do not show them. */
  withFixes?: boolean;
  /** --jobs: threads for the files (1: all on this thread; default: see threadCount). */
  jobs?: number;
  /** --shard: check only this part of the expanded files (see inShard); input problems are every shard's. */
  shard?: Shard;
  /** Takes each result as it completes, in report order; the outcome's `results` then hold none (a report written a file at a time). */
  onResult?: (result: LintFileResult) => void;
  /**
   * With `onResult`: the notes known before the first result (from the inputs and --shard), handed over before the check
   * so that they are not printed after a report already on its way; the outcome's notes then leave them out.
   */
  onNotes?: (notes: readonly string[]) => void;
}

export interface LintInputsOutcome extends CheckOutcome<LintFileResult> {
  summary: Record<string, unknown>;
  /** Config severities and per-glob overrides are already applied to each file's findings. */
  severitiesResolved: true;
}

/** Read and parse problems a lint result can carry besides rule findings. */
export const INPUT_RULES: readonly Rule[] = [
  ...IO_RULE_DESCRIPTORS,
  defineRule({
    id: 'io/unwritable',
    description: 'A fixed file could not be written back.',
    commands: ['lint schema'],
    explanation:
      'The fixes were computed but writing them failed (read-only file or folder, full disk, or the file changed during the run); the file is left as it was, never half-written. Make the file writable and run --fix again, or apply the diff --fix-dry-run prints.',
    examples: {invalid: ['openwop lint schema --fix schema.json with schema.json read-only'], valid: ['the same run with schema.json writable']},
  }),
  defineRule({
    id: 'lint/not-fixed',
    description: '--fix could not start or finish on this file.',
    severity: 'warning',
    commands: ['lint schema'],
    explanation:
      'Fixes are written back only to a regular file that parsed; stdin, a FIFO, or a fix that did not settle cannot be written, so the findings stand unfixed. Use --fix-dry-run to see the diff, or fix the file by hand.',
    examples: {invalid: ['cat schema.json | openwop lint schema --fix -'], valid: ['openwop lint schema --fix schema.json', 'cat schema.json | openwop lint schema --fix-dry-run -']},
  }),
  ...ENGINE_RULES,
];

/** Every rule `lint schema` may report (the lint rules' descriptors, then the input rules), for formatters and the rule catalog. */
export function lintRuleDescriptors(): Rule[] {
  return [...RULES.map((r) => r.meta), ...INPUT_RULES];
}

/**
 * `openwop lint schema` as a library call: expands PATHS (files, folders, globs, `-`), lints each, fixes if asked.
 * A file a folder or glob yields is linted only when it looks like a JSON Schema (unless `allJson`); those passed over
 * are counted in `summary.skipped`. A file named is always linted.
 */
export async function lintSchemaInputs(paths: readonly string[], options: LintInputsOptions): Promise<LintInputsOutcome> {
  const {cwd} = options;
  const scope = options.scope ?? new ReadScope({cwd, projectRoot: projectRoot(cwd), named: paths, maxBytes: options.maxDocumentBytes});
  options = {...options, scope};
  const expanded = await expandInputs(paths, {
    cwd,
    extensions: SCHEMA_EXTENSIONS,
    ignore: options.config?.ignore,
    ignoreBase: options.configBaseDir,
    scope,
    selection: options.selection,
  });
  const {problems} = expanded;
  const {items: sources, notes: shardNotes} = takeShard(expanded.sources, options.shard, scope.projectRoot, (s) => s);
  const notes = [...expanded.notes, ...shardNotes];
  options.onNotes?.(notes);
  const results: LintFileResult[] = [];
  const add = options.onResult ?? ((result: LintFileResult) => results.push(result));
  for (const p of problems) add({file: p.display, findings: [problemFinding(p)]});
  let isFatal = problems.some(isFatalProblem);
  let fixed = 0;
  let skipped = 0;
  const seen = new Set<string>();
  const settingsFor = fileSettings(options);
  const pool = lintPool(sources, options, scope);
  const ahead = readAhead(sources, options);
  try {
    for (let i = 0; i < sources.length; i++) {
      const source = sources[i];
      const pending =
        source.kind !== 'file'
          ? lintStdin(source, options)
          : pool
            ? pool.next()
            : lintLoaded(source.path, source.display, settingsFor(source.path), ahead.take(i), Boolean(source.found) && !options.allJson);
      const outcome = pending instanceof Promise ? await pending : pending;
      if (outcome === NOT_A_SCHEMA) {
        skipped++;
        continue;
      }
      addByFile(add, outcome.result, seen);
      fixed += outcome.result.fixed ?? 0;
      isFatal ||= outcome.fatal;
    }
  } finally {
    await pool?.close();
  }
  return {results, fatal: isFatal, summary: options.fix ? {skipped, fixed} : {skipped}, severitiesResolved: true, notes: options.onNotes ? [] : notes};
}

/**
 * The run's files as this thread lints them: read, then parsed, a stretch ahead of their lint (see ReadAhead). A file
 * is therefore read before the results of up to 63 files ahead of it are out, and a streamed result waits for its
 * stretch to be read. With `--fix` each file is read just before it is fixed: the one before it has been written back
 * (two paths can name one file, through a link, and the second must see the first's fixes).
 */
function readAhead(sources: readonly InputSource[], options: LintInputsOptions): ReadAhead<FileText, LoadedFile> {
  const maxBytes = options.maxDocumentBytes ?? DEFAULT_MAX_DOCUMENT_BYTES;
  const read = (i: number) => {
    const source = sources[i];
    return source.kind === 'file' ? readText(source.path, source.display, maxBytes, source.regular ?? false) : undefined;
  };
  return new ReadAhead(sources.length, read, textChars, parseText, options.fix === 'write' ? 1 : READ_AHEAD_ITEMS);
}

/**
 * A schema takes ≈ 50 µs to lint (the registry's, one thread), so half of them go to a worker only when that saves more
 * than the worker's start: a few thousand files (notes/jobs22.md has the estimate and what was measured).
 */
const LINT_PARALLEL_MIN_FILES = 4000;

/** A file a worker thread lints: what the main thread's loop passes lintFile. */
interface LintItem {
  path: string;
  display: string;
  regular: boolean;
  onlySchema: boolean;
}

/** What every worker thread lints with: the run's options without what cannot cross threads (the scope is rebuilt). */
interface LintWorkerSetup {
  options: Omit<LintInputsOptions, 'scope' | 'stdin' | 'selection' | 'onResult' | 'onNotes'>;
  scope: ReadScopeOptions;
}

/**
 * The run's files on worker threads and this one (see threadCount), or undefined to lint them here; stdin always stays
 * here. `--fix` always runs on one thread: a fixed file may be what other files `$ref`, and on several threads they
 * could read it before or after its fix, so the report would depend on timing.
 */
function lintPool(sources: readonly InputSource[], options: LintInputsOptions, scope: ReadScope): FilePool<LintItem, SourceOutcome | typeof NOT_A_SCHEMA> | undefined {
  if (options.fix === 'write') return undefined;
  const files = sources.filter((s) => s.kind === 'file');
  const threads = threadCount(options.jobs, files.length, LINT_PARALLEL_MIN_FILES);
  if (threads < 2) return undefined;
  const {scope: _scope, stdin: _stdin, selection: _selection, onResult: _onResult, onNotes: _onNotes, ...rest} = options;
  const setup: LintWorkerSetup = {options: rest, scope: scope.options()};
  const items = files.map((s): LintItem => ({path: s.path, display: s.display, regular: s.regular ?? false, onlySchema: Boolean(s.found) && !options.allJson}));
  return new FilePool('lint', setup, items, threads, (item) => item.display, lintWorkerTask(setup));
}

/** A worker thread's side of {@link lintPool}: each file linted (and fixed) as the main thread's loop would. */
export function lintWorkerTask(setup: LintWorkerSetup): (item: LintItem) => SourceOutcome | typeof NOT_A_SCHEMA | Promise<SourceOutcome> {
  const settingsFor = fileSettings({...setup.options, scope: new ReadScope(setup.scope)});
  return (item) => lintFile(item.path, item.display, settingsFor(item.path), item.regular, item.onlySchema);
}

/**
 * Adds a file's result to the run's. Findings inside files reached through `$ref` get a result of their own after the
 * linted file's, so every formatter shows them under the right name; a finding already reported in this run (two
 * schemas sharing a referenced file) is not repeated.
 */
function addByFile(add: (result: LintFileResult) => void, result: LintFileResult, seen: Set<string>): void {
  if (!result.findings.some((f) => f.file !== result.file)) {
    add(result);
    return;
  }
  const own: Finding[] = [];
  const others = new Map<string, Finding[]>();
  for (const f of result.findings) {
    if (f.file === result.file) {
      own.push(f);
      continue;
    }
    const key = `${f.ruleId}\u0000${f.file}\u0000${f.pointer}\u0000${f.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const list = others.get(f.file) ?? [];
    list.push(f);
    others.set(f.file, list);
  }
  add({...result, findings: own});
  for (const [file, findings] of others) add({file, findings, referencedBy: result.file});
}

/** How each file is linted: config, its overrides for that file, and the flags; resolved once when no override can apply. */
function fileSettings(options: LintInputsOptions): (path: string) => FileSettings {
  const baseDir = options.configBaseDir ?? options.cwd;
  const settings = (path: string): FileSettings => {
    // Keys added to the resolved object, not spread into a copy: a spread with added keys gets a new hidden class on
    // every run, and the per-file code that reads these options was de-optimised on each.
    const resolved: LintFileOptions & {cwd: string} = Object.assign(resolveLintOptions(options.config, path, options.cli, baseDir), {
      cwd: options.cwd,
      fix: options.fix,
      force: options.force,
      maxDocumentBytes: options.maxDocumentBytes,
      scope: options.scope,
      withFixes: options.withFixes,
    });
    return {options: resolved, lint: prepareLint(resolved)};
  };
  if (options.config?.overrides?.length) return settings;
  let shared: FileSettings;
  return (path) => (shared ??= settings(path));
}

/**
 * stdin, or a FIFO named on the command line: one schema (or an NDJSON stream of them); relative $refs resolve against
 * the working directory (a named FIFO's folder).
 */
async function lintStdin(source: InputSource, options: LintInputsOptions): Promise<SourceOutcome> {
  // --stdin-filename: the name stdin stands for picks the overrides and is where its relative $refs start.
  const named = source.kind === 'stdin' ? source.name : undefined;
  const resolved = resolveLintOptions(options.config, named ?? '-', options.cli, options.configBaseDir ?? options.cwd);
  const findings: Finding[] = [];
  const result: LintFileResult = {file: source.display, findings};
  let isFatal = false;
  const path = source.kind === 'stdin' ? (named ?? resolve(options.cwd, '<stdin>')) : source.path;
  for await (const event of readDocuments(source, {stdin: options.stdin, maxDocumentBytes: options.maxDocumentBytes, inputTimeoutMs: options.scope?.inputTimeoutMs})) {
    if (event.type === 'problem') {
      findings.push(event.finding);
      isFatal ||= Boolean(event.fatal);
      continue;
    }
    if (options.fix === 'write' && !findings.some((f) => f.ruleId === 'lint/not-fixed')) {
      const into = source.kind === 'stdin' ? 'stdin' : `${source.display}, which is not a regular file`;
      findings.push({
        ruleId: 'lint/not-fixed',
        severity: 'warning',
        message: `--fix cannot write back to ${into}; use --fix-dry-run to see the diff`,
        file: source.display,
        pointer: '',
        line: 1,
        column: 1,
      });
    }
    if (event.mode === 'document') {
      // One document of a stream is not the file's text: its fix offsets would point elsewhere, so only a whole document offers fixes.
      const settings = {...resolved, cwd: options.cwd, path, scope: options.scope, fix: options.fix === 'dry-run' ? ('dry-run' as const) : undefined, withFixes: options.withFixes};
      const withRefs = await withRemoteRefs(event.doc.text, source.display, settings, event.doc);
      const one = lintText(event.doc.text, source.display, withRefs, prepareLint(withRefs), withRefs.path, undefined, event.doc);
      appendAll(findings, one.findings);
      for (const k of ['kind', 'kindSource', 'fixed', 'diff'] as const) if (one[k] !== undefined) (result as Record<string, unknown>)[k] = one[k];
    } else appendAll(findings, lintSchemaDocument(event.doc, {...resolved, cwd: options.cwd, path, scope: options.scope}));
  }
  return {result, fatal: isFatal};
}

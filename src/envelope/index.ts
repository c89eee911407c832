import {projectRoot} from '../config/load.js';
import {appendAll} from '../io/append-all.js';
import {expandInputs, type InputSelection, type InputSource, isFatalProblem, problemFinding} from '../io/inputs.js';
import {IO_RULE_DESCRIPTORS} from '../io/io-rules.js';
import {ReadScope, type ReadScopeOptions} from '../io/read-scope.js';
import {FilePool, threadCount} from '../io/worker-pool.js';
import {type Shard, takeShard} from '../io/shard.js';
import type {Finding} from '../core/finding.js';
import type {Rule} from '../core/rule.js';
import type {FormatContext} from '../report/format-context.js';
import type {CheckOutcome} from '../report/outcome.js';
import {UserError} from '../core/user-error.js';
import {PATTERN_UNSUPPORTED_RULE} from '../schemas/index.js';
import type {EnvelopeRunContext} from './context.js';
import {DEFAULT_MAX_FINDINGS_PER_RULE} from './finding-sink.js';
import {FOXCTL_RULES} from './foxctl/rules.js';
import {type HostProfile, loadHostProfile} from './host.js';
import {KindSchemas} from './kind-schemas.js';
import {ENVELOPE_RULES} from './openwop/rules.js';
import {createProgress, NO_PROGRESS} from './progress.js';
import {envelopeSummaryRenderer} from './render-summary.js';
import {addTally, emptyTally, type EnvelopeTally} from './tally.js';
import {type EnvelopeFileResult, type Protocol, type SourceOptions, type SourceOutcome, validateEnvelopeSource} from './validate-source.js';

export type {HostProfile} from './host.js';
export type {EnvelopeTally} from './tally.js';
export type {EnvelopeFileResult, Protocol} from './validate-source.js';
export {hostProfile} from './host.js';
export {GENERATION as STREAM_STATE_GENERATION} from './openwop/stream-state.js';
export {findSecrets, maskSecrets} from '../report/secrets.js';

export type EnvelopeMajor = 'auto' | 1 | 2;

export const ENVELOPE_EXTENSIONS = ['.json', '.ndjson', '.jsonl'] as const;

export interface ValidateEnvelopeOptions {
  cwd: string;
  ignore?: string[];
  /** The folder the "ignore" globs are relative to (the config file's), as for lint schema and validate pack. */
  ignoreBase?: string;
  protocol?: Protocol;
  /** Checks as the strictest host would: unknown kinds, naming and foxctl drift are errors. */
  strict?: boolean;
  /** Folders of `<kind>.schema.json` payload schemas (relative to cwd). */
  schemaDirs?: string[];
  /** A capabilities document (file path relative to cwd, or http(s) URL). */
  capabilities?: string;
  /** `capabilities` already loaded: a language server fetches a capabilities URL once per config, not per keystroke. */
  hostProfile?: HostProfile;
  /**
   * The protocol major of the envelopes (default auto: the capabilities document's major, else 1). An envelope names no
   * major of its own (its top level is closed in both), so the host it is for decides. An explicit major also asks a
   * capabilities URL for that major's document.
   */
  major?: EnvelopeMajor;
  /** Inputs are bare payloads of this kind. */
  kind?: string;
  maxDocumentBytes?: number;
  maxFindingsPerRule?: number;
  stdin?: AsyncIterable<Buffer | string>;
  /** Show a spinner on this stream when it is a TTY and the run is long. */
  progress?: NodeJS.WritableStream & {isTTY?: boolean};
  /**
   * Where inputs, kind schemas and the capabilities file may be read from (default: the project root found from cwd,
   * and what `paths`, `schemaDirs` and `capabilities` name outside it).
   */
  scope?: ReadScope;
  /** --ignore-pattern, --no-ignore, --no-error-on-unmatched-pattern, --stdin-filename. */
  selection?: InputSelection;
  /** --jobs: threads for the files (1: all on this thread; default: see threadCount). */
  jobs?: number;
  /** --shard: check only this part of the expanded files (see inShard); input problems are every shard's. */
  shard?: Shard;
}

export interface ValidateEnvelopeOutcome extends CheckOutcome<EnvelopeFileResult> {
  summary: EnvelopeTally & {protocol: Protocol; strict: boolean; major: 1 | 2; capabilities?: string};
  renderExtras: NonNullable<FormatContext['renderExtras']>;
  renderSummaryExtras: NonNullable<FormatContext['renderSummaryExtras']>;
}

export const ENVELOPE_RULE_LIST: readonly Rule[] = [...Object.values(ENVELOPE_RULES), ...Object.values(FOXCTL_RULES), ...IO_RULE_DESCRIPTORS, PATTERN_UNSUPPORTED_RULE];

/** `openwop validate envelope` as a library call: every input, in order, with per-input and per-run tallies. */
export async function validateEnvelopeInputs(paths: readonly string[], options: ValidateEnvelopeOptions): Promise<ValidateEnvelopeOutcome> {
  const protocol = options.protocol ?? 'auto';
  const scope =
    options.scope ??
    new ReadScope({
      cwd: options.cwd,
      projectRoot: projectRoot(options.cwd),
      named: [...paths, ...(options.schemaDirs ?? []), ...(options.capabilities ? [options.capabilities] : [])],
      maxBytes: options.maxDocumentBytes,
    });
  const run = await runContext(options, scope);
  if (options.kind !== undefined) {
    if (protocol === 'foxctl') throw new UserError('--kind checks bare OpenWOP payloads; it cannot be combined with --protocol foxctl');
    if (!run.kinds.has(options.kind)) throw new UserError(`no payload schema for kind "${options.kind}"`, 'Give a folder holding <kind>.schema.json with --schemas DIR.');
  }
  const expanded = await expandInputs(paths, {
    cwd: options.cwd,
    extensions: ENVELOPE_EXTENSIONS,
    ignore: options.ignore,
    ignoreBase: options.ignoreBase,
    scope,
    selection: options.selection,
  });
  const {problems} = expanded;
  const {items: sources, notes: shardNotes} = takeShard(expanded.sources, options.shard, scope.projectRoot, (s) => s);
  const notes = [...expanded.notes, ...shardNotes];
  const results: EnvelopeFileResult[] = problems.map((p) => ({
    file: p.display,
    findings: [problemFinding(p)],
    ...emptyTally(),
  }));
  let fatal = problems.some(isFatalProblem);
  const total = emptyTally();
  const progress = options.progress === undefined ? NO_PROGRESS : createProgress(options.progress, true);
  const sourceOptions = {
    protocol,
    kind: options.kind,
    maxDocumentBytes: options.maxDocumentBytes,
    maxFindingsPerRule: options.maxFindingsPerRule ?? DEFAULT_MAX_FINDINGS_PER_RULE,
    inputTimeoutMs: scope.inputTimeoutMs,
  };
  const pool = envelopePool(sources, options, run, scope, sourceOptions);
  const refusals = new RefusalLog();
  try {
    for (const source of sources) {
      const before = total.envelopes;
      let outcome: SourceOutcome;
      if (pool && source.kind === 'file') {
        const checked = await pool.next();
        refusals.add(checked.refusals);
        outcome = checked;
        progress.tick(before + outcome.result.envelopes, source.display);
      } else {
        outcome = await validateEnvelopeSource(source, {...sourceOptions, run, stdin: options.stdin, onProgress: (n) => progress.tick(before + n, source.display)});
        refusals.add(run.kinds.schemaFindings());
      }
      results.push(outcome.result);
      addTally(total, outcome.result);
      fatal ||= outcome.fatal;
    }
  } finally {
    progress.stop();
    await pool?.close();
  }
  results.unshift(...kindSchemaResults(refusals.findings));
  return {
    results,
    fatal,
    summary: {...total, protocol, strict: run.strict, major: run.major, ...(run.host ? {capabilities: run.host.origin} : {})},
    ...envelopeSummaryRenderer(total, results),
    notes,
  };
}

/** A result per user kind schema the run had something to say about (a refused pattern), marked `kindSchema`. */
function kindSchemaResults(findings: readonly Finding[]): EnvelopeFileResult[] {
  const byFile = new Map<string, EnvelopeFileResult>();
  for (const finding of findings) {
    let result = byFile.get(finding.file);
    if (!result) byFile.set(finding.file, (result = {file: finding.file, findings: [], kindSchema: true, ...emptyTally()}));
    result.findings.push(finding);
  }
  return [...byFile.values()];
}

/**
 * The kind schemas' findings in the order one thread would have found them. A schema is compiled on first use by each
 * thread that needs it, so worker threads may each report the same refusal: taken in input order, a schema file's
 * findings count once, from the first file that needed it, as on one thread.
 */
class RefusalLog {
  readonly findings: Finding[] = [];
  private readonly files = new Set<string>();

  /** `found`: every finding a thread has made so far (its KindSchemas' list), or one file's new ones. */
  add(found: readonly Finding[]): void {
    const fresh = found.filter((f) => !this.files.has(f.file));
    for (const f of fresh) this.files.add(f.file);
    appendAll(this.findings, fresh);
  }
}

/** A small envelope file costs about what a schema does to lint; a long stream more (one file is never split). */
const ENVELOPE_PARALLEL_MIN_FILES = 2000;

type EnvelopeSourceOptions = Omit<SourceOptions, 'run' | 'stdin' | 'onProgress'>;

/** What every worker thread validates with: the run context without its KindSchemas (rebuilt there), the scope as options. */
interface EnvelopeWorkerSetup {
  source: EnvelopeSourceOptions;
  strict: boolean;
  major: EnvelopeRunContext['major'];
  host?: HostProfile;
  schemaDirs: string[];
  scope: ReadScopeOptions;
}

type EnvelopeWorkerOutcome = SourceOutcome & {refusals: Finding[]};

/** The run's files on worker threads and this one (see threadCount), or undefined to validate them here; stdin and FIFOs stay here. */
function envelopePool(
  sources: readonly InputSource[],
  options: ValidateEnvelopeOptions,
  run: EnvelopeRunContext,
  scope: ReadScope,
  source: EnvelopeSourceOptions,
): FilePool<InputSource, EnvelopeWorkerOutcome> | undefined {
  const files: InputSource[] = sources.filter((s) => s.kind === 'file');
  const threads = threadCount(options.jobs, files.length, ENVELOPE_PARALLEL_MIN_FILES);
  if (threads < 2) return undefined;
  const setup: EnvelopeWorkerSetup = {source, strict: run.strict, major: run.major, host: run.host, schemaDirs: options.schemaDirs ?? [], scope: scope.options()};
  return new FilePool('envelope', setup, files, threads, (item) => item.display, envelopeWorkerTask(setup));
}

/** A worker thread's side of {@link envelopePool}: each file validated as the main thread's loop would, with the kind schemas' new findings. */
export function envelopeWorkerTask(setup: EnvelopeWorkerSetup): (item: InputSource) => Promise<EnvelopeWorkerOutcome> {
  const scope = new ReadScope(setup.scope);
  const run: EnvelopeRunContext = {strict: setup.strict, major: setup.major, host: setup.host, kinds: KindSchemas.fromFolders(setup.schemaDirs, scope)};
  let reported = 0;
  return async (item) => {
    const outcome = await validateEnvelopeSource(item, {...setup.source, run});
    const found = run.kinds.schemaFindings();
    const refusals = found.slice(reported);
    reported = found.length;
    return {...outcome, refusals};
  };
}

async function runContext(options: ValidateEnvelopeOptions, scope: ReadScope): Promise<EnvelopeRunContext> {
  const asked = options.major === 'auto' ? undefined : options.major;
  const host = options.hostProfile ?? (options.capabilities === undefined ? undefined : await loadHostProfile(options.capabilities, options.cwd, scope, asked));
  return {
    strict: options.strict ?? false,
    major: asked ?? host?.major ?? 1,
    kinds: KindSchemas.fromFolders(options.schemaDirs ?? [], scope),
    host,
  };
}

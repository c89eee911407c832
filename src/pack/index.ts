import {projectRoot} from '../config/load.js';
import type {OpenwopConfig} from '../config/types.js';
import type {CheckOutcome} from '../report/outcome.js';
import {DEFAULT_MAX_DOCUMENT_BYTES, readDocuments} from '../io/read-documents.js';
import {mb} from '../io/read-file.js';
import {type InputSelection, isFatalProblem, problemFinding} from '../io/inputs.js';
import {ReadScope, type ReadScopeOptions} from '../io/read-scope.js';
import {FilePool, threadCount} from '../io/worker-pool.js';
import {type Shard, takeShard} from '../io/shard.js';
import type {FileResult, Finding} from '../core/finding.js';
import type {FormatContext} from '../report/format-context.js';
import {checkManifest, type ManifestCheck, type ManifestCheckOptions, type PackResult, type SchemaLinter} from './check-manifest.js';
import {type ManifestInput, resolvePackInputs} from './inputs.js';
import {createSchemaLinter, type LintSchemasScope} from './lint-schemas.js';
import {readJsonDocument} from './read-json-file.js';
import {renderPackExtras} from './render.js';
import {PACK_RULES} from './rules.js';

export {classifyEnvelopeType, VENDOR_KIND} from './envelope-types.js';
export {evaluateGate, isCovered, parseGrant, type GateResult, type RequirementUnmet} from './gate.js';
export {PACK_KINDS} from './manifest.js';
export {LINT_SCHEMAS_SCOPES, LLM_SCHEMA_FIELDS, type LintSchemasScope} from './lint-schemas.js';
export {envelopePayloadPath} from './file-refs.js';
export {PACK_RULE_LIST, PACK_RULES} from './rules.js';
export {scanPackCode, undeclaredUses, type PackScan, type PackUse, type ScanProblem} from './scan/index.js';
export {scanJavaScript} from './scan/javascript.js';
export {scanPython} from './scan/python.js';
export {RUNTIME_TOKENS, type RuntimeToken, suggestToken, tokensForBuiltin} from './tokens.js';
export type {PackResult};
export {renderPackExtras} from './render.js';

/** Where the registry serves pack schemas; a schema's `$id` is `<idBase>/<pack>/<version>/<file>`. */
export const DEFAULT_PACK_ID_BASE = 'https://packs.openwop.dev';

export interface ValidatePackOptions {
  cwd: string;
  ignore?: string[];
  /** Folder the ignore globs are relative to (the config file's); default cwd. */
  ignoreBase?: string;
  /** Primitives the simulated sandbox host grants; undefined runs no gate. */
  grant?: readonly string[];
  /** Default {@link DEFAULT_PACK_ID_BASE}; config `packs.idBase`. */
  idBase?: string;
  /** Largest manifest or referenced JSON file read, in bytes. */
  maxDocumentBytes?: number;
  /** Lint the referenced schemas (--lint-schemas) with the lint settings of this config: those a model emits (scope `llm`, the default) or all. */
  lintSchemas?: {config: OpenwopConfig; baseDir: string; scope?: LintSchemasScope};
  stdin?: AsyncIterable<Buffer | string>;
  /** Where manifests (and, with lintSchemas, their schemas' $refs) may be read from (default: the project root found from cwd, and what `paths` name outside it). */
  scope?: ReadScope;
  /** --ignore-pattern, --no-ignore, --no-error-on-unmatched-pattern, --stdin-filename. */
  selection?: InputSelection;
  /** --jobs: threads for the manifest files (1: all on this thread; default: see threadCount). */
  jobs?: number;
  /** --shard: check only this part of the manifests (see inShard); input problems are every shard's. */
  shard?: Shard;
  /** Takes each result as it completes, in report order; the outcome's `results` then hold none (a report written a file at a time). */
  onResult?: (result: FileResult) => void;
  /**
   * With `onResult`: the notes known before the first result (from the inputs and --shard), handed over before the check
   * so that they are not printed after a report already on its way; the outcome's notes then leave them out.
   */
  onNotes?: (notes: readonly string[]) => void;
}

export interface ValidatePackOutcome extends CheckOutcome {
  summary: Record<string, unknown>;
  renderExtras: NonNullable<FormatContext['renderExtras']>;
}

/** `openwop validate pack` as a library call: every manifest the inputs name, in order. */
export async function validatePackInputs(paths: readonly string[], options: ValidatePackOptions): Promise<ValidatePackOutcome> {
  const maxBytes = options.maxDocumentBytes ?? DEFAULT_MAX_DOCUMENT_BYTES;
  const scope = options.scope ?? new ReadScope({cwd: options.cwd, projectRoot: projectRoot(options.cwd), named: paths, maxBytes});
  const inputs = await resolvePackInputs(paths, {cwd: options.cwd, ignore: options.ignore, ignoreBase: options.ignoreBase, scope, selection: options.selection});
  const {items: manifests, notes: shardNotes} = takeShard(inputs.manifests, options.shard, scope.projectRoot, (m) => m.source);
  const notes = [...inputs.notes, ...shardNotes];
  options.onNotes?.(notes);
  const results: FileResult[] = [];
  const tally = packTally(options.grant);
  const take = (result: FileResult) => {
    tally.add(result);
    if (options.onResult) options.onResult(result);
    else results.push(result);
  };
  for (const p of inputs.problems) take({file: p.display, findings: [problemFinding(p)]});
  let fatal = inputs.problems.some(isFatalProblem);
  let lint: {linter: SchemaLinter} | undefined;
  if (options.lintSchemas) lint = await createSchemaLinter(options.lintSchemas.config, options.lintSchemas.baseDir, scope, options.lintSchemas.scope ?? 'llm');
  const manifestOptions = {cwd: options.cwd, idBase: options.idBase ?? DEFAULT_PACK_ID_BASE, maxBytes, grant: options.grant};
  /** Adds the manifest's result; with --lint-schemas, what linting the schema files it names will add (one result each). */
  const add = ({result, schemas}: ManifestCheck): Promise<FileResult[]> | undefined => {
    take(result);
    return lint && schemas.length > 0 ? lint.linter(schemas, result.pack) : undefined;
  };

  const pool = packPool(manifests, options, scope, manifestOptions);
  try {
    for (const input of manifests) {
      if (input.source.kind === 'file') {
        const checked = pool ? await pool.next() : await checkManifestFile(input, input.source, manifestOptions, lint?.linter);
        for (const result of checked.results) take(result);
        fatal ||= checked.fatal;
        continue;
      }
      for await (const event of readDocuments(input.source, {maxDocumentBytes: maxBytes, stdin: options.stdin, inputTimeoutMs: scope.inputTimeoutMs})) {
        if (event.type === 'problem') {
          take(emptyResult(input.source.display, manifestSizeFinding(event.finding, maxBytes)));
          fatal ||= Boolean(event.fatal);
          continue;
        }
        const linted = add(checkManifest(event.doc, input, manifestOptions));
        if (linted) for (const result of await linted) take(result);
      }
    }
  } finally {
    await pool?.close();
  }
  return {results, fatal, summary: tally.summary(), renderExtras: renderPackExtras, notes: options.onNotes ? [] : notes};
}

interface ManifestOutcome {
  /** The manifest's result, then (with --lint-schemas) one per schema it names. */
  results: FileResult[];
  fatal: boolean;
}

/** A pack.json on disk: read, checked, and its schemas linted when asked. */
async function checkManifestFile(input: ManifestInput, source: {path: string; display: string}, manifestOptions: ManifestCheckOptions, linter: SchemaLinter | undefined): Promise<ManifestOutcome> {
  const read = readJsonDocument(source.path, source.display, manifestOptions.maxBytes, 'a pack manifest');
  if ('reason' in read) return {results: [emptyResult(source.display, read.finding)], fatal: read.fatal};
  const {result, schemas} = checkManifest(read.doc, input, manifestOptions);
  return {results: linter && schemas.length > 0 ? [result, ...(await linter(schemas, result.pack))] : [result], fatal: false};
}

/** A manifest takes ≈ 1 ms (its files read, its code scanned): a worker's start is paid back from a couple of hundred. */
const PACK_PARALLEL_MIN_FILES = 200;

/** A manifest a worker thread checks; `display` names it should the worker fail. */
interface PackItem {
  input: ManifestInput;
  display: string;
}

/** What every worker thread checks manifests with (the scope is rebuilt there from its options). */
interface PackWorkerSetup {
  manifestOptions: ManifestCheckOptions;
  lintSchemas?: {config: OpenwopConfig; baseDir: string; scope: LintSchemasScope};
  scope: ReadScopeOptions;
}

/** The run's manifest files on worker threads and this one (see threadCount), or undefined to check them here; stdin stays here. */
function packPool(manifests: readonly ManifestInput[], options: ValidatePackOptions, scope: ReadScope, manifestOptions: ManifestCheckOptions): FilePool<PackItem, ManifestOutcome> | undefined {
  const files = manifests.filter((m) => m.source.kind === 'file');
  const threads = threadCount(options.jobs, files.length, PACK_PARALLEL_MIN_FILES);
  if (threads < 2) return undefined;
  const lintSchemas = options.lintSchemas && {...options.lintSchemas, scope: options.lintSchemas.scope ?? 'llm'};
  const setup: PackWorkerSetup = {manifestOptions, lintSchemas, scope: scope.options()};
  const items = files.map((input) => ({input, display: input.source.display}));
  return new FilePool('pack', setup, items, threads, (item) => item.display, packWorkerTask(setup));
}

/** A worker thread's side of {@link packPool}: each manifest checked as the main thread's loop would. */
export function packWorkerTask(setup: PackWorkerSetup): (item: PackItem) => Promise<ManifestOutcome> {
  const scope = new ReadScope(setup.scope);
  const lint = setup.lintSchemas && createSchemaLinter(setup.lintSchemas.config, setup.lintSchemas.baseDir, scope, setup.lintSchemas.scope);
  return async ({input}) => {
    if (input.source.kind !== 'file') throw new Error('a worker thread checks manifest files only');
    return checkManifestFile(input, input.source, setup.manifestOptions, (await lint)?.linter);
  };
}

function emptyResult(file: string, finding: Finding): PackResult {
  return {file, findings: [finding], pack: null, kind: null, protocolMajor: null, nodes: 0, contents: {}, requires: [], gate: null};
}

/** For stdin: the io layer's size message suggests NDJSON streaming, which means nothing for a manifest. */
function manifestSizeFinding(finding: Finding, maxBytes: number): Finding {
  if (finding.ruleId !== 'io/too-large') return finding;
  const size = /is ([\d.]+) MB/.exec(finding.message)?.[1];
  return {...finding, message: `${finding.file} is ${size ?? 'over'} MB, over the ${mb(maxBytes)} MB limit for a pack manifest (real ones are a few KB); raise it with --max-size if this is intended`};
}

/** The run's pack counts, from each result as it comes (a streamed run keeps none). */
function packTally(grant: readonly string[] | undefined): {add: (result: FileResult) => void; summary: () => Record<string, unknown>} {
  let packs = 0;
  let valid = 0;
  let installs = 0;
  let refused = 0;
  return {
    add(result) {
      if (!('gate' in result)) return;
      const pack = result as PackResult;
      packs++;
      // A valid manifest the simulated host refuses is still valid: the gate has its own tally.
      if (!pack.findings.some((f) => f.severity === 'error' && f.ruleId !== PACK_RULES.requirementUnmet.id)) valid++;
      if (pack.gate) {
        if (pack.gate.installs) installs++;
        else refused++;
      }
    },
    summary() {
      const summary: Record<string, unknown> = {packs, valid, invalid: packs - valid};
      if (grant !== undefined) summary.gate = {granted: [...grant], installs, refused};
      return summary;
    },
  };
}

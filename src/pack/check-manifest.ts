import {dirname} from 'node:path';
import type {JsonDocument} from '../io/json-document.js';
import {namedPath} from '../io/inputs.js';
import type {FileResult, Finding} from '../core/finding.js';
import {checkFiles, type LoadedSchema} from './check-files.js';
import {checkDuplicateIds} from './duplicate-ids.js';
import {checkEnvelopeTypes} from './envelope-types.js';
import {collectFileRefs} from './file-refs.js';
import {evaluateGate, type GateResult} from './gate.js';
import type {ManifestInput} from './inputs.js';
import {checkManifestShape} from './manifest.js';
import {isObject, type JsonObject} from '../core/json.js';
import {PACK_RULES} from './rules.js';
import {checkRegistryGates} from './registry-gates.js';
import {checkSchemaIds} from './schema-ids.js';
import {scannable, scanPackCode, undeclaredUses, type PackScan, type PackUse, type ScanProblem} from './scan/index.js';
import {isRuntimeToken, REACHING_TOKENS, RUNTIME_TOKENS, tokensForBuiltin} from './tokens.js';
import {appendAll} from '../io/append-all.js';

/** One manifest's result: the findings plus what `validate pack` reports about the pack (its JSON result fields). */
export interface PackResult extends FileResult {
  /** `name@version`, or null when either is missing. */
  pack: string | null;
  /** The manifest kind (absent `kind` = node), or null when unknown or not a manifest. */
  kind: string | null;
  /** The protocol major whose schema judged it (the lowest major engines.openwop admits), or null when not a manifest. */
  protocolMajor: number | null;
  /** Number of node types (`nodes`) the pack contributes. */
  nodes: number;
  /** How many entries each list of the manifest holds: {nodes, agents} or {chains}, {prompts}, … */
  contents: Record<string, number>;
  /** `runtime.requires` as declared; absent reads as []. */
  requires: string[];
  /** The simulated install gate (`--grant`), or null when none was asked for. */
  gate: GateResult | null;
}

/** Lints the parsed node schemas of one pack; injected so the lint engine loads only under --lint-schemas. */
export type SchemaLinter = (schemas: readonly LoadedSchema[], pack: string | null) => Promise<FileResult[]>;

export interface ManifestCheckOptions {
  cwd: string;
  idBase: string;
  maxBytes: number;
  /** Primitives the simulated host grants; undefined: no gate simulation. */
  grant?: readonly string[];
}

const CONTENT_LISTS = ['nodes', 'agents', 'chains', 'prompts', 'templates', 'artifactTypes', 'cards'];

/** What checking one manifest gives: its result, and the node schemas it names that parsed (for --lint-schemas). */
export interface ManifestCheck {
  result: PackResult;
  schemas: readonly LoadedSchema[];
}

/**
 * Every check of one parsed manifest. Synchronous (the files it names are small and read in place): linting the
 * schemas it names is the caller's next step, and the only one that may wait.
 */
export function checkManifest(doc: JsonDocument, input: ManifestInput, options: ManifestCheckOptions): ManifestCheck {
  const value = doc.value;
  const findings: Finding[] = doc.problemFindings();
  const result: PackResult = {file: doc.source.file, findings, pack: null, kind: null, protocolMajor: null, nodes: 0, contents: {}, requires: [], gate: null};
  const checked: ManifestCheck = {result, schemas: []};
  if (!doc.parsed) return checked;
  const shape = checkManifestShape(doc, value);
  appendAll(findings, shape.findings);
  result.kind = shape.kind;
  result.protocolMajor = shape.major;
  if (!isObject(value)) return checked;

  const name = typeof value.name === 'string' ? value.name : undefined;
  const version = typeof value.version === 'string' ? value.version : undefined;
  result.pack = name !== undefined && version !== undefined ? `${name}@${version}` : null;
  for (const list of CONTENT_LISTS) if (Array.isArray(value[list])) result.contents[list] = (value[list] as unknown[]).length;
  result.nodes = result.contents.nodes ?? 0;
  result.requires = declaredRequires(value);

  appendAll(findings, checkDuplicateIds(doc, value));
  appendAll(findings, checkEnvelopeTypes(doc, value));
  // Stdin given a --stdin-filename stands for that file: its folder's files are checked as they would be for it.
  const path = namedPath(input.source);
  const folder = path === undefined ? undefined : {root: dirname(path), inPackFolder: input.inPackFolder};
  appendAll(findings, checkRegistryGates(doc, value, folder));

  let scanned: PackUse[] = [];
  /** Files of the pack's code the scan could not read, so what they reach is unknown. */
  let unscanned: string[] = [];
  if (folder) {
    const runtime = isObject(value.runtime) ? value.runtime : undefined;
    const files = checkFiles(collectFileRefs(value), {
      doc,
      root: folder.root,
      inPackFolder: folder.inPackFolder,
      cwd: options.cwd,
      maxBytes: options.maxBytes,
      readEntry: scannable(runtime?.language, runtime?.entry),
    });
    appendAll(findings, files.findings);
    // An entry over the scan's cap is reported while the manifest's files are read, and never reaches the scan.
    if (files.findings.some((f) => f.ruleId === PACK_RULES.entryNotScanned.id)) unscanned = [String(runtime?.entry)];
    if (name !== undefined && version !== undefined) {
      appendAll(findings, checkSchemaIds(files, {doc, ...folder, pack: {name, version}, idBase: options.idBase, cwd: options.cwd, maxBytes: options.maxBytes}));
    }
    if (files.entry && runtime) {
      const scan = scanPackCode(files.entry, folder.root, runtime.language === 'python' ? 'python' : 'javascript');
      appendAll(findings, requirementFindings(doc, scan, result.requires, runtime));
      scanned = scan.uses;
      // An import left unread (out of the pack, or not there) hides what it reaches as much as a file that did not parse.
      unscanned = [...new Set(scan.problems.map((p) => (p.kind === 'outside' || p.kind === 'missing' ? `an import in ${p.file}` : p.file)))];
    } else if (runtime && typeof runtime.entry === 'string' && scannable(runtime.language, runtime.entry) && unscanned.length === 0) {
      // The entry was not read at all: missing, a link out of the pack, not a regular file.
      unscanned = [String(runtime.entry)];
    }
    checked.schemas = files.schemas;
  }

  if (options.grant !== undefined) {
    result.gate = evaluateGate(
      gateable(result.requires),
      options.grant,
      `${name ?? '?'}@${version ?? '?'}`,
      scanned.filter((u) => REACHING_TOKENS.has(u.token)).map((u) => u.token),
    );
    // A host validates the manifest before its gate; an invalid one never installs, whatever is granted.
    if (shape.findings.some((f) => f.severity === 'error')) result.gate = {...result.gate, installs: false, blockedBy: 'invalid_manifest'};
    // Code the scan could not read may reach anything: a host that cannot tell what is not told it installs.
    else if (unscanned.length > 0) result.gate = {...result.gate, installs: false, blockedBy: 'code-not-scanned'};
    appendAll(findings, gateFindings(doc, result.gate, result.requires, scanned, unscanned));
  }
  return checked;
}

function declaredRequires(manifest: JsonObject): string[] {
  const runtime = manifest.runtime;
  const requires = isObject(runtime) ? runtime.requires : undefined;
  return Array.isArray(requires) ? requires.filter((r): r is string => typeof r === 'string') : [];
}

/**
 * What a host's gate would weigh: the primitives and finer sub-tokens of them. Anything else (a raw builtin) is an
 * invalid_manifest the host refuses before its gate runs, so it is left out here rather than reported twice.
 */
function gateable(requires: readonly string[]): string[] {
  return [...new Set(requires.filter((r) => RUNTIME_TOKENS.some((t) => r === t || r.startsWith(`${t}.`))))];
}

function gateFindings(doc: JsonDocument, gate: GateResult, requires: readonly string[], scanned: readonly PackUse[], unscanned: readonly string[]): Finding[] {
  const granted = gate.granted.length ? `granting only ${gate.granted.join(', ')}` : 'granting nothing';
  const blocked = gate.blockedBy === 'code-not-scanned' ? [notScannedFinding(doc, granted, unscanned)] : [];
  if (!gate.refusal) return blocked;
  const {manifest} = gate.refusal;
  return [
    ...blocked,
    ...gate.refusal.unmet.map((token) => {
      const index = requires.indexOf(token);
      if (index !== -1) return doc.finding(PACK_RULES.requirementUnmet.id, 'error', `a host ${granted} refuses to install ${manifest}: it requires "${token}"`, `/runtime/requires/${index}`);
      const use = scanned.find((u) => u.token === token);
      const where = use ? `: ${use.file}:${use.line}:${use.column} ${use.evidence}` : '';
      return {
        ...doc.finding(PACK_RULES.requirementUnmet.id, 'error', `a host ${granted} refuses to install ${manifest}: its code uses "${token}" (undeclared${where})`, requiresPointer(doc.value)),
        subject: token,
      };
    }),
  ];
}

function notScannedFinding(doc: JsonDocument, granted: string, files: readonly string[]): Finding {
  const what = `${files.join(', ')} could not be scanned, so what ${files.length === 1 ? 'it reaches' : 'they reach'} is unknown`;
  return {...doc.finding(PACK_RULES.requirementUnmet.id, 'error', `a host ${granted} does not install the pack: ${what} (blockedBy code-not-scanned)`, '/runtime/entry'), subject: files.join(', ')};
}

/** Where an undeclared primitive belongs: the requires list, or the runtime object that lacks one. */
function requiresPointer(manifest: unknown): string {
  return isObject(manifest) && isObject(manifest.runtime) && 'requires' in manifest.runtime ? '/runtime/requires' : '/runtime';
}

const PROBLEM_RULES: Record<ScanProblem['kind'], {id: string; severity: 'error' | 'warning'}> = {
  unparsed: {id: PACK_RULES.entryUnparsed.id, severity: 'warning'},
  'not-scanned': {id: PACK_RULES.entryNotScanned.id, severity: 'warning'},
  outside: {id: PACK_RULES.refOutsidePack.id, severity: 'error'},
  missing: {id: PACK_RULES.missingFile.id, severity: 'error'},
};

function requirementFindings(doc: JsonDocument, scan: PackScan, declared: readonly string[], runtime: JsonObject): Finding[] {
  // All at /runtime/entry: the file (and the import) each is about tells them apart in a baseline.
  const findings = scan.problems.map((p) => ({
    ...doc.finding(PROBLEM_RULES[p.kind].id, PROBLEM_RULES[p.kind].severity, p.message, '/runtime/entry'),
    subject: p.specifier === undefined ? p.file : `${p.file} ${p.specifier}`,
  }));
  if (scan.uses.length === 0) return findings;
  const pointer = requiresPointer({runtime});
  // A builtin written where a primitive belongs (node:crypto) is already an invalid_manifest error naming the
  // primitive; it still shows what the author meant, so it counts as declaring that primitive here.
  const meant = [...declared, ...declared.filter((d) => !isRuntimeToken(d)).flatMap((d) => tokensForBuiltin(d))];
  for (const use of undeclaredUses(scan.uses, meant)) {
    const message = `${use.file}:${use.line}:${use.column} ${use.evidence}, but runtime.requires does not declare "${use.token}": add it, or a sandbox host will deny the call at run time`;
    findings.push({...doc.finding(PACK_RULES.undeclaredRequirement.id, 'warning', message, pointer), subject: use.token});
  }
  return findings;
}

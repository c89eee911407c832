import {dirname} from 'node:path';
import {displayPath} from '../io/inputs.js';
import type {JsonDocument} from '../io/json-document.js';
import type {FileResult, Finding} from '../report/finding.js';
import {checkFiles, type LoadedSchema} from './check-files.js';
import {checkDuplicateIds} from './duplicate-ids.js';
import {undeclaredUses, scanEntry} from './entry-scan.js';
import {checkEnvelopeTypes} from './envelope-types.js';
import {collectFileRefs} from './file-refs.js';
import {evaluateGate, type GateResult} from './gate.js';
import type {ManifestInput} from './inputs.js';
import {checkManifestShape, isObject, type JsonObject} from './manifest.js';
import {PACK_RULES} from './rules.js';
import {checkRegistryGates} from './registry-gates.js';
import {checkSchemaIds} from './schema-ids.js';
import {isRuntimeToken, RUNTIME_TOKENS, tokensForBuiltin} from './tokens.js';
import {appendAll} from '../io/append-all.js';

/** One manifest's result: the findings plus what `validate pack` reports about the pack (DESIGN §2). */
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

  appendAll(findings, checkDuplicateIds(doc, value)); appendAll(findings, checkEnvelopeTypes(doc, value));
  const folder = input.source.kind === 'file' ? {root: dirname(input.source.path), inPackFolder: input.inPackFolder} : undefined;
  appendAll(findings, checkRegistryGates(doc, value, folder));

  if (folder) {
    const runtime = isObject(value.runtime) ? value.runtime : undefined;
    const files = checkFiles(collectFileRefs(value), {
      doc,
      root: folder.root,
      inPackFolder: folder.inPackFolder,
      cwd: options.cwd,
      maxBytes: options.maxBytes,
      readEntry: runtime?.language === 'javascript',
    });
    appendAll(findings, files.findings);
    if (name !== undefined && version !== undefined) {
      appendAll(findings, checkSchemaIds(files, {doc, ...folder, pack: {name, version}, idBase: options.idBase, cwd: options.cwd, maxBytes: options.maxBytes}));
    }
    if (files.entry && runtime) appendAll(findings, requirementFindings(doc, files.entry, result.requires, runtime, options.cwd));
    checked.schemas = files.schemas;
  }

  if (options.grant !== undefined) {
    result.gate = evaluateGate(gateable(result.requires), options.grant, `${name ?? '?'}@${version ?? '?'}`);
    // A host validates the manifest before its gate; an invalid one never installs, whatever is granted.
    if (shape.findings.some((f) => f.severity === 'error')) result.gate = {...result.gate, installs: false, blockedBy: 'invalid_manifest'};
    appendAll(findings, gateFindings(doc, result.gate, result.requires));
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

function gateFindings(doc: JsonDocument, gate: GateResult, requires: readonly string[]): Finding[] {
  if (!gate.refusal) return [];
  const {manifest} = gate.refusal;
  const granted = gate.granted.length ? `granting only ${gate.granted.join(', ')}` : 'granting nothing';
  return gate.refusal.unmet.map((token) =>
    doc.finding(PACK_RULES.requirementUnmet.id, 'error', `a host ${granted} refuses to install ${manifest}: it requires "${token}"`, `/runtime/requires/${requires.indexOf(token)}`),
  );
}

function requirementFindings(doc: JsonDocument, entry: {path: string; text: string}, declared: readonly string[], runtime: JsonObject, cwd: string): Finding[] {
  const uses = scanEntry(entry.text);
  if (uses.length === 0) return [];
  const pointer = 'requires' in runtime ? '/runtime/requires' : '/runtime';
  // A builtin written where a primitive belongs (node:crypto) is already an invalid_manifest error naming the
  // primitive; it still shows what the author meant, so it counts as declaring that primitive here.
  const meant = [...declared, ...declared.filter((d) => !isRuntimeToken(d)).flatMap((d) => tokensForBuiltin(d))];
  return undeclaredUses(uses, meant).map((use) =>
    doc.finding(
      PACK_RULES.undeclaredRequirement.id,
      'warning',
      `${displayPath(entry.path, cwd)}:${use.line} ${use.evidence}, but runtime.requires does not declare "${use.token}": add it, or a sandbox host will deny the call at run time`,
      pointer,
    ),
  );
}

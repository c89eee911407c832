import {existsSync} from 'node:fs';
import {join, resolve} from 'node:path';
import type {LoadedConfig} from '../config/types.js';
import {projectRoot} from '../config/load.js';
import {displayPath} from '../io/inputs.js';
import {JsonDocument} from '../io/json-document.js';
import {lintSchemaDocument, resolveLintOptions, type LintTarget} from '../lint/index.js';
import type {Finding} from '../core/finding.js';
import {findSecrets} from '../report/secrets.js';
import {UserError} from '../core/user-error.js';
import {exampleEnvelopes} from './examples.js';
import {parseFieldSpec} from './field-spec.js';
import {buildFieldTree} from './field-tree.js';
import {formatJson} from './format-json.js';
import {DEFAULT_ID_BASE, schemaId} from './id-base.js';
import {kindNameProblem} from './kind-name.js';
import {payloadSchema} from './payload-schema.js';
import {fillText, kindTexts} from './templates.js';
import {inspectTargets, writeFilesAtomically} from './write-files.js';

export {DEFAULT_ID_BASE} from './id-base.js';
export {kindNameProblem, VENDOR_KIND_GRAMMAR} from './kind-name.js';
export {fieldSpecText, parseFieldSpec, TYPE_HELP, type FieldSpec, type FieldType} from './field-spec.js';
export {ScaffoldCancelled} from './cancelled.js';

/** Where the payload schema goes when neither `--out` nor config `scaffold.out` says. */
export const DEFAULT_OUT = 'schemas/envelopes';
/** Where the example envelopes go when no flag or config says: beside the schemas' tree, not inside it (see resolveExamplesDir). */
export const DEFAULT_EXAMPLES_OUT = 'examples/envelopes';

export interface ScaffoldKindOptions {
  kind: string;
  /** `--field` texts: `path[?]:type[:description]`. */
  fields: readonly string[];
  cwd: string;
  config?: LoadedConfig;
  /** `--out`, relative to `cwd`; default config `scaffold.out` (relative to the config file), then {@link DEFAULT_OUT}. */
  out?: string;
  /** `--examples-out`, relative to `cwd`; default: see {@link resolveExamplesDir}. */
  examplesOut?: string;
  /** `--id-base`; default config `scaffold.idBase`, then {@link DEFAULT_ID_BASE}. */
  idBase?: string;
  description?: string;
  /** Default true: `reasoning` first (RFC 0030). */
  reasoning?: boolean;
  /** Default: config `lint.targets`, then tier1. `gemini` adds `propertyOrdering`, unless openai or anthropic (which refuse it) is also a target. Not `gemini-legacy` (refused). */
  targets?: readonly LintTarget[];
  force?: boolean;
  dryRun?: boolean;
}

export type FileRole = 'schema' | 'valid-example' | 'invalid-example';
export type FileAction = 'created' | 'overwritten' | 'would-create' | 'would-overwrite';

export interface ScaffoldFile {
  /** Absolute path. */
  path: string;
  /** As shown to the user: relative to the working directory when inside it. */
  file: string;
  role: FileRole;
  content: string;
  action: FileAction;
}

export interface ScaffoldResult {
  kind: string;
  outDir: string;
  examplesDir: string;
  reasoning: boolean;
  targets: LintTarget[];
  files: ScaffoldFile[];
  /** Why the invalid example fails validation. */
  invalidBecause: string;
  /** Property paths whose description is the placeholder: the model reads descriptions, so these want editing. */
  placeholders: string[];
  /** Warnings and infos `lint schema --profile strict` gives the generated schema for `targets` (errors refuse the scaffold). */
  findings: Finding[];
  dryRun: boolean;
}

/**
 * A schema is committed and read by every model that fills it, so a key pasted into a description (or a kind name,
 * a field name, the id base) would leak to all of them. Refused rather than masked: a silently edited description
 * is worse than a clear no. The message shows only the masked form.
 */
function refuseSecrets(contents: Record<FileRole, string>): void {
  for (const text of Object.values(contents)) {
    const [hit] = findSecrets(text, 'all');
    if (hit)
      throw new UserError(
        `the input holds ${hit.label} (${hit.masked}); a schema or an example envelope is no place for a credential, so nothing was written`,
        'take it out of the kind name, --description, --field or --id-base',
      );
  }
}

/** The three files a kind gets: the schema in `outDir`, the two example envelopes in `examplesDir`. */
export function kindFilePaths(outDir: string, examplesDir: string, kind: string): Record<FileRole, string> {
  return {
    schema: join(outDir, `${kind}.schema.json`),
    'valid-example': join(examplesDir, `${kind}.valid.json`),
    'invalid-example': join(examplesDir, `${kind}.invalid.json`),
  };
}

export function resolveOutDir(options: Pick<ScaffoldKindOptions, 'out' | 'cwd' | 'config'>): string {
  if (options.out !== undefined) return resolve(options.cwd, options.out);
  const fromConfig = options.config?.config.scaffold?.out;
  if (fromConfig !== undefined) return resolve(options.config?.baseDir ?? options.cwd, fromConfig);
  return resolve(options.cwd, DEFAULT_OUT);
}

/**
 * `--examples-out`; else, with `--out` on the command line, `<out>/examples` (a one-off destination gets everything);
 * else config `scaffold.examplesOut`; else the project layout's {@link DEFAULT_EXAMPLES_OUT}, which keeps the envelopes
 * out of the schema folder that `lint schema` and the pre-commit hooks read as schemas.
 */
export function resolveExamplesDir(options: Pick<ScaffoldKindOptions, 'out' | 'examplesOut' | 'cwd' | 'config'>): string {
  if (options.examplesOut !== undefined) return resolve(options.cwd, options.examplesOut);
  if (options.out !== undefined) return join(resolve(options.cwd, options.out), 'examples');
  const fromConfig = options.config?.config.scaffold?.examplesOut;
  if (fromConfig !== undefined) return resolve(options.config?.baseDir ?? options.cwd, fromConfig);
  return resolve(options.cwd, DEFAULT_EXAMPLES_OUT);
}

/** Each file with the folder it must stay inside. */
function kindTargets(outDir: string, examplesDir: string, paths: Record<FileRole, string>): {path: string; folder: string}[] {
  return [
    {path: paths.schema, folder: outDir},
    {path: paths['valid-example'], folder: examplesDir},
    {path: paths['invalid-example'], folder: examplesDir},
  ];
}

/** `$id` from `--id-base`, else config `scaffold.idBase`, else {@link DEFAULT_ID_BASE}. */
function resolveSchemaId(options: Pick<ScaffoldKindOptions, 'kind' | 'idBase' | 'config'>): string {
  const fromConfig = options.config?.config.scaffold?.idBase;
  if (options.idBase !== undefined) return schemaId(options.idBase, options.kind, '--id-base');
  return fromConfig === undefined ? schemaId(DEFAULT_ID_BASE, options.kind, 'the default id base') : schemaId(fromConfig, options.kind, 'config scaffold.idBase');
}

/** Refuses a bad kind name (UserError) before anything else is asked or built. */
export function checkKindName(kind: string): void {
  const problem = kindNameProblem(kind);
  if (problem) throw new UserError(problem);
}

/**
 * Where missing output folders may be made: the project root (the config's folder, or the nearest holding .git), and an
 * existing folder named with --out (its default examples/ subfolder lives there, wherever the user chose to put it).
 */
function folderRootsOf(options: Pick<ScaffoldKindOptions, 'cwd' | 'config' | 'out'>, outDir: string): string[] {
  const root = options.config?.root ?? projectRoot(options.cwd);
  return options.out !== undefined && existsSync(outDir) ? [root, outDir] : [root];
}

/**
 * Checks the kind name and the output folder only: what the interactive flow verifies before asking for fields, so
 * nobody answers ten prompts to learn the files exist already. {@link scaffoldKind} checks it all again.
 */
export async function preflight(options: Pick<ScaffoldKindOptions, 'kind' | 'out' | 'examplesOut' | 'cwd' | 'config' | 'force' | 'idBase'>): Promise<void> {
  checkKindName(options.kind);
  resolveSchemaId(options);
  const outDir = resolveOutDir(options);
  const examplesDir = resolveExamplesDir(options);
  await inspectTargets(kindTargets(outDir, examplesDir, kindFilePaths(outDir, examplesDir, options.kind)), {
    force: options.force ?? false,
    display: (p) => displayPath(p, options.cwd),
    folderRoots: folderRootsOf(options, outDir),
  });
}

/**
 * `openwop scaffold kind` as a library call: builds the payload schema and the two example envelopes, checks them,
 * and writes all three files or none (nothing with `dryRun`). Every refusal is a UserError.
 */
export async function scaffoldKind(options: ScaffoldKindOptions): Promise<ScaffoldResult> {
  checkKindName(options.kind);
  const outDir = resolveOutDir(options);
  const examplesDir = resolveExamplesDir(options);
  const display = (p: string) => displayPath(p, options.cwd);
  const force = options.force ?? false;
  const dryRun = options.dryRun ?? false;
  const reasoning = options.reasoning ?? true;
  const id = resolveSchemaId(options);

  if (options.fields.length === 0) throw new UserError('a kind needs at least one field besides reasoning: add --field name:type');
  const roots = buildFieldTree(options.fields.map(parseFieldSpec));
  const paths = kindFilePaths(outDir, examplesDir, options.kind);
  const lintOptions = resolveLintOptions(
    options.config?.config,
    paths.schema,
    {profile: 'strict', ...(options.targets?.length ? {targets: options.targets} : {})},
    options.config?.baseDir ?? options.cwd,
  );
  const targets = lintOptions.targets;
  // Not a question of which fields: no JSON Schema 2020-12 document (with $schema, $id, additionalProperties) passes it.
  if (targets.includes('gemini-legacy'))
    throw new UserError(
      'gemini-legacy is not a scaffold target: its OpenAPI subset refuses $schema, $id and additionalProperties, which every scaffolded schema has; nothing was written',
      'scaffold for the other targets, then openwop export schema FILE --target gemini-legacy',
    );

  const description = options.description?.trim() || fillText(kindTexts().kindDescription, {kind: options.kind});
  const {schema, placeholders} = payloadSchema(roots, {
    kind: options.kind,
    id,
    description,
    reasoning,
    propertyOrdering: targets.includes('gemini') && !targets.some((t) => t === 'openai' || t === 'anthropic'),
  });
  const examples = exampleEnvelopes(options.kind, roots, reasoning);
  const contents: Record<FileRole, string> = {schema: formatJson(schema), 'valid-example': formatJson(examples.valid), 'invalid-example': formatJson(examples.invalid)};
  refuseSecrets(contents);

  const findings = lintSchemaDocument(JsonDocument.parse(contents.schema, {file: display(paths.schema)}), {...lintOptions, kind: options.kind});
  const errors = findings.filter((f) => f.severity === 'error');
  if (errors.length > 0) {
    const list = errors.map((f) => `${f.ruleId} at ${f.pointer || '/'}: ${f.message}`).join('; ');
    throw new UserError(
      `the schema for these fields would not pass lint schema --profile strict --target ${targets.join(' --target ')}: ${list}; nothing was written`,
      'use fewer or flatter fields, or drop the --target whose limit they break',
    );
  }

  const folderRoots = folderRootsOf(options, outDir);
  const existed = await inspectTargets(kindTargets(outDir, examplesDir, paths), {force, display, folderRoots});
  const roles = Object.keys(paths) as FileRole[];
  const files: ScaffoldFile[] = roles.map((role) => {
    const was = existed.get(paths[role]) ?? false;
    const action: FileAction = dryRun ? (was ? 'would-overwrite' : 'would-create') : was ? 'overwritten' : 'created';
    return {path: paths[role], file: display(paths[role]), role, content: contents[role], action};
  });
  if (!dryRun) await writeFilesAtomically(files, {force, display, folderRoots});
  return {kind: options.kind, outDir, examplesDir, reasoning, targets, files, invalidBecause: examples.invalidBecause, placeholders, findings, dryRun};
}

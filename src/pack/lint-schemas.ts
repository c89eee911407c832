import type {OpenwopConfig} from '../config/types.js';
import type {ReadScope} from '../io/read-scope.js';
import type {FileResult} from '../core/finding.js';
import type {LoadedSchema} from './check-files.js';
import type {SchemaLinter} from './check-manifest.js';
import type {FileRef} from './file-refs.js';

/** `llm`: the schemas a model is asked to emit (the default); `all`: every schema the manifest references. */
export type LintSchemasScope = 'llm' | 'all';
export const LINT_SCHEMAS_SCOPES: readonly LintSchemasScope[] = ['llm', 'all'];

/**
 * The manifest fields naming a schema a model is asked to emit, as pointers with `*` for a list index. From the
 * registry's manifest schemas (openwop-registry 85355a0, schemas/): a node's `outputSchemaRef` (its output ports; the
 * manifest does not say which nodes are AI-backed, so every node's counts); an agent's `handoff.returnSchemaRef`
 * (agent-manifest: outbound results are validated against it); a card's `outputSchemaRef` (chat-card-pack-manifest:
 * "the JSON Schema the LLM output MUST conform to"). Left out: config, input and task schemas (a model never fills
 * them, RFC 0076) and an artifact type's `schemaRef` (validated after the fact, and RFC 0075 recommends it stay
 * open to absorb model drift, which Tier-1 would flag). Chain nodes and prompt templates name an envelope kind
 * (`envelopeType`, RFC 0076) whose payload a model emits: its schema is linted when the pack ships it, at
 * `schemas/envelopes/<kind>.schema.json` (file-refs.ts, envelopePayloadPath).
 */
export const LLM_SCHEMA_FIELDS = [
  '/nodes/*/outputSchemaRef',
  '/agents/*/handoff/returnSchemaRef',
  '/cards/*/outputSchemaRef',
  '/chains/*/dag/nodes/*/config/envelopeType',
  '/prompts/*/modelHints/envelopeType',
] as const;

const LLM_FIELDS: ReadonlySet<string> = new Set(LLM_SCHEMA_FIELDS);

function isLlmFacing(ref: FileRef): boolean {
  return LLM_FIELDS.has(ref.pointer.replace(/\/\d+(?=\/)/g, '/*'));
}

/**
 * The schemas `scope` lints, each once with the references that put it in scope (a schema that is both a node's
 * input and another's output is linted as the output it is; its `schemaFor` names the output pointer).
 */
function schemasInScope(schemas: readonly LoadedSchema[], scope: LintSchemasScope): LoadedSchema[] {
  if (scope === 'all') return [...schemas];
  const selected: LoadedSchema[] = [];
  for (const schema of schemas) {
    const refs = schema.refs.filter(isLlmFacing);
    if (refs.length > 0) selected.push({...schema, refs});
  }
  return selected;
}

/**
 * The schemas linted by default describe what an LLM is asked to fill, so the Tier-1 rules that break structured output
 * (load-bearing) apply by default; the strict profile is opt-in through config `lint.profile` or an `overrides` entry.
 */
export const PACK_LINT_DEFAULT_PROFILE = 'load-bearing';

/**
 * The --lint-schemas hook, linting the schemas `which` selects. The lint engine is imported here, on first use, so
 * `validate pack` without the flag never loads it. Settings come from the config exactly as `lint schema` reads them (`lint`, `rules`, then every `overrides`
 * entry matching the schema file), except that the profile defaults to load-bearing. Their file $refs are read within
 * `scope`, as lint schema reads them.
 */
export async function createSchemaLinter(config: OpenwopConfig, baseDir: string, scope: ReadScope, which: LintSchemasScope): Promise<{linter: SchemaLinter}> {
  const lint = await import('../lint/index.js');
  const packConfig: OpenwopConfig = {...config, lint: {...config.lint, profile: config.lint?.profile ?? PACK_LINT_DEFAULT_PROFILE}};
  const settings = (path: string) => {
    const resolved = lint.resolveLintOptions(packConfig, path, {}, baseDir);
    return {profile: resolved.profile, lint: lint.prepareLint({...resolved, cwd: scope.cwd, scope})};
  };
  // Without overrides every schema is linted alike: resolved and prepared once, as lint schema does for a folder.
  let shared: ReturnType<typeof settings> | undefined;
  const settingsFor = packConfig.overrides?.length ? settings : (path: string) => (shared ??= settings(path));
  const linter: SchemaLinter = (schemas: readonly LoadedSchema[], pack: string | null) =>
    Promise.resolve(
      schemasInScope(schemas, which).map((schema): FileResult => {
        const {profile, lint: lintDoc} = settingsFor(schema.path);
        const {findings} = lintDoc(schema.doc, schema.path);
        return {file: schema.display, findings, pack, profile, schemaFor: schema.refs.map((r) => r.pointer)};
      }),
    );
  return {linter};
}

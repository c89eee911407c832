import type {OpenwopConfig} from '../config/types.js';
import type {ReadScope} from '../io/read-scope.js';
import type {FileResult, RuleDescriptor} from '../report/finding.js';
import type {LoadedSchema} from './check-files.js';
import type {SchemaLinter} from './check-manifest.js';

/**
 * Node schemas describe what an LLM is asked to fill, so the Tier-1 rules that break structured output
 * (load-bearing) apply by default; the strict profile is opt-in through config `lint.profile` or an `overrides` entry.
 */
export const PACK_LINT_DEFAULT_PROFILE = 'load-bearing';

/**
 * The --lint-schemas hook. The lint engine is imported here, on first use, so `validate pack` without the flag never
 * loads it. Settings come from the config exactly as `lint schema` reads them (`lint`, `rules`, then every `overrides`
 * entry matching the schema file), except that the profile defaults to load-bearing. Their file $refs are read within
 * `scope`, as lint schema reads them.
 */
export async function createSchemaLinter(config: OpenwopConfig, baseDir: string, scope: ReadScope): Promise<{linter: SchemaLinter; rules: RuleDescriptor[]}> {
  const lint = await import('../lint/index.js');
  const packConfig: OpenwopConfig = {...config, lint: {...config.lint, profile: config.lint?.profile ?? PACK_LINT_DEFAULT_PROFILE}};
  const linter: SchemaLinter = async (schemas: readonly LoadedSchema[], pack: string | null) =>
    schemas.map((schema): FileResult => {
      const resolved = lint.resolveLintOptions(packConfig, schema.path, {}, baseDir);
      const findings = lint.lintSchemaDocument(schema.doc, {...resolved, cwd: scope.cwd, path: schema.path, scope});
      return {file: schema.display, findings, pack, profile: resolved.profile, schemaFor: schema.refs.map((r) => r.pointer)};
    });
  return {linter, rules: lint.lintRuleDescriptors()};
}

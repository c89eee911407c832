/**
 * The Tier-1 subset and reasoning-field linter (`openwop lint schema`) as a library. No oclif here: a host's own test
 * suite can call these directly.
 */
export {activeRules, ENGINE_RULES, lintSchemaDocument, prepareLint, type LintOptions, type PreparedLint, type SchemaSource} from './engine.js';
export {example} from './example-text.js';
export {applyFixes, DEFAULT_MAX_FIX_PASSES, fixSchemaText, type FixOutcome} from './fixer.js';
export {unifiedDiff} from './diff.js';
export {detectKind, isVendorKind} from './kind.js';
export {looksLikeSchema} from './schema-shape.js';
export {detectIndent} from './fixes.js';
export {declaresNoReasoning, NO_REASONING_DIRECTIVE} from './reasoning-opt-out.js';
export {DEFAULT_PROFILE, DEFAULT_REASONING_MISSING_MIN_PROPERTIES, DEFAULT_TARGETS, resolveLintOptions, type LintCliFlags, type ResolvedLintOptions} from './options.js';
export {RULES, RULES_BY_ID} from './rules/index.js';
export {
  INPUT_RULES,
  lintRuleDescriptors,
  lintSchemaFile,
  lintSchemaInputs,
  SCHEMA_EXTENSIONS,
  type FixMode,
  type LintFileOptions,
  type LintFileResult,
  type LintInputsOptions,
  type LintInputsOutcome,
} from './run.js';
export {walkSchema, type WalkOptions, type WalkStats} from './walker.js';
export * from './types.js';

import {defineRule, type CheckingCommand} from '../core/rule.js';
import {example} from './example-text.js';
import {LINT_TARGETS, type LintProfile, type LintRule, type LintTarget, type RuleMeta} from './types.js';

/** openwop version that introduced the rules that state no other. */
export const SINCE = '0.1.0';

/**
 * Every command that lints schemas with these rules: `probe host` and `validate pack` lint the schemas they read,
 * `export schema` refuses what the target's lint refuses, `scaffold kind` lints what it writes.
 */
const LINT_COMMANDS: readonly CheckingCommand[] = ['lint schema', 'validate pack', 'probe host', 'export schema', 'scaffold kind'];

/** In the order --list-rules and the docs have always shown them. */
const BOTH_PROFILES: readonly LintProfile[] = ['load-bearing', 'strict'];

/** The fields `defineLintRule` fills when a rule file leaves them out. */
type Defaulted = 'severity' | 'profiles' | 'targets' | 'fixable' | 'since' | 'extension' | 'evidence' | 'messages';

/** What a lint rule file writes: only what differs from the defaults `defineLintRule` fills. */
export type LintRuleMetaSpec = Omit<RuleMeta, Defaulted | 'family' | 'docsPath' | 'aliases' | 'commands' | 'examples'> & Partial<Pick<RuleMeta, Defaulted>>;

export interface LintRuleSpec extends Omit<LintRule, 'meta'> {
  meta: LintRuleMetaSpec;
}

/**
 * A lint rule with its descriptor completed: severity error, both profiles, the target its family names (`tier1-ext`:
 * tier1; `reasoning`, `ref`: every target), not fixable, our own rule unless its family is `tier1`, no evidence. The core
 * `examples` are the docs schemas as abbreviated JSON text (a 5,001-property example stays a few lines), worked out when first read: some rules build large examples, and a lint
 * run never reads them.
 */
export function defineLintRule(spec: LintRuleSpec): LintRule {
  const {meta: given, ...hooks} = spec;
  const family = given.id.slice(0, given.id.indexOf('/'));
  const docs = Object.getOwnPropertyDescriptor(given, 'docs');
  const fields: Partial<RuleMeta> = {};
  for (const key of Object.keys(given) as (keyof LintRuleMetaSpec)[]) if (key !== 'docs') Object.assign(fields, {[key]: given[key]});
  const meta = defineRule({
    severity: 'error',
    profiles: BOTH_PROFILES,
    targets: defaultTargets(family),
    fixable: false,
    since: SINCE,
    extension: family !== 'tier1',
    ...fields,
    id: given.id,
    description: given.description,
    commands: LINT_COMMANDS,
  }) as RuleMeta;
  Object.defineProperty(meta, 'docs', {...docs, enumerable: true});
  let examples: RuleMeta['examples'] | undefined;
  Object.defineProperty(meta, 'examples', {
    enumerable: true,
    get: () => (examples ??= {valid: meta.docs.valid.map((v) => example(v)), invalid: meta.docs.invalid.map((v) => example(v.schema))}),
  });
  return {meta, ...hooks};
}

function defaultTargets(family: string): readonly LintTarget[] {
  if (family === 'tier1-ext') return ['tier1'];
  return (LINT_TARGETS as readonly string[]).includes(family) ? [family as LintTarget] : LINT_TARGETS;
}

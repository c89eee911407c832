import type {CheckingCommand, Rule} from './core/rule.js';
import {ruleNames} from './core/rule.js';

// TEMPORARY (issue 19, until lint rules are Rule objects): lint descriptors adapted here. The lead removes it on merge.
function lintRule(d: {id: string; description: string; severity?: Rule['severity']}): Rule {
  const slash = d.id.indexOf('/');
  return {
    id: d.id,
    family: d.id.slice(0, slash),
    description: d.description,
    severity: d.severity ?? 'error',
    aliases: [],
    // Pack and probe lint the schemas they find with --lint-schemas; export refuses what lint refuses.
    commands: ['lint schema', 'validate pack', 'probe host', 'export schema'],
    sources: [],
    evidence: [],
    explanation: d.description,
    examples: {valid: [], invalid: []},
    fixable: false,
    messages: {},
    docsPath: `${d.id}.md`,
  };
}

let all: Promise<readonly Rule[]> | undefined;

/**
 * Every rule any command reports. Each family's table is imported on first use: a config without `rules` never loads
 * them, and a command does not pay for the others' rule modules at start-up.
 */
export function allRules(): Promise<readonly Rule[]> {
  all ??= (async () => {
    const [lint, openwop, foxctl, pack, probe, retry, pattern, bundle, io, exported] = await Promise.all([
      import('./lint/index.js'),
      import('./envelope/openwop/rules.js'),
      import('./envelope/foxctl/rules.js'),
      import('./pack/rules.js'),
      import('./probe/rules.js'),
      import('./retry/rules.js'),
      import('./schemas/pattern/refusal.js'),
      import('./bundle/rules.js'),
      import('./io/io-rules.js'),
      import('./export/export-schema.js'),
    ]);
    // Lint last: its descriptor list repeats the io rules, which must keep their own Rule objects.
    const rules = [
      ...Object.values(openwop.ENVELOPE_RULES),
      ...Object.values(foxctl.FOXCTL_RULES),
      ...pack.PACK_RULE_LIST,
      ...Object.values(probe.PROBE_RULES),
      ...retry.RETRY_RULE_LIST,
      pattern.PATTERN_UNSUPPORTED_RULE,
      ...bundle.BUNDLE_RULE_LIST,
      ...io.IO_RULE_DESCRIPTORS,
      ...exported.EXPORT_RULES,
      ...lint.lintRuleDescriptors().map(lintRule),
    ];
    const seen = new Map<string, Rule>();
    for (const r of rules) if (!seen.has(r.id)) seen.set(r.id, r);
    return [...seen.values()];
  })();
  return all;
}

/** The rules `command` can report. */
export async function rulesForCommand(command: CheckingCommand): Promise<readonly Rule[]> {
  return (await allRules()).filter((r) => r.commands.length === 0 || r.commands.includes(command));
}

/** The rule `name` names: its id, or one of its aliases (an earlier id, an upstream code shared by several rules gives the first). */
export async function findRule(name: string): Promise<Rule | undefined> {
  return (await allRules()).find((r) => ruleNames(r).includes(name));
}

/** Every id and alias a config or `--rule` may name. */
export async function knownRuleIds(): Promise<string[]> {
  return [...new Set((await allRules()).flatMap((r) => ruleNames(r)))];
}

import type {CheckingCommand, Rule} from './core/rule.js';
import {ruleNames} from './core/rule.js';

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
      ...lint.lintRuleDescriptors(),
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

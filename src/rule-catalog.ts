import type {CheckingCommand, Rule} from './core/rule.js';
import {ruleNames} from './core/rule.js';

// TEMPORARY adapter while issue 19 migrates every table to defineRule: legacy descriptors become Rule objects here.
// The rules helper replaces `legacy()` with the tables' own Rule objects. It carries what `--explain` printed before
// (lint meta, pack and bundle explanations) so the explanations do not thin out in between.
type Legacy = {id: string; description: string; severity?: Rule['severity']} & Partial<Pick<Rule, 'sources' | 'evidence' | 'explanation' | 'fixable' | 'profiles' | 'targets'>> & {explain?: string; invalid?: string; valid?: string; examples?: Rule['examples']};
function legacy(d: Legacy, commands: CheckingCommand[]): Rule {
  const slash = d.id.indexOf('/');
  return {
    id: d.id,
    family: slash > 0 ? d.id.slice(0, slash) : d.id,
    description: d.description,
    severity: d.severity ?? 'error',
    aliases: [],
    commands,
    ...(d.profiles ? {profiles: d.profiles} : {}),
    ...(d.targets ? {targets: d.targets} : {}),
    sources: d.sources ?? [],
    evidence: d.evidence ?? [],
    explanation: d.explanation ?? d.explain ?? d.description,
    examples: d.examples ?? {valid: d.valid ? [d.valid] : [], invalid: d.invalid ? [d.invalid] : []},
    fixable: d.fixable ?? false,
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
    const [lint, openwop, foxctl, pack, probe, retry, pattern, bundle, io, exporter] = await Promise.all([
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
    const rules = [
      ...lint.RULES.map(({meta: m}) => legacy({...m, examples: {valid: m.docs.valid.map((v) => lint.example(v)), invalid: m.docs.invalid.map((v) => lint.example(v.schema))}}, ['lint schema', 'export schema', 'scaffold kind'])),
      // INPUT_RULES holds the io descriptors too: those are every command's, below.
      ...lint.INPUT_RULES.filter((d) => !io.IO_RULE_DESCRIPTORS.includes(d)).map((d) => legacy(d, ['lint schema'])),
      ...exporter.EXPORT_RULES.map((d) => legacy(d, ['export schema'])),
      ...Object.values(openwop.ENVELOPE_RULES).map((d) => legacy(d, ['validate envelope'])),
      ...Object.values(foxctl.FOXCTL_RULES).map((d) => legacy(d, ['validate envelope'])),
      ...pack.PACK_RULE_LIST.map((d) => legacy(d, ['validate pack'])),
      ...Object.values(probe.PROBE_RULES).map((d) => legacy(d, ['probe host'])),
      ...retry.RETRY_RULE_LIST.map((d) => legacy(d, ['simulate retry'])),
      legacy(pattern.PATTERN_UNSUPPORTED_RULE, ['lint schema', 'validate envelope']),
      ...bundle.BUNDLE_RULE_LIST.map((d) => legacy(d, ['validate bundle'])),
      ...io.IO_RULE_DESCRIPTORS.map((d) => legacy(d, [])),
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

import type {CheckingCommand, Rule} from './core/rule.js';
import {ruleNames} from './core/rule.js';

type Loader = () => Promise<readonly Rule[]>;

const lintRules: Loader = async () => (await import('./lint/index.js')).lintRuleDescriptors();
const ioRules: Loader = async () => (await import('./io/io-rules.js')).IO_RULE_DESCRIPTORS;

/**
 * Each family's table, imported on first use: a run loads only the families its findings name (a clean run none), a
 * config without `rules` never loads them, and a command does not pay for the others' rule modules at start-up.
 * The io table comes before lint's, whose list repeats the io rules.
 */
const FAMILIES: Readonly<Record<string, Loader>> = {
  envelope: async () => Object.values((await import('./envelope/openwop/rules.js')).ENVELOPE_RULES),
  foxctl: async () => Object.values((await import('./envelope/foxctl/rules.js')).FOXCTL_RULES),
  pack: async () => (await import('./pack/rules.js')).PACK_RULE_LIST,
  probe: async () => Object.values((await import('./probe/rules.js')).PROBE_RULES),
  retry: async () => (await import('./retry/rules.js')).RETRY_RULE_LIST,
  schema: async () => [(await import('./schemas/pattern/refusal.js')).PATTERN_UNSUPPORTED_RULE],
  bundle: async () => (await import('./bundle/rules.js')).BUNDLE_RULE_LIST,
  io: ioRules,
  json: ioRules,
  export: async () => (await import('./export/export-schema.js')).EXPORT_RULES,
  ...Object.fromEntries(['tier1', 'tier1-ext', 'openai', 'anthropic', 'gemini', 'gemini-legacy', 'reasoning', 'ref', 'lint'].map((f) => [f, lintRules])),
};

async function load(loaders: Iterable<Loader>): Promise<Rule[]> {
  const tables = await Promise.all([...new Set(loaders)].map((l) => l()));
  const seen = new Map<string, Rule>();
  for (const table of tables) for (const r of table) if (!seen.has(r.id)) seen.set(r.id, r);
  return [...seen.values()];
}

let all: Promise<readonly Rule[]> | undefined;

/** Every rule any command reports. */
export function allRules(): Promise<readonly Rule[]> {
  all ??= load(Object.values(FAMILIES));
  return all;
}

/** The rules with these ids, loading only their families' tables; an id of no known family is left out. */
export async function rulesWithIds(ids: Iterable<string>): Promise<Map<string, Rule>> {
  const wanted = new Set(ids);
  const families = new Set([...wanted].map((id) => FAMILIES[id.slice(0, id.indexOf('/'))]).filter((l) => l !== undefined));
  return new Map((await load(families)).filter((r) => wanted.has(r.id)).map((r) => [r.id, r]));
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

/**
 * Every alias that names exactly one rule, mapped to that rule's id: what a baseline written before a rename holds.
 * An upstream code shared by several rules (`cap.breached`) names none of them alone and is left out.
 */
export async function renamedIds(): Promise<ReadonlyMap<string, string>> {
  const owners = new Map<string, string | null>();
  for (const r of await allRules()) for (const alias of r.aliases) owners.set(alias, owners.has(alias) ? null : r.id);
  return new Map([...owners].filter((e): e is [string, string] => e[1] !== null));
}

import type {Rule} from './core/rule.js';
import {configureMarkdown, examplesMarkdown} from './report/rule-help.js';
import {allRules} from './rule-catalog.js';

// The rule documentation, generated from the rule descriptors (scripts/rules-doc.mjs writes it, a test checks it):
// docs/rules/<family>/<name>.md per rule, docs/rules/README.md as the index, and the README's rules section.

export const RULES_START = '<!-- rules:start -->';
export const RULES_END = '<!-- rules:end -->';

/** The folder, relative to the package root, that holds nothing but generated pages. */
export const RULE_DOCS_DIR = 'docs/rules';

const GENERATED = '<!-- Generated from the rule descriptors by `npm run docs:rules`: do not edit by hand. -->';
const NONE = 'None recorded.';

const code = (s: string) => `\`${s}\``;
const cell = (s: string) => s.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** Every generated docs file, by path relative to the package root. */
export async function ruleDocFiles(): Promise<Map<string, string>> {
  const rules = sortedRules(await allRules());
  const files = new Map<string, string>();
  for (const rule of rules) files.set(`${RULE_DOCS_DIR}/${rule.docsPath}`, rulePage(rule));
  files.set(`${RULE_DOCS_DIR}/README.md`, rulesIndex(rules));
  return files;
}

/** The text that goes between the README's rules markers. */
export async function readmeRulesSection(): Promise<string> {
  return readmeSection(sortedRules(await allRules()));
}

function sortedRules(rules: readonly Rule[]): Rule[] {
  return [...rules].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** One rule's page: what, why, examples, how to fix, how to configure, sources, evidence. */
export function rulePage(rule: Rule): string {
  const facts: [string, string][] = [
    ['Default severity', rule.severity],
    ['Reported by', rule.commands.length > 0 ? rule.commands.map((c) => code(`openwop ${c}`)).join(', ') : 'every checking command (input problems)'],
  ];
  if (rule.profiles?.length) facts.push(['Profiles', rule.profiles.map(code).join(', ')]);
  if (rule.targets?.length) facts.push(['Targets', rule.targets.map(code).join(', ')]);
  facts.push(['Fixable', rule.fixable ? 'yes' : 'no']);
  if (rule.code !== undefined) facts.push(['Upstream code', code(rule.code)]);
  if (rule.aliases.length > 0) facts.push(['Also accepted as', rule.aliases.map(code).join(', ')]);
  const out = [
    GENERATED,
    '',
    `# ${rule.id}`,
    '',
    rule.description,
    '',
    '| | |',
    '|---|---|',
    ...facts.map(([k, v]) => `| ${k} | ${cell(v)} |`),
    '',
    '## Why',
    '',
    // defineRule makes the description the explanation when a rule records none: repeating it would say nothing new.
    rule.explanation && rule.explanation !== rule.description ? rule.explanation : NONE,
    '',
    ...examplesMarkdown(rule, '##'),
    '## How to fix',
    '',
    howToFix(rule),
    '',
    ...configureMarkdown(rule, '##'),
    '## Sources',
    '',
    ...(rule.sources.length === 0 ? [NONE] : rule.sources.map((s) => `- [${s.title ?? s.url}](${s.url}), verified ${s.verified}`)),
    '',
    '## Evidence',
    '',
    ...(rule.evidence.length === 0
      ? [NONE]
      : rule.evidence.flatMap((e) => [`- ${EVIDENCE_KIND[e.kind]} ([source](${e.url}), verified ${e.verified}):`, '', ...e.text.split('\n').map((l) => `  > ${l}`), ''])),
  ];
  return `${out.join('\n').trimEnd()}\n`;
}

const EVIDENCE_KIND: Record<Rule['evidence'][number]['kind'], string> = {'api-error': 'What the API answers', docs: 'What the documentation says', sdk: 'What the SDK does'};

function howToFix(rule: Rule): string {
  const like = rule.examples.valid.length > 0 ? ' so it reads like the valid examples above' : '';
  const manual = `Change the input${like}; the finding's message names what it found and where. If the rule does not apply to your project, lower its level (below).`;
  if (!rule.fixable) return manual;
  const lint = rule.commands.includes('lint schema') ? ' `openwop lint schema --fix` applies the fix and `--fix-dry-run` shows the diff; SARIF output carries it as a suggested fix.' : '';
  return `Some findings of this rule can be fixed automatically.${lint} ${manual}`;
}

/** docs/rules/README.md: every rule, by family. */
export function rulesIndex(rules: readonly Rule[]): string {
  const out = [
    GENERATED,
    '',
    '# Rules',
    '',
    `${rules.length} rules in ${families(rules).size} families. Each page says what the rule checks, why, its examples, how to fix and configure it, and the sources it rests on.`,
    '',
  ];
  for (const [family, members] of families(rules)) {
    out.push(`## ${family}`, '', '| rule | default | reported by | fixable | upstream code | checks |', '|---|---|---|---|---|---|');
    for (const r of members) {
      out.push(
        `| [${code(r.id)}](${r.docsPath}) | ${r.severity} | ${r.commands.join(', ') || 'every command'} | ${r.fixable ? 'yes' : ''} | ${r.code === undefined ? '' : code(r.code)} | ${cell(r.description)} |`,
      );
    }
    out.push('');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

function families(rules: readonly Rule[]): Map<string, Rule[]> {
  const by = new Map<string, Rule[]>();
  for (const r of rules) by.set(r.family, [...(by.get(r.family) ?? []), r]);
  return by;
}

/** The README section: a family summary linking every page, and which rules run under each lint profile and target. */
function readmeSection(rules: readonly Rule[]): string {
  const out = [GENERATED, '', `${rules.length} rules; every one has a page under [docs/rules](${RULE_DOCS_DIR}/README.md).`, '', '| family | reported by | rules |', '|---|---|---|'];
  for (const [family, members] of families(rules)) {
    const commands = [...new Set(members.flatMap((r) => r.commands))];
    const links = members.map((r) => `[${r.id.slice(family.length + 1) || r.id}](${RULE_DOCS_DIR}/${r.docsPath})`).join(', ');
    out.push(`| ${code(family)} | ${commands.join(', ') || 'every command'} | ${links} |`);
  }
  out.push(...profileMatrix(rules));
  return out.join('\n');
}

/** Rule counts by lint profile (rows) and target (columns); nothing when no rule declares profiles and targets. */
function profileMatrix(rules: readonly Rule[]): string[] {
  const scoped = rules.filter((r) => r.profiles?.length && r.targets?.length);
  const profiles = [...new Set(scoped.flatMap((r) => r.profiles ?? []))];
  const targets = [...new Set(scoped.flatMap((r) => r.targets ?? []))];
  if (profiles.length === 0 || targets.length === 0) return [];
  const out = ['', 'Lint rules that run, by `--profile` (rows) and `--target` (columns):', '', `| profile | ${targets.map(code).join(' | ')} |`, `|---|${targets.map(() => '---').join('|')}|`];
  for (const p of profiles) out.push(`| ${code(p)} | ${targets.map((t) => scoped.filter((r) => r.profiles?.includes(p) && r.targets?.includes(t)).length).join(' | ')} |`);
  return out;
}

/** `readme` with the text between the rules markers replaced; throws when the markers are missing or out of order. */
export function replaceRulesSection(readme: string, generated: string): string {
  const at = markers(readme);
  if (!at) throw new Error(`README.md has no "${RULES_START}" … "${RULES_END}" markers`);
  return `${readme.slice(0, at.start + RULES_START.length)}\n${generated}\n${readme.slice(at.end)}`;
}

/** The text currently between the markers (undefined without markers). */
export function currentRulesSection(readme: string): string | undefined {
  const at = markers(readme);
  return (
    at &&
    readme
      .slice(at.start + RULES_START.length, at.end)
      .replace(/^\r?\n/, '')
      .replace(/\r?\n$/, '')
  );
}

function markers(readme: string): {start: number; end: number} | undefined {
  const start = readme.indexOf(RULES_START);
  const end = readme.indexOf(RULES_END);
  return start < 0 || end < start ? undefined : {start, end};
}

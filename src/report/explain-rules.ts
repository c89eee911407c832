import type {CheckingCommand, Rule} from '../core/rule.js';
import {ruleNames} from '../core/rule.js';
import {UserError} from '../core/user-error.js';
import {ruleDocsUrl} from './rule-docs-url.js';
import {closestName} from './suggest.js';

/** What `--explain` and `--list-rules` read: the command's own rules, and every rule (an id may name another command's). */
export interface RuleBook {
  command: CheckingCommand;
  own: readonly Rule[];
  all: readonly Rule[];
}

/**
 * The `--explain NAME` text: every rule of the command for `all`; else the rules NAME is the id or an alias of (the
 * command's own first, any other command's when it has none, so a pasted id from elsewhere is still explained).
 * An unknown NAME is a UserError naming the closest ids.
 */
export function explainRules(book: RuleBook, name: string): string {
  if (name === 'all') return book.own.map(explainRule).join('\n');
  const named = (rules: readonly Rule[]) => rules.filter((r) => ruleNames(r).includes(name));
  const chosen = named(book.own).length > 0 ? named(book.own) : named(book.all);
  if (chosen.length === 0) {
    // Matched on every name a rule goes by, suggested by id: a near alias points at its rule, once.
    const idOf = new Map(book.all.flatMap((r) => ruleNames(r).map((n): [string, string] => [n, r.id])));
    const near = [...new Set(closestName(name, [...idOf.keys()]).map((n) => idOf.get(n)))];
    throw new UserError(`unknown rule "${name}"${near.length > 0 ? `; did you mean ${near.join(', ')}?` : ''}`, `openwop ${book.command} --list-rules lists its rules`);
  }
  const aliasOf = chosen.some((r) => r.id === name) ? '' : `${name} is an alias of ${chosen.map((r) => r.id).join(', ')}.\n\n`;
  return aliasOf + chosen.map(explainRule).join('\n');
}

/** One rule in full: what, where it applies, why, sources with the month each was verified, evidence, examples. */
export function explainRule(rule: Rule): string {
  const lines = [`${rule.id} — ${rule.description}`, ''];
  const field = (label: string, value: string) => lines.push(`  ${label.padEnd(17)} ${value}`);
  field('default severity', rule.severity);
  field('fixable', rule.fixable ? 'yes (--fix)' : 'no');
  if (rule.profiles) field('profiles', rule.profiles.join(', '));
  if (rule.targets) field('targets', rule.targets.join(', '));
  field('commands', rule.commands.length > 0 ? rule.commands.join(', ') : 'every checking command');
  if (rule.code !== undefined) field('upstream code', rule.code);
  const aliases = rule.aliases.filter((a) => a !== rule.code);
  if (aliases.length > 0) field('aliases', aliases.join(', '));
  field('docs', ruleDocsUrl(rule));
  lines.push('', ...wrap(rule.explanation, 100));
  if (rule.sources.length > 0) {
    lines.push('', 'Sources:');
    for (const s of rule.sources) lines.push(`  - ${s.title ? `${s.title}: ` : ''}${s.url} (verified ${s.verified})`);
  }
  if (rule.evidence.length > 0) {
    lines.push('', 'Evidence (what the vendor answers):');
    for (const e of rule.evidence) lines.push(`  - ${EVIDENCE_KIND[e.kind]}: ${e.kind === 'api-error' ? JSON.stringify(e.text) : e.text}`, `    ${e.url} (verified ${e.verified})`);
  }
  for (const [label, examples] of [
    ['Invalid', rule.examples.invalid],
    ['Valid', rule.examples.valid],
  ] as const) {
    if (examples.length === 0) continue;
    lines.push('', `${label}:`);
    for (const text of examples) lines.push(...text.split('\n').map((l) => `    ${l}`));
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

const EVIDENCE_KIND = {'api-error': 'API error', docs: 'docs', sdk: 'SDK'} as const;

/**
 * The `--list-rules` table: id, default severity, fixable, profiles and targets (when any rule has them: lint's), and
 * the description last, so a long one only runs past the right edge.
 */
export function ruleTable(rules: readonly Rule[]): string {
  const scoped = rules.some((r) => r.profiles !== undefined || r.targets !== undefined);
  const rows = [
    ['RULE', 'SEVERITY', 'FIXABLE', ...(scoped ? ['PROFILES', 'TARGETS'] : []), 'DESCRIPTION'],
    ...rules.map((r) => [r.id, r.severity, r.fixable ? 'yes' : '', ...(scoped ? [(r.profiles ?? []).join(','), (r.targets ?? []).join(',')] : []), r.description]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  return rows.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ')).join('\n') + '\n';
}

/**
 * `--list-rules --json`: what a tool needs to pick rules and link to them — the descriptor without its explanation,
 * examples and message templates (`--explain` and the docs page carry those), plus the newest month any of its facts
 * was verified and the URL of its docs page.
 */
export function ruleListJson(rules: readonly Rule[]): string {
  return `${JSON.stringify(rules.map(listedRule), null, 2)}\n`;
}

function listedRule(r: Rule) {
  const verified = [...r.sources, ...r.evidence]
    .map((s) => s.verified)
    .sort()
    .at(-1);
  return {
    id: r.id,
    family: r.family,
    severity: r.severity,
    description: r.description,
    fixable: r.fixable,
    ...(r.code === undefined ? {} : {code: r.code}),
    aliases: r.aliases,
    commands: r.commands,
    ...(r.profiles ? {profiles: r.profiles} : {}),
    ...(r.targets ? {targets: r.targets} : {}),
    sources: r.sources,
    ...(r.evidence.length > 0 ? {evidence: r.evidence} : {}),
    ...(verified === undefined ? {} : {verified}),
    docsUrl: ruleDocsUrl(r),
  };
}

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(/\s+/)) {
      if (line && line.length + 1 + word.length > width) {
        out.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    out.push(line);
  }
  return out;
}

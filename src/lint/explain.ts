import {closest} from '../report/suggest.js';
import {RULES, RULES_BY_ID} from './rules/index.js';
import {LINT_PROFILES, LINT_TARGETS, type LintRule, type RuleMeta} from './types.js';

export interface RuleSummary {
  id: string;
  description: string;
  severity: RuleMeta['severity'];
  profiles: RuleMeta['profiles'];
  targets: RuleMeta['targets'];
  fixable: boolean;
  extension: boolean;
  upstreamName?: string;
  since: string;
  verified: string;
  sources: RuleMeta['sources'];
  evidence?: RuleMeta['evidence'];
}

/** Every rule's metadata (no docs examples), in --list-rules order. */
export function listRules(): RuleSummary[] {
  return RULES.map((r) => summarize(r));
}

function summarize(r: LintRule): RuleSummary {
  const m = r.meta;
  return {
    id: m.id,
    description: m.description,
    severity: m.severity,
    profiles: m.profiles,
    targets: m.targets,
    fixable: m.fixable,
    extension: m.extension,
    ...(m.upstreamName ? {upstreamName: m.upstreamName} : {}),
    since: m.since,
    verified: lastVerified(m),
    sources: m.sources,
    ...(m.evidence.length > 0 ? {evidence: m.evidence} : {}),
  };
}

/** The most recent `verified` month among a rule's sources and evidence. */
export function lastVerified(m: RuleMeta): string {
  return [...m.sources, ...m.evidence].map((s) => s.verified).sort().at(-1) ?? '';
}

/** Closest rule ids to a mistyped one (for "unknown rule" messages). */
export function suggestRules(id: string, max = 3): string[] {
  return closest(id, RULES.map((r) => r.meta.id), max);
}

/** The --explain text: what, why, where it applies, sources with the month each was verified, and the examples. */
export function explainRule(id: string): string {
  const rule = RULES_BY_ID.get(id);
  if (!rule) {
    const s = suggestRules(id);
    throw new RangeError(`unknown rule "${id}"${s.length ? `; did you mean ${s.join(', ')}?` : ''} (openwop lint schema --list-rules lists them)`);
  }
  const m = rule.meta;
  const lines: string[] = [];
  lines.push(`${m.id} — ${m.description}`, '');
  lines.push(`  default severity  ${m.severity}`);
  lines.push(`  profiles          ${m.profiles.join(', ')}`);
  lines.push(`  targets           ${m.targets.join(', ')}`);
  lines.push(`  fixable           ${m.fixable ? 'yes (--fix)' : 'no'}`);
  lines.push(
    `  origin            ${m.extension ? 'extension: our own rule, beyond the upstream conformance walker' : m.reach === 'upstream' ? `upstream: reproduces the OpenWOP conformance walker${m.upstreamName ? ` (check "${m.upstreamName}")` : ''}` : 'upstream: from the spec (RFC 0030 §B table); the conformance walker does not check it'}`,
  );
  lines.push(`  since             openwop ${m.since}`, '');
  lines.push(...wrap(m.explanation, 100), '');
  lines.push('Sources:');
  for (const s of m.sources) lines.push(`  - ${s.title ? `${s.title}: ` : ''}${s.url} (verified ${s.verified})`);
  if (m.evidence.length > 0) {
    lines.push('', 'Evidence (what the vendor answers):');
    for (const e of m.evidence) lines.push(`  - ${EVIDENCE_KIND[e.kind]}: ${e.kind === 'api-error' ? JSON.stringify(e.text) : e.text}`, `    ${e.url} (verified ${e.verified})`);
  }
  lines.push('', 'Valid:');
  for (const v of m.docs.valid) lines.push(...indent(example(v)), '');
  lines.push('Invalid:');
  for (const v of m.docs.invalid) {
    const n = typeof v.findings === 'number' ? `${v.findings} finding${v.findings === 1 ? '' : 's'}` : v.findings.join(', ');
    lines.push(`  (${n})`, ...indent(example(v.schema)), '');
  }
  return lines.join('\n').trimEnd() + '\n';
}

const EVIDENCE_KIND = {'api-error': 'API error', docs: 'docs', sdk: 'SDK'} as const;

/** The profile × target matrix: which rules run where. */
export function ruleMatrix(): {profile: string; target: string; rules: string[]}[] {
  const out: {profile: string; target: string; rules: string[]}[] = [];
  for (const profile of LINT_PROFILES) {
    for (const target of LINT_TARGETS) {
      out.push({profile, target, rules: RULES.filter((r) => r.meta.profiles.includes(profile) && r.meta.targets.includes(target)).map((r) => r.meta.id)});
    }
  }
  return out;
}

function indent(text: string): string[] {
  return text.split('\n').map((l) => `    ${l}`);
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

/** JSON, compact where short, with long arrays and objects abbreviated so a 5,001-property example stays readable. */
export function example(value: unknown, depth = 0): string {
  const flat = JSON.stringify(value);
  if (flat === undefined) return 'undefined';
  if (flat.length <= 90 - depth * 2) return inline(value);
  const pad = '  '.repeat(depth + 1);
  const close = '  '.repeat(depth);
  const LIMIT = 6;
  if (Array.isArray(value)) {
    const items = value.slice(0, LIMIT).map((v) => pad + example(v, depth + 1));
    if (value.length > LIMIT) items.push(`${pad}… ${value.length - LIMIT} more`);
    return `[\n${items.join(',\n')}\n${close}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    const items = entries.slice(0, LIMIT).map(([k, v]) => `${pad}${JSON.stringify(k)}: ${example(v, depth + 1)}`);
    if (entries.length > LIMIT) items.push(`${pad}… ${entries.length - LIMIT} more`);
    return `{\n${items.join(',\n')}\n${close}}`;
  }
  return flat.length > 90 ? `${flat.slice(0, 40)}…${flat.slice(-10)}` : flat;
}

function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (value && typeof value === 'object') return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`).join(', ')}}`;
  return JSON.stringify(value) ?? 'null';
}

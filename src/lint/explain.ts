import {closest} from '../report/suggest.js';
import {RULES} from './rules/index.js';
import {LINT_PROFILES, LINT_TARGETS, type RuleMeta} from './types.js';

/** The most recent `verified` month among a rule's sources and evidence. */
export function lastVerified(m: RuleMeta): string {
  return (
    [...m.sources, ...m.evidence]
      .map((s) => s.verified)
      .sort()
      .at(-1) ?? ''
  );
}

/** Closest rule ids to a mistyped one (for "unknown rule" messages). */
export function suggestRules(id: string, max = 3): string[] {
  return closest(
    id,
    RULES.map((r) => r.meta.id),
    max,
  );
}

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
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`)
      .join(', ')}}`;
  return JSON.stringify(value) ?? 'null';
}

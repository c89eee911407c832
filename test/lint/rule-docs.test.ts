import {readdirSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import {RULES} from '../../src/lint/rules/index.js';
import type {LintRule} from '../../src/lint/types.js';
import {lint} from './helpers.js';

/** Runs a rule's own documentation examples through the engine, under a profile and the targets the rule runs in. */
function run(rule: LintRule, schema: unknown) {
  const profile = rule.meta.profiles.includes('strict') ? 'strict' : 'load-bearing';
  return lint(schema, {profile, targets: rule.meta.targets});
}

describe.each(RULES.map((r) => [r.meta.id, r] as const))('%s', (id, rule) => {
  it('has complete metadata', () => {
    const m = rule.meta;
    expect(m.id).toMatch(/^[a-z0-9-]+\/[a-z0-9-]+$/);
    expect(m.description.length).toBeGreaterThan(10);
    expect(m.explanation.length).toBeGreaterThan(40);
    expect(['error', 'warning', 'info']).toContain(m.severity);
    expect(m.profiles.length).toBeGreaterThan(0);
    expect(m.targets.length).toBeGreaterThan(0);
    expect(m.since).toMatch(/^\d+\.\d+\.\d+$/);
    expect(m.sources.length).toBeGreaterThan(0);
    for (const s of m.sources) {
      expect(s.url).toMatch(/^https:\/\//);
      expect(s.verified).toMatch(/^20\d\d-(0[1-9]|1[0-2])$/);
    }
    if (/^(openai|anthropic|gemini)\//.test(id)) {
      expect(m.extension).toBe(true);
      expect(m.sources.some((s) => s.verified === '2026-11')).toBe(true);
    }
    if (!m.extension) expect(id).toMatch(/^tier1\//);
    expect(m.docs.valid.length).toBeGreaterThan(0);
    expect(m.docs.invalid.length).toBeGreaterThan(0);
  });

  it.each(rule.meta.docs.valid.map((s, i) => [i, s] as const))('valid example %i gives no finding', (_i, schema) => {
    const findings = run(rule, schema).filter((f) => f.ruleId === id);
    expect(findings.map((f) => `${f.pointer}: ${f.message}`)).toEqual([]);
  });

  it.each(rule.meta.docs.invalid.map((s, i) => [i, s] as const))('invalid example %i gives the documented findings', (_i, example) => {
    const findings = run(rule, example.schema);
    const want = example.findings;
    if (typeof want === 'number') expect(findings.filter((f) => f.ruleId === id).length).toBe(want);
    else
      expect(
        findings
          .map((f) => f.ruleId)
          .filter((r) => want.includes(r))
          .sort(),
      ).toEqual([...want].sort());
    for (const f of findings) {
      expect(Number.isInteger(f.line) && f.line >= 1).toBe(true);
      expect(Number.isInteger(f.column) && f.column >= 1).toBe(true);
      expect(f.pointer === '' || f.pointer.startsWith('/')).toBe(true);
    }
  });
});

describe('the rule list', () => {
  it('has unique ids', () => {
    const ids = RULES.map((r) => r.meta.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has one file per rule, named after its id', () => {
    const dir = fileURLToPath(new URL('../../src/lint/rules/', import.meta.url));
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
      .map((f) => f.slice(0, -3))
      .sort();
    expect(files).toEqual(RULES.map((r) => r.meta.id.replace('/', '-')).sort());
  });

  it('keeps the upstream conformance names recognisable', () => {
    const upstream = RULES.filter((r) => r.meta.upstreamName).map((r) => r.meta.upstreamName);
    // Only the names SPEC-NOTES gives; the ids of the other upstream checks say what they check.
    expect(upstream.sort()).toEqual(['forbidden-keyword', 'max-nesting-depth-5']);
  });

  it('gives every impliedBy a real rule', () => {
    const ids = new Set(RULES.map((r) => r.meta.id));
    for (const r of RULES) for (const i of r.meta.impliedBy ?? []) expect(ids.has(i), `${r.meta.id} → ${i}`).toBe(true);
  });
});

import {describe, expect, it} from 'vitest';
import {example, explainRule, listRules, ruleMatrix} from '../../src/lint/explain.js';
import {RULES} from '../../src/lint/rules/index.js';

describe('explainRule', () => {
  it('prints description, profiles, targets, origin, sources with the verified month, and the examples', () => {
    const text = explainRule('openai/max-nesting');
    expect(text).toMatch(/^openai\/max-nesting — /);
    expect(text).toContain('profiles          load-bearing, strict');
    expect(text).toContain('targets           openai');
    expect(text).toContain('extension: our own rule');
    expect(text).toContain('(verified 2026-11)');
    expect(text).toContain('Valid:');
    expect(text).toContain('Invalid:');
  });

  it('names the upstream check for upstream rules', () => {
    expect(explainRule('tier1/max-depth')).toContain('upstream: reproduces the OpenWOP conformance walker (check "max-nesting-depth-5")');
  });

  it('works for every rule and keeps huge examples short', () => {
    for (const r of RULES) expect(explainRule(r.meta.id).length).toBeLessThan(12_000);
  });

  it('suggests close ids for a typo', () => {
    expect(() => explainRule('tier1/all-requird')).toThrow(/did you mean tier1\/all-required/);
  });

  it('abbreviates long arrays and objects', () => {
    expect(example(Array.from({length: 100}, (_, i) => i))).toContain('… 94 more');
  });
});

describe('listRules and the matrix', () => {
  it('lists every rule with its verified month', () => {
    const list = listRules();
    expect(list).toHaveLength(RULES.length);
    expect(list.every((r) => /^\d{4}-\d{2}$/.test(r.verified))).toBe(true);
  });

  it('tier1 rules are the default target; load-bearing is a subset of strict', () => {
    const m = ruleMatrix();
    for (const t of ['tier1', 'openai', 'anthropic', 'gemini']) {
      const strict = m.find((x) => x.profile === 'strict' && x.target === t)?.rules ?? [];
      const lb = m.find((x) => x.profile === 'load-bearing' && x.target === t)?.rules ?? [];
      expect(lb.every((r) => strict.includes(r))).toBe(true);
    }
  });
});

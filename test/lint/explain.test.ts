import {describe, expect, it} from 'vitest';
import {example, ruleMatrix} from '../../src/lint/explain.js';

describe('example', () => {
  it('abbreviates long arrays and objects', () => {
    expect(example(Array.from({length: 100}, (_, i) => i))).toContain('… 94 more');
  });
});

describe('the matrix', () => {
  it('tier1 rules are the default target; load-bearing is a subset of strict', () => {
    const m = ruleMatrix();
    for (const t of ['tier1', 'openai', 'anthropic', 'gemini']) {
      const strict = m.find((x) => x.profile === 'strict' && x.target === t)?.rules ?? [];
      const lb = m.find((x) => x.profile === 'load-bearing' && x.target === t)?.rules ?? [];
      expect(lb.every((r) => strict.includes(r))).toBe(true);
    }
  });
});

import {describe, expect, it} from 'vitest';
import {example} from '../../src/lint/example-text.js';
import {RULES} from '../../src/lint/rules/index.js';

describe('example', () => {
  it('abbreviates long arrays and objects', () => {
    expect(example(Array.from({length: 100}, (_, i) => i))).toContain('… 94 more');
  });
});

describe('profiles and targets', () => {
  it('load-bearing is a subset of strict for every target', () => {
    for (const t of ['tier1', 'openai', 'anthropic', 'gemini', 'gemini-legacy'] as const) {
      const under = (profile: 'strict' | 'load-bearing') => RULES.filter((r) => r.meta.profiles.includes(profile) && r.meta.targets.includes(t)).map((r) => r.meta.id);
      expect(under('strict').length).toBeGreaterThan(0);
      for (const id of under('load-bearing')) expect(under('strict'), `${t}: ${id}`).toContain(id);
    }
  });
});

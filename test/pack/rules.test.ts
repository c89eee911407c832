import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {PACK_RULE_LIST, PACK_RULES} from '../../src/pack/index.js';
import {explainRule} from '../../src/report/explain-rules.js';
import {findRule} from '../../src/rule-catalog.js';
import {ROOT} from '../helpers/cli.js';

describe('pack rules', () => {
  it('ids are unique, upstream codes keep their names, the rest are pack/*', () => {
    const ids = PACK_RULE_LIST.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id === 'invalid_manifest' || id === 'pack_runtime_requirement_unmet' || /^pack\/[a-z-]+$/.test(id)).toBe(true);
  });

  it('each rule has a description, a rationale and a failing and a passing example that --explain prints', async () => {
    for (const rule of PACK_RULE_LIST) {
      for (const field of [rule.description, rule.explain, rule.invalid, rule.valid]) expect(field.length).toBeGreaterThan(10);
      const text = explainRule((await findRule(rule.id))!);
      expect(text.replace(/\s+/g, ' ')).toContain(rule.explain.replace(/\s+/g, ' '));
      expect(text).toContain(`Invalid:\n    ${rule.invalid}\n\nValid:\n    ${rule.valid}`);
    }
  });

  it('every rule the sources emit is described, and every described rule is emitted somewhere', () => {
    const dir = join(ROOT, 'src', 'pack');
    const source = readdirSync(dir, {recursive: true, encoding: 'utf8'})
      .filter((f) => f.endsWith('.ts') && f !== 'rules.ts')
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .join('\n');
    const used = new Set([...source.matchAll(/PACK_RULES\.(\w+)\.id/g)].map((m) => m[1]));
    expect([...used].sort()).toEqual(Object.keys(PACK_RULES).sort());
  });
});

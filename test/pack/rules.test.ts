import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {PACK_RULE_LIST, PACK_RULES} from '../../src/pack/index.js';
import {explainRule} from '../../src/report/explain-rules.js';
import {findRule} from '../../src/rule-catalog.js';
import {ROOT} from '../helpers/cli.js';

describe('pack rules', () => {
  it('ids are unique pack/* ids; the upstream codes ride as `code` and stay accepted as aliases', () => {
    const ids = PACK_RULE_LIST.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^pack\/[a-z-]+$/);
    expect(PACK_RULES.invalidManifest).toMatchObject({code: 'invalid_manifest', aliases: ['invalid_manifest']});
    expect(PACK_RULES.requirementUnmet).toMatchObject({code: 'pack_runtime_requirement_unmet', aliases: ['pack_runtime_requirement_unmet']});
  });

  it('each rule has a description, a rationale and a failing and a passing example that --explain prints', async () => {
    for (const rule of PACK_RULE_LIST) {
      const [invalid, valid] = [rule.examples.invalid[0], rule.examples.valid[0]];
      for (const field of [rule.description, rule.explanation, invalid, valid]) expect(field.length).toBeGreaterThan(10);
      const text = explainRule((await findRule(rule.id))!);
      expect(text.replace(/\s+/g, ' ')).toContain(rule.explanation.replace(/\s+/g, ' '));
      expect(text).toContain(`Invalid:\n    ${invalid}\n\nValid:\n    ${valid}`);
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

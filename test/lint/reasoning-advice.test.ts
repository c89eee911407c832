import {describe, expect, it} from 'vitest';
import {reasoningAdvice} from '../../src/lint/reasoning-advice.js';
import type {LintProfile, LintTarget} from '../../src/lint/index.js';
import {lint} from './helpers.js';

const FILE = 'vendor.acme.plan.create.schema.json';
const three = {type: 'object', properties: {a: {type: 'string'}, b: {type: 'string'}, c: {type: 'string'}}, required: ['a', 'b', 'c'], additionalProperties: false};
const TARGET_SETS: LintTarget[][] = [['tier1'], ['openai'], ['anthropic'], ['gemini'], ['gemini-legacy'], ['tier1', 'openai', 'anthropic'], ['tier1', 'gemini']];
const PROFILES: LintProfile[] = ['strict', 'load-bearing'];
const keyOf = (f: {ruleId: string; pointer: string}) => `${f.ruleId} ${f.pointer}`;

describe('reasoning/missing advises what the active profile and targets accept', () => {
  for (const profile of PROFILES) {
    for (const targets of TARGET_SETS) {
      it(`--profile ${profile} --target ${targets.join(',')}: the advice, followed, adds no finding`, () => {
        const before = lint(three, {profile, targets}, FILE);
        const missing = before.filter((f) => f.ruleId === 'reasoning/missing');
        expect(missing).toHaveLength(1);
        const advice = reasoningAdvice({profile, targets});
        // The message says exactly what to add.
        expect(missing[0].message).toContain(`add "reasoning": ${JSON.stringify(advice.schema)} as the first property`);
        expect(missing[0].message.includes('list it in "required"')).toBe(advice.required);

        const followed = {...three, properties: {reasoning: advice.schema, ...three.properties}, required: advice.required ? ['reasoning', ...three.required] : three.required};
        const after = lint(followed, {profile, targets}, FILE).map(keyOf);
        const expected = before.filter((f) => f.ruleId !== 'reasoning/missing').map(keyOf);
        expect(new Set(after)).toEqual(new Set(expected));
      });
    }
  }

  it('strict wants it required and nullable; load-bearing without openai leaves it an optional string', () => {
    expect(reasoningAdvice({profile: 'strict', targets: ['tier1']})).toEqual({schema: {type: ['string', 'null']}, required: true});
    expect(reasoningAdvice({profile: 'strict', targets: ['gemini-legacy']})).toEqual({schema: {type: 'string', nullable: true}, required: true});
    expect(reasoningAdvice({profile: 'load-bearing', targets: ['openai']})).toEqual({schema: {type: ['string', 'null']}, required: true});
    expect(reasoningAdvice({profile: 'load-bearing', targets: ['tier1', 'gemini']})).toEqual({schema: {type: 'string'}, required: false});
  });
});

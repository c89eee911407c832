import {describe, expect, it} from 'vitest';
import {renderMessage} from '../../src/core/rule.js';
import {defineLintRule} from '../../src/lint/define-lint-rule.js';
import {lintSchemaDocument} from '../../src/lint/engine.js';
import {example} from '../../src/lint/example-text.js';
import {lintRuleDescriptors} from '../../src/lint/run.js';
import {RULES} from '../../src/lint/rules/index.js';
import {doc, EMPTY_DIR, lint} from './helpers.js';

const closed = (props: Record<string, unknown>) => ({type: 'object', properties: props, required: Object.keys(props), additionalProperties: false});
const only = (findings: ReturnType<typeof lint>, id: string) => findings.filter((f) => f.ruleId === id);

describe('lint findings carry messageId and data', () => {
  it('tier1/forbidden-keyword names the keyword and its advice', () => {
    const [f] = only(lint(closed({a: {oneOf: [{type: 'string'}, {type: 'number'}]}})), 'tier1/forbidden-keyword');
    expect(f?.messageId).toBe('forbidden');
    expect(f?.data).toEqual({keyword: 'oneOf', advice: expect.stringContaining('"anyOf"') as string});
  });

  it('tier1/all-required tells a fixable property from one that is not', () => {
    const findings = only(lint({type: 'object', properties: {a: {type: 'string'}}, required: [], additionalProperties: false}, {profile: 'strict'}), 'tier1/all-required');
    expect(findings.map((f) => [f.messageId, f.data])).toEqual([['notRequired', {key: 'a'}]]);
  });

  it('openai/max-nesting reports the depth and the limit as numbers', () => {
    let schema: unknown = {type: 'string'};
    for (let i = 0; i < 11; i++) schema = closed({n: schema});
    const [f] = only(lint(schema, {targets: ['openai']}), 'openai/max-nesting');
    expect(f?.messageId).toBe('tooDeep');
    expect(f?.data).toEqual({depth: 11, max: 10});
  });

  it('a vendor keyword rule reports the key and what the vendor does with it', () => {
    const [f] = only(lint(closed({a: {type: 'string', examples: ['x']}}), {targets: ['openai']}), 'openai/unsupported-keyword');
    expect(f?.messageId).toMatch(/^keyword/);
    expect(f?.data).toMatchObject({key: 'examples'});
  });

  it('a message without values has messageId and empty data', () => {
    const [f] = only(lint(closed({a: {type: 'object', properties: {}, required: []}}), {targets: ['openai']}), 'openai/additional-properties');
    expect([f?.messageId, f?.data]).toEqual(['missing', {}]);
  });

  it('every finding of every rule example renders its message from its own template and data', () => {
    for (const rule of RULES) {
      for (const example of rule.meta.docs.invalid) {
        const profile = rule.meta.profiles.includes('strict') ? 'strict' : 'load-bearing';
        for (const f of lintSchemaDocument(doc(example.schema), {cwd: EMPTY_DIR, profile, targets: rule.meta.targets}).filter((x) => x.ruleId === rule.meta.id)) {
          const template = rule.meta.messages[f.messageId ?? ''];
          expect(template, `${f.ruleId} ${f.messageId}`).toBeDefined();
          expect(f.message.startsWith(renderMessage(template, f.data)), f.message).toBe(true);
        }
      }
    }
  });

  it('a rule reporting a messageId it does not declare fails loudly', () => {
    const rule = defineLintRule({
      meta: {id: 'tier1/test-only', description: 'test rule', sources: [], docs: {valid: [], invalid: []}, explanation: 'x', messages: {known: 'k'}},
      begin: (ctx) => ctx.report({pointer: '', messageId: 'unknown'}),
    });
    expect(() => lintSchemaDocument(doc({type: 'object'}), {cwd: EMPTY_DIR, ruleSet: [rule]})).toThrow(/"unknown", which it does not declare/);
  });
});

describe('defineLintRule', () => {
  it('fills the defaults a rule file leaves out', () => {
    const {meta} = defineLintRule({
      meta: {id: 'openai/test-only', description: 'test rule', sources: [], docs: {valid: [{type: 'object'}], invalid: [{schema: {type: 'array'}, findings: 1}]}, explanation: 'x'},
    });
    expect(meta).toMatchObject({
      severity: 'error',
      profiles: ['load-bearing', 'strict'],
      targets: ['openai'],
      fixable: false,
      extension: true,
      family: 'openai',
      docsPath: 'openai/test-only.md',
      commands: ['lint schema', 'validate pack', 'probe host', 'export schema', 'scaffold kind'],
    });
    expect(meta.examples).toEqual({valid: ['{"type": "object"}'], invalid: ['{"type": "array"}']});
  });

  it('gives tier1 rules the tier1 target and upstream origin, reasoning rules every target', () => {
    const byId = new Map(RULES.map((r) => [r.meta.id, r.meta]));
    expect(byId.get('tier1/max-depth')).toMatchObject({targets: ['tier1'], extension: false});
    expect(byId.get('tier1-ext/max-depth')).toMatchObject({targets: ['tier1'], extension: true});
    expect(byId.get('reasoning/type')?.targets).toEqual(['tier1', 'openai', 'anthropic', 'gemini', 'gemini-legacy']);
  });
});

describe('lintRuleDescriptors', () => {
  it('returns core Rule objects for every lint rule, with their examples as abbreviated JSON text', () => {
    const rules = lintRuleDescriptors();
    for (const r of RULES) {
      const rule = rules.find((d) => d.id === r.meta.id);
      expect(rule?.commands).toContain('lint schema');
      expect(rule?.examples.invalid).toEqual(r.meta.docs.invalid.map((e) => example(e.schema)));
      expect(Object.keys(rule?.messages ?? {}).length, r.meta.id).toBeGreaterThan(0);
    }
    expect(rules.find((d) => d.id === 'lint/incomplete')?.messages.incomplete).toContain('{{limit}}');
  });
});

import {describe, expect, it} from 'vitest';
import {lintSchemaDocument, RULES, type LintTarget} from '../../src/lint/index.js';
import {explainRule} from '../../src/report/explain-rules.js';
import {findRule} from '../../src/rule-catalog.js';
import {VENDOR_MODELS, type Effect} from '../../src/lint/vendors/index.js';

const SEVERITY: Record<Effect, string> = {refused: 'error', ignored: 'warning', degraded: 'info'};
const vendorRules = RULES.filter((r) => !r.meta.targets.includes('tier1'));
const at = (schema: object, targets: LintTarget[]) => lintSchemaDocument(schema, {targets}).map((f) => `${f.ruleId} ${f.severity} ${f.pointer}`);

describe('vendor models and the rules that follow from them', () => {
  it("every effect a model declares has a rule for its target, at that effect's severity", () => {
    for (const model of Object.values(VENDOR_MODELS)) {
      const effects = new Set<Effect>([model.otherKeywords.effect]);
      for (const t of Object.values(model.keywords)) if (t !== 'accepted') effects.add(t.effect);
      for (const effect of effects) {
        const rule = vendorRules.find((r) => r.meta.targets.includes(model.target) && r.meta.id.endsWith('-keyword') && r.meta.severity === SEVERITY[effect]);
        expect(rule, `${model.target} ${effect}`).toBeDefined();
      }
    }
  });

  it('every vendor rule carries evidence with its month, and --explain prints it', async () => {
    expect(vendorRules.length).toBeGreaterThan(20);
    for (const r of vendorRules) {
      expect(r.meta.evidence?.length, r.meta.id).toBeGreaterThan(0);
      for (const e of r.meta.evidence ?? []) {
        expect(e.verified, r.meta.id).toMatch(/^\d{4}-\d{2}$/);
        expect(e.url, r.meta.id).toMatch(/^https:\/\//);
      }
      const rule = await findRule(r.meta.id);
      expect(rule, r.meta.id).toBeDefined();
      const text = explainRule(rule!);
      expect(text, r.meta.id).toContain('Evidence (what the vendor answers):');
      expect(text, r.meta.id).toContain(r.meta.evidence?.[0]?.url);
    }
  });

  it('the same keyword gets the severity of what each vendor does with it', () => {
    const schema = {type: 'object', properties: {v: {oneOf: [{type: 'string'}, {type: 'integer'}]}, s: {type: 'string', minLength: 2}}, required: ['v', 's'], additionalProperties: false};
    // OpenAI takes string lengths (the docs exclude them only for fine-tuned models); Anthropic refuses them.
    expect(at(schema, ['openai'])).toEqual(['openai/unsupported-keyword error /properties/v/oneOf']);
    expect(at(schema, ['anthropic'])).toEqual(expect.arrayContaining(['anthropic/unsupported-keyword error /properties/v/oneOf', 'anthropic/unsupported-keyword error /properties/s/minLength']));
    expect(at(schema, ['gemini']).filter((f) => f.includes('-keyword'))).toEqual(['gemini/degraded-keyword info /properties/v/oneOf', 'gemini/ignored-keyword warning /properties/s/minLength']);
    expect(at(schema, ['gemini-legacy'])).toEqual(
      expect.arrayContaining(['gemini-legacy/unsupported-keyword error /properties/v/oneOf', 'gemini-legacy/unsupported-keyword error /additionalProperties']),
    );
    expect(at(schema, ['gemini-legacy'])).not.toContain('gemini-legacy/unsupported-keyword error /properties/s/minLength');
  });

  it('--target lists exactly what is checked: a vendor target alone runs no tier1 rule', () => {
    const schema = {type: 'object', properties: {a: {type: 'string', format: 'date'}}};
    expect(at(schema, ['gemini'])).toEqual([]);
    expect(at(schema, ['tier1']).some((f) => f.startsWith('tier1/'))).toBe(true);
  });
});

describe('composition branches are walked (the rule reports the keyword and what lies inside it)', () => {
  const branches = {
    type: 'object',
    properties: {
      v: {
        oneOf: [
          {type: 'object', properties: {k: {type: 'string', enum: ['a']}, n: {type: 'integer', minimum: 1}}, required: ['k']},
          {type: 'object', properties: {k: {type: 'string', enum: ['b']}}, required: ['k'], additionalProperties: false},
        ],
      },
    },
    required: ['v'],
    additionalProperties: false,
  };

  it('tier1: the oneOf, then the open object, the optional property and the bound inside its first branch', () => {
    expect(at(branches, ['tier1'])).toEqual([
      'tier1/forbidden-keyword error /properties/v/oneOf',
      'tier1-ext/additional-properties error /properties/v/oneOf/0',
      'tier1-ext/all-required error /properties/v/oneOf/0/properties/n',
      'tier1-ext/number-constraint error /properties/v/oneOf/0/properties/n/minimum',
    ]);
  });

  it('openai: an open object with an unrequired property inside a oneOf branch', () => {
    expect(at(branches, ['openai'])).toEqual(expect.arrayContaining(['openai/additional-properties error /properties/v/oneOf/0', 'openai/all-required error /properties/v/oneOf/0/properties/n']));
  });

  it('anthropic: a bound inside a oneOf branch', () => {
    expect(at(branches, ['anthropic'])).toContain('anthropic/unsupported-keyword error /properties/v/oneOf/0/properties/n/minimum');
  });
});

describe('root shapes', () => {
  it('anthropic refuses a root $ref, a root array, "OBJECT" and a top-level anyOf; gemini takes a root array', () => {
    const recursive = {$ref: '#/$defs/Node', $defs: {Node: {type: 'object', properties: {kids: {type: 'array', items: {$ref: '#/$defs/Node'}}}, required: ['kids'], additionalProperties: false}}};
    expect(at(recursive, ['anthropic'])).toContain('anthropic/root-object error ');
    expect(at({type: 'array', items: {type: 'string'}}, ['anthropic'])).toContain('anthropic/root-object error /type');
    expect(at({type: 'OBJECT', properties: {}}, ['anthropic'])).toContain('anthropic/root-object error /type');
    expect(at({type: 'object', properties: {}, anyOf: [{required: []}]}, ['anthropic'])).toContain('anthropic/root-object error /anyOf');
    expect(at({type: 'array', items: {type: 'string'}}, ['gemini'])).toEqual([]);
  });
});

describe('keyword rules are called only where a key can concern them, and still see every key', () => {
  it('a key no model knows, a key only another model knows, and a listed one: all reported under openai, with every vendor target on', () => {
    const schema = {
      type: 'object',
      properties: {a: {type: 'string', 'x-extra': 1}, b: {type: 'string', nullable: true}, c: {type: 'array', items: {type: 'string'}, uniqueItems: true}},
      required: ['a', 'b', 'c'],
      additionalProperties: false,
    };
    const all = lintSchemaDocument(schema, {targets: ['openai', 'anthropic', 'gemini', 'gemini-legacy']})
      .filter((f) => f.ruleId === 'openai/unsupported-keyword')
      .map((f) => f.pointer);
    expect(all).toEqual(['/properties/a/x-extra', '/properties/b/nullable', '/properties/c/uniqueItems']);
    expect(at(schema, ['gemini-legacy']).filter((f) => f.includes('unsupported'))).toEqual([
      'gemini-legacy/unsupported-keyword error /properties/a/x-extra',
      'gemini-legacy/unsupported-keyword error /properties/c/uniqueItems',
      'gemini-legacy/unsupported-keyword error /additionalProperties',
    ]);
  });
});

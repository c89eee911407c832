import {describe, expect, it} from 'vitest';
import {fixSchemaText, lintSchemaDocument, type LintTarget} from '../../src/lint/index.js';

const fix = (text: string, target: LintTarget) => fixSchemaText(text, 'f.json', {targets: [target]});

describe('--fix --target gemini-legacy: lossless rewrites, minimal edits', () => {
  it('a const becomes a one-value enum, a ["T", "null"] type list becomes "nullable": true; the rest of the text is untouched', () => {
    const text = '{\n  "type": "object",\n  "properties": {\n    "kind": {"const": "plan"},\n    "note": {"type": ["string", "null"], "description": "free text"}\n  },\n  "required": ["kind"]\n}\n';
    const out = fix(text, 'gemini-legacy');
    expect(out.text).toBe(
      '{\n  "type": "object",\n  "properties": {\n    "kind": {"enum": ["plan"]},\n    "note": {"type": "string", "description": "free text", "nullable": true}\n  },\n  "required": ["kind"]\n}\n',
    );
    expect(lintSchemaDocument(out.text, {targets: ['gemini-legacy'], rules: {'gemini/property-ordering': 'off'}})).toEqual([]);
    expect(fix(out.text, 'gemini-legacy')).toMatchObject({text: out.text, fixed: 0});
  });

  it('what it cannot fix, each finding says why', () => {
    const text = JSON.stringify({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {a: {type: ['string', 'integer']}, b: {type: 'string', format: 'email'}},
      additionalProperties: false,
    });
    const left = lintSchemaDocument(fix(text, 'gemini-legacy').text, {targets: ['gemini-legacy']});
    expect(left.map((f) => f.pointer)).toEqual(['', '/$schema', '/properties/a/type', '/properties/b/format', '/additionalProperties']);
    for (const f of left) expect(f.message).toMatch(/not auto-fixable: .+/);
  });
});

describe('--fix --target openai', () => {
  // The shape pydantic writes for `hero: Chart = Field(description=...)`: a $ref with a description beside it.
  const described = {
    type: 'object',
    properties: {headline: {type: 'string'}, hero: {$ref: '#/$defs/Chart', description: 'the lead chart'}},
    required: ['headline', 'hero'],
    additionalProperties: false,
    $defs: {Chart: {type: 'object', properties: {title: {type: 'string'}}, required: ['title'], additionalProperties: false}},
  };

  it("inlines a $ref that has keywords beside it, theirs winning, in the file's indentation", () => {
    const out = fix(JSON.stringify(described, null, 2), 'openai');
    const fixed = JSON.parse(out.text);
    expect(fixed.properties.hero).toEqual({type: 'object', properties: {title: {type: 'string'}}, required: ['title'], additionalProperties: false, description: 'the lead chart'});
    expect(out.text).toContain('\n    "hero": {\n      "type": "object",');
    expect(lintSchemaDocument(out.text, {targets: ['openai']})).toEqual([]);
  });

  it('a oneOf told apart by a discriminator becomes anyOf (only the key changes); one that is not, says why', () => {
    const branch = (k: string) => ({type: 'object', properties: {kind: {type: 'string', enum: [k]}}, required: ['kind'], additionalProperties: false});
    const tagged = {type: 'object', properties: {v: {oneOf: [branch('a'), branch('b')]}}, required: ['v'], additionalProperties: false};
    const text = JSON.stringify(tagged, null, 2);
    const out = fix(text, 'openai');
    expect(out.text).toBe(text.replace('"oneOf"', '"anyOf"'));
    expect(lintSchemaDocument(out.text, {targets: ['openai']})).toEqual([]);
    const untagged = {...tagged, properties: {v: {oneOf: [{type: 'string'}, {type: 'integer'}]}}};
    const left = lintSchemaDocument(fix(JSON.stringify(untagged), 'openai').text, {targets: ['openai']});
    expect(left).toEqual([expect.objectContaining({pointer: '/properties/v/oneOf', message: expect.stringContaining('not auto-fixable: its branches are not told apart by a discriminator')})]);
  });
});

describe('--fix --target gemini-legacy inlines every local $ref that is not recursive', () => {
  it('the refs go; $defs (now unused) is left, with the reason', () => {
    const schema = {
      type: 'object',
      properties: {a: {$ref: '#/$defs/A'}, b: {type: 'array', items: {$ref: '#/$defs/A'}}},
      required: ['a', 'b'],
      $defs: {A: {type: 'object', properties: {n: {type: 'integer'}}, required: ['n']}},
    };
    const out = fix(JSON.stringify(schema, null, 2), 'gemini-legacy');
    const fixed = JSON.parse(out.text);
    expect(fixed.properties.a).toEqual(schema.$defs.A);
    expect(fixed.properties.b.items).toEqual(schema.$defs.A);
    const left = lintSchemaDocument(out.text, {targets: ['gemini-legacy'], rules: {'gemini/property-ordering': 'off'}});
    expect(left.map((f) => f.pointer)).toEqual(['/$defs']);
    expect(left[0].message).toContain('not auto-fixable');
  });
});

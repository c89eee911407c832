import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {exportSchema, formsOf} from '../../src/export/index.js';
import {defaultName, nameProblem} from '../../src/export/name.js';
import {lintSchemaDocument} from '../../src/lint/index.js';
import {ROOT} from '../helpers/cli.js';

const ORDER = readFileSync(join(ROOT, 'test/fixtures/export/order.schema.json'), 'utf8');
const closed = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({type: 'object', properties, required: Object.keys(properties), additionalProperties: false, ...extra});
const at = (value: unknown, ...path: (string | number)[]): any => path.reduce((v: any, k) => v?.[k], value);
const errors = (r: {findings: {severity: string; ruleId: string}[]}) => r.findings.filter((f) => f.severity === 'error').map((f) => f.ruleId);

describe('exportSchema: openai', () => {
  const r = exportSchema(ORDER, {target: 'openai', file: 'order.schema.json'});
  it('inlines the described $ref, the description winning', () => {
    expect(at(r.schema, 'properties', 'customer', '$ref')).toBeUndefined();
    expect(at(r.schema, 'properties', 'customer', 'description')).toBe('Who placed the order.');
    expect(at(r.schema, 'properties', 'customer', 'properties', 'email')).toEqual({type: 'string', format: 'email'});
  });
  it('lists the optional field in required, nullable', () => {
    expect(at(r.schema, 'required')).toContain('coupon');
    expect(at(r.schema, 'properties', 'coupon', 'type')).toEqual(['string', 'null']);
  });
  it('keeps the bounds OpenAI reads, moves the others and unsupported formats into the description', () => {
    expect(at(r.schema, 'properties', 'quantity')).toMatchObject({minimum: 1, maximum: 100});
    expect(at(r.schema, 'properties', 'coupon')).toMatchObject({maxLength: 6, description: 'Coupon code, if any.'});
    expect(at(r.schema, 'properties', 'website')).toEqual({type: 'string', description: 'Shop page. format: uri'});
    const unique = exportSchema(closed({tags: {type: 'array', items: {type: 'string'}, uniqueItems: true, minProperties: 1}}), {target: 'openai'});
    expect(at(unique.schema, 'properties', 'tags')).toEqual({type: 'array', items: {type: 'string'}, description: 'uniqueItems: true; minProperties: 1'});
  });
  it('turns the discriminated oneOf into anyOf and keeps const (OpenAI reads it)', () => {
    expect(at(r.schema, 'properties', 'payment', 'oneOf')).toBeUndefined();
    expect(at(r.schema, 'properties', 'payment', 'anyOf')).toHaveLength(2);
    expect(at(r.schema, 'properties', 'schemaVersion', 'const')).toBe('1.0');
  });
  it('builds the Chat response_format with the title as name, and lints clean', () => {
    expect(r.refused).toBe(false);
    expect(r.fragment).toEqual({response_format: {type: 'json_schema', json_schema: {name: 'Order_Summary', strict: true, schema: r.schema}}});
    expect(errors({findings: lintSchemaDocument(r.schema as object, {targets: ['openai']})})).toEqual([]);
  });
  it('wraps an optional $ref the fixer cannot make nullable in anyOf with null', () => {
    const s = {type: 'object', properties: {a: {$ref: '#/$defs/A'}}, additionalProperties: false, $defs: {A: closed({x: {type: 'string'}})}};
    const out = exportSchema(s, {target: 'openai'});
    expect(out.refused).toBe(false);
    expect(at(out.schema, 'properties', 'a')).toEqual({anyOf: [{$ref: '#/$defs/A'}, {type: 'null'}]});
    expect(at(out.schema, 'required')).toEqual(['a']);
  });
  it('replaces a root $ref by its target, $defs kept', () => {
    const s = {$ref: '#/$defs/Node', $defs: {Node: closed({v: {type: 'string'}, next: {anyOf: [{$ref: '#/$defs/Node'}, {type: 'null'}]}})}};
    const out = exportSchema(s, {target: 'openai'});
    expect(out.refused).toBe(false);
    expect(at(out.schema, 'type')).toBe('object');
    expect(at(out.schema, '$defs', 'Node')).toBeDefined();
  });
  it('inlines a described recursive ref one level only', () => {
    const node = closed({v: {type: 'string'}, next: {anyOf: [{$ref: '#/$defs/Node'}, {type: 'null'}]}});
    const s = closed({root: {$ref: '#/$defs/Node', description: 'the first'}}, {$defs: {Node: node}});
    const out = exportSchema(s, {target: 'openai'});
    expect(out.refused).toBe(false);
    expect(at(out.schema, 'properties', 'root', 'description')).toBe('the first');
    expect(at(out.schema, 'properties', 'root', 'properties', 'next', 'anyOf', 0)).toEqual({$ref: '#/$defs/Node'});
  });
  it('refuses a non-object root and a oneOf without a discriminator', () => {
    const array = exportSchema({type: 'array', items: {type: 'string'}}, {target: 'openai'});
    expect(array.refused).toBe(true);
    expect(array.fragment).toBeUndefined();
    expect(errors(array)).toContain('openai/root-object');
    const mixed = exportSchema(closed({v: {oneOf: [{type: 'string'}, {type: 'integer'}]}}), {target: 'openai'});
    expect(errors(mixed)).toContain('openai/unsupported-keyword');
  });
  it('gives every form with form all', () => {
    const all = exportSchema(ORDER, {target: 'openai', form: 'all', name: 'order'});
    expect(Object.keys(all.fragment ?? {})).toEqual(['chat', 'responses', 'tool', 'responses-tool']);
    expect(at(all.fragment, 'responses-tool', 'tools', 0)).toEqual({type: 'function', name: 'order', description: 'An order as the model summarises it.', strict: true, parameters: all.schema});
    expect(at(all.fragment, 'responses')).toEqual({text: {format: {type: 'json_schema', name: 'order', strict: true, schema: all.schema}}});
    expect(at(all.fragment, 'tool', 'tools', 0, 'function')).toMatchObject({name: 'order', description: 'An order as the model summarises it.', strict: true, parameters: all.schema});
  });
});

describe('exportSchema: anthropic', () => {
  const r = exportSchema(ORDER, {target: 'anthropic', file: 'order.schema.json'});
  it('moves numeric and length bounds into the description, in every branch', () => {
    expect(at(r.schema, 'properties', 'quantity')).toEqual({type: 'integer', description: 'Items ordered. minimum: 1; maximum: 100'});
    expect(at(r.schema, 'properties', 'payment', 'anyOf', 1, 'properties', 'dueDays')).toEqual({type: 'integer', description: 'minimum: 0'});
    expect(at(r.schema, '$defs', 'Customer', 'properties', 'name')).toEqual({type: 'string', description: 'minLength: 1'});
  });
  it('keeps a described $ref and the uri format (Anthropic reads both)', () => {
    expect(at(r.schema, 'properties', 'customer')).toEqual({$ref: '#/$defs/Customer', description: 'Who placed the order.'});
    expect(at(r.schema, 'properties', 'website', 'format')).toBe('uri');
  });
  it('builds a strict tool and the structured-output form', () => {
    expect(r.fragment).toEqual({tools: [{name: 'Order_Summary', description: 'An order as the model summarises it.', input_schema: r.schema, strict: true}]});
    expect(exportSchema(ORDER, {target: 'anthropic', form: 'output'}).fragment).toEqual({output_config: {format: {type: 'json_schema', schema: r.schema}}});
  });
  it('moves minItems over 1 into the description', () => {
    const out = exportSchema(closed({a: {type: 'array', items: {type: 'string'}, minItems: 2}}), {target: 'anthropic'});
    expect(at(out.schema, 'properties', 'a')).toEqual({type: 'array', items: {type: 'string'}, description: 'minItems: 2'});
  });
  it('refuses recursion', () => {
    const s = closed({children: {type: 'array', items: {$ref: '#'}}});
    const out = exportSchema(s, {target: 'anthropic'});
    expect(out.refused).toBe(true);
    expect(errors(out)).toContain('anthropic/recursion');
  });
});

describe('exportSchema: gemini', () => {
  const r = exportSchema(ORDER, {target: 'gemini'});
  it('adds propertyOrdering in the order of properties, on every object', () => {
    expect(at(r.schema, 'propertyOrdering')).toEqual(['schemaVersion', 'customer', 'quantity', 'coupon', 'payment', 'website']);
    expect(at(r.schema, '$defs', 'Card', 'propertyOrdering')).toEqual(['method', 'last4']);
  });
  it('keeps a given propertyOrdering', () => {
    const out = exportSchema({type: 'object', properties: {a: {type: 'string'}, b: {type: 'string'}}, propertyOrdering: ['b', 'a']}, {target: 'gemini'});
    expect(at(out.schema, 'propertyOrdering')).toEqual(['b', 'a']);
  });
  it('writes const as enum (responseJsonSchema ignores const) and builds generationConfig', () => {
    expect(at(r.schema, 'properties', 'schemaVersion')).toEqual({enum: ['1.0'], description: 'Version of this payload.'});
    expect(r.fragment).toEqual({generationConfig: {responseMimeType: 'application/json', responseJsonSchema: r.schema}});
  });
});

describe('exportSchema: gemini-legacy', () => {
  const r = exportSchema(ORDER, {target: 'gemini-legacy'});
  it('inlines every ref and drops $defs, $schema and additionalProperties', () => {
    const text = JSON.stringify(r.schema);
    expect(text).not.toMatch(/"\$ref"|"\$defs"|"\$schema"|"additionalProperties"/);
    expect(at(r.schema, 'properties', 'payment', 'anyOf', 0, 'properties', 'method')).toEqual({enum: ['card']});
  });
  it('writes type lists and null branches as nullable', () => {
    const s = {type: 'object', properties: {a: {type: ['string', 'null']}, b: {anyOf: [{type: 'integer'}, {type: 'null'}], description: 'b'}, c: {type: ['string', 'integer']}}};
    const out = exportSchema(s, {target: 'gemini-legacy'});
    expect(out.refused).toBe(false);
    expect(at(out.schema, 'properties')).toEqual({a: {type: 'string', nullable: true}, b: {type: 'integer', description: 'b', nullable: true}, c: {anyOf: [{type: 'string'}, {type: 'integer'}]}});
  });
  it('refuses recursion (no $ref to keep it in)', () => {
    const out = exportSchema({type: 'object', properties: {n: {$ref: '#/$defs/N'}}, $defs: {N: {type: 'object', properties: {next: {$ref: '#/$defs/N'}}}}}, {target: 'gemini-legacy'});
    expect(out.refused).toBe(true);
    expect(errors(out)).toContain('gemini-legacy/unsupported-keyword');
  });
  it('exports a payload whose reasoning is ["string", "null"] with reasoning nullable, first', () => {
    const payload = readFileSync(join(ROOT, 'test/fixtures/export/payload-with-reasoning.schema.json'), 'utf8');
    const out = exportSchema(payload, {target: 'gemini-legacy'});
    expect(errors(out)).toEqual([]);
    expect(at(out.schema, 'properties', 'reasoning')).toEqual({type: 'string', nullable: true, description: 'Why this plan.'});
    expect(at(out.schema, 'propertyOrdering', 0)).toBe('reasoning');
    expect(at(out.schema, 'properties', 'steps', 'items', 'propertyOrdering')).toEqual(['text', 'done']);
  });
  it('builds generationConfig with responseSchema', () => {
    expect(r.fragment).toEqual({generationConfig: {responseMimeType: 'application/json', responseSchema: r.schema}});
  });
});

describe('exportSchema: every target', () => {
  it('refuses a $ref to another document without reading it', () => {
    for (const target of ['openai', 'anthropic', 'gemini', 'gemini-legacy'] as const) {
      const out = exportSchema(closed({a: {$ref: 'other.json#/A'}}), {target});
      expect(errors(out)).toEqual(['export/non-local-ref']);
    }
  });
  it('refuses text that does not parse, with the syntax finding', () => {
    const out = exportSchema('{"type": ', {target: 'openai'});
    expect(out.refused).toBe(true);
    expect(out.findings.map((f) => f.ruleId)).toEqual(['json/syntax']);
  });
  it('never changes the value it is given', () => {
    const value = JSON.parse(ORDER);
    for (const target of ['openai', 'anthropic', 'gemini', 'gemini-legacy'] as const) exportSchema(value, {target});
    expect(value).toEqual(JSON.parse(ORDER));
  });
  it('keeps a property named __proto__ as a property, through every rewrite', () => {
    const text =
      '{"type": "object", "properties": {"__proto__": {"$ref": "#/$defs/P", "description": "d"}, "b": {"type": "string", "minimum": 1}}, "$defs": {"P": {"type": "object", "properties": {"__proto__": {"type": "string"}}}}}';
    for (const target of ['openai', 'anthropic', 'gemini', 'gemini-legacy'] as const) {
      const out = exportSchema(text, {target});
      const props = at(out.schema, 'properties');
      expect(Object.keys(props), target).toEqual(['__proto__', 'b']);
      expect(Object.getPrototypeOf(props), target).toBe(Object.prototype);
      expect(JSON.stringify(out.schema), target).toContain('"__proto__":{');
    }
  });
  it('places findings on the input where the input has the place', () => {
    const text = '{\n  "type": "object",\n  "properties": {\n    "v": {"oneOf": [{"type": "string"}, {"type": "integer"}]}\n  },\n  "required": ["v"],\n  "additionalProperties": false\n}\n';
    const out = exportSchema(text, {target: 'openai', file: 'v.json'});
    const f = out.findings.find((x) => x.ruleId === 'openai/unsupported-keyword');
    expect(f).toMatchObject({file: 'v.json', pointer: '/properties/v/oneOf', line: 4, column: 11});
  });
  it('rejects an unknown form and a bad name with the reason', () => {
    expect(() => exportSchema(ORDER, {target: 'gemini', form: 'chat'})).toThrow(/not a request form of gemini/);
    expect(() => exportSchema(ORDER, {target: 'openai', name: 'a b'})).toThrow(/" "; only letters/);
    expect(formsOf('anthropic')).toEqual(['tool', 'output']);
  });
});

describe('exportSchema: schemas written for another vendor', () => {
  it('openai: a lone allOf (pydantic v1 for a described model) is merged, then inlined', () => {
    const s = {
      type: 'object',
      properties: {galaxy: {allOf: [{$ref: '#/$defs/Galaxy'}], description: 'where'}},
      required: ['galaxy'],
      additionalProperties: false,
      $defs: {Galaxy: closed({name: {type: 'string'}})},
    };
    const out = exportSchema(s, {target: 'openai'});
    expect(out.refused).toBe(false);
    expect(at(out.schema, 'properties', 'galaxy')).toEqual({...closed({name: {type: 'string'}}), description: 'where'});
  });
  it('openai and anthropic: a responseSchema (OBJECT, nullable) is read as the JSON Schema it means', () => {
    const s = {type: 'OBJECT', properties: {a: {type: 'STRING', nullable: true}}, required: ['a']};
    for (const target of ['openai', 'anthropic'] as const) {
      const out = exportSchema(s, {target});
      expect(out.refused, target).toBe(false);
      expect(at(out.schema, 'properties', 'a'), target).toEqual({type: ['string', 'null']});
    }
  });
  it('gemini-legacy: an OpenAPI discriminator annotation is left out, the branches still tell the values apart', () => {
    const cat = closed({pet_type: {const: 'cat'}});
    const dog = closed({pet_type: {const: 'dog'}});
    const s = {
      type: 'object',
      properties: {pet: {oneOf: [{$ref: '#/$defs/Cat'}, {$ref: '#/$defs/Dog'}], discriminator: {propertyName: 'pet_type', mapping: {cat: '#/$defs/Cat', dog: '#/$defs/Dog'}}}},
      required: ['pet'],
      $defs: {Cat: cat, Dog: dog},
    };
    const out = exportSchema(s, {target: 'gemini-legacy'});
    expect(out.refused).toBe(false);
    expect(at(out.schema, 'properties', 'pet', 'discriminator')).toBeUndefined();
    expect(at(out.schema, 'properties', 'pet', 'anyOf', 1, 'properties', 'pet_type')).toEqual({enum: ['dog']});
  });
});

describe('names', () => {
  it('defaults to the title, else the file name, reduced to the vendor pattern', () => {
    expect(defaultName({title: 'Order Summary (v2)'}, 'x.json')).toBe('Order_Summary_v2');
    expect(defaultName({}, 'dir/vendor.acme.plan.create.schema.json')).toBe('vendor_acme_plan_create');
    expect(defaultName({title: '…'}, '-')).toBe('schema');
    expect(defaultName({title: 'x'.repeat(80)}, undefined)).toHaveLength(64);
  });
  it('says why a name is refused', () => {
    expect(nameProblem('ok_name-1')).toBeUndefined();
    expect(nameProblem('')).toBe('it is empty');
    expect(nameProblem('a'.repeat(65))).toMatch(/65 characters long; at most 64/);
    expect(nameProblem('a.b')).toMatch(/holds "\."/);
  });
});

describe('a reference bomb is refused, not expanded', () => {
  it('definitions each naming the next twice: export/too-large for gemini-legacy (which inlines every ref), within the budget', () => {
    const $defs: Record<string, unknown> = {D18: {type: 'string'}};
    for (let i = 0; i < 18; i++) $defs[`D${i}`] = {type: 'object', properties: {a: {$ref: `#/$defs/D${i + 1}`}, b: {$ref: `#/$defs/D${i + 1}`}}, required: ['a', 'b']};
    const bomb = JSON.stringify({type: 'object', properties: {root: {$ref: '#/$defs/D0'}}, required: ['root'], $defs});
    expect(bomb.length).toBeLessThan(3_000);
    const result = exportSchema(bomb, {target: 'gemini-legacy'});
    expect(result.refused).toBe(true);
    expect(result.fragment).toBeUndefined();
    expect(result.findings).toEqual([expect.objectContaining({ruleId: 'export/too-large', severity: 'error'})]);
  });
});

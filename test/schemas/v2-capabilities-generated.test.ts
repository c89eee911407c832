import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {expandNode, renderCapabilitiesSchema, SCHEMA_FILE} from '../../scripts/capabilities-v2/expand.js';

// schemas/v2/capabilities.schema.json is generated from scripts/capabilities-v2/source.yaml; hand edits are lost.
describe('schemas/v2/capabilities.schema.json', () => {
  it('is what the generator makes of source.yaml (run npx tsx scripts/capabilities-v2/generate.ts)', () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(renderCapabilitiesSchema());
  });
});

describe('the source notation', () => {
  it.each([
    ['int >=1', {type: 'integer', minimum: 1}],
    ['num 0.5..1', {type: 'number', minimum: 0.5, maximum: 1}],
    ['str+', {type: 'string', minLength: 1}],
    ['str len 1..32', {type: 'string', minLength: 1, maxLength: 32}],
    ['str fmt uri', {type: 'string', format: 'uri'}],
    ['str re ^a b$', {type: 'string', pattern: '^a b$'}],
    ['set 1+ of str in a|b', {type: 'array', items: {type: 'string', enum: ['a', 'b']}, uniqueItems: true, minItems: 1}],
    ['bool = false', {type: 'boolean', default: false}],
    ['const true', {const: true}],
    ['const ed25519', {const: 'ed25519'}],
    ['ref keyId', {$ref: '#/$defs/keyId'}],
    ['str in a|b or re ^x-$', {type: 'string', anyOf: [{enum: ['a', 'b']}, {pattern: '^x-$'}]}],
  ])('%s', (text, schema) => {
    expect(expandNode(text)).toEqual(schema);
  });

  it('a mapping is a closed object whose `!` keys are required', () => {
    expect(expandNode({'a!': 'bool', b: 'int', '=rules': [{if: {required: ['b']}, then: {required: ['a']}}]})).toEqual({
      type: 'object',
      additionalProperties: false,
      required: ['a'],
      properties: {a: {type: 'boolean'}, b: {type: 'integer'}},
      allOf: [{if: {required: ['b']}, then: {required: ['a']}}],
    });
  });

  it('refuses a leaf it does not know, rather than guessing', () => {
    expect(() => expandNode('integer')).toThrow(/unknown leaf/);
    expect(() => expandNode('str len')).toThrow(/needs an argument/);
  });
});

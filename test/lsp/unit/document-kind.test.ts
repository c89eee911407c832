import {describe, expect, it} from 'vitest';
import type {OpenwopConfig} from '../../../src/config/types.js';
import {documentKind} from '../../../src/lsp/document-kind.js';

const BASE = '/project';
const kindOf = (rel: string, text = '', config: OpenwopConfig = {}, previous?: 'schema' | 'envelope' | 'pack') => documentKind(`${BASE}/${rel}`, text, config, BASE, previous);

const schema = JSON.stringify({$schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: {a: {type: 'string'}}});
const envelope = JSON.stringify({type: 'schema.response', envelopeId: 'e1', payload: {}, meta: {}});
const foxctl = JSON.stringify({status: 'ok', command: 'fs.read', version: 1, data: {}});

describe('documentKind by name', () => {
  it.each([
    ['packs/a/pack.json', 'pack'],
    ['samples/acme.pack.json', 'pack'],
    ['schemas/plan.schema.json', 'schema'],
    ['runs/out.ndjson', 'envelope'],
    ['runs/out.jsonl', 'envelope'],
  ] as const)('%s is a %s whatever it holds', (rel, kind) => {
    expect(kindOf(rel, 'not json at all')).toBe(kind);
    expect(kindOf(rel, envelope)).toBe(kind);
  });

  it('the name wins over the content: an envelope in a .schema.json is linted as a schema', () => {
    expect(kindOf('x.schema.json', envelope)).toBe('schema');
    expect(kindOf('x.pack.json', schema)).toBe('pack');
  });

  it.each(['openwop.config.json', '.openwoprc.json', 'package.json', 'sub/package.json', 'package-lock.json', 'tsconfig.json'])(
    '%s (a config or tooling file a folder run skips) is never checked, even when its content looks like a schema',
    (rel) => {
      expect(kindOf(rel, schema)).toBeUndefined();
      expect(kindOf(rel, envelope, {overrides: [{files: ['**/*.json'], lint: {profile: 'strict'}}]})).toBeUndefined();
    },
  );

  it.each(['notes.md', 'schema.yaml', 'a.json5', 'x.jsonc', 'pack.json.bak'])('%s (not .json) is not checked', (rel) => {
    expect(kindOf(rel, schema)).toBeUndefined();
  });
});

describe('documentKind from the config', () => {
  const config: OpenwopConfig = {
    overrides: [
      {files: ['contracts/**/*.json'], lint: {profile: 'load-bearing'}},
      {files: ['data/*.json'], rules: {'tier1/all-required': 'off'}},
    ],
  };

  it('an overrides entry with lint options names schemas: its files are linted whatever they hold, broken ones too', () => {
    expect(kindOf('contracts/v1/plan.json', JSON.stringify({a: 1}), config)).toBe('schema');
    expect(kindOf('contracts/v1/plan.json', '{"type": ', config)).toBe('schema');
    expect(kindOf('contracts/v1/plan.json', envelope, config)).toBe('schema');
  });

  it('an entry setting only rule levels does not make a file a schema', () => {
    expect(kindOf('data/x.json', JSON.stringify({a: 1}), config)).toBeUndefined();
    expect(kindOf('data/x.json', envelope, config)).toBe('envelope');
  });

  it('the globs are relative to the config folder: the same name elsewhere is not covered', () => {
    expect(kindOf('other/contracts/v1/plan.json', JSON.stringify({a: 1}), config)).toBeUndefined();
    expect(documentKind('/elsewhere/contracts/v1/plan.json', JSON.stringify({a: 1}), config, BASE)).toBeUndefined();
  });

  it('a slash-less glob matches the base name anywhere below the config', () => {
    expect(kindOf('deep/down/out.model.json', '{}', {overrides: [{files: ['*.model.json'], lint: {}}]})).toBe('schema');
  });
});

describe('documentKind of any other .json, by its content', () => {
  it.each([
    ['a JSON Schema', schema, 'schema'],
    ['a schema with only properties', JSON.stringify({properties: {}}), 'schema'],
    ['an AIEnvelope', envelope, 'envelope'],
    ['an AIEnvelope with a correlationId only', JSON.stringify({type: 'error', correlationId: 'c'}), 'envelope'],
    ['a foxctl envelope', foxctl, 'envelope'],
    ['an array of envelopes', `[${envelope},${foxctl}]`, 'envelope'],
    ['a BOM-prefixed schema', `\uFEFF${schema}`, 'schema'],
    ['an empty array', '[]', undefined],
    ['an array of which one item is not an envelope', `[${envelope},{"a":1}]`, undefined],
    ['a pack manifest under another name', JSON.stringify({name: 'acme', version: '1.0.0', nodes: []}), undefined],
    ['settings', JSON.stringify({editor: {tabSize: 2}}), undefined],
    ['a number', '42', undefined],
  ] as const)('%s', (_, text, kind) => {
    expect(kindOf('files/x.json', text)).toBe(kind);
  });

  it('a .json that does not parse keeps the kind it had, so the syntax error still shows', () => {
    expect(kindOf('files/x.json', '{"type": "object", "properties": {', {}, 'schema')).toBe('schema');
    expect(kindOf('files/x.json', '[{"type": "error",', {}, 'envelope')).toBe('envelope');
  });

  it('one never recognised stays unchecked while it does not parse (a JSON-with-comments settings file)', () => {
    expect(kindOf('files/x.json', '{// comment\n"a": 1}')).toBeUndefined();
    expect(kindOf('files/x.json', '')).toBeUndefined();
  });

  it('once it parses again its content decides, not the previous kind', () => {
    expect(kindOf('files/x.json', JSON.stringify({a: 1}), {}, 'schema')).toBeUndefined();
    expect(kindOf('files/x.json', envelope, {}, 'schema')).toBe('envelope');
  });
});

import {readdirSync, statSync} from 'node:fs';
import {basename, join} from 'node:path';

import type {ErrorObject} from 'ajv';
import {describe, expect, it} from 'vitest';

import {type BundledSchemaName, getValidator} from '../../src/schemas/index.js';

import {jsonFilesIn, readJson, referencePath} from './support/reference.js';

/** The verdicts named in the reference provenance notes and the issue, checked against our schemas alone. */

function check(name: BundledSchemaName, data: unknown): {valid: boolean; errors: ErrorObject[]} {
  const validate = getValidator(name);
  const valid = validate(data);
  return {valid, errors: [...(validate.errors ?? [])]};
}

const fixture = (...parts: string[]) => readJson(referencePath('openwop', 'fixtures', ...parts));

describe('pack manifests', () => {
  it('refuses core.openwop.flow: every node uses category "flow", outside the enum', () => {
    const pack = fixture('registry-samples', 'core.openwop.flow.pack.json') as {nodes: unknown[]};
    const {valid, errors} = check('packs/node-pack-manifest', pack);
    expect(valid).toBe(false);
    const pointers = errors.map((e) => `${e.instancePath} ${e.keyword}`);
    expect(pointers).toEqual(pack.nodes.map((_, i) => `/nodes/${i}/category enum`));
  });

  it('refuses a raw language builtin in runtime.requires at /runtime/requires/0', () => {
    const {valid, errors} = check('packs/node-pack-manifest', fixture('pack-manifests', 'runtime-requires.raw-builtin.invalid.json'));
    expect(valid).toBe(false);
    expect(errors.map((e) => [e.instancePath, e.keyword])).toEqual([['/runtime/requires/0', 'enum']]);
  });

  it('refuses duplicate runtime.requires tokens through uniqueItems', () => {
    const {valid, errors} = check('packs/node-pack-manifest', fixture('pack-manifests', 'runtime-requires.duplicate.invalid.json'));
    expect(valid).toBe(false);
    expect(errors.map((e) => [e.instancePath, e.keyword])).toEqual([['/runtime/requires', 'uniqueItems']]);
  });

  it.each(['runtime-requires.valid.json', 'runtime-requires.omitted.valid.json', 'runtime-requires.empty.valid.json', 'runtime-requires.all-tokens.valid.json'])('accepts %s', (file) => {
    expect(check('packs/node-pack-manifest', fixture('pack-manifests', file)).valid).toBe(true);
  });
});

describe('envelopes', () => {
  it.each(jsonFilesIn('openwop', 'fixtures', 'envelopes', 'positive').map((f) => [basename(f), f]))('accepts positive/%s', (_, file) => {
    expect(check('ai-envelope', readJson(file)).valid).toBe(true);
  });

  it('refuses a missing meta, an unknown top-level key and ts "tomorrow" at the top level', () => {
    expect(check('ai-envelope', fixture('envelopes', 'negative', 'missing-meta.json')).errors.map((e) => e.keyword)).toEqual(['required']);
    expect(check('ai-envelope', fixture('envelopes', 'negative', 'unknown-top-level-property.json')).errors.map((e) => e.keyword)).toEqual(['additionalProperties']);
    expect(check('ai-envelope', fixture('envelopes', 'negative', 'non-iso-ts.json')).errors.map((e) => [e.instancePath, e.keyword])).toEqual([['/meta/ts', 'format']]);
  });

  it('passes the top level of clarification-missing-questions but refuses its payload', () => {
    const envelope = fixture('envelopes', 'negative', 'clarification-missing-questions.json') as {payload: unknown};
    expect(check('ai-envelope', envelope).valid).toBe(true);
    expect(check('envelopes/clarification.request', envelope.payload).errors.map((e) => e.params)).toEqual([{missingProperty: 'questions'}]);
  });

  it('accepts reasoning on the three kinds that declare it, and refuses it on schema.response', () => {
    expect(check('envelopes/clarification.request', {reasoning: 'r', questions: [{id: 'q', question: '?'}]}).valid).toBe(true);
    expect(check('envelopes/schema.request', {reasoning: 'r', envelopeType: 'k'}).valid).toBe(true);
    expect(check('envelopes/error', {reasoning: 'r', code: 'c', message: 'm'}).valid).toBe(true);
    expect(check('envelopes/schema.response', {reasoning: 'r', envelopeType: 'k', ack: true}).valid).toBe(false);
    expect(check('envelopes/clarification.request', fixture('envelopes', 'payloads', 'clarification.request.reasoning-number.invalid.json')).valid).toBe(false);
  });
});

describe('discovery documents', () => {
  it('refuses postgres: httpClient carries defaultTimeoutMs and redirectPolicy', () => {
    const {valid, errors} = check('capabilities', fixture('discovery', 'postgres.well-known-openwop.json'));
    expect(valid).toBe(false);
    expect(errors.map((e) => [e.instancePath, e.params])).toEqual([
      ['/httpClient', {additionalProperty: 'defaultTimeoutMs'}],
      ['/httpClient', {additionalProperty: 'redirectPolicy'}],
    ]);
  });

  it.each(['in-memory', 'python', 'sqlite'])('accepts %s', (host) => {
    expect(check('capabilities', fixture('discovery', `${host}.well-known-openwop.json`)).valid).toBe(true);
  });
});

describe('run events', () => {
  it.each([
    ['envelope.refusal.valid.emit.json', true],
    ['envelope.refusal.canary-leak.emit.json', true], // a leak is a content rule, not a shape rule
    ['envelope.refusal.credentialRef.emit.json', false],
    ['envelope.refusal.missing-provider.emit.json', false],
  ] as const)('%s payload valid: %s', (file, expected) => {
    expect(check('events/envelope.refusal', (fixture('run-events', file) as {payload: unknown}).payload).valid).toBe(expected);
  });
});

describe('foxctl goldens', () => {
  const walk = (dir: string): string[] =>
    readdirSync(dir)
      .sort()
      .flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : f.endsWith('.json') ? [join(dir, f)] : []));
  const goldens = walk(referencePath('foxctl', 'golden'));

  it('finds the goldens', () => {
    expect(goldens.length).toBeGreaterThanOrEqual(26);
  });

  // Drift in the goldens (dotted commands, non-catalogue codes, error: {} on ok, source cli/proto) is a validator warning, not a schema failure.
  it.each(goldens.map((f) => [f.split('/golden/')[1], f]))('passes the structural schema: %s', (_, file) => {
    const {valid, errors} = check('foxctl/envelope-v1', readJson(file));
    expect(errors).toEqual([]);
    expect(valid).toBe(true);
  });
});

import {existsSync} from 'node:fs';

import {Ajv2020} from 'ajv/dist/2020.js';
import {describe, expect, it} from 'vitest';

import {
  BUNDLED_SCHEMA_NAMES,
  builtinKindSchema,
  bundledSchemaId,
  bundledSchemaPath,
  loadedSchemaNames,
  createAjv,
  getValidator,
  isBundledSchemaName,
  loadBundledSchema,
  packManifestSchema,
  UNIVERSAL_KINDS,
} from '../../src/schemas/index.js';

const envelope = (ts: string) => ({type: 'error', envelopeId: 'e', correlationId: 'c', payload: {code: 'x', message: 'y'}, meta: {source: 'ai-generation', ts}});

/** Ajv keeps a SchemaEnv per registered schema; `validate` appears on it once compiled. Internal, but stable across Ajv 8. */
function isCompiled(ajv: Ajv2020, id: string): boolean {
  const env = (ajv as unknown as {schemas: Record<string, {validate?: unknown} | undefined>}).schemas[id];
  return env?.validate !== undefined;
}

describe('lazy compilation', () => {
  // Must run first in this file: it relies on nothing having been handed out yet in this worker.
  it('hands out only the validator asked for', () => {
    expect(loadedSchemaNames()).toEqual([]);
    getValidator('ai-envelope');
    expect(loadedSchemaNames()).toEqual(['ai-envelope']);
  });

  it('an Ajv from createAjv compiles only the schema asked for, and its $refs', () => {
    const ajv = createAjv();
    ajv.getSchema(bundledSchemaId('ai-envelope'));
    expect(isCompiled(ajv, bundledSchemaId('ai-envelope'))).toBe(true);
    for (const name of ['capabilities', 'packs/node-pack-manifest', 'envelopes/error', 'foxctl/envelope-v1'] as const) {
      expect(isCompiled(ajv, bundledSchemaId(name)), name).toBe(false);
    }
  });

  it('createAjv registers every bundled file without compiling any of them', () => {
    const ajv = createAjv();
    for (const name of BUNDLED_SCHEMA_NAMES) {
      const id = bundledSchemaId(name).split('#')[0];
      expect(isCompiled(ajv, id), name).toBe(false);
    }
  });
});

describe('getValidator', () => {
  it('returns the same compiled function on every call', () => {
    expect(getValidator('envelopes/error')).toBe(getValidator('envelopes/error'));
  });

  it('rejects ts "tomorrow" and accepts an RFC 3339 date-time', () => {
    const validate = getValidator('ai-envelope');
    expect(validate(envelope('tomorrow'))).toBe(false);
    expect(validate.errors?.map((e) => [e.instancePath, e.keyword])).toEqual([['/meta/ts', 'format']]);
    expect(validate(envelope('2026-05-18T10:00:00Z'))).toBe(true);
  });

  it('reports every error, not only the first', () => {
    const validate = getValidator('envelopes/clarification.request');
    expect(validate({questions: [{id: '', question: ''}], extra: true})).toBe(false);
    expect(validate.errors?.length).toBeGreaterThanOrEqual(3);
  });

  it('compiles every bundled schema, including cross-file $refs', () => {
    for (const name of BUNDLED_SCHEMA_NAMES) expect(typeof getValidator(name), name).toBe('function');
  });

  it('tolerates vendor keywords such as propertyOrdering in user schemas', () => {
    const ajv = createAjv();
    expect(() => ajv.compile({type: 'object', propertyOrdering: ['a'], properties: {a: {type: 'string'}}})).not.toThrow();
  });

  it('resolves bundled $ids from user schemas compiled on a createAjv instance', () => {
    const ajv = createAjv();
    const validate = ajv.compile({type: 'array', items: {$ref: bundledSchemaId('envelopes/error')}});
    expect(validate([{code: 'c', message: 'm'}])).toBe(true);
    expect(validate([{code: 'c'}])).toBe(false);
  });
});

describe('bundled files', () => {
  it.each(BUNDLED_SCHEMA_NAMES.map((n) => [n]))('%s exists, parses and is cached', (name) => {
    expect(existsSync(bundledSchemaPath(name))).toBe(true);
    expect(loadBundledSchema(name)).toBe(loadBundledSchema(name));
  });

  it('are valid draft 2020-12 schemas', () => {
    const meta = new Ajv2020({strict: false});
    const files = new Set(BUNDLED_SCHEMA_NAMES.map((n) => bundledSchemaPath(n)));
    const checked = BUNDLED_SCHEMA_NAMES.filter((n) => !bundledSchemaId(n).includes('#')).map((n) => [n, meta.validateSchema(loadBundledSchema(n))]);
    expect(checked.filter(([, ok]) => !ok)).toEqual([]);
    expect(checked.length).toBe(files.size);
  });

  it('declare the $id the catalogue knows them by', () => {
    for (const name of BUNDLED_SCHEMA_NAMES) {
      const id = bundledSchemaId(name);
      if (!id.includes('#')) expect(loadBundledSchema(name).$id, name).toBe(id);
    }
  });

  it('returns the $defs member for a run-event payload', () => {
    expect(loadBundledSchema('events/envelope.refusal').required).toEqual(['nodeId', 'provider', 'model']);
    expect(bundledSchemaPath('events/envelope.refusal')).toBe(bundledSchemaPath('events/run-event-payloads'));
  });
});

describe('kind lookups', () => {
  it('maps the universal kinds and media kinds to their payload schemas', () => {
    expect(UNIVERSAL_KINDS.map(builtinKindSchema)).toEqual(['envelopes/clarification.request', 'envelopes/schema.request', 'envelopes/schema.response', 'envelopes/error']);
    expect(['media.image', 'media.audio', 'media.file'].map(builtinKindSchema)).toEqual(['envelopes/media.image', 'envelopes/media.audio', 'envelopes/media.file']);
  });

  it('has no builtin schema for vendor kinds or inherited object keys', () => {
    for (const kind of ['vendor.acme.prd.create', 'prd.create', 'media.video', 'toString', '__proto__', '']) expect(builtinKindSchema(kind), kind).toBeUndefined();
  });

  it('maps pack kinds to manifest schemas; an absent kind is a node pack', () => {
    expect(packManifestSchema(undefined)).toBe('packs/node-pack-manifest');
    expect(packManifestSchema('node')).toBe('packs/node-pack-manifest');
    expect(packManifestSchema('card')).toBe('packs/chat-card-pack-manifest');
    expect(packManifestSchema('prompt')).toBe('packs/prompt-pack-manifest');
    expect(packManifestSchema('connection')).toBeUndefined();
    expect(packManifestSchema(7)).toBeUndefined();
  });

  it('recognises bundled names', () => {
    expect(isBundledSchemaName('capabilities')).toBe(true);
    expect(isBundledSchemaName('constructor')).toBe(false);
  });
});

// The validators the build generates (Ajv standalone code, src/schemas/compiled.ts) must be the validators Ajv would
// compile: same verdicts, same errors. And they must never be used once a schema has changed since the build.
import {cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import fc from 'fast-check';
import {afterAll, describe, expect, it} from 'vitest';
import {compiledValidatorFile, defaultCompiledValidators, fingerprintFile, loadCompiledValidator} from '../../src/schemas/compiled.js';
import {BUNDLED_SCHEMA_NAMES, type BundledSchemaName, bundledSchemaId, createAjv} from '../../src/schemas/index.js';
import {ROOT} from '../helpers/cli.js';

const json = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));
const lines = (path: string) => readFileSync(join(ROOT, path), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));

/** Real documents from the examples, each with the bundled schema it belongs to. */
function seeds(): [BundledSchemaName, unknown][] {
  const envelopes = [json('examples/envelopes/clarification.json'), ...lines('examples/envelopes/stream.ndjson')];
  return [
    ...envelopes.map((e): [BundledSchemaName, unknown] => ['ai-envelope', e]),
    ...envelopes.map((e): [BundledSchemaName, unknown] => [`envelopes/${e.type}` as BundledSchemaName, e.payload]).filter(([name]) => BUNDLED_SCHEMA_NAMES.includes(name)),
    ...lines('examples/envelopes/foxctl-progress.ndjson').map((e): [BundledSchemaName, unknown] => ['foxctl/envelope-v1', e]),
    ['packs/node-pack-manifest', json('examples/packs/webhook/pack.json')],
    ['packs/node-pack-manifest', json('examples/packs/webhook-defective/pack.json')],
    ['capabilities', json('examples/hosts/acme.well-known-openwop.json')],
  ];
}

/** One random edit somewhere in the document: a value replaced, a key removed or added. */
function mutate(doc: unknown, pick: number, value: unknown, remove: boolean): unknown {
  const copy = structuredClone(doc);
  const containers: Record<string, unknown>[] = [];
  const visit = (v: unknown) => {
    if (v === null || typeof v !== 'object') return;
    containers.push(v as Record<string, unknown>);
    for (const child of Object.values(v)) visit(child);
  };
  visit(copy);
  if (containers.length === 0) return value;
  const target = containers[pick % containers.length];
  const keys = Object.keys(target);
  const key = keys.length > 0 && (remove || pick % 3 !== 0) ? (keys[pick % keys.length]) : `x${pick}`;
  if (remove && !Array.isArray(target)) delete target[key];
  else target[key] = value;
  return copy;
}

describe('precompiled validators', () => {
  const where = defaultCompiledValidators();

  it('the build generated one for every bundled schema, and they are current', () => {
    for (const name of BUNDLED_SCHEMA_NAMES) expect(loadCompiledValidator(name, where), name).toBeTypeOf('function');
  });

  it('give the verdicts and errors Ajv compiles at run time, on the examples and 2,000 edits of them', () => {
    const ajv = createAjv();
    const all = seeds();
    expect(new Set(all.map(([name]) => name)).size).toBeGreaterThanOrEqual(6);
    const same = (name: BundledSchemaName, doc: unknown) => {
      const compiled = loadCompiledValidator(name, where);
      const runtime = ajv.getSchema(bundledSchemaId(name));
      if (!compiled || !runtime) throw new Error(`no validator for ${name}`);
      expect(compiled(doc), name).toBe(runtime(doc));
      expect(compiled.errors ?? null, name).toEqual(runtime.errors ?? null);
    };
    for (const [name, doc] of all) same(name, doc);
    fc.assert(
      fc.property(fc.nat({max: all.length - 1}), fc.nat(), fc.jsonValue({maxDepth: 2}), fc.boolean(), (i, pick, value, remove) => {
        const [name, doc] = all[i];
        same(name, mutate(doc, pick, value, remove));
      }),
      {numRuns: 2000, seed: 20261122},
    );
  });

  describe('after a schema changed since the build', () => {
    // Inside the package, so the generated modules still find ajv and ajv-formats in node_modules.
    const scratch = (name: string) => mkdtempSync(join(ROOT, 'dist', `.test-${name}-`));
    const dir = scratch('compiled');
    cpSync(where.dir, dir, {recursive: true});
    afterAll(() => rmSync(dir, {recursive: true, force: true}));

    /** A copy of the validators whose fingerprint file says `fingerprint` and is dated `when`. */
    function copyWith(fingerprint: string, when: Date): {dir: string} {
      const copy = {dir: scratch('copy')};
      cpSync(where.dir, copy.dir, {recursive: true});
      writeFileSync(fingerprintFile(copy), fingerprint);
      utimesSync(fingerprintFile(copy), when, when);
      return copy;
    }
    const current = () => readFileSync(fingerprintFile(where), 'utf8');
    const beforeAnySchema = new Date(0);

    it('none is used (the schema is compiled instead), while a current fingerprint uses them', () => {
      const copy = {dir};
      expect(loadCompiledValidator('ai-envelope', copy)).toBeTypeOf('function');
      // Schema files newer than the fingerprint (edited since the build) are compared by content.
      const stale = copyWith('generated from other schema files\n', beforeAnySchema);
      expect(loadCompiledValidator('ai-envelope', stale)).toBeUndefined();
      const touched = copyWith(current(), beforeAnySchema);
      expect(loadCompiledValidator('ai-envelope', touched)).toBeTypeOf('function');
      for (const d of [stale, touched]) rmSync(d.dir, {recursive: true, force: true});
    });

    it('a fingerprint file newer than every schema file is taken as current without hashing them', () => {
      // Its content is never read: what the build wrote last cannot be older than what it was made from.
      const trusted = copyWith('not even a digest\n', new Date());
      expect(loadCompiledValidator('ai-envelope', trusted)).toBeTypeOf('function');
      rmSync(trusted.dir, {recursive: true, force: true});
    });

    it('a missing module or fingerprint means compiling at run time', () => {
      rmSync(compiledValidatorFile({dir}, 'capabilities'));
      expect(loadCompiledValidator('capabilities', {dir})).toBeUndefined();
      const none = {dir: scratch('none')};
      expect(loadCompiledValidator('ai-envelope', none)).toBeUndefined();
      rmSync(none.dir, {recursive: true, force: true});
    });
  });
});

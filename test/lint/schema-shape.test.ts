// lint schema on a folder or glob lints the JSON Schemas in it and counts the rest as skipped; a file named is always
// linted; --all-json (allJson) lints everything. The shape check reads the one parse the lint makes anyway.
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {JsonDocument} from '../../src/io/json-document.js';
import {lintSchemaInputs} from '../../src/lint/run.js';
import {looksLikeSchema} from '../../src/lint/schema-shape.js';
import {commandDocs, runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';

const DRAFT = 'https://json-schema.org/draft/2020-12/schema';
const ENVELOPE = {type: 'vendor.acme.plan.create', envelopeId: 'e1', correlationId: 'r:n:0:abc', payload: {title: 't'}, meta: {}};
const MANIFEST = {name: '@acme/webhook', version: '1.0.0', engines: {openwop: '^1'}, runtime: {entry: 'index.js'}, nodes: []};
/** Open and not all-required: strict lint finds something in it, so "linted" shows in the findings. */
const OPEN_SCHEMA = {type: 'object', properties: {a: {type: 'string'}}};

describe('looksLikeSchema', () => {
  it.each([
    ['$schema alone', {$schema: DRAFT}],
    ['a root type', {type: 'object'}],
    ['properties without a type', {properties: {a: {type: 'string'}}}],
    ['$defs alone', {$defs: {a: {type: 'string'}}}],
    ['a schema describing a pack, with name and version properties', {type: 'object', title: 'pack', properties: {name: {type: 'string'}, version: {type: 'string'}}}],
    ['a schema that happens to carry name and version, but no manifest key', {type: 'object', name: 'x', version: '1'}],
  ])('%s is a schema', (_, value) => expect(looksLikeSchema(value)).toBe(true));

  it.each([
    ['an AIEnvelope', ENVELOPE],
    ['an AIEnvelope with $schema (editors add one)', {$schema: 'https://openwop.dev/schemas/ai-envelope.schema.json', ...ENVELOPE}],
    ['a foxctl envelope', {version: 1, command: 'fs/ls', status: 'ok', data: {}}],
    ['a foxctl envelope with a type field', {type: 'result', command: 'fs/ls', status: 'ok'}],
    ['a pack manifest', MANIFEST],
    ['a pack manifest with $schema', {$schema: 'https://packs.openwop.dev/node-pack-manifest.schema.json', ...MANIFEST}],
    ['a prompt pack manifest (kind, no runtime)', {name: 'p', version: '1.0.0', kind: 'prompt-pack', prompts: []}],
    ['a capabilities document', {protocolVersion: '1.0', supportedEnvelopes: ['error']}],
    ['an empty object', {}],
    ['an array of envelopes', [ENVELOPE]],
    ['a boolean', true],
    ['null', null],
  ])('%s is not', (_, value) => expect(looksLikeSchema(value)).toBe(false));
});

/** A folder as scaffold kind with --out leaves it, plus a pack manifest and a broken file. */
function mixedFolder(): string {
  const dir = tempDir('openwop-shape-');
  mkdirSync(join(dir, 'schemas', 'examples'), {recursive: true});
  writeFileSync(join(dir, 'schemas', 'a.schema.json'), JSON.stringify(OPEN_SCHEMA, null, 2));
  writeFileSync(join(dir, 'schemas', 'b.json'), JSON.stringify({$schema: DRAFT, $defs: {x: {type: 'string'}}}, null, 2));
  writeFileSync(join(dir, 'schemas', 'examples', 'a.valid.json'), JSON.stringify(ENVELOPE, null, 2));
  writeFileSync(join(dir, 'schemas', 'examples', 'a.invalid.json'), JSON.stringify({...ENVELOPE, payload: {}}, null, 2));
  writeFileSync(join(dir, 'schemas', 'pack.json'), JSON.stringify(MANIFEST, null, 2));
  writeFileSync(join(dir, 'schemas', 'broken.json'), '{"type": "object",');
  return dir;
}

describe('lintSchemaInputs: folders and globs lint schemas only', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a folder: the schemas and the file that does not parse are linted, the envelopes and the manifest are counted as skipped', async () => {
    const dir = mixedFolder();
    const r = await lintSchemaInputs(['schemas'], {cwd: dir});
    expect(r.results.map((x) => x.file)).toEqual(['schemas/a.schema.json', 'schemas/b.json', 'schemas/broken.json']);
    expect(r.summary).toEqual({skipped: 3});
    expect(r.results[2].findings.map((f) => f.ruleId)).toEqual(['json/syntax']);
    expect(r.results[0].findings.length).toBeGreaterThan(0);
  });

  it('a glob skips the same way; a file named is always linted, also when a folder in the same run finds it', async () => {
    const dir = mixedFolder();
    const glob = await lintSchemaInputs(['schemas/**/*.json'], {cwd: dir});
    expect(glob.results.map((x) => x.file)).toEqual(['schemas/a.schema.json', 'schemas/b.json', 'schemas/broken.json']);
    expect(glob.summary.skipped).toBe(3);

    const named = await lintSchemaInputs(['schemas/pack.json'], {cwd: dir});
    expect(named.results.map((x) => x.file)).toEqual(['schemas/pack.json']);
    expect(named.results[0].findings.length).toBeGreaterThan(0);
    expect(named.summary.skipped).toBe(0);

    for (const order of [
      ['schemas', 'schemas/examples/a.valid.json'],
      ['schemas/examples/a.valid.json', 'schemas'],
    ]) {
      const both = await lintSchemaInputs(order, {cwd: dir});
      expect(
        both.results.map((x) => x.file),
        order.join(' '),
      ).toContain('schemas/examples/a.valid.json');
      expect(both.summary.skipped, order.join(' ')).toBe(2);
    }
  });

  it('allJson lints every .json file the folder holds', async () => {
    const dir = mixedFolder();
    const r = await lintSchemaInputs(['schemas'], {cwd: dir, allJson: true});
    expect(r.results).toHaveLength(6);
    expect(r.summary.skipped).toBe(0);
    expect(r.results.find((x) => x.file === 'schemas/examples/a.valid.json')?.findings.map((f) => f.ruleId)).toContain('tier1/root-object');
  });

  it('--fix on a folder leaves the files it skipped untouched', async () => {
    const dir = mixedFolder();
    const before = readFileSync(join(dir, 'schemas', 'examples', 'a.valid.json'), 'utf8');
    const r = await lintSchemaInputs(['schemas'], {cwd: dir, fix: 'write'});
    expect(r.summary).toMatchObject({skipped: 3});
    expect(r.summary.fixed).toBeGreaterThan(0);
    expect(readFileSync(join(dir, 'schemas', 'examples', 'a.valid.json'), 'utf8')).toBe(before);
    expect(JSON.parse(readFileSync(join(dir, 'schemas', 'a.schema.json'), 'utf8'))).toMatchObject({additionalProperties: false});
  });

  it('each file is parsed once, schema or not: the shape check adds no parse', async () => {
    const dir = mixedFolder();
    const parse = vi.spyOn(JsonDocument, 'parse');
    await lintSchemaInputs(['schemas'], {cwd: dir});
    // Six files, one of which (broken.json) is parsed and linted like the two schemas.
    expect(parse.mock.calls.map(([, source]) => source.file).sort()).toEqual([
      'schemas/a.schema.json',
      'schemas/b.json',
      'schemas/broken.json',
      'schemas/examples/a.invalid.json',
      'schemas/examples/a.valid.json',
      'schemas/pack.json',
    ]);
  });
});

describe('openwop lint schema (CLI): skipped files and --all-json', () => {
  it('stylish says how many files it skipped and how to lint them; JSON has summary.skipped; --all-json lints them', async () => {
    const dir = mixedFolder();
    const stylish = await runCli(['lint', 'schema', 'schemas'], {cwd: dir});
    expect(stylish.code, stylish.stderr).toBe(1);
    expect(stylish.stdout).toMatch(/✖ \d+ problems/);
    expect(stylish.stdout).toContain('3 .json files skipped: not JSON Schemas (envelopes, pack manifests, other JSON); --all-json lints them too');
    expect(stylish.stdout).not.toContain('a.valid.json');

    const json = JSON.parse((await runCli(['lint', 'schema', 'schemas', '--json'], {cwd: dir})).stdout);
    expect(json.summary).toMatchObject({files: 3, skipped: 3});

    const all = await runCli(['lint', 'schema', 'schemas', '--all-json', '--json'], {cwd: dir});
    expect(all.stderr).not.toMatch(STACK_TRACE);
    expect(JSON.parse(all.stdout).summary).toMatchObject({files: 6, skipped: 0});
  });

  it('a folder of example envelopes only: nothing linted, exit 0, the skip said', async () => {
    const dir = mixedFolder();
    const r = await runCli(['lint', 'schema', 'schemas/examples'], {cwd: dir});
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('✔ 0 files checked, no problems\n  2 .json files skipped: not JSON Schemas (envelopes, pack manifests, other JSON); --all-json lints them too\n');
  });

  it('nothing skipped, no line; --help documents the rule and the flag', async () => {
    const dir = mixedFolder();
    const r = await runCli(['lint', 'schema', 'schemas/a.schema.json', 'schemas/examples/a.valid.json'], {cwd: dir});
    expect(r.stdout).not.toContain('skipped');
    expect(r.stdout).toContain('tier1/root-object');
    const docs = commandDocs('lint-schema');
    expect(docs).toContain('A file named on the command line is always linted');
    expect(docs).toMatch(/`--all-json` \| Lint every \.json file folders and globs yield/);
    expect((await runCli(['lint', 'schema', '--help'])).stdout).toMatch(/--all-json +Lint every \.json file/);
  });
});

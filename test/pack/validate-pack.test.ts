import {mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {type PackResult, validatePackInputs} from '../../src/pack/index.js';
import type {Finding} from '../../src/core/finding.js';
import {tempDir} from '../helpers/cli.js';

type Files = Record<string, string | object>;

/** Writes a small tree (objects as pretty JSON) and returns its root. */
function tree(files: Files): string {
  const root = tempDir('openwop-pack-');
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), {recursive: true});
    writeFileSync(join(root, path), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return root;
}

async function run(root: string, paths: string[] = ['.'], options: Partial<Parameters<typeof validatePackInputs>[1]> = {}) {
  const outcome = await validatePackInputs(paths, {cwd: root, ...options});
  const packs = outcome.results.filter((r): r is PackResult => 'gate' in r);
  return {...outcome, packs, findings: outcome.results.flatMap((r) => r.findings)};
}

const ids = (findings: Finding[]) => findings.map((f) => `${f.ruleId} ${f.severity} ${f.pointer}`);

function nodePack(extra: Record<string, unknown> = {}, node: Record<string, unknown> = {}) {
  return {
    name: 'vendor.acme.demo',
    version: '1.2.3',
    engines: {openwop: '>=1.1 <2.0.0'},
    runtime: {language: 'javascript', entry: 'index.mjs'},
    nodes: [{typeId: 'vendor.acme.demo.run', version: '1.0.0', category: 'data', role: 'pure', ...node}],
    ...extra,
  };
}

const SCHEMA = {type: 'object', additionalProperties: false, required: ['a'], properties: {a: {type: 'string'}}};
/** SCHEMA as the registry wants it at schemas/<file> of vendor.acme.demo@1.2.3 (the nodePack default), so only the rule under test speaks. */
const idSchema = (file: string) => ({...SCHEMA, $id: `https://packs.openwop.dev/vendor.acme.demo/1.2.3/${file}`});

describe('manifest kinds', () => {
  it('a clean node pack folder: no findings, name@version, kind, counts, requires', async () => {
    const root = tree({'pack.json': nodePack({runtime: {language: 'javascript', entry: 'index.mjs', requires: ['clock']}}), 'index.mjs': 'export const nodes = {};\n'});
    const {packs, findings} = await run(root);
    expect(findings).toEqual([]);
    expect(packs[0]).toMatchObject({file: 'pack.json', pack: 'vendor.acme.demo@1.2.3', kind: 'node', nodes: 1, contents: {nodes: 1}, requires: ['clock'], gate: null});
  });

  it('picks the schema by kind: a valid prompt pack passes, a chain missing chains fails as pack/invalid-manifest', async () => {
    const prompt = {name: 'vendor.acme.prompts', version: '1.0.0', kind: 'prompt', engines: {openwop: '>=1.0.0'}, prompts: [{templateId: 'writer', version: '1.0.0', kind: 'system', text: 'Write.'}]};
    const chain = {name: 'vendor.acme.chains', version: '1.0.0', kind: 'workflow-chain', engines: {openwop: '>=1.0.0'}};
    const root = tree({'prompt.pack.json': prompt, 'chain.pack.json': chain});
    const {packs} = await run(root);
    const byFile = new Map(packs.map((p) => [p.file, p]));
    expect(byFile.get('prompt.pack.json')).toMatchObject({kind: 'prompt', findings: [], contents: {prompts: 1}});
    expect(ids(byFile.get('chain.pack.json')?.findings ?? [])).toEqual(['pack/invalid-manifest error ']);
    expect(byFile.get('chain.pack.json')?.findings[0].message).toContain('"chains"');
  });

  it('an unknown kind is one clear error at /kind; connection is known but only cross-checked (warning)', async () => {
    const root = tree({
      'a.pack.json': {...nodePack(), kind: 'workflow'},
      'b.pack.json': {name: 'vendor.acme.c', version: '1.0.0', kind: 'connection'},
      'c.pack.json': {...nodePack(), kind: 42},
      'index.mjs': '',
    });
    const {packs} = await run(root);
    const byFile = new Map(packs.map((p) => [p.file, p]));
    expect(ids(byFile.get('a.pack.json')?.findings ?? [])).toEqual(['pack/unknown-kind error /kind']);
    expect(byFile.get('a.pack.json')?.findings[0].message).toContain('"workflow"');
    expect(ids(byFile.get('b.pack.json')?.findings ?? [])).toEqual(['pack/kind-unchecked warning /kind']);
    expect(byFile.get('b.pack.json')?.kind).toBe('connection');
    expect(ids(byFile.get('c.pack.json')?.findings ?? [])).toEqual(['pack/unknown-kind error /kind']);
  });

  it('kind "node" written out is the same as absent', async () => {
    const root = tree({'pack.json': {...nodePack(), kind: 'node'}, 'index.mjs': ''});
    const {packs} = await run(root);
    expect(packs[0]).toMatchObject({kind: 'node', findings: []});
  });

  it.each([
    ['[]', 'an array'],
    ['"pack"', 'a string'],
    ['42', 'a number'],
    ['null', 'null'],
  ])('a manifest that is %s is one pack/invalid-manifest finding, not a crash', async (text, got) => {
    const root = tree({'pack.json': text});
    const {packs} = await run(root);
    expect(packs[0].findings).toEqual([expect.objectContaining({ruleId: 'pack/invalid-manifest', pointer: '', line: 1, column: 1, message: `a pack manifest must be a JSON object; got ${got}`})]);
    expect(packs[0]).toMatchObject({pack: null, kind: null});
  });

  it('runtime.requires: a raw builtin, a repeat and a non-string each at /runtime/requires/<i>', async () => {
    const root = tree({'pack.json': nodePack({runtime: {language: 'javascript', entry: 'index.mjs', requires: ['clock', 'child_process', 'clock', 7]}}), 'index.mjs': ''});
    const {packs} = await run(root);
    const f = packs[0].findings;
    expect(f.map((x) => x.pointer).sort()).toEqual(['/runtime/requires/1', '/runtime/requires/2', '/runtime/requires/3']);
    expect(f.every((x) => x.ruleId === 'pack/invalid-manifest')).toBe(true);
    expect(f.find((x) => x.pointer.endsWith('/1'))?.message).toContain('declare "subprocess" instead');
    expect(f.find((x) => x.pointer.endsWith('/2'))?.message).toContain('"clock" twice');
    expect(packs[0].requires).toEqual(['clock', 'child_process', 'clock']);
  });
});

describe('duplicate ids and envelope types', () => {
  it('reports the second of two equal typeIds, chain ids and chain node ids, pointing back at the first', async () => {
    const node = (typeId: string) => ({typeId, version: '1.0.0', category: 'data', role: 'pure'});
    const chainNode = (id: string) => ({id, typeId: 'core.ai.callPrompt'});
    const chain = (chainId: string, nodes: string[]) => ({chainId, version: '1.0.0', label: 'L', description: 'D', parameters: {type: 'object'}, dag: {nodes: nodes.map(chainNode)}});
    const root = tree({
      'nodes.pack.json': nodePack({nodes: [node('vendor.acme.demo.a'), node('vendor.acme.demo.b'), node('vendor.acme.demo.a')]}),
      'chains.pack.json': {
        name: 'vendor.acme.ch',
        version: '1.0.0',
        kind: 'workflow-chain',
        engines: {openwop: '1'},
        chains: [chain('vendor.acme.ch.x', ['n1', 'n2', 'n1']), chain('vendor.acme.ch.x', ['n1'])],
      },
    });
    const {findings} = await run(root);
    const dups = findings.filter((f) => f.ruleId === 'pack/duplicate-id');
    expect(dups.map((f) => `${f.file} ${f.pointer}`).sort()).toEqual(['chains.pack.json /chains/0/dag/nodes/2/id', 'chains.pack.json /chains/1/chainId', 'nodes.pack.json /nodes/2/typeId']);
    expect(dups.find((f) => f.pointer === '/nodes/2/typeId')?.message).toBe('duplicate node typeId "vendor.acme.demo.a": already used by /nodes/0');
  });

  it('finds repeats the same way in long lists (searched up to 32 entries, indexed beyond)', async () => {
    const node = (typeId: string) => ({typeId, version: '1.0.0', category: 'data', role: 'pure'});
    const names = Array.from({length: 40}, (_, i) => `vendor.acme.demo.n${i}`);
    // Repeats: of an entry before the switch (3 at 35), after it (36 at 39), and twice of one (5 at 10 and 38).
    names[35] = names[3];
    names[39] = names[36];
    names[10] = names[5];
    names[38] = names[5];
    const root = tree({'long.pack.json': nodePack({nodes: names.map(node)})});
    const {findings} = await run(root);
    const dups = findings.filter((f) => f.ruleId === 'pack/duplicate-id').map((f) => `${f.pointer} ${/already used by (\S+)/.exec(f.message)?.[1]}`);
    expect(dups.sort()).toEqual(['/nodes/10/typeId /nodes/5', '/nodes/35/typeId /nodes/3', '/nodes/38/typeId /nodes/5', '/nodes/39/typeId /nodes/36']);
  });

  it('prompt templates are keyed by (templateId, version)', async () => {
    const t = (version: string) => ({templateId: 'writer', version, kind: 'system', text: 'x'});
    const root = tree({'p.pack.json': {name: 'vendor.acme.p', version: '1.0.0', kind: 'prompt', engines: {openwop: '1'}, prompts: [t('1.0.0'), t('2.0.0'), t('1.0.0')]}});
    const {findings} = await run(root);
    expect(ids(findings)).toEqual(['pack/duplicate-id error /prompts/2/templateId']);
  });

  it('envelopeType: universal, media, ui, vendor and placeholders pass; legacy and un-namespaced warn', async () => {
    const types = ['error', 'media.image', 'ui.card', 'vendor.acme.summary', '{{params.kind}}', 'prd.create', 'summary.v1'];
    const chain = {
      chainId: 'vendor.acme.ch.x',
      version: '1.0.0',
      label: 'L',
      description: 'D',
      parameters: {type: 'object'},
      dag: {nodes: types.map((envelopeType, i) => ({id: `n${i}`, typeId: 'core.ai.callPrompt', config: {envelopeType}}))},
    };
    const root = tree({'c.pack.json': {name: 'vendor.acme.ch', version: '1.0.0', kind: 'workflow-chain', engines: {openwop: '1'}, chains: [chain]}});
    const {findings} = await run(root);
    expect(ids(findings)).toEqual(['pack/envelope-type warning /chains/0/dag/nodes/5/config/envelopeType', 'pack/envelope-type warning /chains/0/dag/nodes/6/config/envelopeType']);
    expect(findings[0].message).toContain('deprecated');
  });

  it('checks the envelopeType hint of prompt templates too', async () => {
    const root = tree({
      'p.pack.json': {
        name: 'vendor.acme.p',
        version: '1.0.0',
        kind: 'prompt',
        engines: {openwop: '1'},
        prompts: [{templateId: 'w', version: '1.0.0', kind: 'system', text: 'x', modelHints: {envelopeType: 'summary'}}],
      },
    });
    expect(ids((await run(root)).findings)).toEqual(['pack/envelope-type warning /prompts/0/modelHints/envelopeType']);
  });
});

describe('files the manifest points at', () => {
  const withRefs = nodePack({}, {configSchemaRef: 'schemas/run.config.json', inputSchemaRef: 'schemas/run.input.json', outputSchemaRef: 'schemas/run.output.json'});

  it('inside a pack folder a missing schema or entry is an error at the reference', async () => {
    const root = tree({'pack.json': withRefs, 'schemas/run.config.json': idSchema('run.config.json'), 'schemas/run.input.json': idSchema('run.input.json')});
    const {findings, fatal} = await run(root);
    expect(ids(findings)).toEqual(['pack/missing-file error /nodes/0/outputSchemaRef', 'pack/missing-file error /runtime/entry']);
    expect(findings[0].message).toBe('schema outputSchemaRef "schemas/run.output.json" does not exist');
    expect(fatal).toBe(false);
  });

  it('for a lone manifest file it is a warning; with nothing next to it, one warning says so', async () => {
    const some = tree({'demo.pack.json': withRefs, 'schemas/run.config.json': idSchema('run.config.json'), 'index.mjs': ''});
    expect(ids((await run(some)).findings)).toEqual(['pack/missing-file warning /nodes/0/inputSchemaRef', 'pack/missing-file warning /nodes/0/outputSchemaRef']);
    const none = tree({'demo.pack.json': withRefs});
    const {findings} = await run(none);
    expect(ids(findings)).toEqual(['pack/missing-file warning /nodes/0/configSchemaRef']);
    expect(findings[0].message).toContain('none of the 4 files this manifest points at are next to it');
  });

  it('a schema that does not parse is an error that gives its own line and column; a non-schema value too', async () => {
    const root = tree({'pack.json': withRefs, 'index.mjs': '', 'schemas/run.config.json': '{\n  "type": "object",\n}', 'schemas/run.input.json': '[1]', 'schemas/run.output.json': ''});
    const {findings} = await run(root);
    expect(ids(findings)).toEqual(['pack/schema-invalid error /nodes/0/configSchemaRef', 'pack/schema-invalid error /nodes/0/inputSchemaRef', 'pack/schema-invalid error /nodes/0/outputSchemaRef']);
    expect(findings[0].message).toMatch(/is not valid JSON: .*\(schemas\/run\.config\.json:3:1\)/);
    expect(findings[1].message).toContain('is not a JSON Schema: it holds an array');
    expect(findings[2].message).toContain('empty');
  });

  it('a folder where a schema should be, a path leaving the pack, and an absolute path are reported; URLs are not fetched', async () => {
    const manifest = nodePack({}, {configSchemaRef: 'schemas', inputSchemaRef: '../outside.json', outputSchemaRef: '/etc/hosts', envelopeContractRef: 'https://example.com/contract.json'});
    const root = tree({'pack/pack.json': manifest, 'pack/index.mjs': '', 'pack/schemas/x.json': idSchema('x.json'), 'outside.json': SCHEMA});
    const {findings} = await run(root, ['pack']);
    expect(ids(findings).sort()).toEqual([
      'pack/missing-file error /nodes/0/configSchemaRef',
      'pack/ref-outside-pack error /nodes/0/inputSchemaRef',
      'pack/ref-outside-pack error /nodes/0/outputSchemaRef',
    ]);
    expect(findings.find((f) => f.ruleId === 'pack/missing-file')?.message).toContain('is a folder, not a file');
  });

  it('a #fragment must exist in the referenced schema', async () => {
    const root = tree({
      'pack.json': nodePack({}, {configSchemaRef: 'schemas/all.json#/$defs/Config', inputSchemaRef: 'schemas/all.json#/$defs/Input'}),
      'index.mjs': '',
      'schemas/all.json': {...idSchema('all.json'), $defs: {Config: SCHEMA}},
    });
    expect(ids((await run(root)).findings)).toEqual(['pack/missing-file error /nodes/0/inputSchemaRef']);
  });

  it('schema $ids follow <idBase>/<pack>/<version>/<file name>, as check-pack-schema-ids.mjs computes them; the base comes from options', async () => {
    const bad = {...SCHEMA, $id: 'https://example.com/run.input.json'};
    const manifest = nodePack({}, {configSchemaRef: 'schemas/run.config.json', inputSchemaRef: './schemas/run.input.json', outputSchemaRef: 'schemas/no-id.json'});
    const root = tree({'pack.json': manifest, 'index.mjs': '', 'schemas/run.config.json': idSchema('run.config.json'), 'schemas/run.input.json': bad, 'schemas/no-id.json': SCHEMA});
    const {findings} = await run(root);
    expect(ids(findings)).toEqual(['pack/schema-id warning /nodes/0/inputSchemaRef', 'pack/schema-id-missing warning /nodes/0/outputSchemaRef']);
    expect(findings[0].message).toContain('the registry convention is "https://packs.openwop.dev/vendor.acme.demo/1.2.3/run.input.json"');
    const other = await run(root, ['.'], {idBase: 'https://example.com/'});
    expect(other.findings.map((f) => `${f.ruleId} ${f.pointer}`)).toEqual([
      'pack/schema-id /nodes/0/configSchemaRef',
      'pack/schema-id /nodes/0/inputSchemaRef',
      'pack/schema-id-missing /nodes/0/outputSchemaRef',
    ]);
  });

  it("the gate's drift cases: a schemas/ segment, a trailing #, a stale version, another pack; every schemas/*.json counts, referenced or not", async () => {
    const at = (id: string) => ({...SCHEMA, $id: id});
    const base = 'https://packs.openwop.dev/vendor.acme.demo';
    const root = tree({
      'pack.json': nodePack(),
      'index.mjs': '',
      'schemas/a.json': at(`${base}/1.2.3/schemas/a.json`),
      'schemas/b.json': at(`${base}/1.2.3/b.json#`),
      'schemas/c.json': at(`${base}/1.2.2/c.json`),
      'schemas/d.json': at('https://packs.openwop.dev/vendor.acme.other/1.2.3/d.json'),
      'schemas/e.json': idSchema('e.json'),
      'schemas/f.json': 'true',
      'schemas/g.json': '{"type": ',
      'schemas/notes.md': 'not a schema',
      'schemas/sub/h.json': SCHEMA,
      'contracts/i.json': SCHEMA,
    });
    const {findings} = await run(root);
    expect(findings.map((f) => `${f.ruleId} ${f.message.split(' ')[0]}`)).toEqual([
      'pack/schema-id schemas/a.json',
      'pack/schema-id schemas/b.json',
      'pack/schema-id schemas/c.json',
      'pack/schema-id schemas/d.json',
      'pack/schema-id-missing schemas/f.json',
      'pack/schema-invalid schemas/g.json',
    ]);
    // A lone manifest has no pack folder of its own: only what it references is checked.
    const lone = tree({'demo.pack.json': nodePack(), 'index.mjs': '', 'schemas/a.json': at(`${base}/1.2.3/schemas/a.json`)});
    expect((await run(lone)).findings).toEqual([]);
  });

  it('a schemas folder or schema file that is a link out of the pack is not read for the $id check', async () => {
    const outside = tree({'schemas/leak.json': {...SCHEMA, $id: 'https://example.com/secret.json'}, 'other.json': {...SCHEMA, $id: 'https://example.com/other.json'}});
    const linkedDir = tree({'pack.json': nodePack(), 'index.mjs': ''});
    symlinkSync(join(outside, 'schemas'), join(linkedDir, 'schemas'));
    expect((await run(linkedDir)).findings).toEqual([]);
    const linkedFile = tree({'pack.json': nodePack(), 'index.mjs': '', 'schemas/ok.json': idSchema('ok.json')});
    symlinkSync(join(outside, 'other.json'), join(linkedFile, 'schemas', 'other.json'));
    expect((await run(linkedFile)).findings).toEqual([]);
  });

  it('runtime.entry is not checked for remote runtimes', async () => {
    const root = tree({'pack.json': nodePack({runtime: {language: 'remote', entry: 'agents/worker'}})});
    expect((await run(root)).findings).toEqual([]);
  });
});

describe('the entry file scan', () => {
  const entry = "import {lookup} from 'node:dns/promises';\nimport {spawn} from 'node:child_process';\nconst key = process.env.KEY;\n";

  it('warns once per undeclared primitive, naming the file, line and token to declare', async () => {
    const root = tree({'pack.json': nodePack({runtime: {language: 'javascript', entry: 'index.mjs', requires: ['net.dns']}}), 'index.mjs': entry});
    const {findings} = await run(root);
    expect(ids(findings)).toEqual(['pack/undeclared-requirement warning /runtime/requires', 'pack/undeclared-requirement warning /runtime/requires']);
    expect(findings.map((f) => f.message)).toEqual([
      expect.stringMatching(/^index\.mjs:2:1 imports node:child_process, .*"subprocess"/),
      expect.stringMatching(/^index\.mjs:3:13 reads process\.env, .*"env\.read"/),
    ]);
  });

  it('points at /runtime when requires is absent; a fully declared pack is clean; other languages are not scanned', async () => {
    const absent = tree({'pack.json': nodePack(), 'index.mjs': entry});
    expect(new Set((await run(absent)).findings.map((f) => f.pointer))).toEqual(new Set(['/runtime']));
    const declared = tree({'pack.json': nodePack({runtime: {language: 'javascript', entry: 'index.mjs', requires: ['net.dns', 'subprocess', 'env.read']}}), 'index.mjs': entry});
    expect((await run(declared)).findings).toEqual([]);
    const python = tree({'pack.json': nodePack({runtime: {language: 'python', entry: 'index.mjs'}}), 'index.mjs': entry});
    expect((await run(python)).findings).toEqual([]);
  });

  it('a raw builtin in requires counts as the primitive it names, so only the pack/invalid-manifest error is reported', async () => {
    const root = tree({'pack.json': nodePack({runtime: {language: 'javascript', entry: 'index.mjs', requires: ['node:dns', 'subprocess', 'env.read']}}), 'index.mjs': entry});
    expect(ids((await run(root)).findings)).toEqual(['pack/invalid-manifest error /runtime/requires/0']);
  });
});

describe('inputs', () => {
  it('a folder without pack.json is one clear finding (with a hint for a look-alike), and nothing to check (exit 2)', async () => {
    const root = tree({'my-pack/package.json': {name: 'x'}, 'my-pack/index.mjs': ''});
    const {results, fatal} = await run(root, ['my-pack']);
    expect(fatal).toBe(true);
    expect(results).toEqual([
      {file: 'my-pack', findings: [expect.objectContaining({ruleId: 'pack/missing-manifest', severity: 'error', line: 1, column: 1, message: expect.stringContaining('found package.json')})]},
    ]);
  });

  it('a folder of packs yields each pack.json and *.pack.json, not other JSON; globs and files work', async () => {
    const root = tree({
      'packs/a/pack.json': nodePack(),
      'packs/a/index.mjs': '',
      'packs/a/schemas/x.json': idSchema('x.json'),
      'packs/b/pack.json': nodePack({name: 'vendor.acme.b'}),
      'packs/b/index.mjs': '',
      'samples/c.pack.json': nodePack(),
      'other.json': {},
    });
    expect((await run(root, ['.'])).packs.map((p) => p.file)).toEqual(['packs/a/pack.json', 'packs/b/pack.json', 'samples/c.pack.json']);
    expect((await run(root, ['packs/*/pack.json'])).packs.map((p) => p.file)).toEqual(['packs/a/pack.json', 'packs/b/pack.json']);
    expect((await run(root, ['packs/a'])).packs.map((p) => p.file)).toEqual(['packs/a/pack.json']);
    expect((await run(root, ['packs/a', 'packs/a/pack.json'])).packs).toHaveLength(1);
  });

  it('config ignore globs (relative to the config folder) leave manifests out; ignoring every one named is nothing to check', async () => {
    const root = tree({'packs/a/pack.json': nodePack(), 'packs/a/index.mjs': '', 'packs/b/pack.json': '[]'});
    const {results} = await run(join(root, 'packs'), ['.'], {ignore: ['packs/b/**'], ignoreBase: root});
    expect(results.map((r) => r.file)).toEqual(['a/pack.json']);
    const only = await run(join(root, 'packs'), ['b'], {ignore: ['packs/b/**'], ignoreBase: root});
    expect(only.fatal).toBe(true);
    expect(ids(only.findings)).toEqual(['io/ignored warning ', 'io/no-match error ']);
  });

  it('a missing path is fatal (exit 2); an oversized manifest is a clear io/too-large finding and fatal', async () => {
    const root = tree({'big.pack.json': JSON.stringify({...nodePack(), description: 'x'.repeat(10 * 1024 * 1024)})});
    const missing = await run(root, ['nope.json']);
    expect(missing.fatal).toBe(true);
    expect(ids(missing.findings)).toEqual(['io/not-found error ']);
    const big = await run(root, ['big.pack.json'], {maxDocumentBytes: 2 * 1024 * 1024});
    expect(big.fatal).toBe(true);
    expect(big.findings).toEqual([expect.objectContaining({ruleId: 'io/too-large', message: expect.stringContaining('over the 2 MB limit for a pack manifest')})]);
  });

  it('with the limit raised, a 10 MB manifest is validated and its defects found', async () => {
    const nodes = Array.from({length: 40_000}, (_, i) => ({typeId: `vendor.acme.demo.n${i}`, version: '1.0.0', category: i === 39_999 ? 'flow' : 'data', role: 'pure', description: 'x'.repeat(160)}));
    const root = tree({'big.pack.json': {...nodePack(), nodes}});
    const {findings, fatal} = await run(root, ['big.pack.json'], {maxDocumentBytes: 20 * 1024 * 1024});
    expect(fatal).toBe(false);
    expect(ids(findings)).toEqual(['pack/invalid-manifest error /nodes/39999/category', 'pack/missing-file warning /runtime/entry']);
  });

  it('malformed JSON and duplicate keys are positioned findings', async () => {
    const root = tree({'a.pack.json': '{\n  "name": "vendor.acme.a",\n  "name": "vendor.acme.b"\n}', 'b.pack.json': '{\n  "name": \n'});
    const {results} = await run(root);
    const byFile = new Map(results.map((r) => [r.file, r.findings]));
    expect(byFile.get('a.pack.json')).toContainEqual(expect.objectContaining({ruleId: 'json/duplicate-key', line: 3}));
    expect(byFile.get('b.pack.json')).toEqual([expect.objectContaining({ruleId: 'json/syntax', line: 3})]);
  });
});

describe('summary', () => {
  it('counts packs, valid and invalid; a gate refusal alone does not make a manifest invalid', async () => {
    const root = tree({'a/pack.json': nodePack({runtime: {language: 'javascript', entry: 'index.mjs', requires: ['clock']}}), 'a/index.mjs': '', 'b.pack.json': '[]'});
    const {summary} = await run(root, ['.'], {grant: []});
    expect(summary).toEqual({packs: 2, valid: 1, invalid: 1, gate: {granted: [], installs: 0, refused: 1}});
  });
});

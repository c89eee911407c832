import {cpSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {PACK_RULE_LIST} from '../../src/pack/index.js';
import {commandDocs, ROOT, runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';
import {assertSarifStructure} from '../report/sarif-structure.js';

const EXAMPLES = join(ROOT, 'examples', 'packs');
const FORMATS = ['stylish', 'json', 'sarif', 'github', 'junit'];

describe('the example packs', () => {
  it('webhook is clean in every format, and lint-clean under --lint-schemas and --lint-schemas=all', async () => {
    for (const format of FORMATS) {
      const r = await runCli(['validate', 'pack', join(EXAMPLES, 'webhook'), '--format', format]);
      expect(r.code, `${format}: ${r.stdout}${r.stderr}`).toBe(0);
      if (format === 'sarif') assertSarifStructure(JSON.parse(r.stdout));
    }
    const output = await runCli(['validate', 'pack', 'examples/packs/webhook', '--lint-schemas', '--json']);
    expect(output.code).toBe(0);
    expect(JSON.parse(output.stdout).results.map((r: {file: string}) => r.file)).toEqual(['examples/packs/webhook/pack.json', 'examples/packs/webhook/schemas/deliver.output.json']);
    const linted = await runCli(['validate', 'pack', 'examples/packs/webhook', '--lint-schemas=all', '--json']);
    const report = JSON.parse(linted.stdout);
    expect(linted.code).toBe(0);
    expect(report.results.map((r: {file: string}) => r.file)).toEqual([
      'examples/packs/webhook/pack.json',
      'examples/packs/webhook/schemas/deliver.config.json',
      'examples/packs/webhook/schemas/deliver.input.json',
      'examples/packs/webhook/schemas/deliver.output.json',
    ]);
  });

  it('webhook-defective shows each of its three defects at the manifest line that holds it', async () => {
    const r = await runCli(['validate', 'pack', 'examples/packs/webhook-defective', '--json']);
    expect(r.code).toBe(1);
    const [result] = JSON.parse(r.stdout).results;
    const text = readFileSync(join(EXAMPLES, 'webhook-defective', 'pack.json'), 'utf8').split('\n');
    const lineOf = (needle: string) => text.findIndex((l) => l.includes(needle)) + 1;
    expect(result.findings.map((f: {ruleId: string; line: number}) => [f.ruleId, f.line]).sort()).toEqual(
      [
        ['pack/invalid-manifest', lineOf('"node:crypto"')],
        ['pack/missing-file', lineOf('outputSchemaRef')],
        ['pack/undeclared-requirement', lineOf('"requires"')],
      ].sort(),
    );
    expect(result).toMatchObject({pack: 'vendor.acme.webhook-defective@1.0.0', kind: 'node', nodes: 1, requires: ['net.dns', 'net.outbound', 'node:crypto'], gate: null});
  });

  it('stylish prints a header line per pack, clean ones included', async () => {
    const r = await runCli(['validate', 'pack', 'examples/packs']);
    expect(r.stdout).toContain('vendor.acme.webhook@1.0.0 · node pack · 1 node · requires net.dns, net.outbound, crypto');
    expect(r.stdout).toContain('vendor.acme.webhook-defective@1.0.0 · node pack');
  });
});

describe('stylish', () => {
  it('-q prints only the packs with errors, and its summary counts errors beside the hidden warnings', async () => {
    const r = await runCli(['validate', 'pack', 'examples/packs', '-q']);
    expect(r.code).toBe(1);
    // The clean pack (and the defective pack's warning) have nothing to show under --quiet.
    expect(r.stdout).not.toContain('examples/packs/webhook/pack.json');
    expect(r.stdout).not.toContain('vendor.acme.webhook@');
    expect(r.stdout).toContain('examples/packs/webhook-defective/pack.json');
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('✖ 2 errors (1 warning hidden by --quiet)');
  });

  it('without -q a clean pack gets a ✔ header over its lines', async () => {
    const r = await runCli(['validate', 'pack', 'examples/packs']);
    expect(r.stdout).toMatch(/^✔ examples\/packs\/webhook\/pack\.json\n {2}vendor\.acme\.webhook@/m);
  });
});

describe('--lint-schemas', () => {
  const manifest = {
    name: 'vendor.acme.lint',
    version: '1.0.0',
    engines: {openwop: '1'},
    runtime: {language: 'javascript', entry: 'index.mjs'},
    nodes: [{typeId: 'vendor.acme.lint.a', version: '1.0.0', category: 'data', role: 'pure', inputSchemaRef: 'schemas/in.json', configSchemaRef: 'schemas/config.json'}],
  };
  const setup = (config?: object) => {
    const dir = tempDir();
    mkdirSync(join(dir, 'schemas'));
    writeFileSync(join(dir, 'pack.json'), JSON.stringify(manifest, null, 2));
    writeFileSync(join(dir, 'index.mjs'), '');
    // oneOf is outside the Tier-1 subset in every profile; a missing additionalProperties: false only under strict.
    writeFileSync(join(dir, 'schemas/in.json'), JSON.stringify({type: 'object', properties: {a: {oneOf: [{type: 'string'}, {type: 'number'}]}}}, null, 2));
    writeFileSync(join(dir, 'schemas/config.json'), JSON.stringify({type: 'object', properties: {b: {type: 'string'}}}, null, 2));
    if (config) writeFileSync(join(dir, 'openwop.config.json'), JSON.stringify(config));
    return dir;
  };
  const ruleIdsByFile = (stdout: string) => Object.fromEntries(JSON.parse(stdout).results.map((r: {file: string; findings: {ruleId: string}[]}) => [r.file, r.findings.map((f) => f.ruleId)]));

  // The input and config schemas here are linted only under =all (test/pack/lint-schemas-scope.test.ts: which are by default).
  it('lints each node schema in its own result, load-bearing by default', async () => {
    const dir = setup();
    const r = await runCli(['validate', 'pack', '.', '--lint-schemas=all', '--json'], {cwd: dir});
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    const byFile = ruleIdsByFile(r.stdout);
    expect(byFile['schemas/in.json']).toEqual(['tier1/forbidden-keyword']);
    expect(byFile['schemas/config.json']).toEqual([]);
    const input = report.results.find((x: {file: string}) => x.file === 'schemas/in.json');
    expect(input).toMatchObject({pack: 'vendor.acme.lint@1.0.0', profile: 'load-bearing', schemaFor: ['/nodes/0/inputSchemaRef']});
    expect(input.findings[0]).toMatchObject({file: 'schemas/in.json', pointer: expect.stringMatching(/^\/properties\/a(\/oneOf)?$/)});
  });

  it('takes the profile from config, and runs no lint without the flag', async () => {
    const dir = setup({lint: {profile: 'strict'}});
    const strict = ruleIdsByFile((await runCli(['validate', 'pack', '.', '--lint-schemas=all', '--json'], {cwd: dir})).stdout);
    expect(strict['schemas/config.json']).toEqual(expect.arrayContaining(['tier1/additional-properties']));
    const off = await runCli(['validate', 'pack', '.', '--json'], {cwd: dir});
    expect(off.code).toBe(0);
    expect(JSON.parse(off.stdout).results).toHaveLength(1);
  });

  it('an overrides entry applies to the schema files it names and to no other', async () => {
    const dir = setup({overrides: [{files: ['schemas/config.json'], lint: {profile: 'strict'}}]});
    const report = JSON.parse((await runCli(['validate', 'pack', '.', '--lint-schemas=all', '--json'], {cwd: dir})).stdout);
    const profiles = Object.fromEntries(report.results.map((r: {file: string; profile?: string}) => [r.file, r.profile]));
    expect(profiles).toMatchObject({'schemas/config.json': 'strict', 'schemas/in.json': 'load-bearing'});
    const byFile = ruleIdsByFile(JSON.stringify(report));
    expect(byFile['schemas/config.json']).toEqual(expect.arrayContaining(['tier1/additional-properties']));
    expect(byFile['schemas/in.json']).toEqual(['tier1/forbidden-keyword']);
  });
});

describe('config', () => {
  it('packs.idBase sets the expected schema $id base; --id-base beats it', async () => {
    const dir = tempDir();
    cpSync(join(EXAMPLES, 'webhook'), join(dir, 'webhook'), {recursive: true});
    writeFileSync(join(dir, 'openwop.config.json'), JSON.stringify({packs: {idBase: 'https://packs.example.com'}}));
    const r = await runCli(['validate', 'pack', 'webhook', '--json'], {cwd: dir});
    const findings = JSON.parse(r.stdout).results[0].findings;
    expect(findings.map((f: {ruleId: string}) => f.ruleId)).toEqual(['pack/schema-id', 'pack/schema-id', 'pack/schema-id']);
    expect(findings[0].message).toContain('"https://packs.example.com/vendor.acme.webhook/1.0.0/deliver.config.json"');
    const flag = await runCli(['validate', 'pack', 'webhook', '--json', '--id-base', 'https://packs.openwop.dev'], {cwd: dir});
    expect(JSON.parse(flag.stdout).results[0].findings).toEqual([]);
  });
});

describe('help, --explain and usage errors', () => {
  it('help names the RFC, lists examples and exit codes, and states the [] ≡ absent choice', async () => {
    const r = await runCli(['validate', 'pack', '--help']);
    expect(r.code).toBe(0);
    for (const text of ['EXAMPLES', '--grant', '--grant-all', '--grant-none', '--lint-schemas', '--explain']) expect(r.stdout).toContain(text);
    const docs = commandDocs('validate-pack');
    for (const text of ['RFC 0076', '## Exit codes', 'absent runtime.requires and [] are the same', 'pack_runtime_requirement_unmet']) expect(docs).toContain(text);
  });

  it("--explain prints every rule's rationale and examples; an unknown rule is exit 2", async () => {
    const all = await runCli(['validate', 'pack', '--explain', 'all']);
    expect(all.code).toBe(0);
    for (const rule of PACK_RULE_LIST) expect(all.stdout).toContain(`${rule.id} — ${rule.description}\n\n  default severity  ${rule.severity}\n`);
    const one = await runCli(['validate', 'pack', '--explain', 'invalid_manifest']);
    expect(one.stdout).toContain('Invalid:');
    expect(one.stdout).toContain('[] mean the same');
    const bad = await runCli(['validate', 'pack', '--explain', 'pack/nope']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown rule');
  });

  it('no paths, a bad --id-base, a missing file: exit 2 with one line and no stack trace', async () => {
    for (const args of [[], ['pack.json', '--id-base', 'not a url'], ['missing/pack.json']]) {
      const r = await runCli(['validate', 'pack', ...args], {cwd: tempDir()});
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr + r.stdout).not.toMatch(STACK_TRACE);
    }
  });
});

describe('bad input never crashes', () => {
  it.each([
    ['not an object', '["a"]', 1, 'pack/invalid-manifest'],
    ['empty', '', 1, 'io/empty'],
    ['malformed', '{"name": ', 1, 'json/syntax'],
    ['binary', '\u0000\u0001\u0002', 1, 'io/binary'],
    ['10,000-deep nesting', `{"nodes": ${'['.repeat(10_000)}${']'.repeat(10_000)}}`, 1, 'json/too-deep'],
  ])('%s', async (_, content, code, ruleId) => {
    const dir = tempDir();
    writeFileSync(join(dir, 'pack.json'), content);
    const r = await runCli(['validate', 'pack', 'pack.json', '--json'], {cwd: dir});
    expect(r.code).toBe(code);
    expect(r.stderr).not.toMatch(STACK_TRACE);
    expect(JSON.parse(r.stdout).results[0].findings.map((f: {ruleId: string}) => f.ruleId)).toContain(ruleId);
  });

  it('a 10 MB manifest over --max-size 2 is refused with a clear finding (exit 2), and stdin works', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'pack.json'), JSON.stringify({name: 'vendor.a.b', description: 'x'.repeat(10 * 1024 * 1024)}));
    const r = await runCli(['validate', 'pack', 'pack.json', '--max-size', '2'], {cwd: dir});
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('io/too-large');
    expect(r.stdout).toContain('--max-size');
    const stdin = await runCli(['validate', 'pack', '-', '--json'], {input: JSON.stringify({kind: 'nope'})});
    expect(stdin.code).toBe(1);
    expect(JSON.parse(stdin.stdout).results[0]).toMatchObject({file: '<stdin>', findings: [expect.objectContaining({ruleId: 'pack/unknown-kind'})]});
  });
});

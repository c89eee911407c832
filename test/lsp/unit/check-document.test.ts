import {readFileSync, writeFileSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Finding} from '../../../src/core/finding.js';
import {checkDocument, forgetConfigs} from '../../../src/lsp/check-document.js';
import type {DocumentKind} from '../../../src/lsp/document-kind.js';
import {envelope, HOST, ndjson} from '../../envelope/helpers.js';
import {runCli, tempProject} from '../../helpers/cli.js';

const COMMAND: Record<DocumentKind, string[]> = {schema: ['lint', 'schema'], envelope: ['validate', 'envelope'], pack: ['validate', 'pack']};

/** What "the same findings" means: rule, level, exact range and wording. */
const placed = (f: Finding) => ({ruleId: f.ruleId, severity: f.severity, line: f.line, column: f.column, endLine: f.endLine, endColumn: f.endColumn, message: f.message});

async function cliFindings(root: string, kind: DocumentKind, rel: string, extra: string[] = []): Promise<ReturnType<typeof placed>[]> {
  const r = await runCli([...COMMAND[kind], rel, '-f', 'json', ...extra], {cwd: root});
  const results = JSON.parse(r.stdout).results as {file: string; findings: Finding[]}[];
  return results.filter((x) => x.file === rel).flatMap((x) => x.findings.filter((f) => f.file === rel).map(placed));
}

async function lspOnDisk(root: string, rel: string) {
  const path = join(root, rel);
  return checkDocument({path, text: readFileSync(path, 'utf8'), root});
}

/** Two properties left out of `required` (tier1/all-required), a `pattern` (tier1/string-constraint), a `$ref` out. */
const SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {name: {type: 'string', pattern: '^a'}, size: {type: 'integer'}, part: {$ref: 'part.schema.json'}},
  required: ['part'],
  additionalProperties: false,
};
/** Reached through SCHEMA's $ref; has findings of its own (a missing additionalProperties: false). */
const PART = {type: 'object', properties: {id: {type: 'string'}}, required: ['id']};

describe('checkDocument finds what the CLI finds for the same file', () => {
  let root: string;
  beforeAll(() => {
    root = tempProject({
      'openwop.config.json': JSON.stringify(
        {
          rules: {'tier1/string-constraint': 'warn'},
          ignore: ['vendor/**'],
          overrides: [{files: ['schemas/loose/**'], rules: {'tier1/all-required': 'off'}}],
        },
        null,
        2,
      ),
      'schemas/plan.schema.json': JSON.stringify(SCHEMA, null, 2),
      'schemas/part.schema.json': JSON.stringify(PART, null, 2),
      'schemas/loose/plan.schema.json': JSON.stringify(SCHEMA, null, 2),
      'schemas/loose/part.schema.json': JSON.stringify(PART, null, 2),
      'schemas/bom.schema.json': `\uFEFF${JSON.stringify(SCHEMA, null, 2)}`,
      'schemas/broken.schema.json': '{\n  "type": "object",\n  "properties": {\n    "a": {"type": "string"},\n  }\n}\n',
      'schemas/not-json.schema.json': 'type: object\nproperties: {}\n',
      'schemas/empty.schema.json': '',
      'schemas/blank.schema.json': '\n  \n',
      'runs/first-broken.ndjson': `{"type": \n${ndjson([envelope(2), {a: 1}])}`,
      'vendor/x.schema.json': JSON.stringify(SCHEMA),
      'runs/one.json': JSON.stringify(envelope(1, {type: 'vendor.acme.unknown'}), null, 2),
      'runs/stream.ndjson': ndjson([envelope(1), envelope(2, {meta: undefined}), '{"type": "error", ', envelope(4, {correlationId: 7})]),
      'runs/list.json': JSON.stringify([envelope(1), envelope(2, {type: 'nope'})], null, 2),
      'packs/acme/pack.json': JSON.stringify({name: 'vendor.acme.tools', version: '1.0.0', nodes: [{id: 'a', outputSchemaRef: 'schemas/missing.json'}]}, null, 2),
    });
  });

  it.each([
    ['schema', 'schemas/plan.schema.json'],
    ['schema', 'schemas/loose/plan.schema.json'],
    ['schema', 'schemas/part.schema.json'],
    ['schema', 'schemas/bom.schema.json'],
    ['schema', 'schemas/broken.schema.json'],
    ['schema', 'schemas/not-json.schema.json'],
    ['schema', 'schemas/empty.schema.json'],
    ['schema', 'schemas/blank.schema.json'],
    ['envelope', 'runs/first-broken.ndjson'],
    ['envelope', 'runs/one.json'],
    ['envelope', 'runs/stream.ndjson'],
    ['envelope', 'runs/list.json'],
    ['pack', 'packs/acme/pack.json'],
  ] as const)('%s %s', async (kind, rel) => {
    const lsp = await lspOnDisk(root, rel);
    expect(lsp.configProblem).toBeUndefined();
    expect(lsp.kind).toBe(kind);
    expect(lsp.findings.map(placed)).toEqual(await cliFindings(root, kind, rel));
  });

  it('the cases above are not trivially empty: levels, overrides, parse errors and the folder of a pack all show', async () => {
    const rules = async (rel: string) => (await lspOnDisk(root, rel)).findings.map((f) => `${f.severity} ${f.ruleId}`);
    expect(await rules('schemas/plan.schema.json')).toEqual(expect.arrayContaining(['error tier1/all-required', 'warning tier1/string-constraint']));
    expect(await rules('schemas/loose/plan.schema.json')).not.toContain('error tier1/all-required');
    expect(await rules('schemas/broken.schema.json')).toEqual(['error json/syntax']);
    expect(await rules('schemas/not-json.schema.json')).toEqual(['error json/syntax']);
    expect(await rules('schemas/empty.schema.json')).toEqual(['error io/empty']);
    expect(await rules('runs/stream.ndjson')).toEqual(expect.arrayContaining(['error envelope/shape']));
    // Typing on the first line of a stream breaks that line alone; the others are still checked one by one.
    expect(await rules('runs/first-broken.ndjson')).toEqual(expect.arrayContaining(['error json/syntax', 'error envelope/shape']));
    expect((await rules('packs/acme/pack.json')).some((r) => r.includes('pack/missing-file'))).toBe(true);
  });

  it('findings in a file reached through $ref belong to that file, not to the document', async () => {
    const plan = await lspOnDisk(root, 'schemas/plan.schema.json');
    const part = await lspOnDisk(root, 'schemas/part.schema.json');
    expect(part.findings.length).toBeGreaterThan(0);
    expect(plan.findings.every((f) => f.file === 'schemas/plan.schema.json')).toBe(true);
  });

  it('a BOM moves no range: the same findings as without it', async () => {
    const plain = await lspOnDisk(root, 'schemas/plan.schema.json');
    const bom = await lspOnDisk(root, 'schemas/bom.schema.json');
    expect(bom.findings.map(placed)).toEqual(plain.findings.map(placed));
  });

  it('a file the config ignores: the CLI says io/ignored, the editor reports nothing', async () => {
    expect((await cliFindings(root, 'schema', 'vendor/x.schema.json')).map((f) => f.ruleId)).toContain('io/ignored');
    const lsp = await lspOnDisk(root, 'vendor/x.schema.json');
    expect(lsp.kind).toBe('schema');
    expect(lsp.findings).toEqual([]);
  });

  it('the editor text is checked, not the file on disk, and the CLI on that text agrees', async () => {
    const path = join(root, 'schemas/plan.schema.json');
    const text = JSON.stringify({...SCHEMA, required: ['name', 'size', 'part']}, null, 2);
    const lsp = await checkDocument({path, text, root});
    expect(lsp.findings.map((f) => f.ruleId)).not.toContain('tier1/all-required');
    const r = await runCli(['lint', 'schema', '-', '--stdin-filename', 'schemas/plan.schema.json', '-f', 'json'], {cwd: root, input: text});
    const cli = (JSON.parse(r.stdout).results as {findings: Finding[]}[]).flatMap((x) => x.findings.filter((f) => f.file === 'schemas/plan.schema.json').map(placed));
    expect(lsp.findings.map(placed)).toEqual(cli);
  });
});

describe('checkDocument on hostile input', () => {
  it('text that is not JSON at all, in a file named as a schema: one parse finding, no throw', async () => {
    const root = tempProject({});
    const check = await checkDocument({path: join(root, 'a.schema.json'), text: '<html>\n  <body>', root});
    expect(check.findings.map((f) => [f.ruleId, f.severity, f.line, f.column])).toEqual([['json/syntax', 'error', 1, 1]]);
  });

  it('a 5 MB schema with 60,000 fixable findings is checked with every quick fix, each naming its own property', async () => {
    const root = tempProject({});
    const properties = Object.fromEntries(Array.from({length: 60_000}, (_, i) => [`property_${String(i).padStart(6, '0')}`, {type: 'string', description: 'x'.repeat(40)}]));
    const text = JSON.stringify({type: 'object', properties, required: [], additionalProperties: false}, null, 1);
    expect(text.length).toBeGreaterThan(5_000_000);
    const check = await checkDocument({path: join(root, 'big.schema.json'), text, root});
    // One tier1/all-required per property, as the CLI reports them, each with a fix for its own property (a fix once
    // listed every optional property of its object: 60,000 lists of 60,000 names ran the check out of memory).
    const required = check.findings.filter((f) => f.ruleId === 'tier1/all-required');
    expect(required).toHaveLength(60_000);
    expect(required.every((f) => f.fix?.description.startsWith(`list "${f.pointer.slice('/properties/'.length)}" in "required"`))).toBe(true);
  });

  it('a schema over 64 KB gets its quick fixes', async () => {
    const root = tempProject({});
    const names = Array.from({length: 3000}, (_, i) => `p${i}`);
    const properties = Object.fromEntries(names.map((n) => [n, {type: 'string', description: 'a field of the record'}]));
    const text = JSON.stringify({type: 'object', properties, required: names.slice(1), additionalProperties: false}, null, 2);
    expect(text.length).toBeGreaterThan(64 * 1024);
    const check = await checkDocument({path: join(root, 'mid.schema.json'), text, root});
    expect(check.findings.filter((f) => f.ruleId === 'tier1/all-required').map((f) => Boolean(f.fix))).toEqual([true]);
  });

  it('a 100k-line NDJSON stream: the findings stop at the per-rule cap', async () => {
    const root = tempProject({});
    const bad = JSON.stringify(envelope(1, {meta: undefined}));
    const text = `${Array.from({length: 100_000}, () => bad).join('\n')}\n`;
    const check = await checkDocument({path: join(root, 'run.ndjson'), text, root});
    const shape = check.findings.filter((f) => f.ruleId === 'envelope/shape');
    // 1,000 kept, then one finding that says how many more there were (at the first one dropped).
    expect(shape.length).toBe(1001);
    expect(shape.slice(0, 1000).every((f) => f.line !== undefined && f.line <= 1000)).toBe(true);
    expect(shape[1000].message).toMatch(/99[,.]?000/);
    const perRule = new Map<string, number>();
    for (const f of check.findings) perRule.set(f.ruleId, (perRule.get(f.ruleId) ?? 0) + 1);
    expect(Math.max(...perRule.values())).toBe(1001);
  });

  it('a config naming an unknown rule: configProblem says which, nothing is checked, nothing thrown', async () => {
    const root = tempProject({'openwop.config.json': {rules: {'tier1/no-such-rule': 'off'}}, 'a.schema.json': SCHEMA});
    const check = await lspOnDisk(root, 'a.schema.json');
    expect(check.configProblem).toContain('tier1/no-such-rule');
    expect(check.findings).toEqual([]);
    expect(check.configPath).toBeUndefined();
  });

  it('a config that does not parse: configProblem, and once fixed the document is checked', async () => {
    const root = tempProject({'openwop.config.json': '{"rules": {', 'a.schema.json': SCHEMA});
    expect((await lspOnDisk(root, 'a.schema.json')).configProblem).toBeDefined();
    writeFileSync(join(root, 'openwop.config.json'), '{}');
    const fixed = await lspOnDisk(root, 'a.schema.json');
    expect(fixed.configProblem).toBeUndefined();
    expect(fixed.findings.length).toBeGreaterThan(0);
  });
});

describe("a capabilities URL in the config, fetched with the user's consent", () => {
  const network = {allowCapabilitiesUrl: true};
  let server: Server;
  let base: string;
  let requests = 0;
  let failing = false;

  beforeAll(async () => {
    server = createServer((_req, res) => {
      requests++;
      res.writeHead(failing ? 503 : 200, {'content-type': 'application/json'});
      res.end(failing ? '{}' : JSON.stringify(HOST));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((done) => server.close(done));
  });

  it('is fetched once per config load, not on every check; a reload fetches it again', async () => {
    const root = tempProject({'openwop.config.json': {capabilities: base}});
    const path = join(root, 'run.ndjson');
    const known = ndjson([envelope(1)]);
    const unknown = ndjson([envelope(1, {type: 'vendor.acme.not-advertised', payload: {}})]);
    requests = 0;
    expect((await checkDocument({path, text: known, root, network})).findings).toEqual([]);
    const keyed = await checkDocument({path, text: unknown, root, network});
    expect(keyed.findings.map((f) => f.ruleId)).toContain('envelope/unknown-kind');
    await checkDocument({path, text: known, root, network});
    expect(requests).toBe(1);
    forgetConfigs();
    await checkDocument({path, text: known, root, network});
    expect(requests).toBe(2);
  });

  it('one that cannot be fetched is a config problem, not retried on each check', async () => {
    const root = tempProject({'openwop.config.json': {capabilities: `${base}/down`}});
    const path = join(root, 'run.ndjson');
    failing = true;
    requests = 0;
    try {
      const first = await checkDocument({path, text: ndjson([envelope(1)]), root, network});
      expect(first.configProblem).toMatch(/capabilities|503/);
      expect(first.findings).toEqual([]);
      await checkDocument({path, text: ndjson([envelope(2)]), root, network});
      expect(requests).toBe(1);
    } finally {
      failing = false;
    }
  });
});

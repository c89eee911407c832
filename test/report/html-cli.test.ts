import {mkdirSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs';
import type {AddressInfo} from 'node:net';
import type {Server} from 'node:http';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {buildReport} from '../../src/report/report.js';
import {readExcerptSources} from '../../src/report/excerpt-sources.js';
import {ReadScope} from '../../src/io/read-scope.js';
import {finding} from './sample.js';
import {ROOT, runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';
// @ts-expect-error: the example host is plain JavaScript
import {exampleHost} from '../../examples/hosts/serve.mjs';

// Every checking command writes an html report with the exit code its other formats give (the CLI runs from the
// bundle: npm run build first).

let host: Server;
let url = '';

beforeAll(async () => {
  host = exampleHost() as Server;
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

const COMMANDS: [string, () => string[]][] = [
  ['lint schema', () => ['lint', 'schema', 'examples/schemas/violations']],
  ['validate envelope', () => ['validate', 'envelope', 'examples/envelopes']],
  ['validate pack', () => ['validate', 'pack', 'examples/packs/webhook-defective', 'examples/packs/webhook', '--grant', 'net.dns']],
  ['validate bundle', () => ['validate', 'bundle', 'examples/bundles/acme.bundle-v3.json']],
  ['probe host', () => ['probe', 'host', url]],
  [
    'simulate retry',
    () => ['simulate', 'retry', 'examples/recordings/openai-chat-schema-violation', 'examples/recordings/anthropic-refusal.json', '--schema', 'examples/recordings/ticket.schema.json'],
  ],
];

describe('--format html on every checking command', () => {
  it.each(COMMANDS)('%s: a whole page, the same exit code as --format json', async (command, args) => {
    const [asHtml, asJson] = await Promise.all([runCli([...args(), '--format', 'html']), runCli([...args(), '--format', 'json'])]);
    expect(asHtml.code).toBe(asJson.code);
    expect(asHtml.stderr).not.toMatch(STACK_TRACE);
    expect(asHtml.stdout).toMatch(/^<!DOCTYPE html>\n/);
    expect(asHtml.stdout).toContain(`<title>openwop ${command} report</title>`);
    expect(asHtml.stdout.trimEnd().endsWith('</html>')).toBe(true);
    const findings = (JSON.parse(asJson.stdout) as {results: {findings: unknown[]}[]}).results.reduce((n, r) => n + r.findings.length, 0);
    expect(asHtml.stdout.match(/<li class="finding/g) ?? []).toHaveLength(findings);
  });

  it('excerpts come from the files the findings point into', async () => {
    const r = await runCli(['lint', 'schema', 'examples/schemas/violations', '--format', 'html']);
    // tier1/forbidden-keyword at 23:7-26:8: the range's start marked, its next lines numbered as hits, two lines of context around.
    const item = /<li class="finding"[^>]*><p class="head"><b>error<\/b><code>23:7<\/code>.*?<\/li>/s.exec(r.stdout)?.[0] ?? '';
    expect(item).toContain('<small>tier1/forbidden-keyword</small>');
    expect(/<pre class="src">(.*?)<\/pre>/s.exec(item)?.[1]?.split('\n')).toEqual([
      '<i>21</i>    },',
      '<i>22</i>    "assignee": {',
      '<i class="hit">23</i>      <mark>"oneOf": [</mark>',
      '<i class="hit">24</i>        {"type": "string", "format": "email"},',
      '<i class="hit">25</i>        {"type": "null"}',
      '<i class="hit">26</i>      ]',
      '<i>27</i>    },',
      '<i>28</i>    "estimate": {',
    ]);
  });

  it('simulate retry --format svg: the timelines, same exit code; --format svg elsewhere is a usage error', async () => {
    const args = ['simulate', 'retry', 'examples/recordings/anthropic-refusal.json', '--schema', 'examples/recordings/ticket.schema.json'];
    const [asSvg, asJson] = await Promise.all([runCli([...args, '--format', 'svg']), runCli([...args, '--format', 'json'])]);
    expect(asSvg.code).toBe(asJson.code);
    expect(asSvg.stdout).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(asSvg.stdout).toContain('class="outcome" data-outcome="failed"');
    const elsewhere = await runCli(['validate', 'pack', 'examples/packs/webhook', '--format', 'svg']);
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toMatch(/Expected --format=svg to be one of: .*html/s);
    expect(elsewhere.stderr).not.toMatch(STACK_TRACE);
  });
});

describe('--quiet in the html and markdown reports', () => {
  it('says how many warnings it hid, and shows no ✔ or "No problems" (the run fails on them with --max-warnings 0)', async () => {
    const args = ['validate', 'bundle', 'examples/bundles/acme.bundle-v3.json', '--quiet', '--max-warnings', '0', '--format'];
    const [html, md] = await Promise.all([runCli([...args, 'html']), runCli([...args, 'markdown'])]);
    expect([html.code, md.code]).toEqual([1, 1]);
    expect(html.stdout).toContain('<p id="quiet">1 warning hidden by --quiet</p>');
    expect(html.stdout).not.toContain('No problems');
    expect(md.stdout).toContain('1 warning hidden by `--quiet`.');
    expect(md.stdout).toMatch(/^## ⚠ openwop validate bundle$/m);
    expect(md.stdout).not.toMatch(/✔|No problems/);
  });
});

describe('--format html at scale', () => {
  it('a real lint run of 10,002 findings, half of them about ranges of several lines, stays under 5 MB with a margin', async () => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 5000; i++) properties[`line_item_${i}_note`] = {type: 'string', description: `Free-text note for order line item ${i}, as the customer typed it`, maxLength: 500};
    const dir = tempDir();
    writeFileSync(join(dir, 'vendor.acme.order.schema.json'), JSON.stringify({$schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties}, null, 2));
    const r = await runCli(['lint', 'schema', 'vendor.acme.order.schema.json', '--format', 'html'], {cwd: dir});
    expect(r.stderr).not.toMatch(STACK_TRACE);
    expect(r.stdout.match(/<li class="finding/g)?.length).toBeGreaterThan(10_000);
    expect(r.stdout.match(/<pre class="src">/g)?.length).toBeGreaterThan(10_000);
    expect(Buffer.byteLength(r.stdout)).toBeLessThan(4.5 * 2 ** 20);
  });
});

describe('simulate retry: its own formats in every spelling of --format, and never beside another output', () => {
  const args = ['simulate', 'retry', 'examples/recordings/anthropic-refusal.json', '--schema', 'examples/recordings/ticket.schema.json'];
  it.each([
    [['-fsvg'], /^<\?xml /],
    [['-f=svg'], /^<\?xml /],
    [['-fndjson-events'], /^\{"type":"envelope\./],
  ])('%j is taken', async (flag, output) => {
    const r = await runCli([...args, ...flag]);
    expect(r.stderr).not.toMatch(/Error|Expected/);
    expect(r.stdout).toMatch(output);
  });

  it.each([
    [['--format', 'svg', '--json'], 'openwop: --json and --format svg both choose the output: give one\n'],
    [['--json', '-fndjson-events'], 'openwop: --json and --format ndjson-events both choose the output: give one\n'],
    [['-f', 'json', '--format=svg'], 'openwop: Flag --format can only be specified once\n'],
    [['--format=svg', '-fhtml'], 'openwop: Flag --format can only be specified once\n'],
  ])('%j is a usage error', async (flags, message) => {
    const r = await runCli([...args, ...flags]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(message);
  });
});

describe('excerpt sources: read inside the run scope only', () => {
  it('a file outside the project, or reached through a link leading out of it, is never read', () => {
    const base = tempDir();
    const project = join(base, 'project');
    mkdirSync(join(project, '.git'), {recursive: true});
    writeFileSync(join(base, 'outside.json'), '{"secret": "OUTSIDE-TEXT"}');
    writeFileSync(join(project, 'inside.json'), '{"a": 1}');
    symlinkSync(join(base, 'outside.json'), join(project, 'link.json'));
    const files = ['inside.json', '../outside.json', 'link.json', join(base, 'outside.json'), '-', 'https://host.example/x.json'];
    const report = buildReport('lint schema', '0.1.0', [{file: 'inside.json', findings: files.map((file) => finding({file}))}]);
    const sources = readExcerptSources(report, new ReadScope({cwd: project, projectRoot: project}));
    expect([...sources.keys()]).toEqual(['inside.json']);
    expect(sources.get('inside.json')).toBe('{"a": 1}');
  });

  it('stdin named by --stdin-filename after a file on disk: no excerpt of the disk file (its text was not checked)', async () => {
    const file = 'examples/schemas/violations/vendor.acme.ticket.triage.schema.json';
    const input = '{"type":"object","properties":{"zz":{"type":"string","pattern":"q"}}}';
    const r = await runCli(['lint', 'schema', '-', '--stdin-filename', file, '--format', 'html'], {input});
    expect(r.stderr).not.toMatch(STACK_TRACE);
    expect(r.stdout.match(/<li class="finding/g)?.length).toBeGreaterThan(0);
    expect(r.stdout).not.toContain('<pre class="src">');
    expect(r.stdout).not.toContain('<mark>');
    const report = buildReport('lint schema', '0.1.0', [{file, findings: [finding({file})]}]);
    expect(readExcerptSources(report, new ReadScope({cwd: ROOT, projectRoot: ROOT}), file).size).toBe(0);
    expect(readExcerptSources(report, new ReadScope({cwd: ROOT, projectRoot: ROOT})).size).toBe(1);
  });

  it('an excerpt masks the value of a credential-named key (validate envelope)', async () => {
    const envelope = JSON.parse(readFileSync(join(ROOT, 'examples/envelopes/clarification.json'), 'utf8')) as {meta: Record<string, string>};
    envelope.meta = {...envelope.meta, ts: 'not a date', apiKey: 'plain-value-xyz-12345'};
    const dir = tempDir();
    writeFileSync(join(dir, 'env.json'), JSON.stringify(envelope, null, 2));
    const r = await runCli(['validate', 'envelope', 'env.json', '--format', 'html'], {cwd: dir});
    expect(r.stdout).toContain('<pre class="src">');
    expect(r.stdout).toContain('<mark>"ts": "not a date"</mark>');
    expect(r.stdout).toContain('"apiKey": "… (21 chars)"');
    expect(r.stdout).not.toContain('plain-value-xyz');
  });
});

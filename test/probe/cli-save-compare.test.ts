import {readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';
import {acmeDocument, json, startHost, type TestHost} from './helpers/host.js';
import {probeJson} from './helpers/probe.js';

type Doc = Record<string, unknown> & {supportedEnvelopes: string[]; schemaVersions: Record<string, number>; limits: Record<string, number>; httpClient: Record<string, unknown>};

/** The next deploy of the example host: one kind dropped, one added, a schema bump, a limit lowered, one raised. */
function nextDeploy(): Doc {
  const doc = acmeDocument() as Doc;
  doc.supportedEnvelopes = doc.supportedEnvelopes.filter((k) => k !== 'vendor.acme.ticket.triage').concat('vendor.acme.invoice.draft');
  delete doc.schemaVersions['vendor.acme.ticket.triage'];
  doc.schemaVersions['vendor.acme.invoice.draft'] = 1;
  doc.schemaVersions['vendor.acme.plan.create'] = 3;
  doc.limits.envelopesPerTurn = 3;
  doc.limits.maxNodeExecutions = 1000;
  doc.httpClient.requestTimeoutMs = 5000;
  return doc;
}

describe('probe host --save and --compare', () => {
  let host: TestHost;
  let dir: string;
  const served = `${JSON.stringify(acmeDocument(), null, 2)}\n`;
  beforeAll(async () => {
    dir = tempDir();
    host = await startHost({
      '/v1/.well-known/openwop': {body: served},
      '/v2/.well-known/openwop': json(nextDeploy()),
    });
  });
  afterAll(() => host.close());

  it('--save writes the document exactly as served and says where', async () => {
    const file = join(dir, 'caps.json');
    const r = await probeJson([host.url('/v1'), '--save', file]);
    expect(r.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(served);
    expect(r.report.results[0].saved).toBe(file);
  });

  it('never overwrites without --force (exit 2, the host is not even asked); --force does', async () => {
    const file = join(dir, 'existing.json');
    writeFileSync(file, 'keep me');
    const before = host.requests.length;
    const r = await runCli(['probe', 'host', host.url('/v1'), '--save', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/exists.*\n.*--force/);
    expect(r.stderr).not.toMatch(STACK_TRACE);
    expect(readFileSync(file, 'utf8')).toBe('keep me');
    expect(host.requests.length).toBe(before);
    expect((await runCli(['probe', 'host', host.url('/v1'), '--save', file, '--force'])).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(served);
  });

  it('--save into a folder that does not exist: exit 2', async () => {
    const r = await runCli(['probe', 'host', host.url('/v1'), '--save', join(dir, 'no', 'such', 'caps.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/does not exist/);
  });

  it('a saved document works as validate envelope --capabilities', async () => {
    const file = join(dir, 'for-validate.json');
    expect((await runCli(['probe', 'host', host.url('/v1'), '--save', file])).code).toBe(0);
    const envelope = {type: 'vendor.acme.unknown.kind', envelopeId: 'e1', correlationId: 'c1', payload: {}, meta: {source: 'ai-generation', ts: '2026-01-01T00:00:00Z'}};
    const r = await runCli(['validate', 'envelope', '-', '--capabilities', file, '--format', 'json'], {input: JSON.stringify(envelope)});
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).results[0].findings).toContainEqual(expect.objectContaining({ruleId: 'envelope/unknown-kind'}));
  });

  it('--compare against the same advertisement: no changes', async () => {
    const file = join(dir, 'same.json');
    writeFileSync(file, served);
    const r = await probeJson([host.url('/v1'), '--compare', file]);
    expect(r.code).toBe(0);
    expect(r.findings).toEqual([]);
    expect(r.report.results[0].compare).toEqual({against: file, changes: 0, list: []});
  });

  it('--compare names what the deploy changed, with pointers into the new document', async () => {
    const file = join(dir, 'before.json');
    writeFileSync(file, served);
    const r = await probeJson([host.url('/v2'), '--compare', file]);
    expect(r.code).toBe(0);
    const got = r.findings.map((f) => [f.ruleId, f.severity, f.pointer]);
    expect(got).toEqual(
      expect.arrayContaining([
        ['probe/compare-kind-added', 'info', '/supportedEnvelopes/6'],
        ['probe/compare-kind-removed', 'warning', '/supportedEnvelopes'],
        ['probe/compare-schema-version', 'info', '/schemaVersions/vendor.acme.plan.create'],
        ['probe/compare-limit', 'warning', '/limits/envelopesPerTurn'],
        ['probe/compare-limit', 'info', '/limits/maxNodeExecutions'],
        ['probe/compare-family', 'info', '/httpClient/requestTimeoutMs'],
      ]),
    );
    expect(got).toHaveLength(6);
    expect(r.findings.find((f) => f.ruleId === 'probe/compare-limit' && f.severity === 'warning')?.message).toBe('limits.envelopesPerTurn lowered from 5 to 3');
    expect(r.findings.find((f) => f.ruleId === 'probe/compare-schema-version')?.message).toMatch(/bumped from 2 to 3/);
    expect(r.findings.find((f) => f.ruleId === 'probe/compare-family')?.message).toBe('"httpClient" changed: requestTimeoutMs from 15000 to 5000');
    expect(r.report.results[0].compare).toEqual({
      against: file,
      changes: 6,
      list: expect.arrayContaining([
        {pointer: '/supportedEnvelopes/6', kind: 'added', what: 'kind "vendor.acme.invoice.draft"', after: 'vendor.acme.invoice.draft'},
        {pointer: '/supportedEnvelopes', kind: 'removed', what: 'kind "vendor.acme.ticket.triage"', before: 'vendor.acme.ticket.triage'},
        {pointer: '/schemaVersions/vendor.acme.plan.create', kind: 'changed', what: 'schemaVersions["vendor.acme.plan.create"]', before: 2, after: 3},
        {pointer: '/limits/envelopesPerTurn', kind: 'changed', what: 'limits.envelopesPerTurn', before: 5, after: 3},
        {pointer: '/limits/maxNodeExecutions', kind: 'changed', what: 'limits.maxNodeExecutions', before: 500, after: 1000},
        {pointer: '/httpClient/requestTimeoutMs', kind: 'changed', what: 'httpClient.requestTimeoutMs', before: 15000, after: 5000},
      ]),
    });
    expect((await probeJson([host.url('/v2'), '--compare', file, '--fail-on', 'warning'])).code).toBe(1);
    const stylish = await runCli(['probe', 'host', host.url('/v2'), '--compare', file]);
    expect(stylish.stdout).toContain('"httpClient" changed: requestTimeoutMs from 15000 to 5000');
    expect(stylish.stdout).toContain(`compared with ${file}: 6 changes`);
  });

  it('--compare takes a URL too (staging against production)', async () => {
    const r = await probeJson([host.url('/v2'), '--compare', host.url('/v1')]);
    expect(r.ids).toEqual(['probe/compare-family', 'probe/compare-kind-added', 'probe/compare-kind-removed', 'probe/compare-limit', 'probe/compare-schema-version']);
  });

  it('--compare with a file that cannot be read: exit 2, one line', async () => {
    const r = await runCli(['probe', 'host', host.url('/v1'), '--compare', join(dir, 'missing.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot read capabilities file .*missing\.json: no such file/);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"protocolVersion": ');
    const b = await runCli(['probe', 'host', host.url('/v1'), '--compare', bad]);
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/bad\.json:1:\d+/);
  });
});

import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';
import {startHost, type TestHost} from './helpers/host.js';
import {probeJson} from './helpers/probe.js';
import {smallV2Document, v2Host} from './helpers/v2-host.js';

type Doc = Record<string, unknown>;
const UNIVERSAL = ['clarification.request', 'schema.request', 'schema.response', 'error'];

/** The same host's v1 document before its v2 deploy: what --save wrote then. */
const savedV1: Doc = {
  protocolVersion: '1.11',
  supportedEnvelopes: [...UNIVERSAL, 'vendor.acme.plan.create', 'vendor.acme.ticket.triage'],
  schemaVersions: {'clarification.request': 1, 'schema.request': 1, 'schema.response': 1, error: 1, 'vendor.acme.plan.create': 1, 'vendor.acme.ticket.triage': 1},
  limits: {clarificationRounds: 3, schemaRounds: 2, envelopesPerTurn: 5, maxNodeExecutions: 500},
  aiProviders: {supported: ['openai', 'anthropic'], byok: ['openai']},
  webhooks: {supported: true},
  idempotency: {supported: true},
  chat: {supported: true},
  grpc: {supported: false},
};

function currentV2(): Doc {
  const doc = smallV2Document();
  doc.aiProviders = {status: 'stable', since: '2.0', witness: 'witnessable-gated', providers: ['openai', 'anthropic'], byok: ['openai']};
  doc.extensions = {'openwop-app.chat': {}};
  return doc;
}

/** The saved side served by a host: v2 to `OpenWOP-Version: 2`, v1 without the header (the overlap's preferred major). */
const savedHost = () => v2Host({v2: currentV2(), v1: {...savedV1, protocolVersions: ['1.11', '2.0'], preferredVersion: '1.11'}});

describe('probe host --compare across majors (FACTS §3)', () => {
  let host: TestHost;
  let elsewhere: TestHost;
  let dir: string;
  beforeAll(async () => {
    dir = tempDir();
    const big = currentV2();
    big.extensions = {'example.padding': {text: 'x'.repeat(20_000)}};
    host = await startHost({'/.well-known/openwop': v2Host({v2: currentV2()}), '/saved/.well-known/openwop': savedHost(), '/big/.well-known/openwop': v2Host({v2: big})});
    elsewhere = await startHost({'/.well-known/openwop': savedHost()});
  });
  afterAll(async () => {
    await host.close();
    await elsewhere.close();
  });

  const compare = async (saved: Doc) => {
    const file = join(dir, `saved-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify(saved));
    const r = await probeJson([host.url(), '--compare', file, '--no-negotiation']);
    return {...r, compared: r.findings.filter((f) => f.ruleId.startsWith('probe/compare-'))};
  };

  it('a v2 document against a saved v1 one: kinds, schema versions and limits from the records; renames and supported: true are no change', async () => {
    const r = await compare(savedV1);
    const said = r.compared.map((f) => `${f.ruleId} ${f.severity} ${f.pointer}: ${f.message}`);
    expect(said).toContainEqual(expect.stringMatching(/^probe\/compare-family info : the saved document is v1 and this one v2/));
    expect(said).toContainEqual(expect.stringMatching(/^probe\/compare-kind-removed warning \/supportedEnvelopes\/kinds: kind "vendor\.acme\.ticket\.triage"/));
    expect(said).toContainEqual(expect.stringMatching(/^probe\/compare-schema-version info \/schemaVersions\/kinds\/vendor\.acme\.plan\.create: .* bumped from 1 to 2/));
    expect(said).toContainEqual(expect.stringMatching(/^probe\/compare-limit warning \/limits\/envelopesPerTurn: limits\.envelopesPerTurn lowered from 5 to 4/));
    expect(said).toContainEqual(expect.stringMatching(/^probe\/compare-family info \/webhooks\/signatureAlgorithms: "webhooks" changed: signatureAlgorithms/));
    for (const added of ['interrupt', 'replay', 'eventLog', 'protocolVersions']) expect(said).toContainEqual(expect.stringMatching(new RegExp(`info /${added}: "${added}" is newly advertised`)));
    // The same claims spelt the v1 way: supported: true, aiProviders.supported → providers, chat → extensions.openwop-app.chat, supported: false.
    for (const same of ['idempotency', 'aiProviders', 'chat', 'grpc', 'protocolVersion"']) expect(said.filter((s) => s.includes(same))).toEqual([]);
    expect(said.filter((s) => / limits\.(status|since|witness)/.test(s))).toEqual([]);
    expect(r.report.results[0].compare).toMatchObject({changes: r.compared.length - 1});
  });

  it('v2 against v2: the record bookkeeping counts (a family leaving experimental is a change)', async () => {
    const before = currentV2();
    (before.eventLog as Doc).status = 'stable';
    delete (before.eventLog as Doc).until;
    delete before.aiProviders;
    const r = await compare(before);
    expect(r.compared.map((f) => [f.ruleId, f.severity, f.message])).toEqual([
      ['probe/compare-family', 'info', '"eventLog" changed: status from "stable" to "experimental", until added: "2.1"'],
      ['probe/compare-family', 'info', expect.stringMatching(/^"aiProviders" is newly advertised: \{"status":"stable","since":"2\.0",.{10,}…$/)],
    ]);
    // The JSON result lists each leaf that differs, with its values whole.
    const current = currentV2();
    expect(r.report.results[0].compare).toMatchObject({
      changes: 3,
      list: [
        {pointer: '/eventLog/status', kind: 'changed', what: 'eventLog.status', before: 'stable', after: 'experimental'},
        {pointer: '/eventLog/until', kind: 'added', what: 'eventLog.until', after: '2.1'},
        {pointer: '/aiProviders', kind: 'added', what: 'aiProviders', after: current.aiProviders},
      ],
    });
    expect((r.report.results[0].compare as {list: object[]}).list[1]).not.toHaveProperty('before');
  });

  it('v1 keys v2 removed (supportedTransports, contractProvenance, host.* mirrors) are "removed in v2" infos, not lost claims', async () => {
    const r = await compare({...savedV1, supportedTransports: ['http', 'sse'], contractProvenance: {source: 'x'}, 'host.media': {supported: true}});
    const removed = r.compared.filter((f) => /supportedTransports|contractProvenance|host\.media/.test(f.message));
    expect(removed.map((f) => [f.severity, f.message])).toEqual([
      ['info', '"supportedTransports" (in the saved v1 document) is removed in v2: no v2 document advertises it'],
      ['info', '"contractProvenance" (in the saved v1 document) is removed in v2: no v2 document advertises it'],
      ['info', '"host.media" (in the saved v1 document) is removed in v2: no v2 document advertises it'],
    ]);
  });

  it("--compare URL asks for the major the probe checked, under the probe's settings, with credentials on the same origin only", async () => {
    const before = host.requests.length;
    const same = await probeJson([host.url(), '--compare', host.url('/saved'), '--no-negotiation', '--token-env', 'T'], {env: {T: 'compare-token-1'}});
    const fetched = host.requests.slice(before).filter((q) => q.path === '/saved/.well-known/openwop');
    expect(fetched.map((q) => [q.headers['openwop-version'], q.headers.authorization])).toEqual([['2', 'Bearer compare-token-1']]);
    // Both sides v2: no crossing of majors, and the same document, so no change at all.
    expect(same.findings.filter((f) => f.ruleId.startsWith('probe/compare-'))).toEqual([]);
    const other = await probeJson([host.url(), '--compare', elsewhere.url(), '--no-negotiation', '--token-env', 'T'], {env: {T: 'compare-token-1'}});
    expect(other.code).toBe(0);
    expect(elsewhere.requests.map((q) => [q.headers['openwop-version'], q.headers.authorization])).toEqual([['2', undefined]]);
  });

  it('--compare URL is read under --max-bytes like the host itself', async () => {
    const r = await runCli(['probe', 'host', host.url(), '--compare', host.url('/big'), '--no-negotiation', '--max-bytes', '10000']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/capabilities http:\/\/127\.0\.0\.1:\d+\/big: .*10000-byte cap/);
    expect(r.stderr).not.toMatch(STACK_TRACE);
  });
});

import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {tempDir} from '../helpers/cli.js';
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

describe('probe host --compare across majors (FACTS §3)', () => {
  let host: TestHost;
  let dir: string;
  beforeAll(async () => {
    dir = tempDir();
    host = await startHost({'/.well-known/openwop': v2Host({v2: currentV2()})});
  });
  afterAll(() => host.close());

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
      ['probe/compare-family', 'info', '"eventLog" changed: status, until'],
      ['probe/compare-family', 'info', '"aiProviders" is newly advertised'],
    ]);
  });
});

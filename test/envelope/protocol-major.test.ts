import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {hostProfile} from '../../src/envelope/index.js';
import type {Finding} from '../../src/core/finding.js';
import {UserError} from '../../src/core/user-error.js';
import {brief, capabilitiesFile, check, envelope, HOST, type Json, ndjson} from './helpers.js';

const record = {status: 'stable', since: '2.0', witness: 'witnessable-gated'};

/** The v2 form of helpers' HOST: the same kinds, versions and limits, as capability records. */
const HOST_V2: Json = {
  protocolVersions: ['1.0', '2.0'],
  preferredVersion: '1.0',
  supportedEnvelopes: {...record, kinds: HOST.supportedEnvelopes},
  schemaVersions: {...record, kinds: HOST.schemaVersions},
  limits: {...record, ...(HOST.limits as Json)},
};

const where = (findings: Finding[]) => findings.map((f) => `${f.line} ${f.severity} ${f.ruleId} ${f.pointer}`);

describe('the AIEnvelope schema of each major', () => {
  const spaced = ndjson([envelope(1, {nodeId: 'node one'})]);

  it('v1 takes any nodeId of 1..128 characters; v2 only the v2 node-id grammar', async () => {
    expect((await check(spaced)).findings).toEqual([]);
    const v2 = await check(spaced, {major: 2});
    expect(where(v2.findings)).toEqual(['1 error envelope/shape /nodeId']);
    expect((await check(ndjson([envelope(1, {nodeId: 'planner.step_2~a:b-C9'})]), {major: 2})).findings).toEqual([]);
  });

  it('auto follows the --capabilities document: v2 for a v2 document, v1 for a v1 one or none', async () => {
    expect(where((await check(spaced, {capabilities: capabilitiesFile(HOST_V2)})).findings)).toEqual(['1 error envelope/shape /nodeId']);
    expect((await check(spaced, {capabilities: capabilitiesFile(HOST)})).findings).toEqual([]);
    expect((await check(spaced, {major: 'auto'})).outcome.summary.major).toBe(1);
  });

  it('an explicit --major wins over the document for the wrapper, and the document is still read by its own shape', async () => {
    const v1 = await check(ndjson([envelope(1, {nodeId: 'node one', type: 'vendor.acme.other', payload: {}})]), {major: 1, capabilities: capabilitiesFile(HOST_V2)});
    expect(where(v1.findings)).toEqual(['1 error envelope/unknown-kind /type']);
    expect(v1.findings[0].message).toContain('supportedEnvelopes.kinds');
    expect(v1.outcome.summary.major).toBe(1);
  });
});

describe('a v2 capabilities document applies like the equivalent v1 one', () => {
  // One stream that meets every host rule: a turn over envelopesPerTurn (5), clarification and schema rounds over their
  // limits, an unadvertised kind, a schema.request naming one, a schemaVersion above and one below the advertised 1.
  const turn = (n: number, over: Json = {}) => envelope(n, {correlationId: `run-1:node-1:0:k${n}`, ...over});
  const clarify = (n: number) => envelope(n, {type: 'clarification.request', correlationId: `run-1:node-2:${n}:c`, payload: {questions: [{id: 'q', question: 'which?'}]}});
  const askSchema = (n: number, kind: string) => envelope(n, {type: 'schema.request', correlationId: `run-1:node-3:${n}:s`, payload: {envelopeType: kind}});
  const stream = ndjson([
    ...[1, 2, 3, 4, 5, 6].map((n) => turn(n)),
    ...[7, 8, 9, 10].map(clarify),
    ...[11, 12, 13].map((n) => askSchema(n, 'vendor.acme.plan.create')),
    askSchema(14, 'vendor.acme.unknown'),
    envelope(15, {type: 'vendor.acme.other', correlationId: 'run-2:n:0:a', payload: {}}),
    envelope(16, {correlationId: 'run-3:n:0:a', schemaVersion: 2}),
    envelope(17, {correlationId: 'run-4:n:0:a', schemaVersion: 0}),
  ]);

  it('same findings (rule, severity, line, pointer) for limits, kinds and schemaVersions', async () => {
    const v1 = await check(stream, {capabilities: capabilitiesFile(HOST)});
    const v2 = await check(stream, {capabilities: capabilitiesFile(HOST_V2)});
    expect(new Set(v1.findings.map((f) => f.ruleId))).toEqual(
      new Set([
        'envelope/cap-envelopes-per-turn',
        'envelope/cap-clarification-rounds',
        'envelope/cap-schema-rounds',
        'envelope/unknown-kind',
        'envelope/unknown-schema-version',
        'envelope/schema-version-drift',
      ]),
    );
    expect(where(v2.findings)).toEqual(where(v1.findings));
    expect(v2.outcome.summary.major).toBe(2);
  });

  it('envelopeStrictness.mode strict refuses a lower schemaVersion, as v1 envelopeStrictness "strict" does', async () => {
    const lower = ndjson([envelope(1, {schemaVersion: 0})]);
    const v1 = await check(lower, {capabilities: capabilitiesFile({...HOST, envelopeStrictness: 'strict'})});
    const v2 = await check(lower, {capabilities: capabilitiesFile({...HOST_V2, envelopeStrictness: {...record, witness: 'claims-check', mode: 'strict'}})});
    expect(brief(v2.findings)).toEqual(['1 error envelope/unknown-schema-version']);
    expect(where(v2.findings)).toEqual(where(v1.findings));
  });

  it('aiProviders.maxInlineMediaBytes limits inline media in both', async () => {
    const media = ndjson([envelope(1, {type: 'media.image', payload: {bytes: 1000, mimeType: 'image/png', base64: 'A'.repeat(1336)}})]);
    const limit = {maxInlineMediaBytes: 500};
    const v1 = await check(media, {capabilities: capabilitiesFile({...HOST, supportedEnvelopes: ['media.image'], aiProviders: limit})});
    const v2 = await check(media, {capabilities: capabilitiesFile({...HOST_V2, supportedEnvelopes: {...record, kinds: ['media.image']}, aiProviders: {...record, providers: ['openai'], ...limit}})});
    expect(brief(v2.findings)).toEqual(['1 error envelope/media-inline-too-large']);
    expect(where(v2.findings)).toEqual(where(v1.findings));
  });
});

describe('where the majors differ on kinds', () => {
  it('v2 always accepts the universal kinds, listed or not; v1 refuses one a non-empty list leaves out', async () => {
    const text = ndjson([envelope(1)]);
    expect(brief((await check(text, {capabilities: capabilitiesFile({...HOST, supportedEnvelopes: ['vendor.acme.plan.create']})})).findings)).toEqual(['1 error envelope/unknown-kind']);
    expect((await check(text, {capabilities: capabilitiesFile({...HOST_V2, supportedEnvelopes: {...record, kinds: ['vendor.acme.plan.create']}})})).findings).toEqual([]);
  });

  it('v2 without supportedEnvelopes.kinds (or the record) takes the universal kinds only: no engine-only reading', async () => {
    const {supportedEnvelopes: _absent, ...noRecord} = HOST_V2;
    const text = ndjson([envelope(1), envelope(2, {type: 'vendor.acme.plan.create', correlationId: 'r:n:1:a', payload: {}})]);
    for (const doc of [noRecord, {...HOST_V2, supportedEnvelopes: record}]) {
      const {findings} = await check(text, {capabilities: capabilitiesFile(doc)});
      expect(brief(findings)).toEqual(['2 error envelope/unknown-kind']);
      expect(findings[0].message).toContain('does not advertise it in supportedEnvelopes.kinds');
    }
  });

  it('names the v2 field that has the wrong type', () => {
    expect(() => hostProfile({...HOST_V2, supportedEnvelopes: {...record, kinds: 'error'}}, 'x')).toThrow(/supportedEnvelopes\.kinds must be an array/);
    expect(() => hostProfile({...HOST_V2, schemaVersions: {...record, kinds: {error: -1}}}, 'x')).toThrow(/schemaVersions\.kinds\["error"\]/);
    expect(() => hostProfile({...HOST_V2, envelopeStrictness: {...record, mode: 'lenient'}}, 'x')).toThrow(/envelopeStrictness\.mode/);
    expect(() => hostProfile({...HOST_V2, envelopeStrictness: 'strict'}, 'x')).toThrow(UserError);
    expect(() => hostProfile({...HOST_V2, envelopeStrictness: 'strict'}, 'x')).toThrow(/capability record/);
  });
});

describe('--capabilities URL of a host that serves both majors', () => {
  let server: Server;
  let base: string;
  const asked: (string | undefined)[] = [];

  beforeAll(async () => {
    // As FACTS §1: one resource, the representation chosen by OpenWOP-Version; header-less gets preferredVersion's (v1).
    server = createServer((req, res) => {
      const version = req.headers['openwop-version'] as string | undefined;
      asked.push(version);
      const v2 = version?.startsWith('2');
      res.writeHead(200, {'content-type': 'application/json', 'openwop-version': v2 ? '2.0' : '1.0'});
      res.end(JSON.stringify(v2 ? HOST_V2 : HOST));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((done) => server.close(done));
  });

  it('auto sends no OpenWOP-Version and checks against the v1 document it gets; --major 2 asks for and gets v2', async () => {
    const spaced = ndjson([envelope(1, {nodeId: 'node one'})]);
    asked.length = 0;
    const auto = await check(spaced, {capabilities: base});
    expect(auto.findings).toEqual([]);
    expect(auto.outcome.summary.major).toBe(1);
    const two = await check(spaced, {capabilities: `${base}/.well-known/openwop`, major: 2});
    expect(where(two.findings)).toEqual(['1 error envelope/shape /nodeId']);
    expect(asked).toEqual([undefined, '2']);
  });

  it("the response's OpenWOP-Version outranks the document's shape", async () => {
    // Answers HOST (a v1 shape) while claiming 2.0: read as v2, its supportedEnvelopes list is not a capability record.
    const lying = createServer((_req, res) => {
      res.writeHead(200, {'content-type': 'application/json', 'openwop-version': '2.0'});
      res.end(JSON.stringify(HOST));
    });
    await new Promise<void>((done) => lying.listen(0, '127.0.0.1', done));
    try {
      const url = `http://127.0.0.1:${(lying.address() as AddressInfo).port}`;
      await expect(check(ndjson([envelope(1)]), {capabilities: url})).rejects.toThrow(/supportedEnvelopes must be a capability record/);
    } finally {
      await new Promise((done) => lying.close(done));
    }
  });
});

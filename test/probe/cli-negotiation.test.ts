import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {acmeDocument, type Route, startHost, type TestHost} from './helpers/host.js';
import {probeJson} from './helpers/probe.js';
import {smallV2Document, v2Host, type V2HostBehaviour} from './helpers/v2-host.js';

type Doc = Record<string, unknown>;
interface Protocol {
  requested: string;
  asked: string | null;
  answered: string | null;
  major: number | null;
  reason: string;
  attempts: {asked: string | null; status: number | null; answered: string | null}[];
  negotiation: {check: string; status: number | null; verdict: string}[];
}

const v2 = smallV2Document();
const v1 = acmeDocument();
v1.protocolVersions = ['1.11', '2.0'];
v1.preferredVersion = '1.11';
const v2OnlyDoc: Doc = {...smallV2Document(), protocolVersions: ['2.0'], preferredVersion: '2.0'};

/** Each test host, by path: a conformant one and one per misbehaviour. */
const HOSTS: Record<string, V2HostBehaviour> = {
  good: {v2, v1},
  'no-header': {v2, v1, omitHeader: true},
  'v1-for-v2': {v2, v1, answerV2: {doc: v1, header: '2.0'}},
  downgrade: {v2, v1, answerV2: {doc: v1, header: '1.11'}},
  'unlisted-header': {v2, v1, answerV2: {doc: v2, header: '2.7'}},
  'ignores-unlisted': {v2, v1, ignoreUnlisted: true},
  'wrong-406': {v2, v1, refusal: {error: 'not_acceptable', versions: ['1.11', '2.0']}},
  'no-echo-406': {v2, v1, refusal: {error: 'protocol_version_unsupported'}},
  'no-etag': {v2, v1, etag: null},
  'no-304': {v2, v1, ignoreIfNoneMatch: true},
  'bare-304': {v2, v1, bare304: true},
  'refuses-426': {v2, v1, refuseOldClients: {status: 426, error: 'client_version_unsupported'}},
  'refuses-403': {v2, v1, refuseOldClients: {status: 403, error: 'forbidden'}},
  'malformed-400': {v2, v1, malformedClientStatus: 400},
  'v1-only': {v2: {...v1, protocolVersions: ['1.11']}, v1: {...v1, protocolVersions: ['1.11']}},
  'v2-only': {v2: v2OnlyDoc},
  'capabilities-etag': {v2, v1, extraHeaders: {'Capabilities-Etag': '"c1"'}},
  'scalar-v1': {v2: {...smallV2Document(), protocolVersions: ['1.2', '2.0'], preferredVersion: '1.2'}, v1: acmeDocument()},
};

describe('probe host: version negotiation (FACTS §1)', () => {
  let host: TestHost;
  beforeAll(async () => {
    const routes: Record<string, Route> = {'/legacy/.well-known/openwop': {body: JSON.stringify(acmeDocument())}};
    for (const [name, behaviour] of Object.entries(HOSTS)) routes[`/${name}/.well-known/openwop`] = v2Host(behaviour);
    host = await startHost(routes);
  });
  afterAll(() => host.close());

  const probe = async (path: string, ...flags: string[]) => {
    const before = host.requests.length;
    const r = await probeJson([host.url(`/${path}`), ...flags]);
    const protocol = r.report.results[0].protocol as Protocol;
    return {...r, protocol, sent: host.requests.slice(before)};
  };

  it('a conformant host: v2 asked and answered, every negotiation check passes, 0 findings', async () => {
    const r = await probe('good');
    expect(r.findings).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.protocol).toMatchObject({requested: 'auto', asked: '2', answered: '2.0', major: 2});
    expect(r.protocol.reason).toMatch(/checked as v2, the major the header names/);
    expect(r.protocol.negotiation.map((n) => [n.check, n.status])).toEqual([
      ['unlisted-major', 406],
      ['if-none-match', 304],
      ['below-min-client-version', 200],
      ['malformed-client-version', 200],
    ]);
    expect(r.report.results[0].profiles).toEqual(['openwop-discovery-core', 'openwop-core-standard']);
    expect(r.sent[0].headers['openwop-version']).toBe('2');
    expect(r.sent.map((q) => q.headers['openwop-version'])).toContain('99');
    expect(r.sent.find((q) => q.headers['if-none-match'])?.headers['if-none-match']).toBe('"2-etag"');
  });

  it('--protocol 1 asks for 1 and checks the v1 document the host serves', async () => {
    const r = await probe('good', '--protocol', '1');
    expect(r.protocol).toMatchObject({requested: '1', asked: '1', answered: '1.11', major: 1});
    expect(r.report.results[0].profiles).toEqual(['openwop-core', 'openwop-interrupts']);
    expect(r.findings).toEqual([]);
  });

  it('--protocol 1 on a v1 document with only a scalar protocolVersion: the header and the 406 echo are checked against it', async () => {
    const r = await probe('scalar-v1', '--protocol', '1');
    expect(r.protocol).toMatchObject({answered: '1.2', major: 1});
    expect(r.protocol.negotiation.find((n) => n.check === 'unlisted-major')?.status).toBe(406);
    expect(r.findings).toEqual([]);
  });

  it('--no-negotiation makes one request', async () => {
    const r = await probe('good', '--no-negotiation');
    expect(r.sent).toHaveLength(1);
    expect(r.protocol.negotiation).toEqual([]);
    expect(r.findings).toEqual([]);
  });

  it('a host from before negotiation (no 2.x listed, no header): one request, checked as v1, no negotiation findings', async () => {
    const r = await probe('legacy');
    expect(r.sent).toHaveLength(1);
    expect(r.protocol).toMatchObject({asked: '2', answered: null, major: 1});
    expect(r.protocol.reason).toMatch(/from before negotiation/);
    expect(r.findings).toEqual([]);
  });

  it('auto falls back to v1 when the host refuses v2 with 406, and says so', async () => {
    const r = await probe('v1-only');
    expect(r.protocol.attempts).toEqual([
      {asked: '2', status: 406, answered: null},
      {asked: null, status: 200, answered: '1.11'},
    ]);
    expect(r.protocol).toMatchObject({asked: null, major: 1});
    expect(r.protocol.reason).toMatch(/refused with 406, so fetched again without OpenWOP-Version/);
    expect(r.report.results[0].profiles).toEqual(['openwop-core', 'openwop-interrupts']);
    expect(r.findings).toEqual([]);
  });

  it('--protocol 2 on a host that does not serve v2: exit 2 with the 406 reason', async () => {
    const r = await probe('v1-only', '--protocol', '2');
    expect(r.code).toBe(2);
    expect(r.findings).toEqual([expect.objectContaining({ruleId: 'probe/http-status', message: expect.stringMatching(/406: protocol_version_unsupported/)})]);
  });

  it('a v2-only host: the header-less document is v2 too', async () => {
    const r = await probe('v2-only', '--protocol', 'auto');
    expect(r.protocol.major).toBe(2);
    expect(r.findings).toEqual([]);
  });

  const misbehaving: [string, string[], string][] = [
    ['no-header', ['probe/not-modified', 'probe/version-header-missing'], 'omits the OpenWOP-Version response header (on the 304 too)'],
    ['v1-for-v2', ['probe/version-document-mismatch'], 'answers v2 with a v1 document'],
    ['downgrade', ['probe/version-downgrade'], 'answers 1.11 to a request for 2, which it lists'],
    ['unlisted-header', ['probe/version-header-unlisted'], 'names a version it does not list'],
    ['ignores-unlisted', ['probe/unlisted-major'], 'serves an unlisted major (200)'],
    ['wrong-406', ['probe/unlisted-major'], 'refuses an unlisted major with another error code'],
    ['no-echo-406', ['probe/unlisted-major'], 'refuses without details.protocolVersions'],
    ['no-etag', ['probe/etag'], 'sends no ETag'],
    ['no-304', ['probe/not-modified'], 'ignores If-None-Match'],
    ['bare-304', ['probe/not-modified'], 'sends a 304 without OpenWOP-Version'],
    ['refuses-403', ['probe/min-client-version'], 'refuses an old client with 403'],
    ['malformed-400', ['probe/client-version-malformed'], 'answers a malformed client version with 400'],
    ['capabilities-etag', ['probe/v1-remnant'], 'still sends the v1 Capabilities-Etag header'],
  ];
  it.each(misbehaving)('%s: %j (a host that %s)', async (path, ids) => {
    const r = await probe(path);
    expect(r.ids.filter((id) => id !== 'probe/v2-schema' && (id !== 'probe/v1-remnant' || path === 'capabilities-etag'))).toEqual(ids);
    expect(r.code).toBe(path === 'capabilities-etag' ? 0 : 1);
  });

  it('answering v2 with a v1 document: checked as v2 (the header outranks the shape), so the v1 remnants are named', async () => {
    const r = await probe('v1-for-v2');
    expect(r.protocol.major).toBe(2);
    expect(r.findings.find((f) => f.ruleId === 'probe/version-document-mismatch')?.message).toMatch(/says OpenWOP-Version: 2\.0, but the document is a v1 one/);
    expect(r.ids).toContain('probe/v1-remnant');
  });

  it('without the header the shape decides, and a v1 document for a listed v2 is its own finding', async () => {
    const r = await probe('no-header', '--protocol', '2');
    expect(r.protocol.major).toBe(2);
    expect(r.ids).toEqual(['probe/not-modified', 'probe/version-header-missing']);
  });

  it('serving a client below minClientVersion and refusing it with 426 client_version_unsupported are both allowed: no finding', async () => {
    const refused = await probe('refuses-426');
    expect(refused.findings).toEqual([]);
    expect(refused.protocol.negotiation.find((n) => n.check === 'below-min-client-version')).toMatchObject({status: 426, verdict: 'refused with 426 client_version_unsupported'});
    const served = await probe('good');
    expect(served.protocol.negotiation.find((n) => n.check === 'below-min-client-version')?.verdict).toMatch(/served/);
    expect(served.sent.find((q) => q.headers['openwop-client-version'] === '0.0')).toBeDefined();
  });

  it('stylish output says what was asked, what came back, why the major, and each negotiation request', async () => {
    const r = await runCli(['probe', 'host', host.url('/good'), '--no-color']);
    expect(r.stdout).toMatch(/protocol \(--protocol auto\): asked for OpenWOP-Version 2; the host answered OpenWOP-Version: 2\.0: checked as v2/);
    expect(r.stdout).toMatch(/negotiation unlisted-major \(OpenWOP-Version: 99\) -> 406: refused with 406 protocol_version_unsupported/);
    expect(r.stdout).toMatch(/protocolVersions 1\.11, 2\.0 · preferredVersion 1\.11 · 5 envelope kinds/);
    expect(r.stdout).toMatch(/profiles: openwop-discovery-core, openwop-core-standard/);
  });
});

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
  'no-header-v1-for-v2': {v2, v1, omitHeader: true, answerV2: {doc: v1, header: '2.0'}},
  'refuses-listed-2': {v2, v1, refuseHeaders: ['2']},
  'v2-only-refuses-2': {v2: v2OnlyDoc, refuseHeaders: ['2']},
  'refuses-2.0': {v2, v1, refuseHeaders: ['2.0']},
  'large-406': {v2, v1, refusalBody: JSON.stringify({error: 'protocol_version_unsupported', message: 'not served', details: {protocolVersions: ['1.11', '2.0'], note: 'x'.repeat(100_000)}})},
  'html-406': {v2, v1, refusalBody: '<html><body>Not Acceptable</body></html>'},
  'no-message-406': {v2, v1, refusal: {error: 'protocol_version_unsupported', versions: ['1.11', '2.0'], message: undefined}},
  'v1-304': {v2, v1, header304: '1.11'},
  'no-etag-no-min': {v2: {...v2OnlyDoc, minClientVersion: undefined}, etag: null, malformedClientStatus: 400},
  'no-kinds': {v2: {...v2OnlyDoc, supportedEnvelopes: undefined}},
  'strict-tier-one': {v2: {...v2OnlyDoc, envelopes: {status: 'stable', since: '2.0', witness: 'claims-check', tierOneSubsetCompliance: 'strict'}}},
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
      ['major-dot-zero', 200],
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

  it('without the header the shape decides (a v2 document: no mismatch)', async () => {
    const r = await probe('no-header', '--protocol', '2');
    expect(r.protocol.major).toBe(2);
    expect(r.ids).toEqual(['probe/not-modified', 'probe/version-header-missing']);
  });

  it('without the header, a v1 document for a listed v2 asked for is its own finding, and is checked as v1 by its shape', async () => {
    const r = await probe('no-header-v1-for-v2', '--protocol', '2');
    expect(r.protocol.major).toBe(1);
    expect(r.protocol.reason).toMatch(/checked as v1, by the document's shape/);
    expect(r.findings.find((f) => f.ruleId === 'probe/version-document-mismatch')?.message).toMatch(/major 2 was asked for and the host lists it, but the document is a v1 one/);
    expect(r.code).toBe(1);
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

  it('a 406 for a major the host lists is an error, and auto still falls back (a host listing 1.11 and 2.0 that refuses "2")', async () => {
    const r = await probe('refuses-listed-2');
    expect(r.protocol.attempts.map((a) => [a.asked, a.status])).toEqual([
      ['2', 406],
      [null, 200],
    ]);
    expect(r.protocol.major).toBe(1);
    expect(r.ids).toEqual(['probe/listed-major-refused']);
    expect(r.findings[0]).toMatchObject({severity: 'error', pointer: '/protocolVersions', message: expect.stringMatching(/OpenWOP-Version: 2 was refused with 406, yet the document lists 2\.0/)});
    expect(r.code).toBe(1);
  });

  it('a v2-only host that refuses "2": the header-less fetch gets its v2 document, and the refusal is reported', async () => {
    const r = await probe('v2-only-refuses-2');
    expect(r.protocol).toMatchObject({asked: null, major: 2});
    expect(r.ids).toEqual(['probe/listed-major-refused']);
  });

  it('OpenWOP-Version: 2.0 must be served like 2 (FACTS §1, header grammar)', async () => {
    const good = await probe('good');
    expect(good.sent.map((q) => q.headers['openwop-version'])).toContain('2.0');
    expect(good.protocol.negotiation.find((n) => n.check === 'major-dot-zero')).toMatchObject({status: 200, answered: '2.0', verdict: 'served as major 2'});
    const r = await probe('refuses-2.0');
    expect(r.ids).toEqual(['probe/version-header-grammar']);
    expect(r.findings[0].message).toMatch(/OpenWOP-Version: 2\.0 got 406, though the host serves major 2: a host must accept both "2" and "2\.0"/);
  });

  it('the 406 body is read whole: a valid envelope over 64 KB passes, an HTML page is named as no envelope, a missing message is an error', async () => {
    const large = await probe('large-406');
    expect(large.findings).toEqual([]);
    expect(large.protocol.negotiation.find((n) => n.check === 'unlisted-major')?.verdict).toBe('refused with 406 protocol_version_unsupported, listing the versions served');
    const html = await probe('html-406');
    expect(html.findings.map((f) => [f.ruleId, f.message])).toEqual([['probe/unlisted-major', expect.stringMatching(/the 406 body is not a readable JSON error envelope/)]]);
    const bare = await probe('no-message-406');
    expect(bare.findings.map((f) => [f.ruleId, f.message])).toEqual([['probe/unlisted-major', expect.stringMatching(/has no string "message"/)]]);
  });

  it('the 304 names the same major as the 200 it stands for', async () => {
    const r = await probe('v1-304');
    expect(r.ids).toEqual(['probe/not-modified']);
    expect(r.findings[0].message).toMatch(/says OpenWOP-Version: 1\.11, but the document it confirms was served as major 2/);
  });

  it('probe/etag needs no extra request: reported with --no-negotiation too', async () => {
    const r = await probe('no-etag', '--no-negotiation');
    expect(r.sent).toHaveLength(1);
    expect(r.ids).toEqual(['probe/etag']);
  });

  it('a malformed client version must not be refused even when no minClientVersion is advertised', async () => {
    const r = await probe('no-etag-no-min');
    expect(r.sent.map((q) => q.headers['openwop-client-version'])).toContain('not-a-version');
    expect(r.ids).toEqual(['probe/client-version-malformed', 'probe/etag']);
  });

  it('a v2 document listing no kinds is not called engine-only: v2 accepts the universal kinds listed or not', async () => {
    const r = await runCli(['probe', 'host', host.url('/no-kinds'), '--no-color']);
    expect(r.stdout).toMatch(/no kinds listed \(the universal kinds only\)/);
    expect(r.stdout).not.toMatch(/engine-only/);
  });

  it('a v2 host\'s tierOneSubsetCompliance is read from its envelopes record; absent, it is not shown as v1\'s default "off"', async () => {
    const json = await probe('strict-tier-one');
    expect(json.report.results[0].tierOneSubsetCompliance).toBe('strict');
    const r = await runCli(['probe', 'host', host.url('/strict-tier-one'), '--no-color']);
    expect(r.stdout).toMatch(/tierOneSubsetCompliance: strict/);
    const absent = await runCli(['probe', 'host', host.url('/v2-only'), '--no-color']);
    expect(absent.stdout).toMatch(/tierOneSubsetCompliance: \(not advertised; linted as off\)/);
  });

  it('a v1 document served as 2.0: the mismatch, then one v1-remnant per v1 block instead of its schema errors, and no v2 profiles', async () => {
    const r = await probe('v1-for-v2');
    expect(r.findings[0].ruleId).toBe('probe/version-document-mismatch');
    expect(r.report.results[0].profiles).toEqual([]);
    const blocks = Object.entries(v1).filter(
      ([key, value]) =>
        typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        !['extensions', 'implementation', 'observability', 'conformance', 'testing', 'configurable', 'runtimeCapabilities', 'fixtures', 'compliance', 'discovery'].includes(key),
    );
    for (const [key] of blocks) {
      expect(
        r.findings.filter((f) => f.pointer === `/${key}` || f.pointer.startsWith(`/${key}/`)),
        key,
      ).toEqual([expect.objectContaining({ruleId: 'probe/v1-remnant', pointer: `/${key}`})]);
    }
    // Nothing below a root key: no per-record schema error survives.
    expect(r.findings.filter((f) => f.pointer.split('/').length > 2)).toEqual([]);
  });
});

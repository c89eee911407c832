import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {REFERENCE} from '../helpers/cli.js';
import {startHost, type Route, type TestHost} from '../probe/helpers/host.js';
import {probeJson} from '../probe/helpers/probe.js';
import {referenceV2Document, V2_EXAMPLES, v2Host} from '../probe/helpers/v2-host.js';

const DISCOVERY = join(REFERENCE, 'openwop', 'fixtures', 'discovery');
const HOSTS = readdirSync(DISCOVERY)
  .filter((f) => f.endsWith('.well-known-openwop.json'))
  .map((f) => f.replace('.well-known-openwop.json', ''))
  .sort();

/** What each example host's advertisement should give: its exit code and the set of rule ids. */
const EXPECTED: Record<string, {code: number; ids: string[]}> = {
  'in-memory': {code: 0, ids: ['probe/capabilities-wrapper', 'probe/safe-fetch-audit']},
  postgres: {code: 1, ids: ['probe/capabilities-wrapper', 'probe/closed-block-key', 'probe/wrapper-conflict']},
  python: {code: 0, ids: ['probe/capabilities-wrapper']},
  sqlite: {code: 0, ids: ['probe/capabilities-wrapper', 'probe/wrapper-conflict']},
};

describe('probe host against the four reference example hosts, served over real HTTP', () => {
  let host: TestHost;
  beforeAll(async () => {
    const routes: Record<string, Route> = {};
    for (const name of HOSTS) routes[`/${name}/.well-known/openwop`] = {body: readFileSync(join(DISCOVERY, `${name}.well-known-openwop.json`))};
    host = await startHost(routes);
  });
  afterAll(() => host.close());

  it('covers every reference discovery document', () => {
    expect(HOSTS).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(HOSTS)('%s', async (name) => {
    const r = await probeJson([host.url(`/${name}`)]);
    expect({code: r.code, ids: r.ids}).toEqual(EXPECTED[name]);
    const result = r.report.results[0];
    expect(result.status).toBe(200);
    expect(result.profiles).toEqual(['openwop-core']);
    expect(result.discovery).toEqual(JSON.parse(readFileSync(join(DISCOVERY, `${name}.well-known-openwop.json`), 'utf8')));
  });

  it('postgres: the closed httpClient block carries defaultTimeoutMs and redirectPolicy, reported where they are', async () => {
    const r = await probeJson([host.url('/postgres')]);
    const text = readFileSync(join(DISCOVERY, 'postgres.well-known-openwop.json'), 'utf8').split('\n');
    const closed = r.findings.filter((f) => f.ruleId === 'probe/closed-block-key');
    expect(closed.map((f) => f.pointer).sort()).toEqual(['/httpClient/defaultTimeoutMs', '/httpClient/redirectPolicy']);
    for (const f of closed) {
      expect(f.severity).toBe('error');
      expect(f.message).toMatch(/httpClient/);
      expect(text[f.line - 1].slice(f.column - 1)).toMatch(new RegExp(`^"${f.pointer.split('/').pop()}"`));
    }
  });
});

describe("probe host against the v2 reference host's two discovery documents, served with v2 negotiation", () => {
  let host: TestHost;
  const withBundle = referenceV2Document('bundle-v3');
  beforeAll(async () => {
    host = await startHost({
      '/seams-on/.well-known/openwop': v2Host({v2: referenceV2Document('bundle-v3')}),
      '/seams-off/.well-known/openwop': v2Host({v2: referenceV2Document('bundle-v3-seams-off')}),
      '/published/.well-known/openwop': v2Host({v2: withBundle}),
      '/published/bundle-v3.json': {body: readFileSync(join(V2_EXAMPLES, 'v2-reference.bundle-v3.json'))},
    });
    withBundle.conformance = {...(withBundle.conformance as object), certificationBundleUrl: host.url('/published/bundle-v3.json')};
  });
  afterAll(() => host.close());

  it('2026-09-18 (bundle-v3): 0 errors, checked as v2, the three profiles (its conformance block is present)', async () => {
    const r = await probeJson([host.url('/seams-on')]);
    expect(r.code).toBe(0);
    expect(r.findings.filter((f) => f.severity !== 'info')).toEqual([]);
    expect(r.ids).toEqual(['probe/extension-org-unregistered']);
    const result = r.report.results[0];
    expect(result.protocol).toMatchObject({asked: '2', answered: '2.0', major: 2});
    expect(result.profiles).toEqual(['openwop-discovery-core', 'openwop-core-standard', 'openwop-conformance-seams-v2']);
  });

  it('2026-10-08 (bundle-v3-seams-off): 0 errors; the two keys from later RFCs are warnings naming the schema snapshot', async () => {
    const r = await probeJson([host.url('/seams-off')]);
    expect(r.code).toBe(0);
    expect(r.findings.filter((f) => f.severity === 'error')).toEqual([]);
    const newer = r.findings.filter((f) => f.ruleId === 'probe/v2-unknown-key');
    expect(newer.map((f) => [f.severity, f.pointer])).toEqual([
      ['warning', '/hostEvents'],
      ['warning', '/nondeterminismPolicy/sources'],
    ]);
    for (const f of newer) expect(f.message).toMatch(/@046ac537/);
    expect(r.report.results[0].profiles).toEqual(['openwop-discovery-core', 'openwop-core-standard']);
  });

  it('--bundle: the reference bundle, named by conformance.certificationBundleUrl, verifies under the key the document publishes', async () => {
    const r = await probeJson([host.url('/published'), '--bundle']);
    expect(r.code).toBe(0);
    expect(r.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(r.report.results[1].verification).toMatchObject({outcome: 'verified', keyId: 'v2-reference-3', keySource: 'given'});
  });

  it('the org the reference host uses is not in the bundled registry: an info, never an error (FACTS §6.12)', async () => {
    const r = await probeJson([host.url('/seams-on')]);
    expect(r.findings).toEqual([expect.objectContaining({ruleId: 'probe/extension-org-unregistered', severity: 'info', pointer: '/extensions/openwop-v2-reference.host'})]);
  });
});

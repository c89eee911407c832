import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {acmeDocument, startHost, type TestHost} from './helpers/host.js';
import {probeJson} from './helpers/probe.js';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
const acmeText = JSON.stringify(acmeDocument(), null, 2);

describe('probe host: what the host advertises', () => {
  let host: TestHost;
  beforeAll(async () => {
    host = await startHost({
      '/acme/.well-known/openwop': {headers: {'content-type': 'application/json; charset=utf-8', 'cache-control': 'max-age=300', etag: '"v7"', 'capabilities-etag': '"caps-7"'}, body: acmeText},
      '/text-plain/.well-known/openwop': {headers: {'content-type': 'text/plain'}, body: acmeText},
      '/text-html/.well-known/openwop': {headers: {'content-type': 'text/html; charset=utf-8'}, body: acmeText},
      '/no-content-type/.well-known/openwop': {headers: {}, body: acmeText},
      '/latin1/.well-known/openwop': {headers: {'content-type': 'application/json; charset=iso-8859-1'}, body: acmeText},
      '/wrapper-only/.well-known/openwop': {body: fixture('wrapper-only-families.json')},
      '/tier-one-boolean/.well-known/openwop': {body: fixture('tier-one-boolean.json')},
      '/truncation/.well-known/openwop': {body: fixture('truncation-retry-multiplier.json')},
      '/array/.well-known/openwop': {body: '[{"protocolVersion": "1.0"}]'},
    });
  });
  afterAll(() => host.close());

  it('the fully-advertising host: exit 0, no findings, both profiles, HTTP metadata reported', async () => {
    const r = await probeJson([host.url('/acme/.well-known/openwop')]);
    expect(r.code).toBe(0);
    expect(r.findings).toEqual([]);
    const result = r.report.results[0];
    expect(result).toMatchObject({
      url: host.url('/acme/.well-known/openwop'),
      status: 200,
      profiles: ['openwop-core', 'openwop-interrupts'],
      discovery: {protocolVersion: '1.2'},
      tierOneSubsetCompliance: 'strict',
      http: {contentType: 'application/json; charset=utf-8', cacheControl: 'max-age=300', etag: '"v7"', capabilitiesEtag: '"caps-7"', redirects: []},
    });
    expect(r.report.summary).toMatchObject({files: 1, errors: 0, hosts: 1, reachable: true});
  });

  it('stylish prints the HTTP metadata and the profiles under the host', async () => {
    const r = await runCli(['probe', 'host', host.url('/acme')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/HTTP 200 · application\/json; charset=utf-8/);
    expect(r.stdout).toMatch(/Cache-Control: max-age=300 · ETag: "v7" · Capabilities-Etag: "caps-7"/);
    expect(r.stdout).toMatch(/profiles: openwop-core, openwop-interrupts/);
  });

  it.each([
    ['text-plain', /served as text\/plain/],
    ['text-html', /served as text\/html/],
    ['no-content-type', /no Content-Type/],
    ['latin1', /charset=iso-8859-1/],
  ])('wrong content type (%s): a probe/content-type warning, exit 0 (1 with --fail-on warning)', async (path, message) => {
    const r = await probeJson([host.url(`/${path}`)]);
    expect(r.code).toBe(0);
    expect(r.findings).toEqual([expect.objectContaining({ruleId: 'probe/content-type', severity: 'warning', message: expect.stringMatching(message)})]);
    expect((await probeJson([host.url(`/${path}`), '--fail-on', 'warning'])).code).toBe(1);
  });

  it('families only in the deprecated wrapper: warned about, read from there, and checked (exit 1)', async () => {
    const r = await probeJson([host.url('/wrapper-only')]);
    expect(r.code).toBe(1);
    const at = (rule: string) => r.findings.filter((f) => f.ruleId === rule).map((f) => f.pointer);
    expect(at('probe/capabilities-wrapper')).toEqual(['/capabilities']);
    expect(at('probe/wrapper-only-family').sort()).toEqual(['/capabilities/aiProviders', '/capabilities/envelopes', '/capabilities/httpClient']);
    expect(at('probe/ssrf-guard')).toEqual(['/capabilities/httpClient/ssrfGuard']);
    expect(r.report.results[0].tierOneSubsetCompliance).toBe('strict');
    const ssrf = r.findings.find((f) => f.ruleId === 'probe/ssrf-guard');
    expect(fixture('wrapper-only-families.json').split('\n')[(ssrf?.line ?? 0) - 1]).toMatch(/"ssrfGuard": false/);
  });

  it('boolean tierOneSubsetCompliance: probe/tier-one-compliance-type, exit 1', async () => {
    const r = await probeJson([host.url('/tier-one-boolean')]);
    expect(r.code).toBe(1);
    expect(r.ids).toEqual(['probe/tier-one-compliance-type']);
    expect(r.findings[0]).toMatchObject({pointer: '/envelopes/tierOneSubsetCompliance', line: 43});
    expect(r.report.results[0].tierOneSubsetCompliance).toBe('off');
  });

  it('truncationRetryMultiplier: named as the drift, exit 1', async () => {
    const r = await probeJson([host.url('/truncation')]);
    expect(r.code).toBe(1);
    expect(r.ids).toEqual(['probe/truncation-retry-multiplier']);
    expect(r.findings[0]).toMatchObject({pointer: '/envelopes/reliability/completion/truncationRetryMultiplier', line: 56});
  });

  it('JSON that is not an object: probe/schema, exit 1 (the host answered, the advert is wrong)', async () => {
    const r = await probeJson([host.url('/array')]);
    expect(r.code).toBe(1);
    expect(r.ids).toEqual(['probe/schema']);
  });

  it('--rule turns a probe rule off like any other', async () => {
    const r = await probeJson([host.url('/truncation'), '--rule', 'probe/truncation-retry-multiplier=off']);
    expect(r.code).toBe(0);
    expect(r.findings).toEqual([]);
  });
});

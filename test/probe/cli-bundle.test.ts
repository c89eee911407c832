import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {ROOT, runCli} from '../helpers/cli.js';
import {JSON_HEADERS, startHost, type TestHost} from './helpers/host.js';
import {probeJson} from './helpers/probe.js';
import {v2Host} from './helpers/v2-host.js';

type Doc = Record<string, unknown>;
const BUNDLE = readFileSync(join(ROOT, 'examples', 'bundles', 'acme.bundle-v3.json'), 'utf8');

/** The example host's v2 document (whose signingKeys sign examples/bundles), naming its bundle as `bundleUrl`. */
function acmeV2(bundleUrl: string | undefined): Doc {
  const doc = JSON.parse(readFileSync(join(ROOT, 'examples', 'hosts', 'acme.v2.well-known-openwop.json'), 'utf8')) as Doc;
  doc.conformance = bundleUrl === undefined ? {} : {certificationBundleUrl: bundleUrl};
  return doc;
}

function tampered(): string {
  const bundle = JSON.parse(BUNDLE) as {signature: {sig: string}};
  const sig = bundle.signature.sig;
  bundle.signature.sig = `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`;
  return JSON.stringify(bundle);
}

describe('probe host --bundle', () => {
  let host: TestHost;
  let other: TestHost;
  // certificationBundleUrl is a URI (the schema refuses a relative one): the documents learn the port once it is known.
  const good = acmeV2('');
  const forged = acmeV2('');
  const missing = acmeV2('');
  beforeAll(async () => {
    other = await startHost({'/bundle.json': {body: BUNDLE}});
    host = await startHost({
      '/good/.well-known/openwop': v2Host({v2: good}),
      '/conformance/bundle-v3.json': {headers: JSON_HEADERS, body: BUNDLE},
      '/forged/.well-known/openwop': v2Host({v2: forged}),
      '/conformance/forged.json': {headers: JSON_HEADERS, body: tampered()},
      '/none/.well-known/openwop': v2Host({v2: acmeV2(undefined)}),
      '/cross/.well-known/openwop': v2Host({v2: acmeV2(other.url('/bundle.json'))}),
      '/missing/.well-known/openwop': v2Host({v2: missing}),
    });
    missing.conformance = {certificationBundleUrl: host.url('/conformance/no-such-bundle.json')};
    good.conformance = {certificationBundleUrl: host.url('/conformance/bundle-v3.json')};
    forged.conformance = {certificationBundleUrl: host.url('/conformance/forged.json')};
  });
  afterAll(async () => {
    await host.close();
    await other.close();
  });

  it('verifies the bundle the document names with the key the document publishes', async () => {
    const r = await probeJson([host.url('/good'), '--bundle']);
    expect(r.code).toBe(0);
    expect(r.findings.filter((f) => f.severity === 'error')).toEqual([]);
    const bundle = r.report.results[1];
    expect(bundle.file).toBe(host.url('/conformance/bundle-v3.json'));
    expect(bundle.verification).toMatchObject({outcome: 'verified', keyId: 'acme-2026-11', keySource: 'given', keySourceLocation: host.url('/good/.well-known/openwop')});
    expect(r.report.summary).toMatchObject({bundles: 1, schemasLinted: 0});
  });

  it("a signature that does not verify is the bundle's error (exit 1), and stylish output says so under the bundle", async () => {
    const r = await probeJson([host.url('/forged'), '--bundle']);
    expect(r.code).toBe(1);
    expect(r.report.results[1].verification).toMatchObject({outcome: 'signature-invalid'});
    expect(r.report.results[1].findings.some((f) => f.severity === 'error' && f.ruleId.startsWith('bundle/'))).toBe(true);
    const stylish = await runCli(['probe', 'host', host.url('/forged'), '--bundle', '--no-color', '--no-negotiation']);
    expect(stylish.stdout).toMatch(/signature: does not verify/);
  });

  it('no conformance.certificationBundleUrl: probe/bundle-url, a warning', async () => {
    const r = await probeJson([host.url('/none'), '--bundle']);
    expect(r.findings).toContainEqual(expect.objectContaining({ruleId: 'probe/bundle-url', severity: 'warning', pointer: '/conformance'}));
    expect(r.report.results).toHaveLength(1);
  });

  it('a bundle on another origin is not fetched without --follow-cross-origin (info); with it, it is, without credentials', async () => {
    const skipped = await probeJson([host.url('/cross'), '--bundle']);
    expect(skipped.findings).toContainEqual(expect.objectContaining({ruleId: 'probe/bundle-url', severity: 'info', pointer: '/conformance/certificationBundleUrl'}));
    expect(other.requests).toHaveLength(0);
    const followed = await probeJson([host.url('/cross'), '--bundle', '--follow-cross-origin', '--token-env', 'T'], {env: {T: 'bundle-token-123'}});
    expect(followed.report.results[1].verification).toMatchObject({outcome: 'verified'});
    expect(other.requests).toHaveLength(1);
    expect(other.requests[0].headers.authorization).toBeUndefined();
  });

  it('without --bundle no bundle is fetched', async () => {
    const before = host.requests.length;
    await probeJson([host.url('/good'), '--no-negotiation']);
    expect(host.requests.slice(before).map((q) => q.path)).toEqual(['/good/.well-known/openwop']);
  });

  it('the bundle is read under --max-bytes: a bundle larger than that is unreadable, and an unreadable bundle exits 2', async () => {
    const capped = await probeJson([host.url('/good'), '--bundle', '--no-negotiation', '--max-bytes', '8000']);
    expect(capped.code).toBe(2);
    expect(capped.report.results[1].findings.map((f) => [f.ruleId, f.message])).toEqual([['bundle/fetch', expect.stringMatching(/over the 8000-byte cap/)]]);
    const gone = await probeJson([host.url('/missing'), '--bundle', '--no-negotiation']);
    expect(gone.code).toBe(2);
    expect(gone.report.results[1].findings.map((f) => f.ruleId)).toEqual(['bundle/fetch']);
  });
});

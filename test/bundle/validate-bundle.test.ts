import {writeFileSync} from 'node:fs';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {join} from 'node:path';
import {Readable} from 'node:stream';
import {describe, expect, it} from 'vitest';
import {canonicalJson, documentDigest, NotCanonicalizable, validateBundle, type ValidateBundleOptions, witnessDigest} from '../../src/bundle/index.js';
import {MAX_CLAIMED_PROFILES} from '../../src/bundle/validate-bundle.js';
import {tempDir} from '../helpers/cli.js';
import {discoveryDocument, keyEntry, makeBundle, newKey, seal, signOnly} from './make-bundle.js';

type AnyJson = Record<string, any>;

const hostKey = newKey('host-1');

/** What the host publishes: the document makeBundle captures, so a bundle as sealed is verified and attributed. */
const HOST_DOCUMENT = discoveryDocument([keyEntry(hostKey)]);

/**
 * Writes the bundle (and any named side documents) to a fresh folder and verifies it from there. Unless a test names
 * its own --discovery (or asks for `selfOnly`: no published document at all), the key is looked up in HOST_DOCUMENT,
 * handed over as probe host --bundle hands over the document it read.
 */
async function check(bundle: unknown, options: Partial<ValidateBundleOptions> & {files?: Record<string, unknown>; selfOnly?: boolean} = {}) {
  const dir = tempDir('openwop-bundle-');
  writeFileSync(join(dir, 'bundle.json'), JSON.stringify(bundle, null, 2));
  for (const [name, value] of Object.entries(options.files ?? {})) writeFileSync(join(dir, name), JSON.stringify(value));
  const {selfOnly, files: _files, ...rest} = options;
  const published =
    selfOnly === true || rest.discovery !== undefined || rest.discoveryDocument !== undefined || rest.fetchDiscovery === true
      ? {}
      : {discoveryDocument: {document: HOST_DOCUMENT, origin: 'host.json'}};
  const outcome = await validateBundle('bundle.json', {cwd: dir, ...published, ...rest});
  const result = outcome.results[0];
  const ids = (severity: string) => [...new Set(result.findings.filter((f) => f.severity === severity).map((f) => f.ruleId))].sort();
  return {outcome, result, errors: ids('error'), warnings: ids('warning'), infos: ids('info')};
}

/** A sealed bundle, then one edit that is not re-sealed: what a tamperer would do. */
const tampered = (edit: (b: AnyJson) => void): AnyJson => {
  const bundle = makeBundle(hostKey);
  edit(bundle);
  return bundle;
};

describe('canonical JSON', () => {
  it('sorts keys at every level, keeps array order and writes no whitespace', () => {
    expect(canonicalJson({b: [3, {z: 1, a: null}], a: 'x', A: true})).toBe('{"A":true,"a":"x","b":[3,{"a":null,"z":1}]}');
  });

  it('writes scalars as JSON.stringify does: -0 as 0, a lone surrogate escaped, an escaped key', () => {
    expect(canonicalJson({n: -0, s: '\ud800', 'k"': 1e21})).toBe('{"k\\"":1e+21,"n":0,"s":"\\ud800"}');
  });

  it('refuses a number that is not finite (1e400 parses to Infinity) instead of hashing it as null', () => {
    expect(() => canonicalJson(JSON.parse('{"a": {"b": [1e400]}}'))).toThrow(NotCanonicalizable);
    expect(() => canonicalJson(JSON.parse('{"a": {"b": [1e400]}}'))).toThrow('/a/b/0');
  });

  it('refuses nesting deeper than 1,000 containers and a cycle, naming where, instead of overflowing the stack', () => {
    const nest = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    expect(canonicalJson(nest(1000))).toBe(`${'['.repeat(1000)}${']'.repeat(1000)}`);
    expect(() => canonicalJson(nest(1001))).toThrow(NotCanonicalizable);
    expect(() => canonicalJson(nest(1001))).toThrow('deeper than 1000 levels');
    expect(() => canonicalJson(nest(100_000))).toThrow(NotCanonicalizable);
    const cyclic: AnyJson = {a: {b: [1]}};
    cyclic.a.b.push(cyclic.a);
    expect(() => canonicalJson(cyclic)).toThrow(expect.objectContaining({reason: 'cycle', pointer: '/a/b/1'}));
    const shared = {x: 1};
    expect(canonicalJson({p: shared, q: [shared]})).toBe('{"p":{"x":1},"q":[{"x":1}]}'); // seen twice is not a cycle
  });

  it('gives different digests to documents that differ only in a nested value', () => {
    expect(documentDigest({a: {b: 1}})).not.toBe(documentDigest({a: {b: 2}}));
    expect(documentDigest({b: 1, a: 2})).toBe(documentDigest({a: 2, b: 1}));
  });
});

describe('a bundle signed with a key generated in the test', () => {
  it('verifies under the key the host publishes, and its claims are certified', async () => {
    const {outcome, result, errors, warnings, infos} = await check(makeBundle(hostKey));
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(infos).toEqual(['bundle/verified']);
    expect(result.verification).toEqual({outcome: 'verified', integrity: 'verified', keyId: 'host-1', keySource: 'given', keySourceLocation: 'host.json', retiredAt: null});
    expect(outcome.summary).toEqual({bundles: 1, verified: 1});
    expect(result.claims?.profiles.map((p) => [p.id, p.derivable, p.certified])).toEqual([
      ['openwop-discovery-core', true, true],
      ['openwop-core-standard', true, true],
    ]);
    expect(result.digests?.witnessSha256.matches).toBe(true);
    expect(result.digests?.discoverySha256.matches).toBe(true);
  });

  it('verifies against a --discovery file, and says that is where the key came from', async () => {
    const {result, errors} = await check(makeBundle(hostKey), {discovery: 'live.json', files: {'live.json': discoveryDocument([keyEntry(hostKey)])}});
    expect(errors).toEqual([]);
    expect(result.verification).toMatchObject({outcome: 'verified', keySource: 'given', keySourceLocation: 'live.json'});
  });

  it('with relaxations in the witness preimage still verifies', async () => {
    const bundle = makeBundle(hostKey, {edit: (b) => (b.host.relaxations = [{obligation: 'rateLimits.burst', durability: 'session', reason: 'load test'}])});
    const {errors, warnings, result} = await check(bundle);
    expect(errors).toEqual([]);
    expect(warnings).toEqual(['bundle/relaxed-certified']); // its family is in no claimed profile
    expect(result.claims?.profiles.every((p) => p.certified)).toBe(true);
  });
});

describe('a key the bundle carries itself proves integrity, not attribution', () => {
  /** What forge.mjs did: mint a key, publish it in the capture, recompute discovery.sha256, sign. */
  const forged = () => {
    const evil = newKey('evil-1');
    return makeBundle(evil, {edit: (b) => (b.host.name = 'totally-legit')});
  };

  it('a genuine bundle checked alone: the signature verifies under the captured key, but is not attributed', async () => {
    const {outcome, result, errors, warnings, infos} = await check(makeBundle(hostKey), {selfOnly: true});
    expect(errors).toEqual([]);
    expect(warnings).toEqual(['bundle/key-unattributed']);
    expect(infos).toEqual([]);
    expect(result.verification).toEqual({outcome: 'discovery-not-read', integrity: 'verified', keyId: 'host-1', keySource: 'captured', keySourceLocation: '/discovery/document', retiredAt: null});
    expect(outcome.summary).toEqual({bundles: 1, verified: 0});
    expect(result.findings.find((f) => f.ruleId === 'bundle/key-unattributed')?.message).toMatch(/--discovery FILE\|URL, or allow --fetch-discovery/);
    // Claims are still re-derived and reported; none is certified without attribution.
    expect(result.claims?.profiles.map((p) => [p.derivable, p.certified, p.refusedBy])).toEqual([
      [true, false, ['unattributed']],
      [true, false, ['unattributed']],
    ]);
  });

  it('a self-signed forgery is never verified: unattributed alone, key-not-published against the host', async () => {
    const alone = await check(forged(), {selfOnly: true});
    expect(alone.result.verification).toMatchObject({outcome: 'discovery-not-read', integrity: 'verified', keyId: 'evil-1'});
    expect(alone.warnings).toEqual(['bundle/key-unattributed']);
    expect(alone.result.claims?.profiles.some((p) => p.certified)).toBe(false);
    const against = await check(forged());
    expect(against.errors).toEqual(['bundle/key-not-published']);
    expect(against.result.verification).toMatchObject({outcome: 'key-not-published', keySource: 'given'});
  });

  it('a capture that fails its digest never provides the key (a key swapped in, the stated digest kept, re-signed)', async () => {
    const evil = newKey('host-1');
    const bundle = makeBundle(evil, {edit: (b) => (b.discovery.document.signingKeys = [keyEntry(hostKey)])}); // signed by evil
    const stated = bundle.discovery.sha256;
    bundle.discovery.document.signingKeys = [keyEntry(evil)];
    expect(bundle.discovery.sha256).toBe(stated);
    const {errors, warnings, result} = await check(bundle, {selfOnly: true});
    expect(errors).toEqual(['bundle/discovery-digest', 'bundle/discovery-not-read']);
    expect(warnings).toEqual([]);
    expect(result.verification).toMatchObject({outcome: 'discovery-not-read', integrity: null, keySource: null});
  });

  it.each([
    ['has no use', {use: undefined}],
    ['names another use', {use: 'webhooks'}],
  ])('a captured key that %s is not used (RFC 0224 §B.6 wants use: certification-bundle)', async (_label, extra) => {
    const bundle = makeBundle(hostKey, {edit: (b) => (b.discovery.document.signingKeys = [keyEntry(hostKey, extra)])});
    const {errors, warnings, result} = await check(bundle, {selfOnly: true});
    expect(errors).toEqual(['bundle/discovery-not-read']);
    expect(warnings).toEqual([]);
    expect(result.verification).toMatchObject({outcome: 'discovery-not-read', integrity: null});
    expect(result.findings.find((f) => f.ruleId === 'bundle/discovery-not-read')?.message).toContain('not certification-bundle');
  });

  it('a signature that does not verify even under the captured key → bundle/signature-invalid (integrity invalid)', async () => {
    const {errors, result} = await check(
      tampered((b) => (b.suite.version = '2.50.2')),
      {selfOnly: true},
    );
    expect(errors).toEqual(['bundle/signature-invalid']);
    expect(result.verification).toMatchObject({outcome: 'signature-invalid', integrity: 'invalid', keySource: 'captured'});
  });
});

describe('tamper matrix: one field changed after signing', () => {
  it('a result row → bundle/witness-digest (the signature itself still verifies over the stated digest)', async () => {
    const {errors, result} = await check(tampered((b) => (b.results.requirements[2].detail = 'nothing to see')));
    expect(errors).toEqual(['bundle/witness-digest']);
    expect(result.verification?.outcome).toBe('verified');
    expect(result.claims?.profiles.every((p) => !p.certified && p.refusedBy.includes('witness-digest'))).toBe(true);
  });

  it('a total → bundle/totals', async () => {
    const {errors, result} = await check(tampered((b) => (b.results.totals.skipped = 0)));
    expect(errors).toEqual(['bundle/totals']);
    expect(result.findings.find((f) => f.ruleId === 'bundle/totals')?.pointer).toBe('/results/totals/skipped');
  });

  it('the discovery document → bundle/discovery-digest, and profiles are not re-derived from it', async () => {
    const {errors, result} = await check(tampered((b) => delete b.discovery.document.webhooks));
    expect(errors).toEqual(['bundle/discovery-digest']);
    expect(result.claims?.derivabilityChecked).toBe(false);
  });

  it('host.build → bundle/signature-invalid', async () => {
    const {errors, result} = await check(tampered((b) => (b.host.build.id = 'b'.repeat(40))));
    expect(errors).toEqual(['bundle/signature-invalid']);
    expect(result.verification?.outcome).toBe('signature-invalid');
  });

  it('suite.version → bundle/signature-invalid', async () => {
    const {errors} = await check(tampered((b) => (b.suite.version = '2.50.2')));
    expect(errors).toEqual(['bundle/signature-invalid']);
  });

  it('the signature → bundle/signature-invalid', async () => {
    const {errors} = await check(tampered((b) => (b.signature.sig = `${b.signature.sig[0] === 'A' ? 'B' : 'A'}${b.signature.sig.slice(1)}`)));
    expect(errors).toEqual(['bundle/signature-invalid']);
  });

  it("the key: publicKey changed in the host's discovery document → bundle/signature-invalid", async () => {
    const other = newKey('host-1');
    const {errors, result} = await check(makeBundle(hostKey), {discovery: 'live.json', files: {'live.json': discoveryDocument([keyEntry(other)])}});
    expect(errors).toEqual(['bundle/signature-invalid']);
    expect(result.verification).toMatchObject({outcome: 'signature-invalid', keySource: 'given'});
  });

  it('the key changed in the captured document → bundle/discovery-digest, and that key is not used', async () => {
    const other = newKey('host-1');
    const edited = tampered((b) => (b.discovery.document.signingKeys[0].publicKey = other.publicKey));
    expect((await check(edited)).errors).toEqual(['bundle/discovery-digest']);
    expect((await check(edited, {selfOnly: true})).errors).toEqual(['bundle/discovery-digest', 'bundle/discovery-not-read']);
  });
});

describe('key resolution: the four outcomes', () => {
  it('a retired key still verifies and is reported as retired', async () => {
    const bundle = makeBundle(hostKey, {edit: (b) => (b.discovery.document.signingKeys[0].retiredAt = '2026-11-01T00:00:00Z')});
    const {errors, warnings, result} = await check(bundle, {discoveryDocument: {document: bundle.discovery.document, origin: 'host.json'}});
    expect(errors).toEqual([]);
    expect(warnings).toEqual(['bundle/key-retired']);
    expect(result.verification).toMatchObject({outcome: 'verified', retiredAt: '2026-11-01T00:00:00Z'});
    expect(result.findings.find((f) => f.ruleId === 'bundle/key-retired')?.message).toContain('before the bundle says it was generated');
  });

  it('a key the document does not publish → bundle/key-not-published', async () => {
    const {errors, result} = await check(makeBundle(hostKey), {discovery: 'live.json', files: {'live.json': discoveryDocument([keyEntry(newKey('host-2'))])}});
    expect(errors).toEqual(['bundle/key-not-published']);
    expect(result.verification).toMatchObject({outcome: 'key-not-published', integrity: null});
  });

  it.each([
    ['an alg other than ed25519', {alg: 'rsa'}, 'its alg is "rsa", not ed25519'],
    ['no alg (the schema requires it)', {alg: undefined}, 'its alg is absent'],
    ['another use', {use: 'webhooks'}, 'its use is "webhooks", not certification-bundle'],
    ['a publicKey that is not raw Ed25519', {publicKey: 'AAAA'}, 'not 32 bytes'],
    ['a padded publicKey (base64url is unpadded)', {publicKey: `${hostKey.publicKey}=`}, 'not 32 bytes'],
  ])('a published key with %s is unusable → bundle/key-not-published, "published but unusable"', async (_label, extra, reason) => {
    const {errors, result} = await check(makeBundle(hostKey), {discoveryDocument: {document: discoveryDocument([keyEntry(hostKey, extra)]), origin: 'host.json'}});
    expect(errors).toEqual(['bundle/key-not-published']);
    expect(result.verification).toMatchObject({outcome: 'key-not-published', integrity: null});
    const message = result.findings.find((f) => f.ruleId === 'bundle/key-not-published')?.message;
    expect(message).toContain('published but unusable');
    expect(message).toContain(reason);
  });

  it('a published key without use is fine (use is optional in a host document)', async () => {
    const {errors, result} = await check(makeBundle(hostKey), {discoveryDocument: {document: discoveryDocument([keyEntry(hostKey, {use: undefined})]), origin: 'host.json'}});
    expect(errors).toEqual([]);
    expect(result.verification?.outcome).toBe('verified');
  });

  it('a padded signature is refused (base64url is unpadded), though a lax decoder would read the same bytes', async () => {
    const {errors} = await check(tampered((b) => (b.signature.sig = `${b.signature.sig}==`)));
    expect(errors).toContain('bundle/signature-invalid');
  });

  it('a signed field that cannot be canonicalised (1e400) is signature-invalid, not a crash', async () => {
    const dir = tempDir('openwop-bundle-');
    const text = JSON.stringify(makeBundle(hostKey)).replace(/"witnessSha256":"[0-9a-f]+"/, '"witnessSha256":1e400');
    writeFileSync(join(dir, 'bundle.json'), text);
    const outcome = await validateBundle('bundle.json', {cwd: dir, discoveryDocument: {document: HOST_DOCUMENT, origin: 'host.json'}});
    const ids = outcome.results[0].findings.map((f) => f.ruleId);
    expect(ids).toContain('bundle/signature-invalid');
    expect(ids).toContain('bundle/schema');
  });

  it('a document given in hand that cannot be digested (a cycle) is reported as differing, not thrown', async () => {
    const document: AnyJson = structuredClone(HOST_DOCUMENT);
    document.self = document;
    const {errors, infos, result} = await check(makeBundle(hostKey), {discoveryDocument: {document, origin: 'live'}});
    expect(errors).toEqual([]);
    expect(infos).toEqual(['bundle/discovery-differs', 'bundle/verified']);
    expect(result.findings.find((f) => f.ruleId === 'bundle/discovery-differs')?.message).toContain('digest not computable');
  });

  it('no discovery document at all → bundle/discovery-not-read, and claims are unchecked', async () => {
    const bundle = makeBundle(hostKey, {edit: (b) => (b.discovery.sha256 = documentDigest(b.discovery.document))});
    delete bundle.discovery.document; // discovery.sha256 stays signed; only the capture is gone
    const {errors, warnings, result} = await check(bundle, {selfOnly: true});
    expect(errors).toEqual(['bundle/discovery-not-read']);
    expect(warnings).toEqual(['bundle/claims-unchecked']);
    expect(result.verification).toMatchObject({outcome: 'discovery-not-read', integrity: null, keySource: null});
  });

  it('a --discovery document with the captured digest stands in for a missing capture (claims re-derived)', async () => {
    const bundle = makeBundle(hostKey);
    const document = bundle.discovery.document;
    delete bundle.discovery.document;
    const {errors, result} = await check(bundle, {discovery: 'captured.json', files: {'captured.json': document}});
    expect(errors).toEqual([]);
    expect(result.claims?.derivabilityChecked).toBe(true);
  });

  it('a --discovery document with another digest does not stand in for the capture: claims are not derived from it', async () => {
    const bundle = makeBundle(hostKey);
    delete bundle.discovery.document;
    const today = {...HOST_DOCUMENT, extensions: {}};
    const {errors, warnings, infos, result} = await check(bundle, {discovery: 'today.json', files: {'today.json': today}});
    expect(errors).toEqual([]);
    expect(warnings).toEqual(['bundle/claims-unchecked']);
    expect(infos).toEqual(['bundle/discovery-differs', 'bundle/verified']);
    expect(result.claims).toMatchObject({derivabilityChecked: false, derived: null});
  });

  it('more claimed profiles than MAX_CLAIMED_PROFILES → bundle/schema without running the schema (its uniqueItems is n²), nothing certified', async () => {
    const extra = Array.from({length: MAX_CLAIMED_PROFILES - 1}, (_, i) => ({id: `openwop-made-up-${i}`, evidenceTier: 'self', witnessCount: 1, certified: false}));
    const {errors, result} = await check(makeBundle(hostKey, {edit: (b) => b.claimedProfiles.push(...extra)}));
    expect(errors).toEqual(['bundle/schema']);
    expect(result.findings.find((f) => f.ruleId === 'bundle/schema')).toMatchObject({pointer: '/claimedProfiles', message: expect.stringMatching(/lists 65 profiles/)});
    expect(result.claims?.profiles.filter((p) => p.certified)).toEqual([]);
  });

  it('host.signingKeyId naming another key → bundle/signing-key-id, and nothing is certified', async () => {
    const {errors, result} = await check(makeBundle(hostKey, {edit: (b) => (b.host.signingKeyId = 'host-9')}));
    expect(errors).toEqual(['bundle/signing-key-id']);
    expect(result.verification?.outcome).toBe('verified');
    expect(result.claims?.profiles.map((p) => [p.certified, p.refusedBy])).toEqual([
      [false, ['signing-key-id']],
      [false, ['signing-key-id']],
    ]);
  });

  it('fetches discovery.url only with fetchDiscovery, sending the target major', async () => {
    const seen: (string | undefined)[] = [];
    const document = discoveryDocument([keyEntry(hostKey)]);
    const server = createServer((req, res) => {
      seen.push(req.headers['openwop-version'] as string | undefined);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(document));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/openwop`;
    try {
      const bundle = makeBundle(hostKey, {edit: (b) => (b.discovery.url = url)});
      delete bundle.discovery.document;
      const refused = await check(bundle, {selfOnly: true});
      expect(refused.errors).toEqual(['bundle/discovery-not-read']);
      expect(seen).toEqual([]);
      const fetched = await check(bundle, {fetchDiscovery: true});
      expect(fetched.errors).toEqual([]);
      expect(fetched.result.verification).toMatchObject({outcome: 'verified', keySource: 'fetched', keySourceLocation: url});
      expect(seen).toEqual(['2']);
      // With a capture too, --fetch-discovery attributes the key: the host's document is read, not the bundle's.
      const captured = await check(makeBundle(hostKey, {edit: (b) => (b.discovery.url = url)}), {fetchDiscovery: true});
      expect(captured.result.verification).toMatchObject({outcome: 'verified', keySource: 'fetched'});
      expect(seen).toEqual(['2', '2']);
    } finally {
      server.close();
    }
  });
});

describe('ledger rules', () => {
  const resealed = (edit: (b: AnyJson) => void) => makeBundle(hostKey, {edit});

  it('a duplicate row id → bundle/duplicate-row', async () => {
    const {errors} = await check(
      resealed((b) => {
        b.results.requirements.push({...b.results.requirements[0]});
        b.results.totals.executedPass = 3;
        b.assertionCount = 12;
      }),
    );
    expect(errors).toEqual(['bundle/duplicate-row']);
  });

  it('a non-pass row without detail → bundle/row-without-detail', async () => {
    const {errors} = await check(resealed((b) => delete b.results.requirements[3].detail));
    expect(errors).toEqual(['bundle/row-without-detail']);
  });

  it('a detail that is blank after trimming is no detail', async () => {
    const {errors, result} = await check(resealed((b) => (b.results.requirements[2].detail = ' \t\n ')));
    expect(errors).toEqual(['bundle/row-without-detail']);
    expect(result.findings.find((f) => f.ruleId === 'bundle/row-without-detail')?.message).toContain('a blank detail');
  });

  it('executed-pass with 0 assertions → bundle/pass-without-assertions', async () => {
    const {errors} = await check(
      resealed((b) => {
        b.results.requirements[1].assertions = 0;
        b.assertionCount = 5;
      }),
    );
    expect(errors).toEqual(['bundle/pass-without-assertions']);
  });

  it('assertionCount off the sum → bundle/assertion-count', async () => {
    const {errors} = await check(resealed((b) => (b.assertionCount = 8)));
    expect(errors).toEqual(['bundle/assertion-count']);
  });

  it('detail.nonPass missing a row, or listing a pass → bundle/non-pass-view', async () => {
    expect((await check(resealed((b) => b.detail.nonPass.pop()))).errors).toEqual(['bundle/non-pass-view']);
    const listsPass = await check(resealed((b) => b.detail.nonPass.push({id: 'openwop.scenario.v2-era-key', result: 'executed-pass', reason: 'x'})));
    expect(listsPass.errors).toEqual(['bundle/non-pass-view']);
  });

  it('blocked > 0 with a certified profile → bundle/blocked-certified, nothing certified', async () => {
    const {errors, result} = await check(
      resealed((b) => {
        b.results.requirements[3].result = 'blocked';
        b.detail.nonPass[1].result = 'blocked';
        b.results.totals.inapplicable = 0;
        b.results.totals.blocked = 1;
      }),
    );
    expect(errors).toEqual(['bundle/blocked-certified']);
    expect(result.claims?.profiles.some((p) => p.certified)).toBe(false);
  });
});

describe('what voids every claim', () => {
  it('a schema failure → bundle/schema, and no profile is certified', async () => {
    const {errors, result} = await check(makeBundle(hostKey, {edit: (b) => (b.claimedProfiles[0].witnessCount = -1)}));
    expect(errors).toEqual(['bundle/schema']);
    expect(result.verification?.outcome).toBe('verified');
    expect(result.claims?.profiles.map((p) => [p.certified, p.refusedBy])).toEqual([
      [false, ['schema']],
      [false, ['schema']],
    ]);
  });
});

describe('the witness digest in locale order', () => {
  it('a digest only localeCompare order reproduces is accepted with bundle/witness-locale-order', async () => {
    const bundle = makeBundle(hostKey, {
      edit: (b) => {
        b.results.requirements[0].id = 'openwop.scenario.x-B';
        b.results.requirements[1].id = 'openwop.scenario.x-a';
      },
    });
    const rows = bundle.results.requirements;
    expect(witnessDigest(rows, undefined, 'locale')).not.toBe(bundle.witnessSha256);
    bundle.witnessSha256 = witnessDigest(rows, undefined, 'locale'); // the emitter's order
    const {errors, warnings, result} = await check(signOnly(bundle, hostKey));
    expect(errors).toEqual([]);
    expect(warnings).toEqual(['bundle/witness-locale-order']);
    expect(result.digests?.witnessSha256.matches).toBe(true);
  });
});

describe('claims', () => {
  it('a certified profile the captured document does not imply → bundle/profile-not-derivable (that profile only)', async () => {
    const bundle = makeBundle(hostKey, {edit: (b) => delete b.discovery.document.eventLog});
    const {errors, result} = await check(bundle);
    expect(errors).toEqual(['bundle/profile-not-derivable']);
    expect(result.claims?.profiles.map((p) => [p.id, p.certified])).toEqual([
      ['openwop-discovery-core', true],
      ['openwop-core-standard', false],
    ]);
  });

  it('a relaxation on a family a certified profile rests on → bundle/relaxed-certified, that profile only', async () => {
    const {errors, warnings, result} = await check(makeBundle(hostKey, {edit: (b) => (b.host.relaxations = [{obligation: 'webhooks.signature', durability: 'session', reason: 'sink down'}])}));
    expect(errors).toEqual(['bundle/relaxed-certified']);
    expect(warnings).toEqual([]);
    expect(result.claims?.profiles.map((p) => [p.id, p.certified, p.refusedBy])).toEqual([
      ['openwop-discovery-core', true, []],
      ['openwop-core-standard', false, ['relaxed']],
    ]);
  });

  it("a relaxation whose family the profile id contains denies it too (the suite's second arm)", async () => {
    const {errors, result} = await check(makeBundle(hostKey, {edit: (b) => (b.host.relaxations = [{obligation: 'openwop-core-standard', durability: 'session', reason: 'webhook sink down'}])}));
    expect(errors).toEqual(['bundle/relaxed-certified']);
    expect(result.claims?.profiles.map((p) => p.certified)).toEqual([true, false]);
  });

  it('a derivable profile left out of claimedProfiles is an info', async () => {
    const {infos} = await check(makeBundle(hostKey, {edit: (b) => b.claimedProfiles.pop()}));
    expect(infos).toEqual(['bundle/profile-not-claimed', 'bundle/verified']);
  });

  it("a major-1 bundle's claims are reported unchecked", async () => {
    const {warnings} = await check(makeBundle(hostKey, {edit: (b) => (b.suite.targetMajor = 1)}));
    expect(warnings).toEqual(['bundle/claims-unchecked']);
  });
});

describe('independent tier (verifierSignature)', () => {
  const verifier = newKey('lab.example-1');
  const independent = (sigKey = verifier, keyId = verifier.keyId) => {
    const bundle = makeBundle(hostKey, {edit: (b) => (b.claimedProfiles[0].evidenceTier = 'independent')});
    const signed = seal(bundle, sigKey).signature as AnyJson;
    bundle.verifierSignature = {alg: 'ed25519', keyId, sig: signed.sig};
    return bundle;
  };
  const verifierKeys = {'lab.json': {signingKeys: [keyEntry(verifier)]}};

  it("verifies with the verifier's published key", async () => {
    const {errors, result} = await check(independent(), {verifierKeys: 'lab.json', files: verifierKeys});
    expect(errors).toEqual([]);
    expect(result.claims?.profiles[0]).toMatchObject({evidenceTier: 'independent', certified: true});
  });

  it("the host's own key → bundle/verifier-same-key, which voids every claim (it names no profile)", async () => {
    const {errors, result} = await check(independent(hostKey, hostKey.keyId), {verifierKeys: 'lab.json', files: verifierKeys});
    expect(errors).toEqual(['bundle/verifier-same-key']);
    expect(result.claims?.profiles.map((p) => [p.certified, p.refusedBy])).toEqual([
      [false, ['verifier']],
      [false, ['verifier']],
    ]);
  });

  it("a verifier keyId equal to host.signingKeyId is the host's key too", async () => {
    const bundle = independent();
    bundle.host.signingKeyId = verifier.keyId;
    const {errors} = await check(bundle, {verifierKeys: 'lab.json', files: verifierKeys});
    expect(errors).toEqual(['bundle/signing-key-id', 'bundle/verifier-same-key']);
  });

  it('no verifier key given → bundle/verifier-key-unavailable, and nothing is certified', async () => {
    const {errors, result} = await check(independent());
    expect(errors).toEqual(['bundle/verifier-key-unavailable']);
    expect(result.claims?.profiles.some((p) => p.certified)).toBe(false);
  });

  it('a signature by another key → bundle/verifier-signature-invalid', async () => {
    const {errors, result} = await check(independent(newKey('x')), {verifierKeys: 'lab.json', files: verifierKeys});
    expect(errors).toEqual(['bundle/verifier-signature-invalid']);
    expect(result.claims?.profiles.some((p) => p.certified)).toBe(false);
  });
});

describe('durability: the rung re-derived as the suite does', () => {
  const R = 'openwop.requirement.0158.';
  /** The five rows of durable-single-instance, consistent: bounds on bound-is-derived, a recovery on each kill row. */
  const rungRows = (): AnyJson[] => [
    {
      id: `${R}bound-is-derived`,
      scenario: 'd.test.ts',
      result: 'executed-pass',
      assertions: 1,
      evidence: {
        recoveryBounds: [
          {
            class: 'leased',
            bound: 1500,
            terms: [
              {name: 'ttl', ms: 1000},
              {name: 'poll', ms: 500},
            ],
          },
          {class: 'outbox', bound: 65, terms: [{name: 'tick', ms: 65}]},
        ],
      },
    },
    {id: `${R}kill-after-accept`, scenario: 'd.test.ts', result: 'executed-pass', assertions: 1, evidence: {recovery: {class: 'leased', boundMs: 1500, observedMs: 900}}},
    {id: `${R}kill-during-execution`, scenario: 'd.test.ts', result: 'executed-pass', assertions: 1, evidence: {recovery: {class: 'outbox', boundMs: 65, observedMs: 65}}},
    {id: `${R}duplicate-delivery`, scenario: 'd.test.ts', result: 'executed-pass', assertions: 1},
    {id: `${R}poison-exhaustion`, scenario: 'd.test.ts', result: 'executed-pass', assertions: 1},
  ];
  const row = (rows: AnyJson[], name: string): AnyJson => rows.find((r) => r.id === R + name)!;
  const durable = (edit: (rows: AnyJson[]) => void = () => {}, rung: unknown = 'durable-single-instance') =>
    makeBundle(hostKey, {
      edit: (b) => {
        const rows = rungRows();
        edit(rows);
        b.results.requirements.push(...rows);
        for (const r of rows.filter((r) => r.result !== 'executed-pass')) b.detail.nonPass.push({id: r.id, result: r.result, reason: r.detail});
        b.results.totals.executedPass = b.results.requirements.filter((r: AnyJson) => r.result === 'executed-pass').length;
        b.results.totals.skipped = b.results.requirements.filter((r: AnyJson) => r.result === 'skipped').length;
        b.assertionCount = b.results.requirements.reduce((n: number, r: AnyJson) => n + (r.assertions ?? 0), 0);
        b.durability = {rung};
      },
    });
  const problem = async (bundle: unknown) => {
    const {errors, result} = await check(bundle);
    return {errors, message: result.findings.find((f) => f.ruleId === 'bundle/durability')?.message, certified: result.claims?.profiles.map((p) => p.certified)};
  };

  it('durable-single-instance derived from the five signed rows', async () => {
    const {errors, certified} = await problem(durable());
    expect(errors).toEqual([]);
    expect(certified).toEqual([true, true]);
  });

  it.each([
    ['a named row missing', (rows: AnyJson[]) => rows.splice(3, 1), 'duplicate-delivery is not in the bundle'],
    ['an observed recovery over its bound', (rows: AnyJson[]) => (row(rows, 'kill-after-accept').evidence.recovery.observedMs = 1501), 'resumed after 1501 ms, over the 1500 ms bound'],
    ['a boundMs that is not the class bound', (rows: AnyJson[]) => (row(rows, 'kill-after-accept').evidence.recovery.boundMs = 750), 'judged against 750 ms'],
    ['an undeclared class', (rows: AnyJson[]) => (row(rows, 'kill-during-execution').evidence.recovery.class = 'boot'), '"boot", which'],
    ['a kill row without its recovery', (rows: AnyJson[]) => delete row(rows, 'kill-during-execution').evidence, 'kill-during-execution passed but records no evidence.recovery'],
    ['terms that do not sum to the bound', (rows: AnyJson[]) => (row(rows, 'bound-is-derived').evidence.recoveryBounds[0].bound = 1400), 'terms sum to 1500 ms'],
    ['a fractional count', (rows: AnyJson[]) => (row(rows, 'kill-after-accept').evidence.recovery.observedMs = 0.5), 'integer milliseconds'],
    ['a class declared twice', (rows: AnyJson[]) => row(rows, 'bound-is-derived').evidence.recoveryBounds.push({class: 'leased', bound: 1, terms: [{name: 'x', ms: 1}]}), 'declared twice'],
    ['a class whose name is not plain', (rows: AnyJson[]) => (row(rows, 'bound-is-derived').evidence.recoveryBounds[1].class = 'Outbox lane'), 'not a plain name'],
    ['a class with no terms', (rows: AnyJson[]) => (row(rows, 'bound-is-derived').evidence.recoveryBounds[1].terms = []), 'has 0 terms'],
    [
      '17 declared classes',
      (rows: AnyJson[]) => row(rows, 'bound-is-derived').evidence.recoveryBounds.push(...Array.from({length: 15}, (_, i) => ({class: `c${i}`, bound: 1, terms: [{name: 't', ms: 1}]}))),
      'more than 16',
    ],
    [
      'bounds declared on another 0158 row only',
      (rows: AnyJson[]) => {
        row(rows, 'duplicate-delivery').evidence = row(rows, 'bound-is-derived').evidence;
        delete row(rows, 'bound-is-derived').evidence;
      },
      'bound-is-derived carries no usable evidence.recoveryBounds',
    ],
  ])('%s → bundle/durability, and nothing is certified', async (_label, edit, reason) => {
    const {errors, message, certified} = await problem(durable(edit));
    expect(errors.filter((id) => id !== 'bundle/schema')).toEqual(['bundle/durability']); // the schema bounds some of these too
    expect(message).toContain(reason);
    expect(certified).toEqual([false, false]);
  });

  it('a named row that did not pass → bundle/durability', async () => {
    const {errors, message} = await problem(durable((rows) => Object.assign(row(rows, 'poison-exhaustion'), {result: 'skipped', assertions: 0, detail: 'no poison seam'})));
    expect(errors).toEqual(['bundle/durability']);
    expect(message).toContain('poison-exhaustion is "skipped", not executed-pass');
  });

  it('a higher rung than the rows support is refused, not assumed', async () => {
    const {errors, message} = await problem(durable(undefined, 'durable-multi-instance'));
    expect(errors).toEqual(['bundle/durability']);
    expect(message).toContain('support durable-single-instance only');
  });

  it('rows that merely contain "0158." do not make a rung', async () => {
    const bundle = durable((rows) => rows.forEach((r) => (r.id = r.id.replace('openwop.requirement.0158.', 'openwop.requirement.x0158.'))));
    const {errors, message} = await problem(bundle);
    expect(errors).toEqual(['bundle/durability']);
    expect(message).toContain('is not in the bundle');
  });
});

describe('unreadable input is fatal', () => {
  it.each([
    ['not JSON', '{"bundleVersion": ', 'json/syntax'],
    ['an array', '[1, 2]', 'bundle/not-a-bundle'],
    ['a discovery document', JSON.stringify(discoveryDocument([])), 'bundle/not-a-bundle'],
  ])('%s', async (_label, text, ruleId) => {
    const dir = tempDir('openwop-bundle-');
    writeFileSync(join(dir, 'bundle.json'), text);
    const outcome = await validateBundle('bundle.json', {cwd: dir});
    expect(outcome.fatal).toBe(true);
    expect(outcome.results[0].findings.map((f) => f.ruleId)).toEqual([ruleId]);
  });

  it('a bundle URL answering 404 → bundle/fetch (loopback server)', async () => {
    const server = createServer((_req, res) => {
      res.statusCode = 404;
      res.end('gone');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bundle-v3.json`;
    try {
      const outcome = await validateBundle(url, {cwd: tempDir('openwop-bundle-')});
      expect(outcome.fatal).toBe(true);
      expect(outcome.results[0].findings.map((f) => [f.ruleId, f.message])).toEqual([['bundle/fetch', `GET ${url} answered HTTP 404; no certification bundle was read`]]);
    } finally {
      server.close();
    }
  });

  it('- reads the bundle from the stdin given, named <stdin>', async () => {
    const stdin = Readable.from([Buffer.from(JSON.stringify(makeBundle(hostKey)))]);
    const outcome = await validateBundle('-', {cwd: tempDir('openwop-bundle-'), stdin, discoveryDocument: {document: HOST_DOCUMENT, origin: 'host.json'}});
    expect(outcome.results[0].file).toBe('<stdin>');
    expect(outcome.results[0].verification?.outcome).toBe('verified');
  });

  it('a v1 bundle is one finding, not fatal', async () => {
    const {errors, outcome} = await check({bundleVersion: '1', results: {}});
    expect(outcome.fatal).toBe(false);
    expect(errors).toEqual(['bundle/unsupported-version']);
  });
});

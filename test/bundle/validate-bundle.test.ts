import {writeFileSync} from 'node:fs';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {canonicalJson, documentDigest, NotCanonicalizable, validateBundle, type ValidateBundleOptions} from '../../src/bundle/index.js';
import {tempDir} from '../helpers/cli.js';
import {discoveryDocument, keyEntry, makeBundle, newKey, seal} from './make-bundle.js';

type AnyJson = Record<string, any>;

const hostKey = newKey('host-1');

/** Writes the bundle (and any named side documents) to a fresh folder and verifies it from there. */
async function check(bundle: unknown, options: Partial<ValidateBundleOptions> & {files?: Record<string, unknown>} = {}) {
  const dir = tempDir('openwop-bundle-');
  writeFileSync(join(dir, 'bundle.json'), JSON.stringify(bundle, null, 2));
  for (const [name, value] of Object.entries(options.files ?? {})) writeFileSync(join(dir, name), JSON.stringify(value));
  const outcome = await validateBundle('bundle.json', {cwd: dir, ...options});
  const result = outcome.results[0]!;
  const ids = (severity: string) => [...new Set(result.findings.filter((f) => f.severity === severity).map((f) => f.ruleId))].sort();
  return {outcome, result, errors: ids('error'), warnings: ids('warning'), infos: ids('info')};
}

/** A sealed bundle, then one edit that is not re-sealed: what a tamperer would do. */
const tampered = (edit: (b: AnyJson) => void): AnyJson => {
  const bundle = makeBundle(hostKey) as AnyJson;
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

  it('gives different digests to documents that differ only in a nested value', () => {
    expect(documentDigest({a: {b: 1}})).not.toBe(documentDigest({a: {b: 2}}));
    expect(documentDigest({b: 1, a: 2})).toBe(documentDigest({a: 2, b: 1}));
  });
});

describe('a bundle signed with a key generated in the test', () => {
  it('verifies from its captured discovery document, and its claims are certified', async () => {
    const {result, errors, warnings, infos} = await check(makeBundle(hostKey));
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(infos).toEqual(['bundle/verified']);
    expect(result.verification).toEqual({outcome: 'verified', keyId: 'host-1', keySource: 'captured', keySourceLocation: '/discovery/document', retiredAt: null});
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
    const bundle = makeBundle(hostKey, {edit: (b) => (b.host.relaxations = [{obligation: 'rate-limit', durability: 'session', reason: 'load test'}])});
    const {errors, warnings} = await check(bundle);
    expect(errors).toEqual([]);
    expect(warnings).toEqual(['bundle/relaxed-certified']); // it names no claimed profile
  });
});

describe('tamper matrix: one field changed after signing', () => {
  it('a result row → bundle/witness-digest (the signature itself still verifies over the stated digest)', async () => {
    const {errors, result} = await check(tampered((b) => (b.results.requirements[2].detail = 'nothing to see')));
    expect(errors).toEqual(['bundle/witness-digest']);
    expect(result.verification?.outcome).toBe('verified');
    expect(result.claims?.profiles.every((p) => !p.certified && p.refusedBy.includes('bundle-rejected'))).toBe(true);
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

  it('the key: publicKey changed in the host\'s discovery document → bundle/signature-invalid', async () => {
    const other = newKey('host-1');
    const {errors, result} = await check(makeBundle(hostKey), {discovery: 'live.json', files: {'live.json': discoveryDocument([keyEntry(other)])}});
    expect(errors).toEqual(['bundle/signature-invalid']);
    expect(result.verification).toMatchObject({outcome: 'signature-invalid', keySource: 'given'});
  });

  it('the key changed in the captured document → bundle/discovery-digest and bundle/signature-invalid', async () => {
    const other = newKey('host-1');
    const {errors} = await check(tampered((b) => (b.discovery.document.signingKeys[0].publicKey = other.publicKey)));
    expect(errors).toEqual(['bundle/discovery-digest', 'bundle/signature-invalid']);
  });
});

describe('key resolution: the four outcomes', () => {
  it('a retired key still verifies and is reported as retired', async () => {
    const bundle = makeBundle(hostKey, {edit: (b) => (b.discovery.document.signingKeys[0].retiredAt = '2026-11-01T00:00:00Z')});
    const {errors, warnings, result} = await check(bundle);
    expect(errors).toEqual([]);
    expect(warnings).toEqual(['bundle/key-retired']);
    expect(result.verification).toMatchObject({outcome: 'verified', retiredAt: '2026-11-01T00:00:00Z'});
    expect(result.findings.find((f) => f.ruleId === 'bundle/key-retired')?.message).toContain('before the bundle says it was generated');
  });

  it('a key the document does not publish → bundle/key-not-published', async () => {
    const {errors, result} = await check(makeBundle(hostKey), {discovery: 'live.json', files: {'live.json': discoveryDocument([keyEntry(newKey('host-2'))])}});
    expect(errors).toEqual(['bundle/key-not-published']);
    expect(result.verification?.outcome).toBe('key-not-published');
  });

  it('no discovery document at all → bundle/discovery-not-read, and claims are unchecked', async () => {
    const bundle = makeBundle(hostKey, {edit: (b) => (b.discovery.sha256 = documentDigest(b.discovery.document))});
    delete (bundle as AnyJson).discovery.document; // discovery.sha256 stays signed; only the capture is gone
    const {errors, warnings, result} = await check(bundle);
    expect(errors).toEqual(['bundle/discovery-not-read']);
    expect(warnings).toEqual(['bundle/claims-unchecked']);
    expect(result.verification).toMatchObject({outcome: 'discovery-not-read', keySource: null});
  });

  it('a --discovery document with the captured digest stands in for a missing capture (claims re-derived)', async () => {
    const bundle = makeBundle(hostKey) as AnyJson;
    const document = bundle.discovery.document;
    delete bundle.discovery.document;
    const {errors, result} = await check(bundle, {discovery: 'captured.json', files: {'captured.json': document}});
    expect(errors).toEqual([]);
    expect(result.claims?.derivabilityChecked).toBe(true);
  });

  it('host.signingKeyId naming another key → bundle/signing-key-id', async () => {
    const {errors} = await check(tampered((b) => (b.host.signingKeyId = 'host-9')));
    expect(errors).toEqual(['bundle/signing-key-id']);
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
      const bundle = makeBundle(hostKey, {edit: (b) => (b.discovery.url = url)}) as AnyJson;
      delete bundle.discovery.document;
      const refused = await check(bundle);
      expect(refused.errors).toEqual(['bundle/discovery-not-read']);
      expect(seen).toEqual([]);
      const fetched = await check(bundle, {fetchDiscovery: true});
      expect(fetched.errors).toEqual([]);
      expect(fetched.result.verification).toMatchObject({outcome: 'verified', keySource: 'fetched', keySourceLocation: url});
      expect(seen).toEqual(['2']);
    } finally {
      server.close();
    }
  });
});

describe('ledger rules', () => {
  const resealed = (edit: (b: AnyJson) => void) => makeBundle(hostKey, {edit});

  it('a duplicate row id → bundle/duplicate-row', async () => {
    const {errors} = await check(resealed((b) => {
      b.results.requirements.push({...b.results.requirements[0]});
      b.results.totals.executedPass = 3;
      b.assertionCount = 12;
    }));
    expect(errors).toEqual(['bundle/duplicate-row']);
  });

  it('a non-pass row without detail → bundle/row-without-detail', async () => {
    const {errors} = await check(resealed((b) => delete b.results.requirements[3].detail));
    expect(errors).toEqual(['bundle/row-without-detail']);
  });

  it('executed-pass with 0 assertions → bundle/pass-without-assertions', async () => {
    const {errors} = await check(resealed((b) => {
      b.results.requirements[1].assertions = 0;
      b.assertionCount = 5;
    }));
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
    const {errors, result} = await check(resealed((b) => {
      b.results.requirements[3].result = 'blocked';
      b.detail.nonPass[1].result = 'blocked';
      b.results.totals.inapplicable = 0;
      b.results.totals.blocked = 1;
    }));
    expect(errors).toEqual(['bundle/blocked-certified']);
    expect(result.claims?.profiles.some((p) => p.certified)).toBe(false);
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

  it('a relaxation naming a certified profile → bundle/relaxed-certified', async () => {
    const {errors} = await check(makeBundle(hostKey, {edit: (b) => (b.host.relaxations = [{obligation: 'openwop-core-standard', durability: 'session', reason: 'webhook sink down'}])}));
    expect(errors).toEqual(['bundle/relaxed-certified']);
  });

  it('a derivable profile left out of claimedProfiles is an info', async () => {
    const {infos} = await check(makeBundle(hostKey, {edit: (b) => b.claimedProfiles.pop()}));
    expect(infos).toEqual(['bundle/profile-not-claimed', 'bundle/verified']);
  });

  it('a major-1 bundle\'s claims are reported unchecked', async () => {
    const {warnings} = await check(makeBundle(hostKey, {edit: (b) => (b.suite.targetMajor = 1)}));
    expect(warnings).toEqual(['bundle/claims-unchecked']);
  });
});

describe('independent tier (verifierSignature)', () => {
  const verifier = newKey('lab.example-1');
  const independent = (sigKey = verifier, keyId = verifier.keyId) => {
    const bundle = makeBundle(hostKey, {edit: (b) => (b.claimedProfiles[0].evidenceTier = 'independent')}) as AnyJson;
    const signed = seal(bundle, sigKey).signature as AnyJson;
    bundle.verifierSignature = {alg: 'ed25519', keyId, sig: signed.sig};
    return bundle;
  };
  const verifierKeys = {'lab.json': {signingKeys: [keyEntry(verifier)]}};

  it('verifies with the verifier\'s published key', async () => {
    const {errors, result} = await check(independent(), {verifierKeys: 'lab.json', files: verifierKeys});
    expect(errors).toEqual([]);
    expect(result.claims?.profiles[0]).toMatchObject({evidenceTier: 'independent', certified: true});
  });

  it('the host\'s own key → bundle/verifier-same-key', async () => {
    const {errors, result} = await check(independent(hostKey, hostKey.keyId), {verifierKeys: 'lab.json', files: verifierKeys});
    expect(errors).toEqual(['bundle/verifier-same-key']);
    expect(result.claims?.profiles.map((p) => p.certified)).toEqual([false, true]);
  });

  it('no verifier key given → bundle/verifier-key-unavailable', async () => {
    expect((await check(independent())).errors).toEqual(['bundle/verifier-key-unavailable']);
  });

  it('a signature by another key → bundle/verifier-signature-invalid', async () => {
    const {errors} = await check(independent(newKey('x')), {verifierKeys: 'lab.json', files: verifierKeys});
    expect(errors).toEqual(['bundle/verifier-signature-invalid']);
  });
});

describe('durability', () => {
  const durable = (edit: (rows: AnyJson[]) => void = () => {}, rung = 'durable-single-instance') =>
    makeBundle(hostKey, {
      edit: (b) => {
        const rows: AnyJson[] = [
          {id: 'openwop.requirement.0158.bound-is-derived', scenario: 'd.test.ts', result: 'executed-pass', assertions: 1, evidence: {recoveryBounds: [{class: 'leased', bound: 1500, terms: [{name: 'ttl', ms: 1000}, {name: 'poll', ms: 500}]}]}},
          {id: 'openwop.requirement.0158.kill-after-accept', scenario: 'd.test.ts', result: 'executed-pass', assertions: 1, evidence: {recovery: {class: 'leased', boundMs: 1500, observedMs: 900}}},
        ];
        edit(rows);
        b.results.requirements.push(...rows);
        b.results.totals.executedPass = 4;
        b.assertionCount = 9;
        b.durability = {rung};
      },
    });

  it('durable-single-instance derived from consistent signed rows', async () => {
    expect((await check(durable())).errors).toEqual([]);
  });

  it('an observed recovery over its bound, or a higher rung → bundle/durability', async () => {
    expect((await check(durable((rows) => (rows[1]!.evidence.recovery.observedMs = 1600)))).errors).toEqual(['bundle/durability']);
    expect((await check(durable(undefined, 'durable-multi-instance'))).errors).toEqual(['bundle/durability']);
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
    expect(outcome.results[0]!.findings.map((f) => f.ruleId)).toEqual([ruleId]);
  });

  it('a v1 bundle is one finding, not fatal', async () => {
    const {errors, outcome} = await check({bundleVersion: '1', results: {}});
    expect(outcome.fatal).toBe(false);
    expect(errors).toEqual(['bundle/unsupported-version']);
  });
});

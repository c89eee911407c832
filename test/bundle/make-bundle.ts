import {generateKeyPairSync, type KeyObject, sign} from 'node:crypto';
import {attestationPayload, documentDigest, witnessDigest} from '../../src/bundle/index.js';

type Json = Record<string, unknown>;
/** A sealed bundle as the tests see it: each test reaches into the field it edits, so its fields are loosely typed. */
export type TestBundle = Record<string, any>;

export interface TestKey {
  keyId: string;
  privateKey: KeyObject;
  /** The raw 32-byte public key, base64url, as a signingKeys[] entry publishes it. */
  publicKey: string;
}

export function newKey(keyId: string): TestKey {
  const {privateKey, publicKey} = generateKeyPairSync('ed25519');
  const der = publicKey.export({format: 'der', type: 'spki'});
  return {keyId, privateKey, publicKey: der.subarray(der.length - 32).toString('base64url')};
}

export const keyEntry = (key: TestKey, extra: Json = {}): Json => ({keyId: key.keyId, alg: 'ed25519', publicKey: key.publicKey, use: 'certification-bundle', ...extra});

/** A v2 discovery document that implies openwop-discovery-core and openwop-core-standard. */
export function discoveryDocument(keys: Json[]): Json {
  const record = {status: 'stable', since: '2.0', witness: 'witnessable-gated'};
  return {
    protocolVersions: ['1.11', '2.0'],
    preferredVersion: '1.11',
    signingKeys: keys,
    interrupt: {...record, tokenAlgs: ['hs256']},
    replay: {...record, modes: ['replay'], effectSeamsManifest: '/host/effect-seams'},
    webhooks: {...record, signatureAlgorithms: ['v1']},
    idempotency: record,
    eventLog: record,
  };
}

export function rows(): Json[] {
  return [
    {id: 'openwop.scenario.v2-capabilities-root-closed', scenario: 'v2-capabilities-root-closed.test.ts', result: 'executed-pass', assertions: 5},
    {id: 'openwop.scenario.v2-era-key', scenario: 'v2-era-key.test.ts', result: 'executed-pass', assertions: 2},
    {id: 'openwop.scenario.memory-replay', scenario: 'memory-replay.test.ts', result: 'skipped', assertions: 0, detail: 'operator opted the profile out'},
    {id: 'openwop.family.a2a', scenario: 'a2a.test.ts', result: 'inapplicable', detail: 'a2a not advertised'},
  ];
}

/** Recomputes the digests and signs with `key`; everything a test changed before stays as it set it. */
export function seal(bundle: Json, key: TestKey): Json {
  const out = structuredClone(bundle) as Json & {results: {requirements: Json[]}; host: Json; suite: Json; discovery: Json};
  out.witnessSha256 = witnessDigest(out.results.requirements, (out.host.relaxations as unknown[]) ?? undefined);
  if (out.discovery.document !== undefined) out.discovery.sha256 = documentDigest(out.discovery.document);
  return signOnly(out, key);
}

/** Signs the four attested fields as the bundle states them, digests left as they are. */
export function signOnly(bundle: Json, key: TestKey): Json {
  const out = structuredClone(bundle) as Json & {host: Json; suite: Json; discovery: Json};
  const payload = attestationPayload({witnessSha256: out.witnessSha256, build: out.host.build, suiteVersion: out.suite.version, discoverySha256: out.discovery.sha256});
  out.signature = {alg: 'ed25519', keyId: key.keyId, sig: sign(null, payload, key.privateKey).toString('base64url'), over: ['witnessSha256', 'host.build', 'suite.version', 'discovery.sha256']};
  return out;
}

/** A valid, signed bundle whose captured document publishes `key` (plus any `others`). */
export function makeBundle(key: TestKey, options: {others?: Json[]; edit?: (b: TestBundle) => void} = {}): TestBundle {
  const document = discoveryDocument([keyEntry(key), ...(options.others ?? [])]);
  const bundle: TestBundle = {
    bundleVersion: '3',
    generatedAt: '2026-11-20T10:00:00.000Z',
    suite: {name: '@openwop/openwop-conformance', version: '2.50.1', targetMajor: 2, specArtifactsVersion: '2.50.1'},
    host: {name: 'test-host', version: '1.2.3', build: {kind: 'commit', id: 'a'.repeat(40)}, signingKeyId: key.keyId},
    discovery: {url: 'http://127.0.0.1:9/.well-known/openwop', sha256: '', protocolVersions: ['1.11', '2.0'], preferredVersion: '1.11', document},
    claimedProfiles: [
      {id: 'openwop-discovery-core', evidenceTier: 'self', witnessCount: 3, certified: true},
      {id: 'openwop-core-standard', evidenceTier: 'self', witnessCount: 14, certified: true},
    ],
    results: {totals: {executedPass: 2, executedFail: 0, skipped: 1, inapplicable: 1, blocked: 0}, requirements: rows()},
    witnessSha256: '',
    assertionCount: 7,
    detail: {
      nonPass: [
        {id: 'openwop.scenario.memory-replay', result: 'skipped', reason: 'operator opted the profile out'},
        {id: 'openwop.family.a2a', result: 'inapplicable', reason: 'a2a not advertised'},
      ],
    },
    signature: {},
  };
  options.edit?.(bundle);
  return seal(bundle, key);
}

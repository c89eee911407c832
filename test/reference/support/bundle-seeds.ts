/**
 * Hand-written certification bundles (v3) for the differential suite: schema-valid only (their digests and
 * signatures are made up), each covering a part of the schema the reference bundle leaves out.
 */

const hex = (c: string) => c.repeat(64);
const sig = (c: string) => c.repeat(86);

const base = {
  bundleVersion: '3',
  generatedAt: '2026-11-01T10:00:00Z',
  suite: {name: '@openwop/openwop-conformance', version: '2.50.0', targetMajor: 2, specArtifactsVersion: '2.50.0'},
  host: {name: 'acme-host', version: '1.0.0', build: {kind: 'image-digest', id: `sha256:${hex('a')}`}},
  discovery: {url: 'https://acme.example/.well-known/openwop', sha256: hex('b'), protocolVersions: ['2.0'], preferredVersion: '2.0'},
  claimedProfiles: [],
  results: {
    totals: {executedPass: 1, executedFail: 0, skipped: 0, inapplicable: 0, blocked: 0},
    requirements: [{id: 'openwop.scenario.v2-capabilities-root-closed', scenario: 'v2-capabilities-root-closed.test.ts', result: 'executed-pass', assertions: 4}],
  },
  witnessSha256: hex('c'),
  assertionCount: 4,
  signature: {alg: 'ed25519', keyId: 'acme-1', sig: sig('A'), over: ['witnessSha256', 'host.build', 'suite.version', 'discovery.sha256']},
};

const relaxed = {
  ...base,
  suite: {...base.suite, targetMajor: 1, stampSha256: hex('d')},
  host: {
    ...base.host,
    vendor: 'Acme',
    build: {kind: 'commit', id: '5416757dbe697edeb3ca50cd0c985c949348b8d9'},
    signingKeyId: 'acme-1',
    relaxations: [
      {obligation: 'openwop-core-standard', durability: 'session', reason: 'webhook sink offline'},
      {obligation: 'rate-limit', durability: 'persisted', reason: 'load test'},
    ],
  },
  claimedProfiles: [{id: 'openwop-core-standard', evidenceTier: 'self', witnessCount: 13, certified: false}],
};

const independent = {
  ...base,
  host: {...base.host, build: {kind: 'artifact-sha256', id: hex('e')}},
  claimedProfiles: [
    {id: 'openwop-discovery-core', evidenceTier: 'independent', witnessCount: 3, certified: true},
    {id: 'openwop-core-standard', evidenceTier: 'steward', witnessCount: 0, certified: false},
  ],
  verifierSignature: {alg: 'ed25519', keyId: 'verifier.example~2', sig: sig('_')},
};

const withNonPass = {
  ...base,
  discovery: {...base.discovery, protocolVersions: ['1.11', '2.0'], preferredVersion: '1.11', document: {protocolVersions: ['1.11', '2.0'], preferredVersion: '1.11'}},
  results: {
    totals: {executedPass: 1, executedFail: 1, skipped: 1, inapplicable: 1, blocked: 1},
    requirements: [
      {id: 'openwop.requirement.r1', scenario: 's1', result: 'executed-pass', assertions: 2},
      {id: 'openwop.it.webhooks.retry', scenario: 's2', result: 'executed-fail', assertions: 1, detail: 'expected 3 attempts'},
      {id: 'openwop.floor.core', scenario: 's3', result: 'skipped', detail: 'gated'},
      {id: 'openwop.family.a2a', scenario: 's4', result: 'inapplicable', detail: 'not advertised'},
      {id: 'openwop.profile.openwop-core-standard', scenario: 's5', result: 'blocked', assertions: 0, detail: 'seam missing'},
    ],
  },
  assertionCount: 3,
  detail: {
    nonPass: [
      {id: 'openwop.it.webhooks.retry', result: 'executed-fail', reason: 'expected 3 attempts'},
      {id: 'openwop.floor.core', result: 'skipped', reason: 'gated'},
      {id: 'openwop.profile.openwop-core-standard', result: 'blocked', reason: 'seam missing'},
    ],
  },
};

const durable = {
  ...base,
  results: {
    totals: {executedPass: 2, executedFail: 0, skipped: 0, inapplicable: 0, blocked: 0},
    requirements: [
      {
        id: 'openwop.requirement.0158.bound-is-derived',
        scenario: 'durability.test.ts',
        result: 'executed-pass',
        assertions: 1,
        evidence: {
          recoveryBounds: [
            {
              class: 'leased',
              bound: 1500,
              terms: [
                {name: 'lease.ttl', ms: 1000},
                {name: 'poll', ms: 500},
              ],
            },
          ],
        },
      },
      {
        id: 'openwop.requirement.0158.kill-after-accept',
        scenario: 'durability.test.ts',
        result: 'executed-pass',
        assertions: 3,
        evidence: {recovery: {class: 'leased', boundMs: 1500, observedMs: 900}},
      },
    ],
  },
  assertionCount: 4,
  durability: {rung: 'durable-single-instance'},
};

export const BUNDLE_SEEDS: unknown[] = [base, relaxed, independent, withNonPass, durable];

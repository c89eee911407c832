/**
 * Hand-written v2 discovery documents, each valid under both v2 capabilities schemas (the differential suite checks
 * that). Small on purpose: one document per theme, so a mutation lands on the rule being exercised more often than in
 * the reference host's large documents.
 */

const stable = (witness = 'witnessable-gated') => ({status: 'stable', since: '2.0', witness});
const root = {protocolVersions: ['1.11', '2.0'], preferredVersion: '1.11'};

/** Records in every maturity state, with `until` as a minor and as a date. */
const maturity = {
  ...root,
  protocolVersion: '1.11',
  minClientVersion: '1.0',
  engineVersion: 0,
  eventLogSchemaVersion: 3,
  supportedEnvelopes: {status: 'experimental', since: '2.0', until: '2.3', witness: 'witnessable-gated', kinds: ['clarification.request', 'vendor.acme.plan']},
  schemaVersions: {status: 'deprecated', since: '2.0', until: '2027-01-31', witness: 'witnessable-gated', kinds: {'vendor.acme.plan': 2}},
  envelopeStrictness: {...stable('claims-check'), mode: 'strict'},
  conversationPrimitive: {status: 'experimental', since: '2.1', until: '2026-12-31', witness: 'negative-existence'},
  promptLibrary: {status: 'stable', since: '2.0', witness: 'witnessable-unaided'},
  packs: {status: 'deprecated', since: '2.0', until: '3.0', witness: 'claims-check', testMode: {isolated: true, catalogResetEndpoint: '/packs/reset', scopes: ['core', 'local']}},
};

/** Metadata blocks: extensions, signing keys (one retired), conformance, implementation, observability. */
const metadata = {
  protocolVersions: ['2.0'],
  preferredVersion: '2.0',
  implementation: {name: 'acme-host', version: '2.0.1', vendor: 'Acme', url: 'https://acme.example/host'},
  extensions: {'acme.audit': {retentionDays: 30}, 'openwop-app.kanban': {status: 'experimental'}, 'example-org.thing-two': {}},
  signingKeys: [
    {keyId: 'acme-2026-11', alg: 'ed25519', publicKey: 'AkFQZ3z07zJUF2TUU_XFhT9HdUv9eF33K7scxSF4Bt0', use: 'certification-bundle'},
    {keyId: 'acme.2026~05_old', alg: 'ed25519', publicKey: 'F588CksLq-PVrpqTFhYcweE4WFYOcj6-jyjz7KmKipU', retiredAt: '2026-11-01T00:00:00Z'},
  ],
  conformance: {mockAgent: true, certificationBundleUrl: 'https://acme.example/.well-known/openwop-bundle.json', seamsProfile: 'openwop-conformance-seams-v2'},
  observability: {otel: {exportProtocols: ['grpc'], endpoint: 'x'}, testSeams: {otelScrape: true}},
  testing: {mockProviders: ['mock-ai'], testKeyPrefix: 'ak_', forceEngineVersionRange: {min: 0, max: 3}},
  compliance: {defaultMode: 'mask', supportedClasses: ['pii', 'phi']},
  discovery: {authScoped: {mode: 'extension-endpoint', endpointPath: '/.well-known/openwop/scoped'}},
  runtimeCapabilities: ['wasm'],
  fixtures: ['conformance-noop'],
  configurable: {anything: true},
};

/** Families whose facets include required members, and the cross-field rules. */
const requiredFacets = {
  ...root,
  limits: {...stable(), clarificationRounds: 2, schemaRounds: 1, envelopesPerTurn: 0, maxRunDurationMs: 1000, maxBudgetCostUsd: 0},
  envelopeContracts: {...stable('claims-check'), advertised: true},
  connections: {...stable(), packsSupported: false},
  dataResidency: {...stable(), regions: ['eu-west-1']},
  anonymousActor: {...stable('seam-gated'), tiers: ['read', 'bounded-write-egress'], writeEgressControls: ['hitl'], failClosed: true},
  replay: {...stable(), modes: ['replay', 'branch'], effectSeamsManifest: '/host/effect-seams', retention: {days: 7}},
  aiProviders: {...stable(), providers: ['openai', 'anthropic'], policies: {modes: ['optional']}, input: {modalities: ['text', 'image'], maxBytesPerPart: 1024}},
  fs: {...stable(), sandboxRoot: '/srv/runs', image: {formats: ['png']}, transport: {sftp: true}},
  heartbeat: {...stable(), deliveryChannel: '/runs/{runId}/heartbeat', minIntervalSec: 5},
  webhooks: {...stable(), signatureAlgorithms: ['v1', 'standard-webhooks-1'], retryPolicy: {maxAttempts: 3, backoff: 'exponential'}, secretRotation: {overlapSeconds: 60}},
  a2a: {...stable('seam-gated'), versions: ['0.3', '1.0'], preferredVersion: '1.0', minimumVersion: '0.3', refreshedAt: '2026-11-01', profiles: ['a2a-1.0'], agentCards: true},
  mcp: {...stable('seam-gated'), revisions: ['2025-06-18'], preferredVersion: '2025-06-18', minimumRevision: '2025-06-18', refreshedAt: '2026-11-01', mrtr: {maxRounds: 4}, client: true},
  nondeterminismPolicy: {...stable('claims-check'), declared: true},
  sandbox: {...stable(), isolationModel: 'wasm', memoryLimitBytes: 1048576},
  auth: {
    ...stable('seam-gated'),
    lanes: [
      {lane: 'oidc', issuers: ['https://id.acme.example'], revocation: 'exp-only', minimumAssurance: 'bearer'},
      {lane: 'anonymous', issuers: ['self'], minimumAssurance: 'bearer'},
      {lane: 'api-key', issuers: ['acme'], revocation: 'next-request', minimumAssurance: 'key-bound', delegationProofs: ['dpop']},
    ],
    subjectLinkKey: 'opaque-idp',
  },
  auditLogIntegrity: {
    ...stable(),
    checkpointSignatureAlgorithm: 'ed25519',
    checkpointPublicKey: `MCowBQYDK2VwAyEA${'A'.repeat(43)}=`,
    checkpointIntervalEntries: 100,
    checkpointIntervalSeconds: 60,
  },
  content: {...stable(), baseLocale: 'en', supportedLocales: ['en', 'de-CH']},
  runList: {...stable(), maxPageSize: 100, filters: ['status']},
  interrupt: {...stable(), tokenAlgs: ['hs256'], refKinds: ['role'], callbackDelivery: true},
  secrets: {...stable(), scopes: ['tenant', 'run'], resolution: 'host-managed', runSecrets: {maxEntries: 4}},
  portability: {...stable(), export: true, import: true, dryRun: true, kinds: ['agent']},
};

/** Facets without required members: the optional ones the other seeds leave out. */
const optionalFacets = {
  ...root,
  envelopes: {...stable('claims-check'), reasoning: {promptDirective: 'advisory'}, reliability: {maxRetryAttempts: 3, completion: {distinguishesTruncation: true, truncationBudgetMultiplier: 2}}},
  prompts: {...stable(), templateKinds: ['system', 'few-shot'], defaults: {system: 'prompt:base-system@1.0.0', user: {templateId: 'user-turn'}}, maxTemplateBytes: 65536},
  nodePackRuntimes: {...stable('claims-check'), wasm: {abiVersions: [1, 2], maxMemoryBytes: 1048576}},
  anonymousActor: {...stable('seam-gated'), tiers: ['read']},
  secrets: {...stable(), scopes: ['user']},
  portability: {...stable(), export: true, import: false},
  i18n: {...stable(), defaultLocale: 'fr', supportedLocales: ['fr', 'en-GB']},
  httpClient: {...stable(), methods: ['GET']},
  budget: {...stable(), onExhaustion: ['fail', 'interrupt']},
  uiPlugins: {...stable(), isolation: 'x-host-acme-sandbox'},
  idempotency: {...stable(), multiRegion: {partitionRecoveryStrategy: 'lexicographic-min-run-id'}},
  memory: {...stable(), maxEntrySizeBytes: 1024},
  workspace: stable(),
  eventLog: {...stable('claims-check'), crossEngineOrdering: {orderingModel: 'lamport'}},
};

export const CAPABILITIES_V2_SEEDS: unknown[] = [{...root}, maturity, metadata, requiredFacets, optionalFacets];

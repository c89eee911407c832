/**
 * The capability families of a v2 discovery document as our bundled schema (`v2/capabilities`) knows them: every root
 * key that is not one of `V2_METADATA_KEYS`. A constant so readers need not load the schema; a test keeps the two equal.
 */
export const V2_FAMILIES: readonly string[] = [
  'supportedEnvelopes',
  'schemaVersions',
  'limits',
  'envelopeStrictness',
  'envelopeContracts',
  'envelopes',
  'prompts',
  'nodePackRuntimes',
  'secrets',
  'connections',
  'selfHostedRunner',
  'purposePropagation',
  'dataResidency',
  'anonymousActor',
  'credentials',
  'feedback',
  'replay',
  'oauth',
  'authorization',
  'multiPartyConversation',
  'conversationTurnModelProvenance',
  'channelPresence',
  'multiAgent',
  'modelCapabilities',
  'providerUsage',
  'aiProviders',
  'agents',
  'memory',
  'conversationPrimitive',
  'subWorkflow',
  'fs',
  'kvStorage',
  'tableStorage',
  'queueBus',
  'scheduling',
  'heartbeat',
  'toolHooks',
  'toolCatalog',
  'httpClient',
  'artifactTypes',
  'forms',
  'aiEnvelope',
  'promptLibrary',
  'agentRuntime',
  'deadLetter',
  'webhooks',
  'triggerBridge',
  'a2a',
  'budget',
  'nondeterminismPolicy',
  'workspace',
  'uiPlugins',
  'sql',
  'nosql',
  'vectorStore',
  'searchIndex',
  'blobStorage',
  'cache',
  'workflowChainPacks',
  'packs',
  'mcp',
  'sandbox',
  'compensation',
  'idempotency',
  'eventLog',
  'production',
  'auth',
  'auditLogIntegrity',
  'i18n',
  'content',
  'portability',
  'runList',
  'interrupt',
];

const FAMILY_SET: ReadonlySet<string> = new Set(V2_FAMILIES);

export function isV2Family(key: string): boolean {
  return FAMILY_SET.has(key);
}

/**
 * The upstream state the bundled v2 capabilities schema reproduces. The index it was read from gives no commit date;
 * the reference host's document of 2026-09-18 passes it and the one of 2026-10-08 carries two keys it does not know
 * (`hostEvents`, `nondeterminismPolicy.sources`), so findings about unknown keys should name this snapshot.
 */
export const V2_CAPABILITIES_SNAPSHOT = Object.freeze({
  repository: 'openwop/openwop',
  path: 'schemas/v2/capabilities.schema.json',
  commit: '046ac537f727c15cbf55df8d86f6fe33f6e63900',
  label: 'openwop/openwop @046ac537',
});

import type {BundledSchemaName} from '../../../src/schemas/index.js';

import {BUNDLE_SEEDS} from './bundle-seeds.js';
import {CAPABILITIES_V2_SEEDS} from './seeds-capabilities-v2.js';

/**
 * Hand-written valid documents that give the mutation engine something to work on where the reference
 * fixtures are thin or missing. Each seed is meant to be valid under both schemas; the suite checks that,
 * so a wrong seed shows up as a failing test rather than as skewed statistics.
 */

const ts = '2026-08-05T12:34:56.789Z';

const richNodePack = {
  kind: 'node',
  name: 'vendor.acme.crm-tools',
  version: '2.1.0-beta.1+build.5',
  description: 'CRM helpers',
  author: 'Acme',
  license: 'MIT',
  homepage: 'https://acme.example/packs/crm',
  repository: 'https://github.com/acme/crm-tools',
  keywords: ['crm', 'sales'],
  engines: {openwop: '>=1.0 <2.0.0', node: '>=20'},
  dependencies: {'core.openwop.http': '^1.0.0'},
  peerDependencies: {'host.credentials': 'supported'},
  peerDependenciesMeta: {'host.credentials': {optional: true}},
  nodes: [
    {
      typeId: 'vendor.acme.crm.upsert',
      version: '1.0.0',
      label: 'Upsert record',
      description: 'Creates or updates a CRM record.',
      category: 'integration',
      role: 'side-effect',
      capabilities: ['side-effectful', 'mcp-exportable'],
      configSchemaRef: 'schemas/upsert.config.json',
      inputSchemaRef: 'schemas/upsert.input.json',
      outputSchemaRef: 'schemas/upsert.output.json',
      outputs: {record: {sensitive: true}, meta: {}},
      envelopeContractRef: 'contracts/upsert.json',
      artifact: {typeId: 'vendor.acme.record', syncOn: 'completion', supportsCheckpoint: false},
      mcp: {exposeAsTool: true, toolName: 'crm_upsert'},
      requiresSecrets: [{id: 'crm-key', kind: 'api-key', scope: 'tenant'}],
      requiredCredentials: [{key: 'crm-token', scope: 'workspace', displayName: 'CRM token'}],
      auth: {type: 'oauth2', provider: 'salesforce', scopes: ['api', 'refresh_token']},
      requiredModelCapabilities: ['structured-output', 'x-host-acme-fast'],
      fallbackModel: {provider: 'anthropic', model: 'claude-fallback'},
    },
    {typeId: 'vendor.acme.crm.route', version: '1.0.0', category: 'control', role: 'gate'},
  ],
  agents: [
    {
      agentId: 'vendor.acme.crm.assistant',
      persona: 'CRM Assistant',
      modelClass: 'general',
      systemPromptRef: 'prompts/crm.md',
      toolAllowlist: ['openwop:search', 'mcp:crm.lookup'],
      role: 'assistant',
      promptOverrides: {user: 'prompt:crm-user@1.0.0', 'few-shot': {templateId: 'crm-examples', libraryId: 'vendor.acme.crm-tools'}},
    },
  ],
  runtime: {language: 'javascript', entry: 'index.mjs', format: 'esm', minRuntimeVersion: 'node>=20', requires: ['net.outbound', 'clock']},
  signing: {publicKeyRef: 'keys/pub.pem', signatureRef: 'keys/pack.sig', method: 'manual'},
  connector: {
    id: 'salesforce',
    displayName: 'Salesforce',
    auth: {type: 'credential', key: 'crm-token', scope: 'workspace'},
    actions: [{typeId: 'vendor.acme.crm.upsert', displayName: 'Upsert', idempotent: true, rateLimit: {requests: 100, perSeconds: 60}, paginated: false}],
    triggers: ['vendor.acme.crm.changed'],
  },
};

/** The rich v1 seed moved to v2: kind required, a closed engines with an upper bound, the {keyId, scheme} signing block. */
const {signing: _v1Signing, engines: _v1Engines, ...richNodeBody} = richNodePack;
const richV2NodePack = {
  ...richNodeBody,
  'x-acme-note': 'extension keys are allowed at the root',
  engines: {openwop: '>=2.0 <3.0.0'},
  peerDependenciesMeta: {'host.credentials': {optional: true, facets: ['upsert', 'bulkLoad']}},
  signing: {keyId: 'acme-signing.2026~1', scheme: 'ed25519-canonical-json'},
};

/** A remote v2 pack served by an MCP server, the only runtime that may carry mcpServer. */
const remoteV2NodePack = {
  kind: 'node',
  name: 'community.acme.remote_tools',
  version: '2.0.0',
  engines: {openwop: '>=2 <3.0.0'},
  nodes: [{typeId: 'community.acme.remote_tools.ask', version: '1.0.0', category: 'chat', role: 'llm', 'x-acme-hint': 1}],
  runtime: {
    language: 'remote',
    entry: 'https://mcp.acme.example/mcp',
    mcpServer: {
      $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
      name: 'example.acme/remote-tools',
      description: 'Remote tools',
      version: '1.2.3',
      websiteUrl: 'https://acme.example',
      repository: {url: 'https://github.com/acme/remote-tools', source: 'github', subfolder: 'server'},
      remotes: [{type: 'streamable-http', url: 'https://mcp.acme.example/mcp'}],
    },
  },
};

const skillAgent = {
  agentId: 'community.jane.helpers.summariser',
  persona: 'Summariser',
  modelClass: 'writing',
  systemPrompt: 'You summarise documents.',
  role: 'skill',
  handoff: {taskSchemaRef: 'schemas/task.json', returnSchemaRef: 'schemas/return.json'},
  memoryShape: {scratchpad: true, conversation: false},
  confidence: {defaultThreshold: 0.7},
  requiresCapabilities: ['host.workspace'],
  evalSuiteRef: 'evals/summariser.json',
  label: 'Summary',
  description: 'Summarises text.',
  promptLibraryRef: 'vendor.jane.prompts',
};

const promptTemplate = {
  templateId: 'vendor.acme.writer.v2',
  version: '2.0.0',
  kind: 'user',
  text: 'Write about {{topic}} in a {{tone}} tone.',
  name: 'Writer',
  description: 'User prompt for the writer node.',
  variables: [
    {name: 'topic', type: 'string', required: true, source: 'input', description: 'What to write about'},
    {name: 'tone', type: 'string', required: false, source: 'variable', defaultValue: 'neutral', extractPath: '$.tone'},
    {name: 'apiKey', type: 'string', required: false, source: 'secret'},
  ],
  modelHints: {modelClass: 'writing', temperature: 0.4, maxTokens: 800, envelopeType: 'vendor.acme.article.create'},
  tags: ['writing'],
  meta: {author: 'acme', createdAt: ts, updatedAt: ts, source: 'pack', packName: 'vendor.acme.prompts', packVersion: '1.0.0'},
};

const chainPack = {
  name: 'vendor.acme.editor-presets',
  version: '1.0.0',
  kind: 'workflow-chain',
  description: 'Presets',
  keywords: ['chain'],
  engines: {openwop: '>=1.1 <2.0.0'},
  dependencies: {'core.openwop.http': '^1.0.0'},
  chains: [
    {
      chainId: 'vendor.acme.fetch-and-route',
      version: '1.0.0',
      label: 'Fetch and route',
      description: 'Fetches a URL and routes on the status.',
      internal: false,
      parameters: {type: 'object', properties: {url: {type: 'string', 'x-openwop-sensitive': false}}},
      dag: {
        nodes: [
          {id: 'fetch', typeId: 'core.http.request', name: 'Fetch', position: {x: 0, y: 10.5}, config: {url: '{{params.url}}'}, inputs: {}},
          {id: 'child', typeId: 'core.subWorkflow', config: {subChainRef: 'vendor.acme.child'}},
          {id: 'ai', typeId: 'core.ai.callPrompt', config: {envelopeType: 'vendor.acme.summary.create'}},
        ],
        edges: [
          {from: 'fetch.response', to: 'child', condition: {type: 'equals', left: 'status', right: 200}, triggerRule: 'all_success'},
          {from: 'fetch', to: 'ai', condition: {type: 'truthy', left: 'output.ok'}},
          {from: 'child', to: 'ai', condition: {type: 'expression', expression: 'a > b'}, triggerRule: 'any_failed'},
        ],
      },
      outputs: {summary: {type: 'string', description: 'The summary.'}},
      capabilities: ['cacheable'],
      subChains: [{ref: 'vendor.acme.child'}, {ref: {packName: 'vendor.other.chains', chainId: 'vendor.other.x', version: '^1.0.0'}}],
      producedVariables: [{name: 'status', producedBy: 'fetch', type: 'number', description: 'HTTP status'}],
    },
    {
      chainId: 'vendor.acme.child',
      version: '1.0.0',
      label: 'Child',
      description: 'Internal child chain.',
      internal: true,
      parameters: {},
      dag: {nodes: [{id: 'noop', typeId: 'core.noop'}]},
    },
  ],
  signing: {method: 'sigstore'},
};

export const SEEDS: Partial<Record<BundledSchemaName, unknown[]>> = {
  'v2/capabilities': CAPABILITIES_V2_SEEDS,
  'ai-envelope': [
    {
      type: 'vendor.acme.prd.create',
      schemaVersion: 2,
      envelopeId: 'env-1',
      correlationId: 'run-1:node-1:0:abcd',
      nodeId: 'node-1',
      payload: {title: 'PRD'},
      meta: {
        source: 'ai-generation',
        ts,
        contentTrust: 'untrusted',
        traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
        label: 'Draft PRD #2',
        rendering: {display: 'markdown', mimeType: 'text/markdown', lang: 'md', alt: 'PRD', title: 'Draft'},
      },
      partial: {isPartial: true, index: 0, total: -1},
    },
    {type: 'media.image', envelopeId: 'e', correlationId: 'c', payload: null, meta: {source: 'system', ts: '2026-01-01T00:00:00+02:00'}},
  ],
  'v2/ai-envelope': [
    {
      type: 'ui.a2ui-surface',
      schemaVersion: 2,
      envelopeId: 'env-v2-1',
      correlationId: 'run-1:planner:0:abcd',
      // Every character class the v2 node-id grammar allows, so mutations probe each one.
      nodeId: 'planner.step_2~a:b-C9',
      payload: {surfaceId: 's1', messages: []},
      meta: {source: 'ai-generation', ts, contentTrust: 'trusted', rendering: {display: 'card', title: 'Plan'}},
      partial: {isPartial: false, index: 1, total: 2},
    },
    {type: 'error', envelopeId: 'e', correlationId: 'c', nodeId: 'n', payload: {code: 'x', message: 'y'}, meta: {source: 'user', ts}},
  ],
  'envelopes/clarification.request': [
    {
      reasoning: 'Two readings of X are possible.',
      questions: [
        {id: 'q1', question: 'Which X?', schema: {type: 'string', enum: ['a', 'b']}, context: {hint: 'pick one', trace: {id: 1}}},
        {id: 'q2', question: 'By when?'},
      ],
      contextType: 'form-field',
    },
  ],
  'envelopes/schema.request': [{reasoning: 'Unsure of the shape.', envelopeType: 'vendor.acme.prd.create', reason: 'last emission failed'}],
  'envelopes/schema.response': [{envelopeType: 'vendor.acme.prd.create', ack: true}],
  'envelopes/error': [{reasoning: 'The tool is blocked.', code: 'tool_call_refused', message: 'I will not call that tool.', details: {toolName: 'rm'}}],
  'envelopes/media.image': [
    {url: 'https://assets.example.com/t/1/img.png', bytes: 2048, mimeType: 'image/png'},
    {base64: 'iVBORw0KGgo=', bytes: 8, mimeType: 'image/png'},
  ],
  'envelopes/media.audio': [{url: 'https://assets.example.com/t/1/a.mp3', bytes: 100000, mimeType: 'audio/mpeg', durationSeconds: 12.5}, {bytes: 0}],
  'envelopes/media.file': [{url: 'https://assets.example.com/t/1/q3.pdf', base64: 'JVBERi0=', bytes: 5, mimeType: 'application/pdf', name: 'q3.pdf', alt: 'Q3 report'}],
  capabilities: [
    {
      protocolVersion: '1.2',
      supportedEnvelopes: ['clarification.request', 'schema.request', 'schema.response', 'error', 'vendor.acme.prd.create', 'media.image'],
      schemaVersions: {'clarification.request': 1, 'schema.request': 1, 'schema.response': 1, error: 1, 'vendor.acme.prd.create': 2},
      limits: {
        clarificationRounds: 3,
        schemaRounds: 2,
        envelopesPerTurn: 5,
        maxNodeExecutions: 1000,
        maxRunDurationMs: 600000,
        maxLoopIterations: 50,
        maxBudgetTokens: 100000,
        maxBudgetCostUsd: 2.5,
        maxRequestBodyBytes: 1048576,
      },
      envelopeStrictness: 'warn',
      envelopeContracts: {advertised: true},
      envelopes: {
        reasoning: {supported: true, promptDirective: 'advisory'},
        tierOneSubsetCompliance: 'warn',
        reliability: {
          supported: true,
          events: ['envelope.retry.attempted', 'envelope.retry.exhausted', 'envelope.refusal', 'envelope.truncated', 'envelope.nlToFormat.engaged', 'envelope.recovery.applied'],
          maxRetryAttempts: 3,
          completion: {distinguishesTruncation: true, truncationBudgetMultiplier: 2},
        },
        'x-host-acme-extra': {on: true},
      },
      aiProviders: {
        supported: ['anthropic', 'openai', 'gemini', 'ollama'],
        byok: ['anthropic', 'openai'],
        selfHosted: ['ollama'],
        speechSynthesis: 'supported',
        input: {modalities: ['text', 'image'], maxBytesPerPart: 1048576},
        authModes: {anthropic: ['apiKey', 'subscription'], ollama: ['none']},
        policies: {modes: ['optional', 'required'], scopes: ['workspace'], errorCode: 'provider_policy_denied'},
        maxInlineMediaBytes: 262144,
        realtimeVoice: {transcription: 'streaming', synthesis: 'streaming', turnDetection: 'semantic', bargeIn: 'supported'},
        promptPrefixCache: {supported: true, providers: ['anthropic']},
      },
      httpClient: {
        supported: true,
        ssrfGuard: true,
        maxResponseBodyBytes: 1048576,
        requestTimeoutMs: 30000,
        methods: ['GET', 'POST'],
        safeFetch: {supported: true},
        egressPolicy: {supported: true, decisions: ['allowed', 'denied']},
      },
      toolHooks: {supported: true, prePostEvents: true, perToolAuthorization: true, perToolRateLimit: false},
      capabilities: {legacy: true},
    },
    {protocolVersion: '1.0', supportedEnvelopes: [], schemaVersions: {}, limits: {clarificationRounds: 0, schemaRounds: 0, envelopesPerTurn: 0}},
  ],
  'packs/node-pack-manifest': [richNodePack],
  'packs/v2/node-pack-manifest': [
    richV2NodePack,
    remoteV2NodePack,
    // The smallest v2 packs, one per branch of the nodes-or-agents rule: mutations of a small seed stay valid more often.
    {
      kind: 'node',
      name: 'core.openwop.echo',
      version: '1.0.0',
      engines: {openwop: '>=2.0 <3.0.0'},
      runtime: {language: 'wasm', entry: 'echo.wasm'},
      nodes: [{typeId: 'core.openwop.echo.run', version: '1', category: 'data', role: 'pure'}],
    },
    {kind: 'node', name: 'private.acme.helpers', version: '0.1.0', engines: {openwop: '>=2.1 <3.0.0'}, runtime: {language: 'remote', entry: 'agents'}, agents: [skillAgent]},
  ],
  'packs/agent-manifest': [skillAgent, richNodePack.agents[0]],
  'packs/workflow-chain-pack-manifest': [chainPack],
  'packs/form-content-pack-manifest': [
    {
      kind: 'form-content',
      name: 'vendor.acme.forms',
      version: '1.0.0',
      engines: {openwop: '>=1.1'},
      peerDependencies: {'host.forms.contentPacks': 'supported'},
      templates: [
        {
          templateId: 'vendor.acme.forms.signup',
          version: '1.0.0',
          label: 'Signup',
          title: 'Sign up',
          description: 'Newsletter signup',
          category: 'marketing',
          fields: [
            {id: 'email', type: 'text', format: 'email', label: 'Email', required: true},
            {id: 'topics', type: 'multiselect', label: 'Topics', options: ['a', 'b'], default: ['a']},
            {id: 'colour', type: 'vendor.acme.colour', label: 'Colour', description: 'Pick one'},
          ],
        },
      ],
      signing: {method: 'manual', publicKeyRef: 'k.pem', signatureRef: 's.sig'},
    },
  ],
  'packs/artifact-type-pack-manifest': [
    {
      kind: 'artifact-type',
      name: 'vendor.acme.artifacts',
      version: '1.0.0',
      engines: {openwop: '>=1.1'},
      dependencies: {},
      artifactTypes: [
        {
          artifactTypeId: 'vendor.acme.prd',
          schemaRef: 'schemas/prd.schema.json',
          schemaVersion: 1,
          validation: 'open',
          displayName: 'PRD',
          rendering: {display: 'markdown', mimeType: 'text/markdown', lang: 'md', alt: 'PRD', title: 'PRD'},
          exportFormats: ['pdf', 'docx', 'vendor.acme.slides', 'x-custom'],
          syncOn: 'approval',
          supportsCheckpoint: true,
          versionable: true,
          diffable: false,
        },
      ],
    },
  ],
  'packs/chat-card-pack-manifest': [
    {
      kind: 'card',
      name: 'vendor.acme.cards',
      version: '1.0.0',
      engines: {openwop: '>=1.1'},
      peerDependencies: {'host.chat.cards': 'supported'},
      cards: [
        {
          cardTypeId: 'vendor.acme.cards.spec-review',
          schemaVersion: 0,
          prompt: {template: 'Review {{spec}}', systemPrompt: 'Be terse.', placeholderMapping: {spec: 'inputs.spec'}, temperature: 0.2, maxTokens: 500},
          inputs: [
            {id: 'spec', type: 'longtext', label: 'Spec', required: true},
            {id: 'level', type: 'select', options: ['light', 'deep'], default: 'light'},
          ],
          outputArtifactType: 'vendor.acme.review',
          outputSchemaRef: 'schemas/review.schema.json',
          requiredModelCapabilities: ['structured-output'],
        },
      ],
    },
  ],
  'packs/prompt-pack-manifest': [
    {
      name: 'vendor.acme.prompts',
      version: '1.0.0',
      kind: 'prompt',
      engines: {openwop: '>=1.1.0 <2.0.0'},
      dependencies: {'vendor.acme.base': '^1.0.0'},
      prompts: [promptTemplate],
      signing: {method: 'manual'},
    },
  ],
  'packs/prompt-template': [promptTemplate, {templateId: 'writer', version: '1.0.0', kind: 'system', text: '', meta: {source: 'host'}}],
  'packs/prompt-ref': ['prompt:writer', 'prompt:vendor.acme.writer.v2@2.0.0', {templateId: 'writer', libraryId: 'vendor.acme.prompts', version: '1.2.0', variableOverrides: {tone: 'dry'}}],
  'packs/prompt-kind': ['system', 'user', 'few-shot', 'schema-hint'],
  'packs/pack-lockfile': [
    {
      lockfileVersion: 1,
      generatedAt: ts,
      registry: 'https://packs.openwop.dev',
      packs: [
        {
          name: 'vendor.openwop.rust-hello',
          version: '1.0.0',
          resolved: 'https://packs.openwop.dev/v1/packs/vendor.openwop.rust-hello/-/1.0.0.tgz',
          integrity: `sha256-${'A'.repeat(43)}=`,
          signature: {algorithm: 'ed25519', publicKey: 'cHVi', value: 'c2ln'},
          dependencies: {'core.openwop.http': '1.0.0'},
          peerDependencies: {'host.aiEnvelope': 'supported'},
        },
      ],
      overrides: {'core.openwop.http': '1.0.1'},
      fallbackRegistries: ['https://mirror.example.com'],
    },
  ],
  'packs/registry-version-manifest': [
    {
      name: 'core.openwop.http',
      version: '1.0.0',
      description: 'HTTP nodes',
      engines: {openwop: '>=1.0', node: '>=20'},
      kind: 'node',
      runtime: {language: 'javascript', entry: './index.mjs', abiVersion: '1', extra: true},
      signing: {method: 'ed25519', keyId: 'openwop-core-1', publicKeyUrl: '/keys/core.pub', signatureRef: 'pack.sig'},
      nodes: [{typeId: 'core.http.request', version: '1.0.0', category: 'integration', role: 'side-effect', label: 'HTTP'}],
      integrity: 'sha256-abc+/=',
      publishedAt: ts,
      tarballUrl: '/v1/packs/core.openwop.http/-/1.0.0.tgz',
      signatureUrl: '/v1/packs/core.openwop.http/-/1.0.0.sig',
      deprecated: true,
      deprecationReason: 'use 1.1.0',
      supersededBy: 'core.openwop.http@1.1.0',
      advisoryUrl: 'https://openwop.dev/advisories/1',
    },
    {
      name: 'vendor.acme.prompts',
      version: '1.0.0',
      kind: 'prompt',
      engines: {openwop: '>=1.1'},
      prompts: [{templateId: 'x'}],
      integrity: 'sha256-xyz',
      yanked: true,
      yankedReason: 'OPENWOP-2026-0001',
    },
  ],
  'packs/security-advisory': [
    {
      id: 'OPENWOP-2026-0001',
      cveIds: ['CVE-2026-12345'],
      publishedAt: '2026-08-01',
      updatedAt: '2026-08-02',
      severity: 'high',
      cvssV4Score: 7.5,
      summary: 'SSRF in http node',
      details: 'Long text.',
      advisoryUrl: 'https://github.com/openwop/openwop/security/advisories/1',
      affected: [{packName: 'core.openwop.http', versions: '<1.0.3', fixedIn: '1.0.3', fixedInRef: 'openwop/openwop#42'}],
      credits: [{name: 'Jane', url: 'https://jane.example', role: 'finder'}],
    },
  ],
  'events/envelope.retry.attempted': [
    {nodeId: 'writer', attempt: 2, reason: 'schema-violation', previousError: "required field 'steps' missing"},
    {nodeId: 'writer', attempt: 3, reason: 'x-host-acme-slow-model', previousError: null},
  ],
  'events/envelope.retry.exhausted': [
    {nodeId: 'writer', totalAttempts: 3, finalReason: 'truncation', finalError: null},
    {nodeId: 'w', totalAttempts: 1, finalReason: 'parse-error'},
  ],
  'events/envelope.refusal': [{nodeId: 'writer', provider: 'openai', model: 'gpt-x', refusalText: null, safetyCategory: null}],
  'events/envelope.truncated': [{nodeId: 'writer', provider: 'anthropic', model: 'claude-x', stopReason: 'max_tokens', partialPayloadAvailable: true, outputTokenCount: 4096}],
  'events/envelope.nlToFormat.engaged': [{nodeId: 'writer', originalEnvelopeType: 'vendor.acme.prd.create', fallbackCalls: 1}],
  'events/envelope.recovery.applied': [
    {nodeId: 'writer', path: 'markdown-fence', byteOffset: 12},
    {nodeId: 'writer', path: 'direct', byteOffset: null},
  ],
  'events/cap.breached': [
    {kind: 'schema', limit: 2, observed: 3, nodeId: 'writer'},
    {kind: 'envelopes', limit: 5, observed: 6, extra: 'open'},
  ],
  'events/node.failed': [
    {nodeId: 'writer', error: {code: 'envelope_invalid', message: 'payload failed', details: {path: '/x'}, retryable: false}, attempts: 3},
    {nodeId: 'writer', error: {code: 'envelope_refusal', message: 'refused', hint: 'open'}, extra: 1},
  ],
  'events/log.appended': [{level: 'warn', message: 'slow', nodeId: 'n', fields: {ms: 10}}],
  'events/model.capability.substituted': [
    {nodeId: 'n', originalProvider: 'openai', originalModel: 'a', fallbackProvider: '[REDACTED]', fallbackModel: '[REDACTED]', missingCapabilities: ['structured-output']},
  ],
  'events/model.capability.insufficient': [{nodeId: 'n', provider: 'openai', model: 'a', missingCapabilities: ['long-context'], fallbackAttempted: true}],
  'v2/certification-bundle': BUNDLE_SEEDS,
};

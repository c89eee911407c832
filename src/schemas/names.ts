/**
 * The catalogue of bundled schemas: a stable short name for each, the file under `schemas/`
 * that holds it, and for run-event payloads the `$defs` entry inside the shared file.
 */

interface SchemaEntry {
  /** Path relative to the package's `schemas/` folder, always with forward slashes. */
  readonly file: string;
  /** `$id` of the file, so cross-file `$ref`s and `getSchema` agree on one key. */
  readonly id: string;
  /** Name of a `$defs` member when the schema is one definition inside a shared file. */
  readonly def?: string;
}

const V1 = 'https://openwop.dev/spec/v1/';
const V2 = 'https://openwop.dev/spec/v2/';
const RUN_EVENTS_FILE = 'events/run-event-payloads.schema.json';
const RUN_EVENTS_ID = `${V1}run-event-payloads.schema.json`;

const event = (def: string): SchemaEntry => ({file: RUN_EVENTS_FILE, id: RUN_EVENTS_ID, def});
const pack = (base: string): SchemaEntry => ({file: `packs/${base}.schema.json`, id: `${V1}${base}.schema.json`});
const envelope = (kind: string): SchemaEntry => ({file: `envelopes/${kind}.schema.json`, id: `${V1}envelopes/${kind}.schema.json`});

const CATALOGUE = {
  'ai-envelope': {file: 'ai-envelope.schema.json', id: `${V1}ai-envelope.schema.json`},
  'v2/ai-envelope': {file: 'v2/ai-envelope.schema.json', id: `${V2}ai-envelope.schema.json`},
  'envelopes/clarification.request': envelope('clarification.request'),
  'envelopes/schema.request': envelope('schema.request'),
  'envelopes/schema.response': envelope('schema.response'),
  'envelopes/error': envelope('error'),
  'envelopes/media.image': envelope('media.image'),
  'envelopes/media.audio': envelope('media.audio'),
  'envelopes/media.file': envelope('media.file'),
  capabilities: {file: 'capabilities.schema.json', id: `${V1}capabilities.schema.json`},
  'v2/capabilities': {file: 'v2/capabilities.schema.json', id: `${V2}capabilities.schema.json`},
  'packs/node-pack-manifest': pack('node-pack-manifest'),
  'packs/v2/node-pack-manifest': {file: 'packs/v2/node-pack-manifest.schema.json', id: `${V2}node-pack-manifest.schema.json`},
  'v2/certification-bundle': {file: 'v2/certification-bundle.schema.json', id: `${V2}certification-bundle.schema.json`},
  'packs/workflow-chain-pack-manifest': pack('workflow-chain-pack-manifest'),
  'packs/form-content-pack-manifest': pack('form-content-pack-manifest'),
  'packs/artifact-type-pack-manifest': pack('artifact-type-pack-manifest'),
  'packs/chat-card-pack-manifest': pack('chat-card-pack-manifest'),
  'packs/prompt-pack-manifest': pack('prompt-pack-manifest'),
  'packs/prompt-template': pack('prompt-template'),
  'packs/prompt-ref': pack('prompt-ref'),
  'packs/prompt-kind': pack('prompt-kind'),
  'packs/agent-manifest': pack('agent-manifest'),
  'packs/pack-lockfile': pack('pack-lockfile'),
  'packs/registry-version-manifest': pack('registry-version-manifest'),
  'packs/security-advisory': pack('security-advisory'),
  'events/run-event-payloads': {file: RUN_EVENTS_FILE, id: RUN_EVENTS_ID},
  'events/envelope.retry.attempted': event('envelopeRetryAttempted'),
  'events/envelope.retry.exhausted': event('envelopeRetryExhausted'),
  'events/envelope.refusal': event('envelopeRefusal'),
  'events/envelope.truncated': event('envelopeTruncated'),
  'events/envelope.nlToFormat.engaged': event('envelopeNlToFormatEngaged'),
  'events/envelope.recovery.applied': event('envelopeRecoveryApplied'),
  'events/cap.breached': event('capBreached'),
  'events/node.failed': event('nodeFailed'),
  'events/log.appended': event('logAppended'),
  'events/model.capability.substituted': event('modelCapabilitySubstituted'),
  'events/model.capability.insufficient': event('modelCapabilityInsufficient'),
  'foxctl/envelope-v1': {file: 'foxctl/envelope-v1.schema.json', id: 'urn:openwop-cli:schema:foxctl-envelope-v1'},
  'openwop-config': {file: 'openwop-config.schema.json', id: 'https://openwop.dev/tools/openwop/config.schema.json'},
} as const satisfies Record<string, SchemaEntry>;

export type BundledSchemaName = keyof typeof CATALOGUE;

export const BUNDLED_SCHEMA_NAMES = Object.freeze(Object.keys(CATALOGUE)) as readonly BundledSchemaName[];

export function isBundledSchemaName(name: string): name is BundledSchemaName {
  return Object.hasOwn(CATALOGUE, name);
}

export function schemaEntry(name: BundledSchemaName): SchemaEntry {
  return CATALOGUE[name];
}

/** The `$id` (plus `#/$defs/<def>` for a run-event payload) that Ajv knows the schema by. */
export function bundledSchemaId(name: BundledSchemaName): string {
  const entry: SchemaEntry = CATALOGUE[name];
  return entry.def === undefined ? entry.id : `${entry.id}#/$defs/${entry.def}`;
}

/** Every distinct file, so an Ajv instance can register each one exactly once. */
export function bundledSchemaFiles(): readonly {file: string; id: string}[] {
  const seen = new Map<string, string>();
  for (const entry of Object.values(CATALOGUE) as SchemaEntry[]) seen.set(entry.file, entry.id);
  return [...seen].map(([file, id]) => ({file, id}));
}

/** The four kinds every host must recognise (RFC 0021); a contract gate never refuses them. */
export const UNIVERSAL_KINDS = Object.freeze(['clarification.request', 'schema.request', 'schema.response', 'error'] as const);

export type UniversalKind = (typeof UNIVERSAL_KINDS)[number];

/** Un-namespaced kinds from before vendor namespacing: tolerated in v1.x, deprecated (RFC 0021). */
export const LEGACY_KINDS: ReadonlySet<string> = new Set(['prd.create', 'theme.create', 'tasks.create']);

const KIND_SCHEMAS: Readonly<Record<string, BundledSchemaName>> = {
  'clarification.request': 'envelopes/clarification.request',
  'schema.request': 'envelopes/schema.request',
  'schema.response': 'envelopes/schema.response',
  error: 'envelopes/error',
  'media.image': 'envelopes/media.image',
  'media.audio': 'envelopes/media.audio',
  'media.file': 'envelopes/media.file',
};

/** The envelope kinds the spec itself defines (those with a bundled payload schema). */
export function builtinKinds(): string[] {
  return Object.keys(KIND_SCHEMAS);
}

/** Payload schema for an envelope kind the spec itself defines; undefined for vendor kinds. */
export function builtinKindSchema(kind: string): BundledSchemaName | undefined {
  return Object.hasOwn(KIND_SCHEMAS, kind) ? KIND_SCHEMAS[kind] : undefined;
}

const PACK_KIND_SCHEMAS: Readonly<Record<string, BundledSchemaName>> = {
  node: 'packs/node-pack-manifest',
  'workflow-chain': 'packs/workflow-chain-pack-manifest',
  'form-content': 'packs/form-content-pack-manifest',
  'artifact-type': 'packs/artifact-type-pack-manifest',
  card: 'packs/chat-card-pack-manifest',
  prompt: 'packs/prompt-pack-manifest',
};

/** Protocol 2.x publishes a manifest schema for node packs only (so far). */
const PACK_KIND_SCHEMAS_V2: Readonly<Record<string, BundledSchemaName>> = {
  node: 'packs/v2/node-pack-manifest',
};

/**
 * Manifest schema for a pack.json `kind` under protocol major `major` (1 or 2); an absent kind means a node pack.
 * Returns undefined for kinds without a bundled schema for that major (such as `connection`) and for non-string values.
 */
export function packManifestSchema(kind: unknown, major: 1 | 2 = 1): BundledSchemaName | undefined {
  const schemas = major === 2 ? PACK_KIND_SCHEMAS_V2 : PACK_KIND_SCHEMAS;
  const name = kind === undefined ? 'node' : kind;
  if (typeof name !== 'string' || !Object.hasOwn(schemas, name)) return undefined;
  return schemas[name];
}

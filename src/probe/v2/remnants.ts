import {childPointer} from '../../io/json-pointer.js';
import {V2_METADATA_KEYS} from '../../v2/document-major.js';
import {isObject} from '../advert-view.js';
import type {AdvertCheck, AdvertContext} from '../checks/context.js';

/** The v1 extension-class families that v2 moved under `extensions.openwop-app.<name>` (FACTS §2). */
const EXTENSION_CLASS = new Set(['brand', 'canvas', 'chat', 'coordination', 'dataIntegration', 'entities', 'kanban', 'knowledge', 'launchStudio', 'messaging', 'webResearch']);

/** Root keys v2 removed or moved (FACTS §3, "v1 → v2 renames and removals"), with what replaces each. */
const ROOT_REMNANTS: Readonly<Record<string, string>> = {
  capabilities: 'the v1 "capabilities" wrapper is gone: v2 families sit at the document root',
  profiles: 'root profiles[] is gone: clients derive profiles from the document (openwop-discovery-core, openwop-core-standard, …); a seam-mounting host sets conformance.seamsProfile',
  supportedTransports: 'supportedTransports is removed in v2 (no replacement)',
  grpc: 'grpc is removed in v2 (no replacement)',
  contractProvenance: 'contractProvenance is removed in v2 (no replacement)',
  minimumSuiteVersion: 'minimumSuiteVersion moved out of the document into spec/v2/declaration.json',
  'host.workspace': 'the host.workspace mirror became the family "workspace" at the root',
  'host.media': 'host.media is removed in v2 (no replacement)',
  'host.collaboration': 'host.collaboration is removed in v2 (no replacement)',
};

/** Keys inside a family record that are v1 spellings, keyed by family ("*" = any family). */
const RECORD_REMNANTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '*': {
    supported: 'supported booleans are gone: the presence of the record is the claim (drop the record to say "not supported")',
    tier: 'tier is gone: status (stable | experimental | deprecated) with until replaces it',
    experimentalUntil: 'experimentalUntil is gone: until replaces it',
  },
  aiProviders: {supported: 'aiProviders.supported (the provider list) is renamed aiProviders.providers'},
  a2a: {supported: 'a2a.supported is gone: the version facets (versions, preferredVersion, minimumVersion, refreshedAt) say what is supported'},
  mcp: {supported: 'mcp.supported is gone: the revision facets (revisions, preferredVersion, minimumRevision, refreshedAt) say what is supported'},
  replay: {fork: 'replay.fork is gone: replay.modes[] lists the modes served (replay, branch)'},
  auth: {profiles: 'auth.profiles is gone: auth.lanes[] replaces it', subjectLinking: 'auth.subjectLinking is removed in v2 (no replacement)'},
};

const METADATA = new Set(V2_METADATA_KEYS);

/**
 * v1 constructs in a v2 document. Each is reported once, naming its v2 replacement, and claimed so the schema's
 * generic "unknown property" or "must be object" stays silent about it.
 */
export const checkV1Remnants: AdvertCheck = (ctx) => {
  const root = ctx.view.root;
  for (const [key, value] of Object.entries(root)) {
    const at = childPointer('', key);
    const remnant = rootRemnant(key, value);
    if (remnant) {
      flag(ctx, remnant, at);
      continue;
    }
    if (METADATA.has(key) || !isObject(value)) continue;
    for (const field of Object.keys(value)) {
      const why = RECORD_REMNANTS[key]?.[field] ?? RECORD_REMNANTS['*'][field];
      if (why) flag(ctx, why, childPointer(at, field));
    }
  }
};

function rootRemnant(key: string, value: unknown): string | undefined {
  if (Object.hasOwn(ROOT_REMNANTS, key)) return ROOT_REMNANTS[key];
  if (key.startsWith('host.')) return `the dotted host.* mirrors are gone: advertise "${key.slice('host.'.length)}" at the root`;
  if (EXTENSION_CLASS.has(key)) return `the v1 extension-class family "${key}" is advertised as extensions["openwop-app.${key}"] in v2`;
  if (key === 'supportedEnvelopes' && Array.isArray(value)) return 'supportedEnvelopes is a capability record in v2: {status, since, witness, kinds: [...]} instead of a list of kinds';
  if (key === 'schemaVersions' && isObject(value) && value.status === undefined && Object.values(value).every((v) => typeof v === 'number')) {
    return 'schemaVersions is a capability record in v2: its kind → version map moves into schemaVersions.kinds';
  }
  if (key === 'engineVersion' && typeof value === 'string') return 'engineVersion is an integer in v2, not a string';
  return undefined;
}

function flag(ctx: AdvertContext, why: string, pointer: string): void {
  ctx.report('v1Remnant', 'error', `v1 remnant: ${why}`, pointer);
  ctx.claim(pointer);
}

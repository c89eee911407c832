import {childPointer} from '../../io/json-pointer.js';
import {V2_METADATA_KEY_SET} from '../../v2/document-major.js';
import {EXTENSION_CLASS_FAMILIES, FACET_RENAMES, ROOT_REMOVALS, ROOT_RENAMES, v2NameOf} from '../../v2/v1-to-v2.js';
import {isObject} from '../../core/json.js';
import type {AdvertCheck, AdvertContext} from '../checks/context.js';

/**
 * Root keys v2 removed or moved that need more than "removed" or "renamed" said about them (RFC 0169's migration rows).
 */
const ROOT_REMNANTS: Readonly<Record<string, string>> = {
  capabilities: 'the v1 "capabilities" wrapper is gone: v2 families sit at the document root',
  profiles: 'root profiles[] is gone: clients derive profiles from the document (openwop-discovery-core, openwop-core-standard, …); a seam-mounting host sets conformance.seamsProfile',
  minimumSuiteVersion: 'minimumSuiteVersion moved out of the document into spec/v2/declaration.json',
};

/** Keys inside a family record that are v1 spellings, keyed by family ("*" = any family). */
const RECORD_REMNANTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '*': {
    supported: 'supported booleans are gone: the presence of the record is the claim (drop the record to say "not supported")',
    tier: 'tier is gone: status (stable | experimental | deprecated) with until replaces it',
    experimentalUntil: 'experimentalUntil is gone: until replaces it',
  },
  a2a: {supported: 'a2a.supported is gone: the version facets (versions, preferredVersion, minimumVersion, refreshedAt) say what is supported'},
  mcp: {supported: 'mcp.supported is gone: the revision facets (revisions, preferredVersion, minimumRevision, refreshedAt) say what is supported'},
  replay: {fork: 'replay.fork is gone: replay.modes[] lists the modes served (replay, branch)'},
  auth: {subjectLinking: 'auth.subjectLinking is removed in v2 (no replacement)'},
};

const RECORD_FIELDS = ['status', 'since', 'witness'];

/**
 * v1 constructs in a v2 document. Each is reported once, naming its v2 replacement, and claimed so the schema's
 * generic "unknown property" or "must be object" stays silent about it. With `wholeBlocks` (a v1 document served as
 * v2: the version mismatch is already reported) a block that is no capability record at all is one finding, not one
 * per v1 field and schema error inside it.
 */
export function checkV1Remnants(wholeBlocks: boolean): AdvertCheck {
  return (ctx) => {
    for (const [key, value] of Object.entries(ctx.view.root)) {
      const at = childPointer('', key);
      const remnant = rootRemnant(key, value);
      if (remnant) {
        flag(ctx, remnant, at);
        continue;
      }
      if (V2_METADATA_KEY_SET.has(key) || !isObject(value)) continue;
      if (wholeBlocks && !RECORD_FIELDS.some((field) => Object.hasOwn(value, field))) {
        flag(ctx, `"${key}" is a v1 block (supported booleans, no status, since or witness): a v2 capability record carries status, since and witness, and its presence is the claim`, at);
        continue;
      }
      for (const field of Object.keys(value)) {
        const renamed = FACET_RENAMES[key]?.[field];
        const why = renamed ? `${key}.${field} is renamed ${key}.${renamed}` : (RECORD_REMNANTS[key]?.[field] ?? RECORD_REMNANTS['*'][field]);
        if (why) flag(ctx, why, childPointer(at, field));
      }
    }
  };
}

function rootRemnant(key: string, value: unknown): string | undefined {
  if (Object.hasOwn(ROOT_REMNANTS, key)) return ROOT_REMNANTS[key];
  if (Object.hasOwn(ROOT_RENAMES, key)) return `the ${key} mirror became the family "${ROOT_RENAMES[key]}" at the root`;
  if (ROOT_REMOVALS.has(key)) return `${key} is removed in v2 (no replacement)`;
  if (key.startsWith('host.')) return `the dotted host.* mirrors are gone: advertise "${key.slice('host.'.length)}" at the root`;
  if (EXTENSION_CLASS_FAMILIES.has(key)) return `the v1 extension-class family "${key}" is advertised as extensions["${v2NameOf(key).slice('extensions.'.length)}"] in v2`;
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

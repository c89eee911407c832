import {loadCapabilities} from '../capabilities/load.js';
import type {ReadScope} from '../io/read-scope.js';
import {UserError} from '../core/user-error.js';
import {UNIVERSAL_KINDS} from '../schemas/index.js';
import {type DocumentMajor, documentMajorByShape} from '../v2/document-major.js';
import {isObject} from '../core/json.js';

/** The parts of a host's /.well-known/openwop document that envelope validation applies. */
export interface HostProfile {
  origin: string;
  /** The major of the capabilities document, which names its fields in messages. */
  major: DocumentMajor;
  /** Kinds the host takes; empty for a v1 engine-only host, which accepts no envelopes at all. */
  supportedEnvelopes: ReadonlySet<string>;
  schemaVersions: ReadonlyMap<string, number>;
  strictness: 'warn' | 'strict';
  limits: HostLimits;
  maxInlineMediaBytes: number;
}

export interface HostLimits {
  envelopesPerTurn?: number;
  clarificationRounds?: number;
  schemaRounds?: number;
}

export const DEFAULT_MAX_INLINE_MEDIA_BYTES = 262_144;

/** Where each value sits in a document of either major: v1 keeps plain values, v2 puts them in capability records. */
const FIELDS = {
  1: {kinds: 'supportedEnvelopes', versions: 'schemaVersions', strictness: 'envelopeStrictness'},
  2: {kinds: 'supportedEnvelopes.kinds', versions: 'schemaVersions.kinds', strictness: 'envelopeStrictness.mode'},
} as const;

/** The name of the field holding the advertised kinds, for messages. */
export function kindsField(host: HostProfile): string {
  return FIELDS[host.major].kinds;
}

/**
 * Reads the capabilities document as a host of its major would. v1: families at the root first, then inside the
 * deprecated `capabilities` wrapper; `supportedEnvelopes` is a list of kinds, and `[]` an engine-only host. v2 (the v2
 * capabilities schema): each family is a capability record whose facets hold the values (`supportedEnvelopes.kinds`,
 * `schemaVersions.kinds`, `envelopeStrictness.mode`); the four universal kinds are always accepted, and an absent
 * `kinds` leaves only them. The `limits` names and `aiProviders.maxInlineMediaBytes` are the same in both. Only the
 * fields used here are type-checked (`probe host` checks the whole document); a field of the wrong type is the user's
 * problem to fix, so it is a UserError.
 */
export function hostProfile(document: Record<string, unknown>, origin: string, major: DocumentMajor = documentMajorByShape(document)): HostProfile {
  const wrapper = major === 1 && isObject(document.capabilities) ? document.capabilities : {};
  const family = (name: string): unknown => (name in document ? document[name] : wrapper[name]);
  const bad = (what: string) => new UserError(`capabilities ${origin}: ${what}`, 'Check the document with `openwop probe host`.');
  const names = FIELDS[major];
  // In v2 a family is a record and the value one of its facets; absence of either is "not advertised".
  const value = (name: string, facet: string): unknown => {
    const found = family(name);
    if (major === 1 || found === undefined) return found;
    if (!isObject(found)) throw bad(`${name} must be a capability record (an object with status, since and witness)`);
    return found[facet];
  };

  const supported = value('supportedEnvelopes', 'kinds') ?? (major === 2 ? [] : undefined);
  if (!Array.isArray(supported) || !supported.every((k) => typeof k === 'string')) throw bad(`${names.kinds} must be an array of kind names`);
  const kinds = new Set<string>(major === 2 ? [...UNIVERSAL_KINDS, ...supported] : supported);

  const versions = value('schemaVersions', 'kinds') ?? {};
  if (!isObject(versions)) throw bad(`${names.versions} must be an object of integers`);
  const schemaVersions = new Map<string, number>();
  for (const [kind, v] of Object.entries(versions)) {
    if (!Number.isInteger(v) || (v as number) < 0) throw bad(`${names.versions}["${kind}"] must be an integer ≥ 0`);
    schemaVersions.set(kind, v as number);
  }

  const strictness = value('envelopeStrictness', 'mode') ?? 'warn';
  if (strictness !== 'warn' && strictness !== 'strict') throw bad(`${names.strictness} must be "warn" or "strict"`);

  const rawLimits = family('limits') ?? {};
  if (!isObject(rawLimits)) throw bad('limits must be an object');
  const limits: HostLimits = {};
  for (const name of ['envelopesPerTurn', 'clarificationRounds', 'schemaRounds'] as const) {
    const v = rawLimits[name];
    if (v === undefined) continue;
    if (!Number.isInteger(v) || (v as number) < 0) throw bad(`limits.${name} must be an integer ≥ 0`);
    limits[name] = v as number;
  }

  const providers = family('aiProviders');
  const inline = isObject(providers) ? providers.maxInlineMediaBytes : undefined;
  if (inline !== undefined && (!Number.isInteger(inline) || (inline as number) < 0)) throw bad('aiProviders.maxInlineMediaBytes must be an integer ≥ 0');

  return {
    origin,
    major,
    supportedEnvelopes: kinds,
    schemaVersions,
    strictness,
    limits,
    maxInlineMediaBytes: (inline as number | undefined) ?? DEFAULT_MAX_INLINE_MEDIA_BYTES,
  };
}

/** `--capabilities FILE|URL`; `major` (an explicit `--major`) asks a URL for that major's document. */
export async function loadHostProfile(source: string, cwd: string, scope?: ReadScope, major?: 1 | 2): Promise<HostProfile> {
  const loaded = await loadCapabilities(source, cwd, scope, {major});
  return hostProfile(loaded.document, loaded.origin, loaded.major);
}

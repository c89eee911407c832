import type {ReadScope} from '../io/read-scope.js';
import {UserError} from '../report/user-error.js';

/** The parts of a host's /.well-known/openwop document that envelope validation applies. */
export interface HostProfile {
  origin: string;
  /** Advertised kinds; empty for an engine-only host, which accepts no envelopes at all. */
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

/**
 * Reads the capabilities document as a host would: families at the root first, then inside the deprecated
 * `capabilities` wrapper. Only the fields used here are type-checked (`probe host` checks the whole document); a
 * field of the wrong type is the user's problem to fix, so it is a UserError.
 */
export function hostProfile(document: Record<string, unknown>, origin: string): HostProfile {
  const wrapper = isObject(document.capabilities) ? document.capabilities : {};
  const field = (name: string): unknown => (name in document ? document[name] : wrapper[name]);
  const bad = (what: string) => new UserError(`capabilities ${origin}: ${what}`, 'Check the document with `openwop probe host`.');

  const supported = field('supportedEnvelopes');
  if (!Array.isArray(supported) || !supported.every((k) => typeof k === 'string')) throw bad('supportedEnvelopes must be an array of kind names');

  const versions = field('schemaVersions') ?? {};
  if (!isObject(versions)) throw bad('schemaVersions must be an object of integers');
  const schemaVersions = new Map<string, number>();
  for (const [kind, v] of Object.entries(versions)) {
    if (!Number.isInteger(v) || (v as number) < 0) throw bad(`schemaVersions["${kind}"] must be an integer ≥ 0`);
    schemaVersions.set(kind, v as number);
  }

  const strictness = field('envelopeStrictness') ?? 'warn';
  if (strictness !== 'warn' && strictness !== 'strict') throw bad('envelopeStrictness must be "warn" or "strict"');

  const rawLimits = field('limits') ?? {};
  if (!isObject(rawLimits)) throw bad('limits must be an object');
  const limits: HostLimits = {};
  for (const name of ['envelopesPerTurn', 'clarificationRounds', 'schemaRounds'] as const) {
    const v = rawLimits[name];
    if (v === undefined) continue;
    if (!Number.isInteger(v) || (v as number) < 0) throw bad(`limits.${name} must be an integer ≥ 0`);
    limits[name] = v as number;
  }

  const providers = field('aiProviders');
  const inline = isObject(providers) ? providers.maxInlineMediaBytes : undefined;
  if (inline !== undefined && (!Number.isInteger(inline) || (inline as number) < 0)) throw bad('aiProviders.maxInlineMediaBytes must be an integer ≥ 0');

  return {
    origin,
    supportedEnvelopes: new Set(supported as string[]),
    schemaVersions,
    strictness,
    limits,
    maxInlineMediaBytes: (inline as number | undefined) ?? DEFAULT_MAX_INLINE_MEDIA_BYTES,
  };
}

/** `--capabilities FILE|URL`: the probe domain's reader, loaded only when asked for (a URL pulls in undici). */
export async function loadHostProfile(source: string, cwd: string, scope?: ReadScope): Promise<HostProfile> {
  const {loadCapabilities} = await import('../probe/index.js');
  const {document, origin} = await loadCapabilities(source, cwd, scope);
  return hostProfile(document, origin);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

import {isObject} from '../core/json.js';

/**
 * Telling a v1 discovery document from a v2 one by shape alone (openwop spec v2 versioning.md §1).
 * `protocolVersions`/`preferredVersion` prove nothing (a v1 root may carry both); what differs is that v1 requires a
 * scalar `protocolVersion` and lists `supportedEnvelopes` as strings, while v2 makes `supportedEnvelopes` and `limits`
 * capability records and drops `supported` booleans. The response's `OpenWOP-Version` header, when there is one,
 * outranks this guess.
 */
import {V2_FAMILIES} from './families.js';

export type DocumentMajor = 1 | 2;

/**
 * The 17 root keys of a v2 document that are metadata, not capability records (schemas/v2/capabilities.schema.json).
 */
export const V2_METADATA_KEYS: readonly string[] = [
  'protocolVersion',
  'protocolVersions',
  'preferredVersion',
  'minClientVersion',
  'engineVersion',
  'eventLogSchemaVersion',
  'implementation',
  'extensions',
  'configurable',
  'observability',
  'runtimeCapabilities',
  'testing',
  'conformance',
  'fixtures',
  'compliance',
  'discovery',
  'signingKeys',
];

export const V2_METADATA_KEY_SET: ReadonlySet<string> = new Set(V2_METADATA_KEYS);

/** A capability record: what every v2 family is, and what no v1 block looks like. */
const isCapabilityRecord = (value: unknown): boolean => isObject(value) && typeof value.status === 'string' && typeof value.since === 'string';

export function documentMajorByShape(doc: Readonly<Record<string, unknown>>): DocumentMajor {
  if (Array.isArray(doc.supportedEnvelopes)) return 1;
  if (isObject(doc.capabilities)) return 1;
  // Before protocolVersion: a v2 root may carry that scalar too, as a twin of preferredVersion for v1 readers.
  if (V2_FAMILIES.some((family) => isCapabilityRecord(doc[family]))) return 2;
  // The era key: a v2 host writes event-log schema 3.
  if (typeof doc.eventLogSchemaVersion === 'number' && doc.eventLogSchemaVersion >= 3) return 2;
  if (typeof doc.protocolVersion === 'string') return 1;
  return Array.isArray(doc.protocolVersions) && typeof doc.preferredVersion === 'string' ? 2 : 1;
}

/** The major a version string such as `2`, `2.0` or `1.11` names; undefined when it is not one. */
export function majorOf(version: string): number | undefined {
  const match = /^\s*(0|[1-9]\d*)(?:\.(0|[1-9]\d*))?\s*$/.exec(version);
  return match ? Number(match[1]) : undefined;
}

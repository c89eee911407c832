import {childPointer} from '../../io/json-pointer.js';
import {type DocumentMajor, V2_METADATA_KEY_SET} from '../../v2/document-major.js';
import {FACET_RENAMES, v2NameOf} from '../../v2/v1-to-v2.js';
import {isObject} from '../../core/json.js';
import {advertisedKinds} from '../kinds.js';

/** A family's value as a comparison sees it, and where it sits in its document. */
export interface ComparedEntry {
  value: unknown;
  at: string;
}

/**
 * One advertisement in a form both majors share, so `--compare` can diff a v2 document against a saved v1 one
 * (RFC 0169 migration rows): kinds from the list or the record, schemaVersions and limits from the map or the record, a
 * v1 record with `supported: false` as absent, renamed facets under their v2 names, the v1 extension-class families
 * under `extensions.openwop-app.<name>`. Across majors the record bookkeeping (v1 supported/tier/experimentalUntil, v2
 * status/since/until/witness) is left out: it has no counterpart on the other side.
 */
export interface Comparable {
  kinds: string[];
  kindsAt: string;
  schemaVersions: Record<string, unknown>;
  schemaVersionsAt: string;
  limits: Record<string, unknown>;
  families: Map<string, ComparedEntry>;
}

const SPECIFIC = new Set(['supportedEnvelopes', 'schemaVersions', 'limits']);
const V1_BOOKKEEPING = ['supported', 'tier', 'experimentalUntil'];
const V2_BOOKKEEPING = ['status', 'since', 'until', 'witness'];

export function comparable(doc: Readonly<Record<string, unknown>>, major: DocumentMajor, acrossMajors: boolean): Comparable {
  const families = new Map<string, ComparedEntry>();
  const put = (name: string, value: unknown, at: string): void => void families.set(name, {value, at});
  for (const [key, value] of Object.entries(doc)) {
    if (SPECIFIC.has(key)) continue;
    const at = childPointer('', key);
    if (major === 2 && key === 'extensions' && isObject(value)) {
      for (const [member, record] of Object.entries(value)) put(`extensions.${member}`, record, childPointer(at, member));
      continue;
    }
    if (acrossMajors && key === 'protocolVersion') continue;
    if (major === 1 && isObject(value) && value.supported === false) continue;
    const name = major === 1 && acrossMajors ? v2NameOf(key) : key;
    put(name, acrossMajors && !(major === 2 && V2_METADATA_KEY_SET.has(key)) ? withoutBookkeeping(key, value, major) : value, at);
  }
  const record = (key: string): Record<string, unknown> => (isObject(doc[key]) ? doc[key] : {});
  if (major === 1) {
    return {
      kinds: advertisedKinds(doc),
      kindsAt: '/supportedEnvelopes',
      schemaVersions: record('schemaVersions'),
      schemaVersionsAt: '/schemaVersions',
      limits: without(record('limits'), acrossMajors ? V1_BOOKKEEPING : []),
      families,
    };
  }
  const kindsMap = record('schemaVersions').kinds;
  return {
    kinds: advertisedKinds(doc),
    kindsAt: '/supportedEnvelopes/kinds',
    schemaVersions: isObject(kindsMap) ? kindsMap : {},
    schemaVersionsAt: '/schemaVersions/kinds',
    limits: without(record('limits'), acrossMajors ? V2_BOOKKEEPING : []),
    families,
  };
}

function withoutBookkeeping(family: string, value: unknown, major: DocumentMajor): unknown {
  if (!isObject(value)) return value;
  if (major === 2) return without(value, V2_BOOKKEEPING);
  const kept: [string, unknown][] = [];
  for (const [k, v] of Object.entries(value)) {
    const renamed = FACET_RENAMES[family]?.[k];
    // aiProviders.supported: true is the v1 boolean, not the provider list that became providers.
    if (renamed && typeof v !== 'boolean') kept.push([renamed, v]);
    else if (!V1_BOOKKEEPING.includes(k)) kept.push([k, v]);
  }
  return Object.fromEntries(kept);
}

function without(value: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([k]) => !keys.includes(k)));
}

import {toPointer} from '../io/json-pointer.js';
import {envelopeTypeSites} from './envelope-types.js';
import {isObject, type JsonObject} from '../core/json.js';

/** A file a manifest points at, by the pointer of the string that names it. */
export interface FileRef {
  pointer: string;
  /** As written in the manifest. */
  ref: string;
  /** `schema`: a JSON Schema (linted by --lint-schemas); `json`: another JSON file (an envelope contract); `entry`: the runtime entry. */
  type: 'schema' | 'json' | 'entry';
  /** The manifest key naming the file (`inputSchemaRef`, `schemaRef`, `entry`…), for messages. */
  key: string;
  /**
   * Set on the payload schema of an envelope kind the manifest names, looked for where the pack would ship it: it
   * may be absent, and its `$id` is a host's, not the pack's.
   */
  envelopeKind?: string;
}

/**
 * Where a pack ships the payload schema of an envelope kind it names: the per-kind path upstream's ai-envelope schema
 * gives (`schemas/envelopes/{type}.schema.json`, openwop-sdks schemas/ai-envelope.schema.json, /properties/payload)
 * and `scaffold kind` writes, inside the pack.
 */
export function envelopePayloadPath(kind: string): string {
  return `schemas/envelopes/${kind}.schema.json`;
}

/** A kind that can name a file: no separator, no leading dot. Others are left to the envelopeType check. */
const FILE_SAFE_KIND = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

interface RefField {
  key: string;
  type: 'schema' | 'json';
  /**
   * A plain property read: most entries hold none of these fields, and looking up absent keys by a computed name
   * that changes from field to field sends V8 down its slow generic path on every read.
   */
  read: (holder: JsonObject) => unknown;
}

/** Where the pack schemas allow a file reference: list entries (or an object inside each), and which fields. */
interface RefSite {
  list: string;
  within?: string;
  /** Schema fields first, then other JSON files: the order findings come in. */
  fields: readonly RefField[];
}

const schema = (key: string, read: RefField['read']): RefField => ({key, type: 'schema', read});

const REF_SITES: readonly RefSite[] = [
  {
    list: 'nodes',
    fields: [
      schema('configSchemaRef', (n) => n.configSchemaRef),
      schema('inputSchemaRef', (n) => n.inputSchemaRef),
      schema('outputSchemaRef', (n) => n.outputSchemaRef),
      {key: 'envelopeContractRef', type: 'json', read: (n) => n.envelopeContractRef},
    ],
  },
  {list: 'agents', within: 'handoff', fields: [schema('taskSchemaRef', (h) => h.taskSchemaRef), schema('returnSchemaRef', (h) => h.returnSchemaRef)]},
  {list: 'artifactTypes', fields: [schema('schemaRef', (a) => a.schemaRef)]},
  {list: 'cards', fields: [schema('outputSchemaRef', (c) => c.outputSchemaRef)]},
];

/** Every schema, contract and entry reference of a manifest of any kind, entry by entry, then the envelope payload schemas it may ship. */
export function collectFileRefs(manifest: JsonObject): FileRef[] {
  const refs: FileRef[] = [];
  for (const {list: listKey, within, fields} of REF_SITES) {
    const list = manifest[listKey];
    if (!Array.isArray(list)) continue;
    for (let i = 0; i < list.length; i++) {
      const entry: unknown = list[i];
      const holder = within && isObject(entry) ? entry[within] : entry;
      if (!isObject(holder)) continue;
      for (const {key, type, read} of fields) {
        const ref = read(holder);
        if (typeof ref === 'string') refs.push({pointer: toPointer(within ? [listKey, i, within, key] : [listKey, i, key]), ref, type, key});
      }
    }
  }
  for (const {pointer, value} of envelopeTypeSites(manifest)) {
    if (typeof value === 'string' && FILE_SAFE_KIND.test(value)) refs.push({pointer, ref: envelopePayloadPath(value), type: 'schema', key: 'envelopeType payload', envelopeKind: value});
  }
  const runtime = manifest.runtime;
  if (isObject(runtime) && typeof runtime.entry === 'string' && runtime.language !== 'remote') {
    refs.push({pointer: '/runtime/entry', ref: runtime.entry, type: 'entry', key: 'entry'});
  }
  return refs;
}

export function isUrl(ref: string): boolean {
  return /^[a-z][a-z0-9+.-]+:/i.test(ref);
}

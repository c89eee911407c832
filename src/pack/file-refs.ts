import {toPointer} from '../io/json-pointer.js';
import {isObject, type JsonObject} from './manifest.js';

/** A file a manifest points at, by the pointer of the string that names it. */
export interface FileRef {
  pointer: string;
  /** As written in the manifest. */
  ref: string;
  /** `schema`: a JSON Schema (linted by --lint-schemas); `json`: another JSON file (an envelope contract); `entry`: the runtime entry. */
  type: 'schema' | 'json' | 'entry';
  /** The manifest key naming the file (`inputSchemaRef`, `schemaRef`, `entry`…), for messages. */
  key: string;
}

/** Where the pack schemas allow a file reference: list entries (or an object inside each), and which fields. */
interface RefSite {
  list: string;
  within?: string;
  schemas: readonly string[];
  json?: readonly string[];
}

const REF_SITES: readonly RefSite[] = [
  {list: 'nodes', schemas: ['configSchemaRef', 'inputSchemaRef', 'outputSchemaRef'], json: ['envelopeContractRef']},
  {list: 'agents', within: 'handoff', schemas: ['taskSchemaRef', 'returnSchemaRef']},
  {list: 'artifactTypes', schemas: ['schemaRef']},
  {list: 'cards', schemas: ['outputSchemaRef']},
];

/** Every schema, contract and entry reference of a manifest of any kind, entry by entry. */
export function collectFileRefs(manifest: JsonObject): FileRef[] {
  const refs: FileRef[] = [];
  for (const site of REF_SITES) {
    const list = manifest[site.list];
    if (!Array.isArray(list)) continue;
    for (let i = 0; i < list.length; i++) {
      const base = site.within ? [site.list, String(i), site.within] : [site.list, String(i)];
      const holder: unknown = site.within && isObject(list[i]) ? (list[i] as JsonObject)[site.within] : list[i];
      if (!isObject(holder)) continue;
      for (const [type, keys] of [['schema', site.schemas], ['json', site.json ?? []]] as const) {
        for (const key of keys) {
          const ref = holder[key];
          if (typeof ref === 'string') refs.push({pointer: toPointer([...base, key]), ref, type, key});
        }
      }
    }
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

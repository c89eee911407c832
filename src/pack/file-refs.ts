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
  /** Schema fields first, then other JSON files: the order findings come in. */
  fields: readonly {key: string; type: 'schema' | 'json'}[];
}

function site(list: string, within: string | undefined, schemas: readonly string[], json: readonly string[] = []): RefSite {
  return {list, within, fields: [...schemas.map((key) => ({key, type: 'schema' as const})), ...json.map((key) => ({key, type: 'json' as const}))]};
}

const REF_SITES: readonly RefSite[] = [
  site('nodes', undefined, ['configSchemaRef', 'inputSchemaRef', 'outputSchemaRef'], ['envelopeContractRef']),
  site('agents', 'handoff', ['taskSchemaRef', 'returnSchemaRef']),
  site('artifactTypes', undefined, ['schemaRef']),
  site('cards', undefined, ['outputSchemaRef']),
];

/** Every schema, contract and entry reference of a manifest of any kind, entry by entry. */
export function collectFileRefs(manifest: JsonObject): FileRef[] {
  const refs: FileRef[] = [];
  for (const {list: listKey, within, fields} of REF_SITES) {
    const list = manifest[listKey];
    if (!Array.isArray(list)) continue;
    for (let i = 0; i < list.length; i++) {
      const entry: unknown = list[i];
      const holder = within && isObject(entry) ? entry[within] : entry;
      if (!isObject(holder)) continue;
      for (const {key, type} of fields) {
        const ref = holder[key];
        if (typeof ref === 'string') refs.push({pointer: toPointer(within ? [listKey, i, within, key] : [listKey, i, key]), ref, type, key});
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

import type {JsonDocument} from '../io/json-document.js';
import {childPointer} from '../io/json-pointer.js';
import type {Finding} from '../core/finding.js';
import {isObject, type JsonObject} from '../core/json.js';
import {PACK_RULES} from './rules.js';

/** A list whose entries a host registers by id; `inner` lists are unique within each entry. */
interface Collection {
  /** Path from the owner to the list. */
  path: readonly string[];
  keys: readonly string[];
  what: string;
  inner?: readonly Collection[];
}

// Whichever of these a manifest has is checked, whatever its kind: the closed schemas already keep each list to its kind.
const COLLECTIONS: readonly Collection[] = [
  {path: ['nodes'], keys: ['typeId'], what: 'node typeId'},
  {path: ['agents'], keys: ['agentId'], what: 'agentId'},
  {path: ['chains'], keys: ['chainId'], what: 'chainId', inner: [{path: ['dag', 'nodes'], keys: ['id'], what: 'chain node id'}]},
  {path: ['prompts'], keys: ['templateId', 'version'], what: 'prompt template (templateId, version)'},
  {path: ['templates'], keys: ['templateId'], what: 'templateId', inner: [{path: ['fields'], keys: ['id'], what: 'field id'}]},
  {path: ['artifactTypes'], keys: ['artifactTypeId'], what: 'artifactTypeId'},
  {path: ['cards'], keys: ['cardTypeId'], what: 'cardTypeId', inner: [{path: ['inputs'], keys: ['id'], what: 'card input id'}]},
];

export function checkDuplicateIds(doc: JsonDocument, manifest: JsonObject): Finding[] {
  const findings: Finding[] = [];
  for (const c of COLLECTIONS) checkCollection(doc, manifest, '', c, findings);
  return findings;
}

function checkCollection(doc: JsonDocument, owner: JsonObject, ownerPointer: string, c: Collection, findings: Finding[]): void {
  let list: unknown = owner;
  for (const seg of c.path) list = isObject(list) ? list[seg] : undefined;
  if (!Array.isArray(list)) return;
  // Most lists hold no duplicate and nothing nested: build the list's pointer only when something needs it.
  let pointer: string | undefined;
  const base = () => (pointer ??= c.path.reduce((p, seg) => childPointer(p, seg), ownerPointer));
  // Each entry's id by index (undefined when it has none): searched while short, indexed once the list is long.
  const ids = new Array<string | undefined>(list.length);
  let index: Map<string, number> | undefined;
  for (let i = 0; i < list.length; i++) {
    const entry: unknown = list[i];
    if (!isObject(entry)) continue;
    if (c.inner) for (const inner of c.inner) checkCollection(doc, entry, childPointer(base(), i), inner, findings);
    const key = idOf(entry, c.keys);
    if (key === undefined) continue;
    if (!index && i >= SEARCHED_IDS) index = indexOf(ids, i);
    const earlier = index ? index.get(key) : ids.indexOf(key);
    if (earlier === undefined || earlier === -1) {
      ids[i] = key;
      if (index && !index.has(key)) index.set(key, i);
      continue;
    }
    const parts = c.keys.map((k) => entry[k] as string);
    const shown = parts.length === 1 ? `"${parts[0]}"` : `(${parts.map((p) => `"${p}"`).join(', ')})`;
    findings.push(doc.finding(PACK_RULES.duplicateId.id, 'error', `duplicate ${c.what} ${shown}: already used by ${childPointer(base(), earlier)}`, childPointer(childPointer(base(), i), c.keys[0])));
  }
}

/** Lists up to this long are searched for a repeated id; longer ones get a map (real packs list a few dozen entries). */
const SEARCHED_IDS = 32;

/** The first index of each id among the first `count` entries. */
function indexOf(ids: readonly (string | undefined)[], count: number): Map<string, number> {
  const index = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const id = ids[i];
    if (id !== undefined && !index.has(id)) index.set(id, i);
  }
  return index;
}

/** The entry's id (its key fields joined), or undefined when a key field is not a string: the schema reports that. */
function idOf(entry: JsonObject, keys: readonly string[]): string | undefined {
  if (keys.length === 1) {
    const id = entry[keys[0]];
    return typeof id === 'string' ? id : undefined;
  }
  const parts: string[] = [];
  for (const k of keys) {
    const part = entry[k];
    if (typeof part !== 'string') return undefined;
    parts.push(part);
  }
  return JSON.stringify(parts);
}

import {isObject, type JsonObject} from '../core/json.js';
import {isLocalPointerRef} from '../lint/transforms/index.js';

const DEFS = ['$defs', 'definitions'] as const;

/**
 * The root without the definitions no `$ref` reaches any more (those inlined away): the vendor would only count them
 * against its size limits. Definitions reached from the schema, directly or through other definitions, stay.
 */
export function pruneUnusedDefinitions(root: unknown): unknown {
  if (!isObject(root) || !DEFS.some((k) => isObject(root[k]))) return root;
  const used = new Set<string>();
  const pending: unknown[] = [Object.fromEntries(Object.entries(root).filter(([k]) => !DEFS.includes(k as (typeof DEFS)[number])))];
  while (pending.length > 0) {
    for (const ref of refsIn(pending.pop())) {
      const m = /^#\/(\$defs|definitions)\/([^/]+)/.exec(ref);
      if (!m) continue;
      let name: string;
      try {
        name = decodeURIComponent(m[2]).replaceAll('~1', '/').replaceAll('~0', '~');
      } catch {
        continue;
      }
      const key = `${m[1]}\u0000${name}`;
      if (used.has(key)) continue;
      used.add(key);
      const defs = root[m[1]];
      if (isObject(defs)) pending.push(defs[name]);
    }
  }
  const out: JsonObject = {...root};
  for (const k of DEFS) {
    const defs = root[k];
    if (!isObject(defs)) continue;
    const kept = Object.fromEntries(Object.entries(defs).filter(([name]) => used.has(`${k}\u0000${name}`)));
    if (Object.keys(kept).length > 0) out[k] = kept;
    else delete out[k];
  }
  return out;
}

function refsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refsIn(v, out);
  else if (isObject(value)) {
    if (isLocalPointerRef(value.$ref)) out.push(value.$ref);
    for (const [k, v] of Object.entries(value)) if (k !== 'enum' && k !== 'const') refsIn(v, out);
  }
  return out;
}

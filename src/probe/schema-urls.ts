import {isObject} from '../core/json.js';

const MAX_SCAN_DEPTH = 32;

/**
 * Where a kind's payload schema may live, best guess first: URLs the document itself names (a string ending in
 * `<kind>.schema.json`, or a template with `{kind}` ending in `.schema.json`), then the conventional
 * `schemas/envelopes/<kind>.schema.json` under the host's base. [open] Relative strings resolve against the host's
 * base (where /.well-known/openwop hangs off), not against the discovery URL.
 */
export function schemaCandidates(kind: string, base: string, named: readonly string[]): string[] {
  const out = new Set<string>();
  const file = `${kind}.schema.json`;
  for (const s of named) {
    const path = s.replace(/[?#].*$/, '');
    let ref: string | undefined;
    if (path === file || path.endsWith(`/${file}`)) ref = s;
    else if (/\{(kind|type|envelopeType)\}/.test(path) && path.endsWith('.schema.json')) ref = s.replace(/\{(kind|type|envelopeType)\}/g, encodeURIComponent(kind));
    const url = ref === undefined ? undefined : toHttpUrl(ref, base);
    if (url) out.add(url);
  }
  out.add(new URL(`schemas/envelopes/${encodeURIComponent(kind)}.schema.json`, base).href);
  return [...out];
}

/** Every string in the document that could name a schema file. */
export function schemaLikeStrings(document: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown, depth: number): void => {
    if (depth > MAX_SCAN_DEPTH) return;
    if (typeof v === 'string') {
      if (v.length < 2048 && /\.schema\.json([?#]|$)/.test(v)) out.push(v);
    } else if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
    else if (isObject(v)) for (const x of Object.values(v)) walk(x, depth + 1);
  };
  walk(document, 0);
  return out;
}

function toHttpUrl(ref: string, base: string): string | undefined {
  try {
    const url = new URL(ref, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}

import {basename} from 'node:path';
import type {DetectedKind} from './types.js';
import {isObject} from '../core/json.js';

/** A kind-looking name: lowercase dotted segments (`vendor.acme.plan.create`, `schema.response`) or a single word (`error`). */
const KIND_NAME = /^[a-z][a-z0-9-]*(\.[a-zA-Z0-9][a-zA-Z0-9_-]*)*$/;
const SCHEMA_FILE_SUFFIX = '.schema.json';

/**
 * Which envelope kind a payload schema is for, first match wins:
 *  1. `x-openwop-kind` (explicit, for schemas whose file or `$id` says nothing),
 *  2. `$id` ending in `<kind>.schema.json` (the upstream convention: …/envelopes/<kind>.schema.json),
 *  3. the file name `<kind>.schema.json` (what `validate envelope --schemas DIR` and `scaffold kind` use),
 *  4. a `title` that is itself a kind name (`vendor.acme.plan.create`; a prose title is ignored).
 * Returns undefined when none applies: kind-specific rules (reasoning/missing, reasoning/forbidden-on-ack) then stay quiet.
 */
export function detectKind(schema: unknown, file: string | undefined): DetectedKind | undefined {
  if (!isObject(schema)) return undefined;
  const explicit = schema['x-openwop-kind'];
  if (typeof explicit === 'string' && explicit.trim() !== '') return {kind: explicit.trim(), source: 'x-openwop-kind'};
  if (typeof schema.$id === 'string') {
    const id = schema.$id.slice(0, beforeQueryOrFragment(schema.$id));
    const kind = kindFromFileName(safeDecode(id.slice(id.lastIndexOf('/') + 1)));
    if (kind) return {kind, source: '$id'};
  }
  if (file) {
    const kind = kindFromFileName(basename(file));
    if (kind) return {kind, source: 'file name'};
  }
  if (typeof schema.title === 'string' && KIND_NAME.test(schema.title) && schema.title.includes('.')) {
    return {kind: schema.title, source: 'title'};
  }
  return undefined;
}

export function isVendorKind(kind: string | undefined): boolean {
  return kind?.startsWith('vendor.') === true;
}

/** `<kind>.schema.json` (the ending in any case): the kind, when it is a kind name. */
function kindFromFileName(name: string): string | undefined {
  if (name.length <= SCHEMA_FILE_SUFFIX.length || name.slice(-SCHEMA_FILE_SUFFIX.length).toLowerCase() !== SCHEMA_FILE_SUFFIX) return undefined;
  const kind = name.slice(0, -SCHEMA_FILE_SUFFIX.length);
  return KIND_NAME.test(kind) ? kind : undefined;
}

/** Where a URI's query or fragment starts (its length when it has neither). */
function beforeQueryOrFragment(uri: string): number {
  const hash = uri.indexOf('#');
  const query = uri.indexOf('?');
  if (hash === -1) return query === -1 ? uri.length : query;
  return query === -1 ? hash : Math.min(hash, query);
}

function safeDecode(s: string): string {
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

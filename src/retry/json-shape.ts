import {isObject, type JsonObject} from '../core/json.js';

/** Narrowing helpers for provider bodies, which arrive as `unknown` and are read defensively. */

export function record(v: unknown): JsonObject | undefined {
  return isObject(v) ? v : undefined;
}

export function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

export function int(v: unknown): number | null {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null;
}

export function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** Stable JSON (object keys sorted), so two prompts compare equal whatever order a host serialised them in. */
export function canonicalJson(v: unknown): string {
  return JSON.stringify(sortKeys(v)) ?? 'null';
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (!isObject(v)) return v;
  const out: JsonObject = {};
  for (const k of Object.keys(v).sort()) out[k] = sortKeys(v[k]);
  return out;
}

/** The URL's path, or '' when it is not a URL. */
export function urlPath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

import type {JsonDocument} from '../io/json-document.js';
import type {Finding} from '../core/finding.js';
import type {HttpResponse, Redirect} from '../io/http-get.js';
import {PROBE_RULES} from './rules.js';

/** What `probe host` reports about the HTTP exchange (the `http` field of its JSON result). */
export interface HttpSummary {
  finalUrl: string;
  redirects: Redirect[];
  contentType: string | null;
  cacheControl: string | null;
  etag: string | null;
  capabilitiesEtag: string | null;
  bytes: number;
  elapsedMs: number;
}

export function httpSummary(response: HttpResponse): HttpSummary {
  const h = response.headers;
  return {
    finalUrl: response.url,
    redirects: response.redirects,
    contentType: h['content-type'] ?? null,
    cacheControl: h['cache-control'] ?? null,
    etag: h.etag ?? null,
    capabilitiesEtag: h['capabilities-etag'] ?? null,
    bytes: response.body.length,
    elapsedMs: response.elapsedMs,
  };
}

/**
 * JSON media types: application/json and any +json suffix. Anything else still gets parsed (clients that call
 * `response.json()` do not care) but is reported, because browsers and strict clients do.
 */
export function contentTypeFinding(contentType: string | undefined, doc: JsonDocument): Finding | undefined {
  const rule = PROBE_RULES.contentType.id;
  if (!contentType) return doc.finding(rule, 'warning', 'the response has no Content-Type; serve the discovery document as application/json', '');
  const [type, ...params] = contentType.split(';').map((s) => s.trim().toLowerCase());
  if (type !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(type)) {
    return doc.finding(rule, 'warning', `the response is served as ${type || '(empty)'}; serve the discovery document as application/json`, '');
  }
  const charset = params
    .find((p) => p.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '');
  if (charset && charset !== 'utf-8' && charset !== 'utf8') {
    return doc.finding(rule, 'warning', `the response declares charset=${charset}; JSON over HTTP is UTF-8 (RFC 8259)`, '');
  }
  return undefined;
}

import {decodeJsonBytes} from '../io/decode.js';
import {noteStdinUsed} from '../io/files-used.js';
import {DEFAULT_HTTP, HttpFailure, type HttpGetOptions, httpGet} from '../io/http-get.js';
import {JsonDocument} from '../io/json-document.js';
import {readWhole} from '../io/open-stream.js';
import {fileFinding, mb} from '../io/read-file.js';
import {byteProblemFinding} from '../io/read-json.js';
import type {ReadScope} from '../io/read-scope.js';
import {readWholeSource} from '../io/read-source.js';
import type {Finding} from '../core/finding.js';

/** How a URL is fetched: `probe host`'s defaults (same-origin redirects only, TLS verified, no credentials). */
export type FetchSettings = Pick<HttpGetOptions, 'timeoutMs' | 'connectTimeoutMs' | 'insecure' | 'followCrossOrigin' | 'maxRedirects'>;

export const DEFAULT_FETCH: FetchSettings = DEFAULT_HTTP;

export type JsonSource = {ok: true; doc: JsonDocument; display: string} | {ok: false; finding: Finding};

export const isUrl = (source: string): boolean => /^https?:\/\//i.test(source);

export interface ReadJsonOptions {
  scope: ReadScope;
  /** Largest body or file, in bytes (the scope's --max-size for files too). */
  maxBytes: number;
  fetch: FetchSettings;
  /** Sent with a URL's request, to its origin only (e.g. OpenWOP-Version for a discovery document). */
  headers?: Record<string, string>;
  /** What the source is, for messages ("certification bundle", "discovery document"). */
  what: string;
  /** Where `-` reads from (default process.stdin; tests pass their own). */
  stdin?: AsyncIterable<Buffer | string>;
  /** --stdin-filename: what `-` is called in findings (default `<stdin>`). */
  stdinName?: string;
}

export const STDIN = '-';
const STDIN_LABEL = '<stdin>';

/**
 * A whole JSON document from a file (inside the read scope, at most maxBytes), `-` (standard input, named
 * `<stdin>`) or an http(s) URL (same safety as `probe host`). Every failure is one finding, with the reader's rule id (io/*, json/*) or bundle/fetch for a URL.
 */
export async function readJsonSource(source: string, options: ReadJsonOptions): Promise<JsonSource> {
  let bytes: Buffer;
  const label = source === STDIN ? (options.stdinName ?? STDIN_LABEL) : source;
  if (source === STDIN) {
    if (options.stdin === undefined) noteStdinUsed();
    const read = await readWhole(options.stdin ?? process.stdin, options.maxBytes);
    if ('over' in read)
      return {ok: false, finding: fileFinding(label, 'io/too-large', `${label} is over the ${mb(options.maxBytes)} MB limit for a ${options.what}; raise it with --max-size if this is intended`)};
    bytes = read;
  } else if (isUrl(source)) {
    const url = checkedUrl(source);
    if (typeof url !== 'string') return {ok: false, finding: fileFinding(source, 'bundle/fetch', url.problem)};
    const got = await fetchBytes(url, options);
    if ('finding' in got) return got;
    bytes = got.bytes;
  } else {
    const read = await readWholeSource(
      source,
      options.scope,
      options.maxBytes,
      undefined,
      (d, size, max) => `${d} is ${mb(size)} MB, over the ${mb(max)} MB limit for a ${options.what}; raise it with --max-size if this is intended`,
    );
    if (!read.ok) return {ok: false, finding: read.finding};
    bytes = read.bytes;
  }
  const decoded = decodeJsonBytes(bytes);
  if (decoded.problem) {
    return {ok: false, finding: byteProblemFinding(label, decoded.text, decoded.problem)};
  }
  const doc = JsonDocument.parse(decoded.text, {file: label});
  const broken = doc.problemFindings().find((f) => f.severity === 'error');
  if (broken) return {ok: false, finding: broken};
  return {ok: true, doc, display: label};
}

/** Only http(s), and never a URL with a user name or password in it: it would be printed in every report. */
function checkedUrl(source: string): string | {problem: string} {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return {problem: `not a URL: ${JSON.stringify(source)}`};
  }
  if (url.username || url.password) return {problem: 'the URL carries a user name or password; it would be printed in every report'};
  url.hash = '';
  return url.href;
}

async function fetchBytes(url: string, options: ReadJsonOptions): Promise<{bytes: Buffer} | {ok: false; finding: Finding}> {
  try {
    const response = await httpGet(url, {...options.fetch, maxBytes: options.maxBytes, credentialHeaders: options.headers ?? {}, accept: 'application/json'});
    if (response.status < 200 || response.status > 299) {
      return {ok: false, finding: fileFinding(url, 'bundle/fetch', `GET ${url} answered HTTP ${response.status}; no ${options.what} was read`)};
    }
    return {bytes: response.body};
  } catch (error) {
    if (!(error instanceof HttpFailure)) throw error;
    return {ok: false, finding: fileFinding(url, 'bundle/fetch', `${error.message}${error.hint ? ` (${error.hint})` : ''}`)};
  }
}

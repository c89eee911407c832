import {decodeJsonBytes} from '../io/decode.js';
import type {Finding} from '../core/finding.js';
import {HttpFailure, type HttpFailureKind, type HttpGetOptions, type HttpResponse, httpGet} from '../io/http-get.js';
import {fileFinding} from '../io/read-file.js';
import {readErrorEnvelope} from './error-envelope.js';
import {PROBE_RULES, type ProbeRuleKey} from './rules.js';

export type FetchSettings = Omit<HttpGetOptions, 'accept'>;

export type JsonFetch =
  /** A 2xx answer whose body decodes as text; whether it parses is the caller's business (it keeps positions). */
  | {ok: true; response: HttpResponse; text: string}
  /** No usable body: `finding` says why (fatal for the probe: exit 2); `response` when the host did answer. */
  | {ok: false; finding: Finding; response?: HttpResponse};

const FAILURE_RULE: Record<HttpFailureKind, ProbeRuleKey> = {
  timeout: 'timeout',
  'connect-timeout': 'timeout',
  unreachable: 'unreachable',
  tls: 'tls',
  'too-large': 'tooLarge',
  'redirect-loop': 'redirect',
  'too-many-redirects': 'redirect',
  'cross-origin-redirect': 'redirect',
  'bad-redirect': 'redirect',
};

/** GETs a JSON resource (a discovery document or a kind's schema) and classifies every way it can fail. */
export async function fetchJson(url: string, settings: FetchSettings): Promise<JsonFetch> {
  let response: HttpResponse;
  try {
    response = await httpGet(url, {...settings, accept: 'application/json, application/schema+json;q=0.9, */*;q=0.1'});
  } catch (error) {
    if (!(error instanceof HttpFailure)) throw error;
    return {ok: false, finding: fatalFinding(FAILURE_RULE[error.kind], `${error.message}${error.hint ? ` (${error.hint})` : ''}`, url)};
  }
  const where = response.url === url ? url : `${url} (redirected to ${response.url})`;
  if (response.status < 200 || response.status > 299) {
    return {ok: false, response, finding: fatalFinding('httpStatus', `GET ${where} answered HTTP ${response.status}${statusDetail(response)}`, url)};
  }
  const contentType = response.headers['content-type'] ?? '';
  if (isHtmlPage(contentType, response.body)) {
    return {
      ok: false,
      response,
      finding: fatalFinding('notJson', `GET ${where} answered with an HTML page${contentType ? ` (${contentType})` : ''}, not JSON: is the URL right, or is a login page or proxy in the way?`, url),
    };
  }
  const decoded = decodeJsonBytes(response.body);
  if (decoded.problem) {
    return {ok: false, response, finding: fatalFinding('notJson', `GET ${where}: ${decoded.problem.message.replace('the file', 'the response')}`, url)};
  }
  return {ok: true, response, text: decoded.text};
}

/**
 * A page, not a JSON document served under the wrong type: HTML markup at the start, or text/html with a body that does
 * not open a JSON object or array. A JSON body served as text/html is read as JSON (the caller reports the type).
 */
function isHtmlPage(contentType: string, body: Buffer): boolean {
  const start = body
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (/^\s*<(!doctype|html|head|body|\?xml)/i.test(start)) return true;
  return /^\s*text\/html/i.test(contentType) && !/^\s*[[{]/.test(start);
}

export function fatalFinding(rule: ProbeRuleKey, message: string, file: string): Finding {
  return fileFinding(file, PROBE_RULES[rule].id, message);
}

/** A short reason from the body: an OpenWOP error envelope's code and message, or what to try for auth failures. */
function statusDetail(response: HttpResponse): string {
  let detail = '';
  const envelope = readErrorEnvelope(response);
  // Not an envelope: the status alone says it.
  if (envelope.ok)
    detail = `: ${[envelope.error, envelope.message]
      .filter((p) => typeof p === 'string')
      .join(': ')
      .slice(0, 200)}`;
  if (response.status === 401 || response.status === 403) detail += ' (the host scopes discovery: pass --token-env VAR or --header NAME:VALUE)';
  return detail;
}

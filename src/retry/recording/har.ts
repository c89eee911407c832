import {list, record, str, urlPath} from '../json-shape.js';
import {isObject} from '../../core/json.js';
import {adapterForUrlPath} from '../providers/index.js';
import type {RealProviderId, RecordedRequest} from '../types.js';
import {adaptResponse} from './items.js';
import type {ItemResult} from './items.js';
import type {Place} from './types.js';

// HAR 1.2 (browser devtools, mitmproxy, Charles…): entries to the four providers' endpoints are the host's calls, in
// the order the HAR lists them. Each gives both what the host sent (budget, prompt) and what came back.

export interface HarEntryResult {
  /** Not a provider call, or an HTTP error (a transport retry, not an RFC 0033 one): left out of the replay. */
  skipped?: {severity: 'info'; ruleId: string; message: string; place: Place};
  item?: ItemResult;
  /** The request body could not be read: the call is replayed but the host's side of it is not checked. */
  requestProblem?: {ruleId: string; message: string; place: Place};
}

export function isHar(value: unknown): value is {log: {entries: unknown[]}} {
  return isObject(value) && isObject(value.log) && Array.isArray(value.log.entries);
}

export function harEntries(value: {log: {entries: unknown[]}}): unknown[] {
  return list(value.log.entries);
}

/** One HAR entry → a recorded call, or undefined when it is not a call to one of the four APIs. */
export function harEntry(entry: unknown, place: Place, forced?: RealProviderId): HarEntryResult | undefined {
  const request = record(record(entry)?.request);
  const response = record(record(entry)?.response);
  const url = str(request?.url);
  if (!request || !response || url === null) return undefined;
  const adapter = adapterForUrlPath(urlPath(url));
  // Only a POST creates a response; a GET on the same path lists or fetches stored ones.
  const method = request.method ?? 'POST';
  if (!adapter || typeof method !== 'string' || method.toUpperCase() !== 'POST') return undefined;
  const status = typeof response.status === 'number' ? response.status : 0;
  if (status < 200 || status > 299) {
    return {
      skipped: {
        severity: 'info',
        ruleId: 'retry/har-http-error',
        message: `HTTP ${status || '(no status)'} from ${adapter.label}: a transport failure, not a model reply; left out of the replay`,
        place,
      },
    };
  }
  const content = record(response.content);
  const text = bodyText(content);
  if (text === null) {
    return {
      item: {
        ok: false,
        ruleId: 'retry/har-no-body',
        message: `the ${adapter.label} response has no saved body (export the HAR with content)`,
        place: {...place, pointer: `${place.pointer}/response/content`},
      },
    };
  }
  const adapted = adaptResponse(text, forced ?? adapter.id);
  if (!adapted.ok) return {item: {ok: false, ruleId: adapted.ruleId, message: adapted.message, place: {...place, pointer: `${place.pointer}/response/content/text`}}};
  const sent = requestBody(request);
  const recorded: RecordedRequest | undefined = sent ? adapter.request(sent) : undefined;
  return {
    item: {ok: true, call: {response: adapted.response, ...(recorded ? {request: recorded} : {}), place}, ...(adapted.notes ? {notes: adapted.notes} : {})},
    ...(sent
      ? {}
      : {
          requestProblem: {
            ruleId: 'retry/har-no-request-body',
            message: `the ${adapter.label} request body is missing or not JSON: this call's budget and prompt are not checked`,
            place: {...place, pointer: `${place.pointer}/request`},
          },
        }),
  };
}

function bodyText(content: Record<string, unknown> | undefined): string | null {
  const text = str(content?.text);
  if (text === null) return null;
  return content?.encoding === 'base64' ? Buffer.from(text, 'base64').toString('utf8') : text;
}

function requestBody(request: Record<string, unknown>): Record<string, unknown> | undefined {
  const text = str(record(request.postData)?.text);
  if (text === null) return undefined;
  try {
    const body: unknown = JSON.parse(text);
    return isObject(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

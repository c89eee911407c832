import {isObject} from '../../core/json.js';
import {adaptBody, adapterById, adaptStream} from '../providers/index.js';
import {looksLikeSse} from '../sse.js';
import type {Adapted, AdaptNote, RealProviderId, RecordedRequest} from '../types.js';
import type {Place, RecordedCall} from './types.js';

export type ItemResult = {ok: true; call: RecordedCall; notes?: AdaptNote[]} | {ok: false; ruleId: string; message: string; place: Place; line?: number};

/**
 * One recorded call given as JSON: a provider response body, or an exchange `{request, response}` where `request` is
 * the body the host sent and `response` the body (or SSE text) it got back.
 */
export function itemToCall(value: unknown, place: Place, forced?: RealProviderId): ItemResult {
  if (isObject(value) && 'response' in value && 'request' in value) {
    const responsePlace = {...place, pointer: `${place.pointer}/response`};
    const adapted = adaptResponse(value.response, forced);
    if (!adapted.ok) return {ok: false, ruleId: adapted.ruleId, message: adapted.message, place: responsePlace};
    const provider = adapted.response.provider;
    const request: RecordedRequest | undefined = isObject(value.request) && provider !== 'mock' ? adapterById(provider).request(value.request) : undefined;
    return {ok: true, call: {response: adapted.response, ...(request ? {request} : {}), place}, ...(adapted.notes ? {notes: adapted.notes} : {})};
  }
  const adapted = adaptBody(value, forced);
  return adapted.ok ? {ok: true, call: {response: adapted.response, place}} : {ok: false, ruleId: adapted.ruleId, message: adapted.message, place};
}

/** A response given as an object, or as text holding JSON or an SSE capture. */
export function adaptResponse(response: unknown, forced?: RealProviderId): Adapted {
  if (typeof response !== 'string') return adaptBody(response, forced);
  if (looksLikeSse(response)) return adaptStream(response, forced);
  try {
    return adaptBody(JSON.parse(response), forced);
  } catch {
    return {ok: false, ruleId: 'retry/provider-body', message: 'the response text is neither JSON nor an SSE capture'};
  }
}

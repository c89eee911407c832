import {record, str} from '../json-shape.js';
import {isObject} from '../../core/json.js';
import {readSse} from '../sse.js';
import type {Adapted, AdaptNote, RealProviderId} from '../types.js';
import {ok, type ProviderAdapter, type StreamEvent} from './adapter.js';
import {anthropic} from './anthropic.js';
import {gemini} from './gemini.js';
import {openaiChat} from './openai-chat.js';
import {openaiResponses} from './openai-responses.js';

export type {ProviderAdapter} from './adapter.js';

export const ADAPTERS: readonly ProviderAdapter[] = [openaiChat, openaiResponses, anthropic, gemini];

const KNOWN = ADAPTERS.map((a) => a.label).join(', ');

export function adapterById(id: RealProviderId): ProviderAdapter {
  return ADAPTERS.find((a) => a.id === id) as ProviderAdapter;
}

/** The API a HAR entry's URL belongs to, if any of the four. */
export function adapterForUrlPath(path: string): ProviderAdapter | undefined {
  return ADAPTERS.find((a) => a.matchesPath(path));
}

/** A JSON response body → the normalised response; the API is detected from the body unless `forced`. */
export function adaptBody(body: unknown, forced?: RealProviderId): Adapted {
  if (!isObject(body)) return {ok: false, ruleId: 'retry/unknown-provider', message: `expected a provider response object, got ${Array.isArray(body) ? 'an array' : typeof body}`};
  const overflow = contextOverflowError(body, forced);
  if (overflow) return overflow;
  const error = errorBody(body);
  if (error) return {ok: false, ruleId: 'retry/provider-error-body', message: error};
  if (forced) return adapterById(forced).fromBody(body);
  const adapter = ADAPTERS.find((a) => a.looksLikeBody(body));
  if (!adapter) return {ok: false, ruleId: 'retry/unknown-provider', message: `not a response body of any API this tool reads (${KNOWN}); if it is one of them, say which with --provider`};
  return adapter.fromBody(body);
}

/** A saved SSE capture → the normalised response, with the streamed text reassembled and the final stop signal read. */
export function adaptStream(text: string, forced?: RealProviderId): Adapted {
  const capture = readSse(text);
  if (capture.cutAt !== undefined) {
    return {
      ok: false,
      ruleId: 'retry/sse-cut',
      line: capture.cutAt,
      message: `the capture is cut off inside the event that starts on line ${capture.cutAt} (no blank line ends it and its data is incomplete): record the whole stream`,
    };
  }
  const events: StreamEvent[] = [];
  const notes: AdaptNote[] = [];
  for (const [i, e] of capture.events.entries()) {
    if (e.data === '[DONE]') {
      events.push({...e, data: e.data});
      // A client stops reading at [DONE]: whatever follows is not part of the response (and may be a forged tail).
      const after = capture.events.length - i - 1;
      if (after > 0)
        notes.push({
          ruleId: 'retry/sse-after-done',
          line: capture.events[i + 1].line,
          message: `${after} event${after === 1 ? '' : 's'} after "data: [DONE]" (line ${e.line}) ignored, from line ${capture.events[i + 1].line}: a client stops reading at [DONE]`,
        });
      break;
    }
    try {
      events.push({...e, data: JSON.parse(e.data)});
    } catch {
      return {ok: false, ruleId: 'retry/sse-data', line: e.line, message: `the event on line ${e.line} carries data that is not JSON`};
    }
  }
  const first = events.find((e) => isObject(e.data));
  if (!first) return {ok: false, ruleId: 'retry/unknown-provider', line: 1, message: 'the capture holds no JSON events'};
  const error = events.map((e) => (isObject(e.data) && !('type' in e.data) ? errorBody(e.data) : undefined)).find(Boolean);
  if (error) return {ok: false, ruleId: 'retry/provider-error-body', message: error};
  const adapter = forced ? adapterById(forced) : ADAPTERS.find((a) => a.looksLikeStream(first));
  if (!adapter) return {ok: false, ruleId: 'retry/unknown-provider', line: first.line, message: `not a stream of any API this tool reads (${KNOWN}); if it is one of them, say which with --provider`};
  const adapted = adapter.fromStream(events);
  return adapted.ok && notes.length > 0 ? {...adapted, notes} : adapted;
}

/**
 * OpenAI answers a prompt that leaves no room for output with an HTTP 400 `{error: {code: "context_length_exceeded"}}`:
 * no model reply, but the same dead end as a context window filled mid-output, so it is routed as one.
 */
function contextOverflowError(body: Record<string, unknown>, forced?: RealProviderId): Adapted | undefined {
  const code = str(record(body.error)?.code);
  if (code !== 'context_length_exceeded' || (forced && !forced.startsWith('openai'))) return undefined;
  return ok({provider: forced ?? 'openai-chat', stopClass: 'context-overflow', stopReason: code, text: null, model: null, outputTokens: null, refusalText: null, safetyCategory: null});
}

/** OpenAI, Anthropic and Gemini all answer an HTTP error with `{error: {...}}` and nothing a model wrote. */
function errorBody(body: Record<string, unknown>): string | undefined {
  const error = record(body.error);
  if (!error || 'choices' in body || 'candidates' in body || 'output' in body || 'content' in body) return undefined;
  const kind = str(error.type) ?? str(error.status) ?? str(error.code) ?? 'error';
  const message = str(error.message);
  return `a provider error response (${kind}${message ? `: ${message.length > 120 ? `${message.slice(0, 117)}...` : message}` : ''}), not a model response: nothing to route`;
}

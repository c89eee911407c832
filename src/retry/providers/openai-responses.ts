import {canonicalJson, int, list, record, str} from '../json-shape.js';
import {isObject, type JsonObject} from '../../core/json.js';
import type {StopClass} from '../types.js';
import {BODY_RULE, classOf, NO_STOP_RULE, notOk, ok, streamError, type ProviderAdapter, type StreamEvent} from './adapter.js';

// OpenAI Responses. The stop signal is `status` plus `incomplete_details.reason`; a refusal is a content part of type
// "refusal" inside a response whose status can still be "completed".

/** Keyed by `incomplete_details.reason` for incomplete responses and by `status` otherwise. */
const STOP_CLASSES: Record<string, StopClass> = {
  completed: 'clean',
  max_output_tokens: 'truncated',
  content_filter: 'blocked',
  failed: 'other',
  cancelled: 'other',
};

const TERMINAL_EVENTS = new Set(['response.completed', 'response.incomplete', 'response.failed', 'response.cancelled']);

interface Output {
  text: string | null;
  refusal: string | null;
  toolArgs: string | null;
}

function readOutput(output: unknown): Output {
  let text: string | null = null;
  let refusal: string | null = null;
  let toolArgs: string | null = null;
  for (const item of list(output)) {
    const it = record(item);
    if (!it) continue;
    if (it.type === 'function_call' && toolArgs === null) toolArgs = str(it.arguments);
    for (const part of list(it.content)) {
      const p = record(part);
      if (p?.type === 'output_text' && typeof p.text === 'string') text = (text ?? '') + p.text;
      if (p?.type === 'refusal' && typeof p.refusal === 'string') refusal = (refusal ?? '') + p.refusal;
    }
  }
  return {text, refusal, toolArgs};
}

function assemble(response: JsonObject, out: Output) {
  const status = str(response.status);
  const stopReason = status === 'incomplete' ? (str(record(response.incomplete_details)?.reason) ?? 'incomplete') : status;
  let stopClass = classOf(STOP_CLASSES, stopReason);
  if (out.refusal !== null) stopClass = 'refusal';
  else if (stopClass === 'clean' && out.toolArgs !== null && out.text === null) stopClass = 'tool-call';
  return ok({
    provider: 'openai-responses',
    stopClass,
    stopReason,
    text: stopClass === 'tool-call' ? out.toolArgs : out.text,
    model: str(response.model),
    outputTokens: int(record(response.usage)?.output_tokens),
    refusalText: out.refusal,
    safetyCategory: null,
  });
}

export const openaiResponses: ProviderAdapter = {
  id: 'openai-responses',
  family: 'openai',
  label: 'OpenAI Responses',
  stopClasses: STOP_CLASSES,

  looksLikeBody: (body) => body.object === 'response' || (Array.isArray(body.output) && typeof body.status === 'string'),

  fromBody(body) {
    if (typeof body.status !== 'string') return notOk(BODY_RULE, 'an OpenAI Responses body without "status": nothing to route');
    return assemble(body, readOutput(body.output));
  },

  looksLikeStream: (first) => isObject(first.data) && typeof first.data.type === 'string' && first.data.type.startsWith('response.'),

  fromStream(events: readonly StreamEvent[]) {
    let text: string | null = null;
    let refusal: string | null = null;
    let toolArgs: string | null = null;
    for (const e of events) {
      if (!isObject(e.data)) continue;
      const type = str(e.data.type) ?? e.event ?? '';
      const delta = str(e.data.delta);
      if (type === 'response.output_text.delta' && delta !== null) text = (text ?? '') + delta;
      else if (type === 'response.refusal.delta' && delta !== null) refusal = (refusal ?? '') + delta;
      else if (type === 'response.function_call_arguments.delta' && delta !== null) toolArgs = (toolArgs ?? '') + delta;
      else if (type === 'error') return streamError('openai-responses', 'error', {text, model: null, outputTokens: null});
      else if (TERMINAL_EVENTS.has(type) && isObject(e.data.response)) {
        // The terminal event may repeat the whole output; the deltas win when there were any.
        const final = readOutput(e.data.response.output);
        return assemble(e.data.response, {text: text ?? final.text, refusal: refusal ?? final.refusal, toolArgs: toolArgs ?? final.toolArgs});
      }
    }
    return notOk(NO_STOP_RULE, 'the stream ends before response.completed, response.incomplete or response.failed: the capture is incomplete');
  },

  matchesPath: (path) => /\/responses\/?$/.test(path),

  request: (body: JsonObject) => ({
    maxTokens: int(body.max_output_tokens),
    prompt: canonicalJson({instructions: body.instructions ?? null, input: body.input ?? null}),
  }),
};

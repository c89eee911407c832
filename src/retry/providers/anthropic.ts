import {canonicalJson, int, record, str} from '../json-shape.js';
import {isObject, type JsonObject} from '../../core/json.js';
import type {StopClass} from '../types.js';
import {BODY_RULE, classOf, NO_STOP_RULE, notOk, ok, streamError, type ProviderAdapter, type StreamEvent} from './adapter.js';

// Anthropic Messages. `pause_turn` (a server-tool loop paused) asks the host to resubmit: it is not a failure.

const STOP_CLASSES: Record<string, StopClass> = {
  end_turn: 'clean',
  stop_sequence: 'clean',
  max_tokens: 'truncated',
  // The context window ran out mid-output: the payload is cut off, but a bigger output budget cannot help.
  model_context_window_exceeded: 'context-overflow',
  refusal: 'refusal',
  tool_use: 'tool-call',
  pause_turn: 'paused',
};

interface Parts {
  stopReason: string | null;
  text: string | null;
  toolInput: string | null;
  stopDetails: JsonObject | undefined;
  model: string | null;
  outputTokens: number | null;
}

function assemble(p: Parts) {
  const stopClass = classOf(STOP_CLASSES, p.stopReason);
  return ok({
    provider: 'anthropic',
    stopClass,
    stopReason: p.stopReason,
    text: stopClass === 'tool-call' ? p.toolInput : p.text,
    model: p.model,
    outputTokens: p.outputTokens,
    refusalText: stopClass === 'refusal' ? str(p.stopDetails?.explanation) : null,
    safetyCategory: stopClass === 'refusal' ? str(p.stopDetails?.category) : null,
  });
}

export const anthropic: ProviderAdapter = {
  id: 'anthropic',
  family: 'anthropic',
  label: 'Anthropic Messages',
  stopClasses: STOP_CLASSES,

  looksLikeBody: (body) => body.type === 'message' || ('stop_reason' in body && Array.isArray(body.content)),

  fromBody(body) {
    if (!Array.isArray(body.content)) return notOk(BODY_RULE, 'an Anthropic message without a "content" array: nothing to route');
    let text: string | null = null;
    let toolInput: string | null = null;
    for (const block of body.content) {
      const b = record(block);
      if (b?.type === 'text' && typeof b.text === 'string') text = (text ?? '') + b.text;
      if (b?.type === 'tool_use' && toolInput === null) toolInput = JSON.stringify(b.input ?? null);
    }
    return assemble({
      stopReason: str(body.stop_reason),
      text,
      toolInput,
      stopDetails: record(body.stop_details),
      model: str(body.model),
      outputTokens: int(record(body.usage)?.output_tokens),
    });
  },

  looksLikeStream: (first) => isObject(first.data) && typeof first.data.type === 'string' && /^(message_|content_block_|ping$)/.test(first.data.type),

  fromStream(events: readonly StreamEvent[]) {
    let text: string | null = null;
    let toolInput: string | null = null;
    let toolJson = '';
    let stopReason: string | null = null;
    let stopDetails: JsonObject | undefined;
    let model: string | null = null;
    let outputTokens: number | null = null;
    for (const e of events) {
      const d = record(e.data);
      if (!d) continue;
      if (d.type === 'message_start') {
        const message = record(d.message);
        model = str(message?.model);
        outputTokens = int(record(message?.usage)?.output_tokens);
      } else if (d.type === 'content_block_start') {
        const block = record(d.content_block);
        if (block?.type === 'tool_use' && toolInput === null) toolInput = JSON.stringify(block.input ?? {});
      } else if (d.type === 'content_block_delta') {
        const delta = record(d.delta);
        if (delta?.type === 'text_delta' && typeof delta.text === 'string') text = (text ?? '') + delta.text;
        if (delta?.type === 'input_json_delta' && typeof delta.partial_json === 'string') toolJson += delta.partial_json;
      } else if (d.type === 'message_delta') {
        const delta = record(d.delta);
        stopReason = str(delta?.stop_reason) ?? stopReason;
        stopDetails = record(delta?.stop_details) ?? stopDetails;
        outputTokens = int(record(d.usage)?.output_tokens) ?? outputTokens;
      } else if (d.type === 'error') {
        const kind = str(record(d.error)?.type) ?? 'error';
        return streamError('anthropic', `error:${kind}`, {text, model, outputTokens});
      }
    }
    if (stopReason === null) return notOk(NO_STOP_RULE, 'the stream ends before a message_delta carries stop_reason: the capture is incomplete');
    return assemble({stopReason, text, toolInput: toolJson || toolInput, stopDetails, model, outputTokens});
  },

  matchesPath: (path) => /\/v1\/messages\/?$/.test(path),

  request: (body: JsonObject) => ({
    maxTokens: int(body.max_tokens),
    prompt: canonicalJson({system: body.system ?? null, messages: body.messages ?? null}),
  }),
};

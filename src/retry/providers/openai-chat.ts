import {canonicalJson, int, list, record, str} from '../json-shape.js';
import {isObject, type JsonObject} from '../../core/json.js';
import type {StopClass} from '../types.js';
import {BODY_RULE, classOf, NO_STOP_RULE, notOk, ok, type ProviderAdapter, type StreamEvent} from './adapter.js';

// OpenAI Chat Completions. A refusal arrives as `message.refusal` with finish_reason "stop", so the refusal field is
// read before the finish reason.

const STOP_CLASSES: Record<string, StopClass> = {
  stop: 'clean',
  length: 'truncated',
  content_filter: 'blocked',
  tool_calls: 'tool-call',
  function_call: 'tool-call',
};

interface Parts {
  finish: string | null;
  content: string | null;
  refusal: string | null;
  toolArgs: string | null;
  model: string | null;
  outputTokens: number | null;
}

function assemble(p: Parts) {
  const stopClass: StopClass = p.refusal ? 'refusal' : classOf(STOP_CLASSES, p.finish);
  return ok({
    provider: 'openai-chat',
    stopClass,
    stopReason: p.finish,
    text: stopClass === 'tool-call' ? p.toolArgs : p.content,
    model: p.model,
    outputTokens: p.outputTokens,
    refusalText: p.refusal,
    safetyCategory: null,
  });
}

function firstToolArgs(toolCalls: unknown): string | null {
  const call = record(list(toolCalls)[0]);
  return str(record(call?.function)?.arguments);
}

export const openaiChat: ProviderAdapter = {
  id: 'openai-chat',
  family: 'openai',
  label: 'OpenAI Chat Completions',
  stopClasses: STOP_CLASSES,

  looksLikeBody: (body) => body.object === 'chat.completion' || Array.isArray(body.choices),

  fromBody(body) {
    const choice = record(list(body.choices)[0]);
    if (!choice) return notOk(BODY_RULE, 'an OpenAI chat completion without choices[0]: nothing to route');
    const message = record(choice.message) ?? {};
    return assemble({
      finish: str(choice.finish_reason),
      content: str(message.content),
      refusal: str(message.refusal),
      toolArgs: firstToolArgs(message.tool_calls) ?? str(record(message.function_call)?.arguments),
      model: str(body.model),
      outputTokens: int(record(body.usage)?.completion_tokens),
    });
  },

  looksLikeStream: (first) => isObject(first.data) && (first.data.object === 'chat.completion.chunk' || Array.isArray(first.data.choices)),

  fromStream(events: readonly StreamEvent[]) {
    let content = '';
    let refusal = '';
    let toolArgs = '';
    let sawContent = false;
    let finish: string | null = null;
    let model: string | null = null;
    let outputTokens: number | null = null;
    for (const e of events) {
      if (!isObject(e.data)) continue;
      model = str(e.data.model) ?? model;
      outputTokens = int(record(e.data.usage)?.completion_tokens) ?? outputTokens;
      const choice = record(list(e.data.choices)[0]);
      if (!choice) continue;
      const delta = record(choice.delta) ?? {};
      if (typeof delta.content === 'string') {
        content += delta.content;
        sawContent = true;
      }
      if (typeof delta.refusal === 'string') refusal += delta.refusal;
      for (const call of list(delta.tool_calls)) {
        const args = str(record(record(call)?.function)?.arguments);
        if (args !== null && (record(call)?.index ?? 0) === 0) toolArgs += args;
      }
      finish = str(choice.finish_reason) ?? finish;
    }
    if (finish === null) return notOk(NO_STOP_RULE, 'the stream ends before any chunk carries a finish_reason: the capture is incomplete');
    return assemble({finish, content: sawContent ? content : null, refusal: refusal || null, toolArgs: toolArgs || null, model, outputTokens});
  },

  matchesPath: (path) => /\/chat\/completions\/?$/.test(path),

  request: (body: JsonObject) => ({
    maxTokens: int(body.max_completion_tokens) ?? int(body.max_tokens),
    prompt: canonicalJson(body.messages ?? null),
  }),
};

import {canonicalJson, int, list, record, str} from '../json-shape.js';
import {isObject, type JsonObject} from '../../core/json.js';
import type {NormalisedResponse, StopClass} from '../types.js';
import {BODY_RULE, classOf, NO_STOP_RULE, notOk, ok, type ProviderAdapter, type StreamEvent} from './adapter.js';

// Gemini generateContent / streamGenerateContent?alt=sse. A blocked prompt has no candidates at all, only
// `promptFeedback.blockReason`; a thinking model can hit MAX_TOKENS with no parts.

const STOP_CLASSES: Record<string, StopClass> = {
  STOP: 'clean',
  MAX_TOKENS: 'truncated',
  SAFETY: 'blocked',
  RECITATION: 'blocked',
  BLOCKLIST: 'blocked',
  PROHIBITED_CONTENT: 'blocked',
  SPII: 'blocked',
  IMAGE_SAFETY: 'blocked',
  IMAGE_PROHIBITED_CONTENT: 'blocked',
  IMAGE_RECITATION: 'blocked',
};

interface Acc {
  text: string | null;
  toolArgs: string | null;
  finishReason: string | null;
  blockReason: string | null;
  /** Vertex AI's human-readable explanation of a blocked prompt (`promptFeedback.blockReasonMessage`). */
  blockMessage: string | null;
  blockedCategory: string | null;
  model: string | null;
  outputTokens: number | null;
}

function empty(): Acc {
  return {text: null, toolArgs: null, finishReason: null, blockReason: null, blockMessage: null, blockedCategory: null, model: null, outputTokens: null};
}

/** Folds one GenerateContentResponse (a whole body, or one stream chunk) into the accumulator. */
function absorb(acc: Acc, body: JsonObject): void {
  acc.model = str(body.modelVersion) ?? acc.model;
  const feedback = record(body.promptFeedback);
  acc.blockReason = str(feedback?.blockReason) ?? acc.blockReason;
  acc.blockMessage = str(feedback?.blockReasonMessage) ?? acc.blockMessage;
  const usage = record(body.usageMetadata);
  if (usage) {
    // maxOutputTokens covers thinking tokens too, so they count as output here.
    const candidates = int(usage.candidatesTokenCount);
    const thoughts = int(usage.thoughtsTokenCount);
    if (candidates !== null || thoughts !== null) acc.outputTokens = (candidates ?? 0) + (thoughts ?? 0);
  }
  const candidate = record(list(body.candidates)[0]);
  if (!candidate) return;
  acc.finishReason = str(candidate.finishReason) ?? acc.finishReason;
  for (const part of list(record(candidate.content)?.parts)) {
    const p = record(part);
    if (!p || p.thought === true) continue;
    if (typeof p.text === 'string') acc.text = (acc.text ?? '') + p.text;
    const call = record(p.functionCall);
    if (call && acc.toolArgs === null) acc.toolArgs = JSON.stringify(call.args ?? {});
  }
  const blocked = list(candidate.safetyRatings)
    .map(record)
    .find((r) => r?.blocked === true);
  acc.blockedCategory = str(blocked?.category) ?? acc.blockedCategory;
}

function assemble(acc: Acc): NormalisedResponse {
  if (acc.finishReason === null && acc.blockReason !== null) {
    return {
      provider: 'gemini',
      stopClass: 'blocked',
      stopReason: acc.blockReason,
      text: null,
      model: acc.model,
      outputTokens: acc.outputTokens,
      refusalText: acc.blockMessage,
      safetyCategory: acc.blockReason,
    };
  }
  let stopClass = classOf(STOP_CLASSES, acc.finishReason);
  if (stopClass === 'clean' && acc.toolArgs !== null && acc.text === null) stopClass = 'tool-call';
  return {
    provider: 'gemini',
    stopClass,
    stopReason: acc.finishReason,
    text: stopClass === 'tool-call' ? acc.toolArgs : acc.text,
    model: acc.model,
    outputTokens: acc.outputTokens,
    refusalText: null,
    safetyCategory: stopClass === 'blocked' ? acc.blockedCategory : null,
  };
}

export const gemini: ProviderAdapter = {
  id: 'gemini',
  family: 'gemini',
  label: 'Gemini generateContent',
  stopClasses: STOP_CLASSES,

  looksLikeBody: (body) => Array.isArray(body.candidates) || isObject(body.promptFeedback),

  fromBody(body) {
    if (!Array.isArray(body.candidates) && !isObject(body.promptFeedback)) return notOk(BODY_RULE, 'a Gemini body with neither candidates nor promptFeedback: nothing to route');
    const acc = empty();
    absorb(acc, body);
    return ok(assemble(acc));
  },

  looksLikeStream: (first) => isObject(first.data) && (Array.isArray(first.data.candidates) || isObject(first.data.promptFeedback)),

  fromStream(events: readonly StreamEvent[]) {
    const acc = empty();
    for (const e of events) if (isObject(e.data)) absorb(acc, e.data);
    if (acc.finishReason === null && acc.blockReason === null) {
      return notOk(NO_STOP_RULE, 'the stream ends before any chunk carries finishReason: the capture is incomplete');
    }
    return ok(assemble(acc));
  },

  matchesPath: (path) => /\/models\/[^/]+:(?:stream)?generateContent$/i.test(path),

  request: (body: JsonObject) => {
    const config = record(body.generationConfig) ?? record(body.generation_config);
    return {
      maxTokens: int(config?.maxOutputTokens) ?? int(config?.max_output_tokens),
      prompt: canonicalJson({systemInstruction: body.systemInstruction ?? body.system_instruction ?? null, contents: body.contents ?? null}),
    };
  },
};

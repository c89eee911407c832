import {isObject} from '../../core/json.js';
import {classOf} from '../providers/adapter.js';
import {ADAPTERS} from '../providers/index.js';
import type {StopClass} from '../types.js';
import type {ItemResult} from './items.js';
import type {Place} from './types.js';

// Upstream's mock-AI program: `{nodeId, program: [{stopReason?, content}]}`. The mock speaks Anthropic's stop words
// (`end_turn`, `max_tokens`), but any of the four APIs' raw reasons is understood; an absent stopReason is a clean stop.

const MOCK_STOP_CLASSES: Record<string, StopClass> = Object.assign({}, ...[...ADAPTERS].reverse().map((a) => a.stopClasses)) as Record<string, StopClass>;

export function isMockProgram(value: unknown): value is {program: unknown[]} {
  return isObject(value) && Array.isArray(value.program);
}

export function mockNodeId(value: {program: unknown[]} & Record<string, unknown>): string | undefined {
  return typeof value.nodeId === 'string' && value.nodeId !== '' ? value.nodeId : undefined;
}

export function mockStep(step: unknown, place: Place): ItemResult {
  if (!isObject(step)) return {ok: false, ruleId: 'retry/recording-shape', message: 'a program step must be an object {stopReason?, content}', place};
  if (step.stopReason !== undefined && typeof step.stopReason !== 'string') {
    return {ok: false, ruleId: 'retry/recording-shape', message: 'stopReason must be a string when present', place: {...place, pointer: `${place.pointer}/stopReason`}};
  }
  if (typeof step.content !== 'string') {
    return {ok: false, ruleId: 'retry/recording-shape', message: 'content must be a string: the text the model emitted', place: {...place, pointer: `${place.pointer}/content`}};
  }
  const stopReason = step.stopReason ?? null;
  return {
    ok: true,
    call: {
      place,
      response: {
        provider: 'mock',
        stopClass: stopReason === null ? 'clean' : classOf(MOCK_STOP_CLASSES, stopReason),
        stopReason,
        text: step.content,
        model: 'mock',
        outputTokens: null,
        refusalText: null,
        safetyCategory: null,
      },
    },
  };
}

import type {ValidateFunction} from 'ajv';
import {describeIssues} from '../../src/retry/corrective-fragment.js';
import type {PayloadValidator} from '../../src/retry/payload.js';
import type {NormalisedResponse, StopClass} from '../../src/retry/types.js';
import {createAjv} from '../../src/schemas/index.js';

/** A provider response with only what a router test cares about. */
export function reply(stopClass: StopClass, text: string | null = null, extra: Partial<NormalisedResponse> = {}): NormalisedResponse {
  return {provider: 'anthropic', stopClass, stopReason: STOP_REASON[stopClass], text, model: 'claude-test', outputTokens: 12, refusalText: null, safetyCategory: null, ...extra};
}

const STOP_REASON: Record<StopClass, string> = {
  clean: 'end_turn',
  truncated: 'max_tokens',
  'context-overflow': 'model_context_window_exceeded',
  refusal: 'refusal',
  blocked: 'SAFETY',
  'tool-call': 'tool_use',
  paused: 'pause_turn',
  other: 'MALFORMED_FUNCTION_CALL',
};

export const TICKET_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['ticket_id', 'priority', 'summary'],
  properties: {ticket_id: {type: 'string'}, priority: {type: 'string', enum: ['low', 'medium', 'high']}, summary: {type: 'string'}, tags: {type: 'array', items: {type: 'string'}}},
};

export const VALID_TICKET = '{"ticket_id":"T-1","priority":"high","summary":"Checkout fails"}';

export function validatorFor(schema: object): PayloadValidator {
  const validate: ValidateFunction = createAjv().compile(schema);
  return {label: 'test schema', check: (v) => (validate(v) ? [] : describeIssues(validate.errors ?? [], schema))};
}

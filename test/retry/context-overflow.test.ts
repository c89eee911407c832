import {describe, expect, it} from 'vitest';
import {makeEvaluator} from '../../src/retry/payload.js';
import {adaptBody} from '../../src/retry/providers/index.js';
import {replay, type RouterConfig} from '../../src/retry/router.js';
import type {NormalisedResponse} from '../../src/retry/types.js';
import {reply, TICKET_SCHEMA, VALID_TICKET, validatorFor} from './helpers.js';

const config: RouterConfig = {nodeId: 'n1', initialBudget: 100, multiplier: 2, maxCalls: 3, ceiling: null, evaluate: makeEvaluator(validatorFor(TICKET_SCHEMA), [])};

function adapted(body: unknown): NormalisedResponse {
  const a = adaptBody(body);
  if (!a.ok) throw new Error(a.message);
  return a.response;
}

describe('a full context window is terminal, not a truncation to retry with a bigger budget', () => {
  it('Anthropic model_context_window_exceeded fails the node on the first call', () => {
    const body = {type: 'message', model: 'claude-test', content: [{type: 'text', text: '{"ticket_id":"T'}], stop_reason: 'model_context_window_exceeded', usage: {output_tokens: 40}};
    const s = replay(config, [adapted(body), reply('clean', VALID_TICKET)]);
    expect(s.attempts[0]).toMatchObject({stopClass: 'context-overflow', route: 'fail', reason: 'truncation', maxTokens: 100});
    expect(s.calls).toBe(1);
    expect(s.terminal).toEqual({outcome: 'failed', errorCode: 'envelope_truncation_unrecoverable', reason: 'truncation', cause: 'context-overflow'});
    expect(s.events.map((e) => e.type)).toEqual(['envelope.truncated', 'envelope.retry.exhausted', 'node.failed']);
    expect(s.events[0].payload).toMatchObject({stopReason: 'unknown', outputTokenCount: 40});
    expect(s.events[1].payload).toMatchObject({finalReason: 'truncation', totalAttempts: 1});
  });

  it('an OpenAI context_length_exceeded error body is read as the same dead end', () => {
    const body = {error: {message: "This model's maximum context length is 128000 tokens.", type: 'invalid_request_error', param: 'messages', code: 'context_length_exceeded'}};
    const response = adapted(body);
    expect(response).toMatchObject({provider: 'openai-chat', stopClass: 'context-overflow', stopReason: 'context_length_exceeded'});
    expect(replay(config, [response]).terminal).toMatchObject({outcome: 'failed', cause: 'context-overflow'});
  });

  it('other error bodies are still not model replies', () => {
    expect(adaptBody({error: {type: 'rate_limit_error', message: 'slow down'}})).toMatchObject({ok: false, ruleId: 'retry/provider-error-body'});
  });
});

import {describe, expect, it} from 'vitest';
import {makeEvaluator} from '../../src/retry/payload.js';
import {braceWalker} from '../../src/retry/recovery/brace-walker.js';
import {markdownFence} from '../../src/retry/recovery/markdown-fence.js';
import {replay, step, startRouter, type RouterConfig} from '../../src/retry/router.js';
import {reply, TICKET_SCHEMA, VALID_TICKET, validatorFor} from './helpers.js';

const config = (over: Partial<RouterConfig> = {}): RouterConfig => ({
  nodeId: 'n1',
  initialBudget: 100,
  multiplier: 2,
  maxCalls: 3,
  ceiling: null,
  evaluate: makeEvaluator(validatorFor(TICKET_SCHEMA), []),
  ...over,
});
const types = (s: ReturnType<typeof replay>) => s.events.map((e) => e.type);

describe('router routes', () => {
  it('accepts a clean, valid reply on the first call with no events', () => {
    const s = replay(config(), [reply('clean', VALID_TICKET)]);
    expect(s.terminal).toMatchObject({outcome: 'accepted', errorCode: null, cause: 'valid'});
    expect(s.events).toEqual([]);
    expect(s.attempts[0]).toMatchObject({route: 'accept', maxTokens: 100, correctiveFragment: null});
  });

  it('truncation wins when the text is also invalid: bigger budget, no fragment', () => {
    const s = replay(config(), [reply('truncated', '{"ticket_id":"T'), reply('clean', VALID_TICKET)]);
    expect(s.attempts.map((a) => [a.reason, a.maxTokens, a.correctiveFragment])).toEqual([
      ['truncation', 100, null],
      [null, 200, null],
    ]);
    expect(s.events[0]).toMatchObject({type: 'envelope.truncated', payload: {stopReason: 'max_tokens', outputTokenCount: 12, provider: 'anthropic', model: 'claude-test'}});
  });

  it('truncation with a text that happens to be valid is still truncation (a clean stop is required)', () => {
    const s = replay(config(), [reply('truncated', VALID_TICKET)]);
    expect(s.terminal).toBeNull();
    expect(s.attempts[0].reason).toBe('truncation');
  });

  it('a schema violation keeps the budget and adds a fragment from the validator output', () => {
    const s = replay(config(), [reply('clean', '{"ticket_id":"T-1","priority":"urgent","summary":"x"}'), reply('clean', VALID_TICKET)]);
    expect(s.attempts.map((a) => a.maxTokens)).toEqual([100, 100]);
    expect(s.attempts[1].correctiveFragment).toContain('/priority: must be one of "low", "medium", "high"');
    expect(s.events).toEqual([
      {type: 'envelope.retry.attempted', call: 1, payload: {nodeId: 'n1', attempt: 2, reason: 'schema-violation', previousError: '/priority: must be one of "low", "medium", "high"'}},
    ]);
  });

  it('a reply that does not parse is a parse-error with its own fragment', () => {
    const s = replay(config(), [reply('clean', 'Sure! Here you go.')]);
    expect(s.attempts[0].reason).toBe('parse-error');
    expect(s.fragment).toMatch(/not valid JSON/);
  });

  it('a refusal is never retried, whatever calls remain', () => {
    const s = replay(config({maxCalls: 16}), [reply('refusal', null, {refusalText: 'No.', safetyCategory: 'cyber'}), reply('clean', VALID_TICKET)]);
    expect(s.calls).toBe(1);
    expect(s.terminal).toMatchObject({outcome: 'failed', errorCode: 'envelope_refusal', cause: 'refusal'});
    expect(types(s)).toEqual(['envelope.refusal', 'envelope.retry.exhausted', 'node.failed']);
    expect(s.events[0].payload).toEqual({nodeId: 'n1', provider: 'anthropic', model: 'claude-test', refusalText: 'No.', safetyCategory: 'cyber'});
  });

  it('a provider block routes like a refusal', () => {
    expect(replay(config(), [reply('blocked')]).terminal?.errorCode).toBe('envelope_refusal');
  });

  it('a tool call is judged on its arguments', () => {
    expect(replay(config(), [reply('tool-call', VALID_TICKET)]).terminal?.outcome).toBe('accepted');
    expect(replay(config(), [reply('tool-call', '{}')]).attempts[0].reason).toBe('schema-violation');
  });

  it('a paused turn is resubmitted without an event and keeps its attempt number, but counts under the cap', () => {
    const s = replay(config(), [reply('paused', 'searching'), reply('clean', VALID_TICKET)]);
    expect(s.attempts.map((a) => [a.call, a.attempt, a.route])).toEqual([
      [1, 1, 'continue'],
      [2, 1, 'accept'],
    ]);
    expect(s.events).toEqual([]);
    const capped = replay(config({maxCalls: 2}), [reply('paused'), reply('paused'), reply('clean', VALID_TICKET)]);
    expect(capped.calls).toBe(2);
    expect(capped.terminal).toMatchObject({outcome: 'failed', errorCode: 'envelope_invalid', reason: 'unknown'});
  });

  it('an "other" stop is retried with the same budget and no fragment, reason unknown', () => {
    const s = replay(config(), [reply('other'), reply('clean', VALID_TICKET)]);
    expect(s.attempts.map((a) => [a.maxTokens, a.correctiveFragment])).toEqual([
      [100, null],
      [100, null],
    ]);
    expect(s.events[0].payload).toMatchObject({reason: 'unknown'});
  });

  it('schema violations until the cap: envelope_invalid, with cap.breached before node.failed', () => {
    const s = replay(config({maxCalls: 2}), [reply('clean', '{}'), reply('clean', '{}'), reply('clean', VALID_TICKET)]);
    expect(s.calls).toBe(2);
    expect(types(s)).toEqual(['envelope.retry.attempted', 'envelope.retry.exhausted', 'cap.breached', 'node.failed']);
    expect(s.events[1].payload).toMatchObject({finalReason: 'schema-violation', totalAttempts: 2});
    expect(s.events[1].payload.finalError).toContain('missing required property "ticket_id"');
    expect(s.events[2].payload).toEqual({kind: 'schema', limit: 2, observed: 3, nodeId: 'n1'});
    expect(s.terminal?.errorCode).toBe('envelope_invalid');
  });

  it('a cap of one call never retries', () => {
    const s = replay(config({maxCalls: 1}), [reply('truncated', '{')]);
    expect(s.terminal).toMatchObject({errorCode: 'envelope_truncation_unrecoverable', cause: 'cap'});
    expect(types(s)).not.toContain('envelope.retry.attempted');
  });
});

describe('router budgets', () => {
  it('multiplies by the multiplier and rounds up', () => {
    const s = replay(config({initialBudget: 75, multiplier: 1.5, maxCalls: 4}), [reply('truncated'), reply('truncated'), reply('truncated'), reply('clean', VALID_TICKET)]);
    expect(s.attempts.map((a) => a.maxTokens)).toEqual([75, 113, 170, 255]);
  });

  it('clamps at the provider ceiling; a clamped retry that truncates again is terminal', () => {
    const s = replay(config({initialBudget: 300, ceiling: 500, maxCalls: 16}), [reply('truncated'), reply('truncated'), reply('truncated')]);
    expect(s.attempts.map((a) => a.maxTokens)).toEqual([300, 500]);
    expect(s.terminal).toMatchObject({outcome: 'failed', errorCode: 'envelope_truncation_unrecoverable', cause: 'ceiling'});
    expect(types(s)).toEqual(['envelope.truncated', 'envelope.retry.attempted', 'envelope.truncated', 'envelope.retry.exhausted', 'node.failed']);
  });

  it('multiplier 1 cannot grow the budget, so a truncation is terminal at once', () => {
    expect(replay(config({multiplier: 1}), [reply('truncated'), reply('clean', VALID_TICKET)]).terminal?.cause).toBe('ceiling');
  });

  it('an unknown budget stays unknown but truncations are still retried', () => {
    const s = replay(config({initialBudget: null}), [reply('truncated'), reply('clean', VALID_TICKET)]);
    expect(s.attempts.map((a) => a.maxTokens)).toEqual([null, null]);
    expect(s.terminal?.outcome).toBe('accepted');
  });
});

describe('recovery paths', () => {
  const withRecovery = (text: string) => replay(config({evaluate: makeEvaluator(validatorFor(TICKET_SCHEMA), [markdownFence, braceWalker])}), [reply('clean', text)]);

  it('a fenced reply is recovered without a retry, and the event says which path and where', () => {
    const s = withRecovery(`Here:\n\`\`\`json\n${VALID_TICKET}\n\`\`\``);
    expect(s.terminal?.outcome).toBe('accepted');
    expect(s.events).toEqual([{type: 'envelope.recovery.applied', call: 1, payload: {nodeId: 'n1', path: 'markdown-fence', byteOffset: 14}}]);
  });

  it('prose around the JSON is recovered by the brace walker', () => {
    expect(withRecovery(`The ticket is ${VALID_TICKET} — done.`).events[0].payload).toMatchObject({path: 'brace-walker', byteOffset: 14});
  });

  it('without the paths the same replies are parse errors', () => {
    expect(replay(config(), [reply('clean', `The ticket is ${VALID_TICKET}`)]).attempts[0].reason).toBe('parse-error');
  });

  it('a recovered value that fails the schema is a schema violation, not a recovery', () => {
    const s = withRecovery('```json\n{"ticket_id":"T"}\n```');
    expect(s.attempts[0].reason).toBe('schema-violation');
    expect(s.events.map((e) => e.type)).toEqual(['envelope.retry.attempted']);
  });
});

describe('router is a pure state machine', () => {
  it('step never mutates the state it is given', () => {
    const c = config();
    const s0 = startRouter(c);
    const frozen = JSON.stringify(s0);
    const s1 = step(c, s0, reply('truncated'));
    expect(JSON.stringify(s0)).toBe(frozen);
    const s1copy = JSON.stringify(s1);
    step(c, s1, reply('clean', VALID_TICKET));
    expect(JSON.stringify(s1)).toBe(s1copy);
  });

  it('refuses a step after a terminal state', () => {
    const c = config();
    const done = step(c, startRouter(c), reply('clean', VALID_TICKET));
    expect(() => step(c, done, reply('clean', VALID_TICKET))).toThrow(/terminal/);
  });
});

import {describe, expect, it} from 'vitest';
import {makeFormatContext} from '../../src/report/format-context.js';
import {displayValue} from '../../src/report/printable.js';
import {renderRetryTimeline} from '../../src/retry/render.js';
import type {SimulationResult} from '../../src/retry/simulate.js';

const base: SimulationResult = {
  file: 'r.json',
  findings: [],
  outcome: 'failed',
  errorCode: 'envelope_invalid',
  stoppedBy: 'cap',
  totalCalls: 1,
  nodeId: 'n\u001b[2J',
  attempts: [
    {
      call: 1,
      attempt: 1,
      provider: 'anthropic',
      model: 'm',
      stopClass: 'other',
      stopReason: 'weird\u001b[31m',
      outputTokens: null,
      maxTokens: 10,
      correctiveFragment: null,
      route: 'fail',
      reason: 'unknown',
      validatorError: null,
      recovery: null,
      events: ['envelope.retry.exhausted', 'cap.breached', 'node.failed'],
    },
  ],
  events: [],
  recording: {format: 'provider-bodies', calls: 1},
  policy: {
    maxCalls: 1,
    capSource: '--max-attempts',
    capRule: 'r',
    multiplier: 2,
    multiplierSource: '--multiplier',
    initialBudget: 10,
    budgetSource: '--max-tokens',
    providerCeiling: 64,
    recovery: ['brace-walker'],
    schema: null,
    notes: ['ignored x'],
  },
};

describe('the stylish timeline', () => {
  it('prints the policy, one row per call and the verdict, without colour when off', () => {
    // The stylish formatter hands renderers a redacted, control-escaped copy of each result.
    const lines = renderRetryTimeline(displayValue(base), makeFormatContext({toolVersion: '0'}));
    expect(lines[0]).toContain('cap 1 call in all, first included (--max-attempts)');
    expect(lines[1]).toBe('budget 10 (--max-tokens), ×2 on truncation (--multiplier), ceiling 64 · recovery brace-walker');
    expect(lines[2]).toBe('note: ignored x');
    expect(lines[4]).toMatch(/^1\s+1\s+anthropic\s+other\s+weird\\u001b\[31m\s+unknown\s+10\s+no\s+envelope.retry.exhausted, cap.breached, node.failed$/);
    expect(lines.at(-1)).toBe('✖ failed: envelope_invalid after 1 call (the cap is reached)');
    expect(lines.join('\n')).not.toContain('\u001b');
  });

  it('says why each call was retried, and the validator error behind a corrective fragment', () => {
    const violation = {
      ...base.attempts[0],
      stopClass: 'clean' as const,
      stopReason: 'end_turn',
      route: 'retry' as const,
      reason: 'schema-violation' as const,
      validatorError: '/priority: must be one of low, medium, high',
      events: ['envelope.retry.attempted'],
    };
    const accepted = {
      ...base.attempts[0],
      call: 2,
      attempt: 2,
      stopClass: 'clean' as const,
      stopReason: 'end_turn',
      correctiveFragment: 'fix /priority',
      route: 'accept' as const,
      reason: null,
      events: [],
    };
    const r: SimulationResult = {...base, outcome: 'accepted', errorCode: null, stoppedBy: 'valid', totalCalls: 2, attempts: [violation, accepted]};
    const lines = renderRetryTimeline(displayValue(r), makeFormatContext({toolVersion: '0'}));
    expect(lines[3]).toMatch(/^call\s+try\s+provider\s+stop\s+raw stop\s+reason\s+budget/);
    expect(lines[4]).toMatch(/^1\s+1\s+anthropic\s+clean\s+end_turn\s+schema-violation\s+10\s+no\s+envelope.retry.attempted$/);
    expect(lines[5]).toMatch(/^2\s+2\s+anthropic\s+clean\s+end_turn\s+-\s+10\s+yes\s+-$/);
    expect(lines[6]).toBe('call 1 schema-violation: /priority: must be one of low, medium, high → corrective fragment on call 2');
  });

  it('says nothing for results that are not simulations (a --trace result)', () => {
    expect(renderRetryTimeline({file: 't.json', findings: []}, makeFormatContext({toolVersion: '0'}))).toEqual([]);
  });
});

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
  attempts: [{call: 1, attempt: 1, provider: 'anthropic', model: 'm', stopClass: 'other', stopReason: 'weird\u001b[31m', outputTokens: null, maxTokens: 10, correctiveFragment: null, route: 'fail', reason: 'unknown', recovery: null, events: ['envelope.retry.exhausted', 'cap.breached', 'node.failed']}],
  events: [],
  recording: {format: 'provider-bodies', calls: 1},
  policy: {maxCalls: 1, capSource: '--max-attempts', capRule: 'r', multiplier: 2, multiplierSource: '--multiplier', initialBudget: 10, budgetSource: '--max-tokens', providerCeiling: 64, recovery: ['brace-walker'], schema: null, notes: ['ignored x']},
};

describe('the stylish timeline', () => {
  it('prints the policy, one row per call and the verdict, without colour when off', () => {
    // The stylish formatter hands renderers a redacted, control-escaped copy of each result.
    const lines = renderRetryTimeline(displayValue(base), makeFormatContext({toolVersion: '0'}));
    expect(lines[0]).toContain('cap 1 call in all, first included (--max-attempts)');
    expect(lines[1]).toBe('budget 10 (--max-tokens), ×2 on truncation (--multiplier), ceiling 64 · recovery brace-walker');
    expect(lines[2]).toBe('note: ignored x');
    expect(lines[4]).toMatch(/^1\s+1\s+anthropic\s+other\s+weird\\u001b\[31m\s+10\s+no\s+envelope.retry.exhausted, cap.breached, node.failed$/);
    expect(lines.at(-1)).toBe('✖ failed: envelope_invalid after 1 call (the cap is reached)');
    expect(lines.join('\n')).not.toContain('\u001b');
  });

  it('says nothing for results that are not simulations (a --trace result)', () => {
    expect(renderRetryTimeline({file: 't.json', findings: []}, makeFormatContext({toolVersion: '0'}))).toEqual([]);
  });
});

import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {simulateRetry, type RetrySimulationResult} from '../../src/retry/index.js';
import {ROOT} from '../helpers/cli.js';

// The demo recordings under examples/recordings say what they show in their README; these keep them honest.

const EX = join(ROOT, 'examples', 'recordings');
const run = async (file: string, extra: Record<string, unknown> = {}) => {
  const outcome = await simulateRetry([join(EX, file)], {cwd: EX, schema: 'ticket.schema.json', ...extra});
  return {outcome, result: outcome.results[0] as RetrySimulationResult, rules: outcome.results.flatMap((r) => r.findings.map((f) => f.ruleId))};
};

describe('examples/recordings', () => {
  it('the conformant Anthropic host passes, with its capabilities and its own trace', async () => {
    const {capabilityRoot} = await import('../../src/retry/policy.js');
    const caps = JSON.parse((await import('node:fs')).readFileSync(join(EX, 'capabilities.json'), 'utf8'));
    const {result, rules, outcome} = await run('anthropic-conformant-host.har', {capabilities: capabilityRoot(caps), nodeId: 'extract-ticket', trace: 'anthropic-conformant-host.events.ndjson'});
    expect(result).toMatchObject({outcome: 'accepted', totalCalls: 2, policy: {maxCalls: 3, multiplier: 2}});
    expect(rules).toEqual([]);
    expect(outcome.results).toHaveLength(2);
  });

  it('the conflating trace is caught', async () => {
    const {rules} = await run('anthropic-conformant-host.har', {nodeId: 'extract-ticket', trace: 'conflating-host.events.ndjson'});
    expect(rules).toEqual(['retry/trace-reason', 'retry/trace-missing-event']);
  });

  it('the non-conformant Responses host is caught on every count', async () => {
    const {rules, result} = await run('openai-responses-nonconformant-host.har');
    expect(result).toMatchObject({outcome: 'failed', errorCode: 'envelope_truncation_unrecoverable'});
    expect(new Set(rules)).toEqual(new Set(['retry/budget-not-grown', 'retry/fragment-on-truncation', 'retry/over-cap']));
  });

  it('the Chat folder is a schema violation then an accepted retry; the stream and the refusal route as stated', async () => {
    expect((await run('openai-chat-schema-violation', {maxTokens: 400})).result.attempts.map((a) => a.reason)).toEqual(['schema-violation', null]);
    expect((await run('gemini-stream-truncated.sse')).result.attempts[0]).toMatchObject({provider: 'gemini', stopClass: 'truncated', outputTokens: 256});
    expect((await run('anthropic-refusal.json')).result).toMatchObject({outcome: 'failed', errorCode: 'envelope_refusal'});
  });
});

import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {simulateRetry, type RetrySimulationResult} from '../../src/retry/index.js';
import {getValidator, type BundledSchemaName} from '../../src/schemas/index.js';
import {REFERENCE, runCli, tempDir} from '../helpers/cli.js';

// Upstream's three mock-AI programs, with the outcomes their conformance scenarios assert
// (envelope-completion-distinguishes-truncation, envelope-truncation-cap-exhaustion).

const PROGRAMS = join(REFERENCE, 'openwop', 'fixtures', 'mock-ai-programs');
// The fixtures emit `{"valid":true}`: the contract's payload schema.
const SCHEMA = {type: 'object', required: ['valid'], properties: {valid: {type: 'boolean'}}};

async function simulate(program: string, extra: Record<string, unknown> = {}): Promise<RetrySimulationResult> {
  const dir = tempDir();
  writeFileSync(join(dir, 's.json'), JSON.stringify(SCHEMA));
  const outcome = await simulateRetry([join(PROGRAMS, program)], {cwd: dir, schema: 's.json', maxTokens: 100, maxAttempts: 3, ...extra});
  expect(outcome.fatal).toBe(false);
  return outcome.results[0] as RetrySimulationResult;
}

const types = (r: RetrySimulationResult) => r.events.map((e) => e.type);

function expectValidPayloads(r: RetrySimulationResult): void {
  for (const e of r.events) {
    const validate = getValidator(`events/${e.type}` as BundledSchemaName);
    expect(validate(e.payload), `${e.type} ${JSON.stringify(validate.errors)}`).toBe(true);
  }
}

describe('upstream mock-AI programs', () => {
  it('truncation-then-valid: accepted on attempt 2 with a larger budget, envelope.truncated and retry.attempted{truncation}', async () => {
    const r = await simulate('truncation-then-valid.json');
    expect(r).toMatchObject({outcome: 'accepted', errorCode: null, totalCalls: 2, nodeId: 'structured-call'});
    expect(r.attempts.map((a) => a.maxTokens)).toEqual([100, 200]);
    expect(r.attempts[1].maxTokens as number).toBeGreaterThan(r.attempts[0].maxTokens as number);
    expect(r.attempts.map((a) => a.correctiveFragment)).toEqual([null, null]);
    expect(types(r)).toEqual(['envelope.truncated', 'envelope.retry.attempted']);
    expect(r.events[1].payload).toEqual({nodeId: 'structured-call', attempt: 2, reason: 'truncation'});
    expect(r.events[0].payload).toMatchObject({stopReason: 'max_tokens'});
    expectValidPayloads(r);
  });

  it('schema-violation-then-valid: no truncated event, the same budget, a corrective fragment on the retry', async () => {
    const r = await simulate('schema-violation-then-valid.json');
    expect(r).toMatchObject({outcome: 'accepted', totalCalls: 2});
    expect(types(r)).not.toContain('envelope.truncated');
    expect(r.attempts.map((a) => a.maxTokens)).toEqual([100, 100]);
    expect(r.attempts[0].correctiveFragment).toBeNull();
    expect(r.attempts[1].correctiveFragment).toMatch(/JSON/);
    expect(r.attempts[1].correctiveFragment).not.toContain('not valid json'); // the model's own words
    expect(['schema-violation', 'parse-error']).toContain(r.events[0].payload.reason);
    expectValidPayloads(r);
  });

  it('perpetual truncation: retry.exhausted{truncation} before node.failed envelope_truncation_unrecoverable, calls within the cap', async () => {
    const r = await simulate('perpetual-truncation-16.json');
    expect(r).toMatchObject({outcome: 'failed', errorCode: 'envelope_truncation_unrecoverable', totalCalls: 3, stoppedBy: 'cap'});
    const t = types(r);
    expect(t.filter((x) => x === 'envelope.retry.exhausted')).toHaveLength(1);
    expect(t.indexOf('envelope.retry.exhausted')).toBeLessThan(t.indexOf('node.failed'));
    expect(t.at(-1)).toBe('node.failed');
    expect(r.events.find((e) => e.type === 'envelope.retry.exhausted')?.payload).toMatchObject({finalReason: 'truncation', totalAttempts: 3});
    expect(r.events.find((e) => e.type === 'node.failed')?.payload).toMatchObject({error: {code: 'envelope_truncation_unrecoverable'}});
    expect(t.filter((x) => x === 'envelope.truncated')).toHaveLength(3);
    expect(r.attempts.map((a) => a.maxTokens)).toEqual([100, 200, 400]);
    expectValidPayloads(r);
  });

  it('perpetual truncation under the conformance bound of 16 calls, with a provider ceiling: stops when the budget cannot grow', async () => {
    const r = await simulate('perpetual-truncation-16.json', {maxAttempts: 16, providerCeiling: 1000});
    expect(r.attempts.map((a) => a.maxTokens)).toEqual([100, 200, 400, 800, 1000]);
    expect(r).toMatchObject({outcome: 'failed', errorCode: 'envelope_truncation_unrecoverable', stoppedBy: 'ceiling', totalCalls: 5});
    expect(types(r)).not.toContain('cap.breached');
  });

  it('the CLI gives the contract its JSON shape', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 's.json'), JSON.stringify(SCHEMA));
    const res = await runCli(['simulate', 'retry', join(PROGRAMS, 'perpetual-truncation-16.json'), '--schema', 's.json', '--max-tokens', '100', '--max-attempts', '3', '--format', 'json'], {cwd: dir});
    expect(res.code, res.stderr).toBe(0);
    const report = JSON.parse(res.stdout);
    expect(report).toMatchObject({tool: 'openwop', command: 'simulate retry', summary: {files: 1, recordings: 1, failed: 1}});
    expect(report.results[0]).toMatchObject({outcome: 'failed', errorCode: 'envelope_truncation_unrecoverable', totalCalls: 3, findings: []});
    expect(report.results[0].attempts[0]).toEqual(expect.objectContaining({attempt: 1, provider: 'mock', stopClass: 'truncated', stopReason: 'max_tokens', maxTokens: 100, correctiveFragment: null}));
    expect(report.results[0].policy).toMatchObject({maxCalls: 3, capSource: '--max-attempts'});
    expect(report.results[0].policy.capRule).toContain('total provider calls');
  });
});

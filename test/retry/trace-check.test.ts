import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {simulateRetry, type SimulateRetryOptions} from '../../src/retry/index.js';
import {tempDir} from '../helpers/cli.js';

const SCHEMA = {type: 'object', required: ['valid'], properties: {valid: {type: 'boolean'}}};
const TRUNCATE = {stopReason: 'max_tokens', content: '{"partial'};
const VALID = {content: '{"valid":true}'};

interface Ev {
  type: string;
  payload: Record<string, unknown>;
}
const N = 'structured-call';

async function check(program: unknown[], trace: Ev[] | string, options: Partial<SimulateRetryOptions> = {}) {
  const dir = tempDir();
  writeFileSync(join(dir, 's.json'), JSON.stringify(SCHEMA));
  writeFileSync(join(dir, 'program.json'), JSON.stringify({nodeId: N, program}));
  const traceFile = typeof trace === 'string' ? 'trace.ndjson' : 'trace.json';
  writeFileSync(join(dir, traceFile), typeof trace === 'string' ? trace : JSON.stringify(trace, null, 2));
  const outcome = await simulateRetry(['program.json'], {cwd: dir, schema: 's.json', maxTokens: 100, maxAttempts: 3, trace: traceFile, ...options});
  expect(outcome.results).toHaveLength(2);
  const result = outcome.results[1];
  expect(result.file).toBe(traceFile);
  return {outcome, findings: result.findings, rules: result.findings.map((f) => `${f.ruleId}:${f.severity}`), expected: (outcome.results[0] as unknown as {events: Ev[]}).events};
}

const exhaustTrace: Ev[] = [
  {type: 'node.started', payload: {nodeId: N}},
  {type: 'envelope.truncated', payload: {nodeId: N, provider: 'anthropic', model: 'm', stopReason: 'max_tokens'}},
  {type: 'envelope.retry.attempted', payload: {nodeId: N, attempt: 2, reason: 'truncation'}},
  {type: 'envelope.truncated', payload: {nodeId: N, provider: 'anthropic', model: 'm', stopReason: 'max_tokens'}},
  {type: 'envelope.retry.attempted', payload: {nodeId: N, attempt: 3, reason: 'truncation'}},
  {type: 'envelope.truncated', payload: {nodeId: N, provider: 'anthropic', model: 'm', stopReason: 'max_tokens'}},
  {type: 'envelope.retry.exhausted', payload: {nodeId: N, totalAttempts: 3, finalReason: 'truncation'}},
  {type: 'cap.breached', payload: {kind: 'schema', limit: 3, observed: 4, nodeId: N}},
  {type: 'node.failed', payload: {nodeId: N, error: {code: 'envelope_truncation_unrecoverable', message: 'x'}}},
];

describe("--trace: a host's emitted events against the conformant sequence", () => {
  it('a conformant trace (JSON array, with unrelated events) has no findings', async () => {
    const {rules} = await check([TRUNCATE, TRUNCATE, TRUNCATE], exhaustTrace);
    expect(rules).toEqual([]);
  });

  it("the router's own events, as NDJSON, pass their own check", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 's.json'), JSON.stringify(SCHEMA));
    writeFileSync(join(dir, 'p.json'), JSON.stringify({nodeId: N, program: [TRUNCATE, VALID]}));
    const first = await simulateRetry(['p.json'], {cwd: dir, schema: 's.json', maxTokens: 100});
    const events = (first.results[0] as unknown as {events: Ev[]}).events;
    const {rules} = await check([TRUNCATE, VALID], events.map((e) => JSON.stringify(e)).join('\n') + '\n');
    expect(rules).toEqual([]);
  });

  it('retry.exhausted after node.failed is out of order', async () => {
    const swapped = [...exhaustTrace];
    [swapped[6], swapped[8]] = [swapped[8], swapped[6]];
    const {rules, findings} = await check([TRUNCATE, TRUNCATE, TRUNCATE], swapped);
    expect(rules).toContain('retry/trace-order:error');
    expect(findings.find((f) => f.ruleId === 'retry/trace-order')).toMatchObject({pointer: '/8'});
  });

  it('no retry.exhausted before node.failed', async () => {
    const {rules} = await check(
      [TRUNCATE, TRUNCATE, TRUNCATE],
      exhaustTrace.filter((e) => e.type !== 'envelope.retry.exhausted'),
    );
    expect(rules).toEqual(['retry/trace-missing-event:error']);
  });

  it('truncation reported as a schema violation is conflation', async () => {
    const conflated = exhaustTrace.map((e) => (e.type === 'envelope.retry.attempted' ? {...e, payload: {...e.payload, reason: 'schema-violation'}} : e));
    const {rules, findings} = await check([TRUNCATE, TRUNCATE, TRUNCATE], conflated);
    expect(rules).toEqual(['retry/trace-reason:error', 'retry/trace-reason:error']);
    expect(findings[0].message).toMatch(/attempt 2 is retried for "schema-violation" but call 1 ended in a truncation/);
  });

  it('a schema violation with envelope.truncated and a truncation-unrecoverable failure', async () => {
    const trace: Ev[] = [
      {type: 'envelope.truncated', payload: {nodeId: N, provider: 'x', model: 'm', stopReason: 'unknown'}},
      {type: 'envelope.retry.attempted', payload: {nodeId: N, attempt: 2, reason: 'parse-error'}},
    ];
    const {rules} = await check([{content: 'not json'}, VALID], trace);
    expect(rules).toEqual(['retry/trace-unexpected-event:error']);
  });

  it('parse-error and schema-violation are one family: either is accepted', async () => {
    const {rules} = await check([{content: 'not json'}, VALID], [{type: 'envelope.retry.attempted', payload: {nodeId: N, attempt: 2, reason: 'schema-violation'}}]);
    expect(rules).toEqual([]);
  });

  it('the older error code names are warnings; a wrong one is an error', async () => {
    const legacy = exhaustTrace.map((e) => (e.type === 'node.failed' ? {...e, payload: {nodeId: N, error: {code: 'envelope_payload_invalid', message: 'x'}}} : e));
    expect((await check([TRUNCATE, TRUNCATE, TRUNCATE], legacy)).rules).toEqual(['retry/trace-error-code:error']);
    const program = [{content: '{}'}, {content: '{}'}, {content: '{}'}];
    const invalid: Ev[] = [
      {type: 'envelope.retry.attempted', payload: {nodeId: N, attempt: 2, reason: 'schema-violation'}},
      {type: 'envelope.retry.attempted', payload: {nodeId: N, attempt: 3, reason: 'schema-violation'}},
      {type: 'envelope.retry.exhausted', payload: {nodeId: N, totalAttempts: 3, finalReason: 'schema-violation'}},
      {type: 'cap.breached', payload: {kind: 'schema', limit: 3, observed: 4}},
      {type: 'node.failed', payload: {nodeId: N, error: {code: 'envelope_payload_invalid', message: 'x'}}},
    ];
    expect((await check(program, invalid)).rules).toEqual(['retry/trace-error-code:warning']);
  });

  it('a retry after a refusal, and a missing refusal event', async () => {
    const trace: Ev[] = [
      {type: 'envelope.retry.attempted', payload: {nodeId: N, attempt: 2, reason: 'refusal'}},
      {type: 'node.failed', payload: {nodeId: N, error: {code: 'envelope_refusal', message: 'x'}}},
    ];
    const {rules, findings} = await check([{stopReason: 'refusal', content: ''}, VALID], trace);
    expect(rules).toEqual(['retry/trace-unexpected-event:error', 'retry/trace-missing-event:error', 'retry/trace-missing-event:warning']);
    expect(findings[0].message).toMatch(/after the refusal at call 1/);
  });

  it('payloads are checked against the RFC 0032 schemas', async () => {
    const bad = exhaustTrace.map((e) => (e.type === 'envelope.truncated' ? {...e, payload: {nodeId: N, stopReason: 'length', model: 'm', provider: 'p', extra: 1}} : e));
    const {findings} = await check([TRUNCATE, TRUNCATE, TRUNCATE], bad);
    expect(findings.filter((f) => f.ruleId === 'retry/trace-payload').map((f) => f.pointer)).toEqual(['/1/payload/extra', '/3/payload/extra', '/5/payload/extra']);
  });

  it('events the capabilities do not advertise are not required', async () => {
    const quiet = exhaustTrace.filter((e) => e.type !== 'envelope.truncated' && e.type !== 'envelope.retry.attempted');
    const caps = {envelopes: {reliability: {supported: true, events: ['envelope.retry.exhausted', 'envelope.refusal'], maxRetryAttempts: 3}}};
    expect((await check([TRUNCATE, TRUNCATE, TRUNCATE], quiet, {capabilities: caps})).rules).toEqual([]);
    expect((await check([TRUNCATE, TRUNCATE, TRUNCATE], quiet)).rules).toEqual(['retry/trace-missing-event:error', 'retry/trace-missing-event:error', 'retry/trace-missing-event:error']);
  });

  it('a trace for several other nodes cannot be matched; entries that are not events are reported', async () => {
    const other: Ev[] = [
      {type: 'envelope.truncated', payload: {nodeId: 'a', provider: 'p', model: 'm', stopReason: 'max_tokens'}},
      {type: 'envelope.truncated', payload: {nodeId: 'b', provider: 'p', model: 'm', stopReason: 'max_tokens'}},
    ];
    const {rules} = await check([TRUNCATE, TRUNCATE, TRUNCATE], [...other, {nope: true} as unknown as Ev]);
    expect(rules).toContain('retry/trace-shape:error');
    expect(rules.filter((r) => r === 'retry/trace-shape:error')).toHaveLength(2);
  });
});

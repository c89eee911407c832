import {describe, expect, it} from 'vitest';
import {simulateRetry, type RetrySimulationResult, type SimulateRetryOptions} from '../../src/retry/index.js';
import {BASE_MESSAGES, FIX_MESSAGE, TICKET, writeHar, type Call} from './har-fixtures.js';

async function run(calls: Call[], options: Partial<SimulateRetryOptions> = {}, extraEntries: unknown[] = []) {
  const {dir, file} = writeHar(calls, extraEntries);
  const outcome = await simulateRetry([file], {cwd: dir, schema: 'ticket.schema.json', ...options});
  const result = outcome.results[0] as RetrySimulationResult;
  return {outcome, result, rules: result.findings.map((f) => f.ruleId), messages: result.findings.map((f) => f.message)};
}

const withFix = [...BASE_MESSAGES, FIX_MESSAGE];

describe('a conformant host passes', () => {
  it('truncation → doubled budget, same prompt → accepted, no findings', async () => {
    const {result} = await run([
      {maxTokens: 100, stop: 'max_tokens', text: '{"ticket_id":"T-1","pri'},
      {maxTokens: 200, stop: 'end_turn', text: TICKET},
    ]);
    expect(result).toMatchObject({outcome: 'accepted', totalCalls: 2, findings: []});
    expect(result.attempts.map((a) => a.host)).toEqual([
      {maxTokens: 100, promptChanged: null},
      {maxTokens: 200, promptChanged: false},
    ]);
    expect(result.policy).toMatchObject({initialBudget: 100, budgetSource: 'the recorded first request'});
  });

  it('schema violation → same budget, a corrective fragment → accepted, no findings', async () => {
    const {result} = await run([
      {maxTokens: 300, stop: 'end_turn', text: '{"ticket_id":"T-1","priority":"urgent","summary":"x"}'},
      {maxTokens: 300, messages: withFix, stop: 'end_turn', text: TICKET},
    ]);
    expect(result).toMatchObject({outcome: 'accepted', findings: []});
  });

  it('a refusal ends the session, and streamed responses are read from the HAR too', async () => {
    const {result} = await run([{maxTokens: 100, stop: 'refusal', stream: true}]);
    expect(result).toMatchObject({outcome: 'failed', errorCode: 'envelope_refusal', findings: []});
  });

  it('HTTP errors are transport retries: left out of the replay with a note', async () => {
    const {result, rules} = await run([
      {maxTokens: 100, stop: 'end_turn', status: 529},
      {maxTokens: 100, stop: 'end_turn', text: TICKET},
    ]);
    expect(result).toMatchObject({outcome: 'accepted', totalCalls: 1});
    expect(rules).toEqual(['retry/har-http-error']);
    expect(result.findings[0]).toMatchObject({severity: 'info', pointer: '/log/entries/0'});
  });
});

describe('each non-conformant behaviour is caught, with the call number', () => {
  it('budget not grown after a truncation', async () => {
    const {rules, messages, result} = await run([
      {maxTokens: 100, stop: 'max_tokens', text: '{"ticket_id'},
      {maxTokens: 100, stop: 'end_turn', text: TICKET},
    ]);
    expect(rules).toEqual(['retry/budget-not-grown']);
    expect(messages[0]).toMatch(/^call 2: call 1 was truncated \(max_tokens\) but the retry asks for 100 output tokens after 100/);
    expect(result.findings[0]).toMatchObject({severity: 'error', pointer: '/log/entries/1/request'});
    expect(result.findings[0].line).toBeGreaterThan(1);
  });

  it('budget changed after a schema violation', async () => {
    const {rules, messages} = await run([
      {maxTokens: 100, stop: 'end_turn', text: '{}'},
      {maxTokens: 200, messages: withFix, stop: 'end_turn', text: TICKET},
    ]);
    expect(rules).toEqual(['retry/budget-changed']);
    expect(messages[0]).toMatch(/^call 2: .*from 100 to 200/);
  });

  it('a corrective fragment on a truncation retry', async () => {
    const {rules} = await run([
      {maxTokens: 100, stop: 'max_tokens', text: '{"ticket_id'},
      {maxTokens: 200, messages: withFix, stop: 'end_turn', text: TICKET},
    ]);
    expect(rules).toEqual(['retry/fragment-on-truncation']);
  });

  it('no corrective fragment on a schema-violation retry', async () => {
    const {rules} = await run([
      {maxTokens: 100, stop: 'end_turn', text: 'Here is the ticket you asked for.'},
      {maxTokens: 100, stop: 'end_turn', text: TICKET},
    ]);
    expect(rules).toEqual(['retry/fragment-missing']);
  });

  it('a call after a refusal', async () => {
    const {rules, messages, result} = await run([
      {maxTokens: 100, stop: 'refusal'},
      {maxTokens: 100, stop: 'end_turn', text: TICKET},
    ]);
    expect(result).toMatchObject({outcome: 'failed', errorCode: 'envelope_refusal', totalCalls: 1});
    expect(rules).toEqual(['retry/call-after-refusal']);
    expect(messages[0]).toMatch(/^call 2: call 1 was a refusal, yet the host made 1 more call/);
  });

  it('more calls than the cap', async () => {
    const calls: Call[] = [100, 200, 400, 800].map((maxTokens) => ({maxTokens, stop: 'max_tokens', text: '{'}));
    const {rules, messages, result} = await run(calls, {maxAttempts: 3});
    expect(result).toMatchObject({outcome: 'failed', errorCode: 'envelope_truncation_unrecoverable', totalCalls: 3});
    expect(rules).toEqual(['retry/over-cap']);
    expect(messages[0]).toBe('call 4: the host made 4 calls for one emission; the cap is 3 (--max-attempts)');
  });

  it('the cap from the capabilities applies the same way', async () => {
    const calls: Call[] = [100, 200, 400].map((maxTokens) => ({maxTokens, stop: 'max_tokens', text: '{'}));
    const {rules, result} = await run(calls, {capabilities: {envelopes: {reliability: {supported: true, maxRetryAttempts: 2}}}});
    expect(result.policy.capSource).toBe('capabilities envelopes.reliability.maxRetryAttempts');
    expect(rules).toEqual(['retry/over-cap']);
  });

  it('a budget grown by another factor than the stated multiplier (warning)', async () => {
    const {result} = await run(
      [
        {maxTokens: 100, stop: 'max_tokens', text: '{'},
        {maxTokens: 150, stop: 'end_turn', text: TICKET},
      ],
      {multiplier: 2},
    );
    expect(result.findings.map((f) => [f.ruleId, f.severity])).toEqual([['retry/budget-multiplier', 'warning']]);
    expect(result.findings[0].message).toContain('×1.5 (100 → 150)');
  });

  it('the default multiplier is only a recommendation: no finding when none was stated', async () => {
    const {rules} = await run([
      {maxTokens: 100, stop: 'max_tokens', text: '{'},
      {maxTokens: 150, stop: 'end_turn', text: TICKET},
    ]);
    expect(rules).toEqual([]);
  });

  it('a retry prompt that quotes the bad reply (warning)', async () => {
    const bad = 'Ticket: T-1, priority urgent';
    const {result} = await run([
      {maxTokens: 100, stop: 'end_turn', text: bad},
      {maxTokens: 100, messages: [...BASE_MESSAGES, {role: 'assistant', content: bad}, FIX_MESSAGE], stop: 'end_turn', text: TICKET},
    ]);
    expect(result.findings.map((f) => [f.ruleId, f.severity])).toEqual([['retry/fragment-echoes-output', 'warning']]);
  });

  it('a call after the emission was accepted (warning)', async () => {
    const {result} = await run([
      {maxTokens: 100, stop: 'end_turn', text: TICKET},
      {maxTokens: 100, stop: 'end_turn', text: TICKET},
    ]);
    expect(result.findings.map((f) => [f.ruleId, f.severity])).toEqual([['retry/extra-call', 'warning']]);
  });

  it('a host that gives up while the router would retry', async () => {
    const {result} = await run([{maxTokens: 100, stop: 'max_tokens', text: '{'}]);
    expect(result.outcome).toBe('recording-exhausted');
    expect(result.findings.map((f) => [f.ruleId, f.severity])).toEqual([['retry/recording-exhausted', 'warning']]);
    expect(result.findings[0].message).toBe('the host stopped after 1 call; a conformant host makes call 2: a retry for truncation with budget 200, no corrective fragment');
  });

  it('requests without a budget are noted, and the rest is still checked', async () => {
    const {result} = await run([
      {maxTokens: undefined, stop: 'max_tokens', text: '{'},
      {maxTokens: undefined, messages: withFix, stop: 'end_turn', text: TICKET},
    ]);
    expect(result.findings.map((f) => f.ruleId)).toEqual(['retry/budget-unknown', 'retry/fragment-on-truncation']);
  });
});

describe('HAR reading', () => {
  it("only the four APIs' endpoints are calls; other entries are ignored", async () => {
    const other = {request: {method: 'GET', url: 'https://example.com/app.js'}, response: {status: 200, content: {text: 'x'}}};
    const listing = {request: {method: 'GET', url: 'https://api.openai.com/v1/chat/completions?limit=5'}, response: {status: 200, content: {text: '{"object":"list","data":[]}'}}};
    const {result} = await run([{maxTokens: 100, stop: 'end_turn', text: TICKET}], {}, [other, listing]);
    expect(result).toMatchObject({outcome: 'accepted', totalCalls: 1, findings: [], recording: {format: 'har', calls: 1}});
  });

  it('a HAR without provider entries is a fatal finding', async () => {
    const other = {request: {method: 'GET', url: 'https://example.com/'}, response: {status: 200, content: {text: '{}'}}};
    const {outcome, result} = await run([], {}, [other]);
    expect(outcome.fatal).toBe(true);
    expect(result.findings.map((f) => f.ruleId)).toEqual(['retry/har-no-provider-entries']);
    expect(result.findings[0].message).toContain('none of the 1 HAR entries');
  });

  it('a body saved as base64 is decoded; one saved without content is reported', async () => {
    const {dir, file} = writeHar([{maxTokens: 100, stop: 'end_turn', text: TICKET}]);
    const {readFileSync, writeFileSync} = await import('node:fs');
    const har = JSON.parse(readFileSync(file, 'utf8'));
    const content = har.log.entries[0].response.content;
    content.text = Buffer.from(content.text).toString('base64');
    content.encoding = 'base64';
    writeFileSync(file, JSON.stringify(har));
    expect(((await simulateRetry([file], {cwd: dir})).results[0] as RetrySimulationResult).outcome).toBe('accepted');
    delete content.text;
    writeFileSync(file, JSON.stringify(har));
    const missing = await simulateRetry([file], {cwd: dir});
    expect(missing.fatal).toBe(true);
    expect(missing.results[0].findings.map((f) => f.ruleId)).toEqual(['retry/har-no-body']);
  });

  it('the API comes from the URL: a Gemini streaming call with ?alt=sse', async () => {
    const chunk = (text: string, finish?: string) =>
      `data: ${JSON.stringify({candidates: [{content: {parts: [{text}], role: 'model'}, ...(finish ? {finishReason: finish} : {})}], modelVersion: 'gemini-test'})}\n\n`;
    const entry = {
      request: {
        method: 'POST',
        url: 'https://generativelanguage.googleapis.com/v1beta/models/gemini-test:streamGenerateContent?alt=sse',
        postData: {mimeType: 'application/json', text: JSON.stringify({contents: [], generationConfig: {maxOutputTokens: 64}})},
      },
      response: {status: 200, content: {mimeType: 'text/event-stream', text: chunk('{"ticket_id":"T-1",') + chunk('"priority":"low","summary":"s"}', 'STOP')}},
    };
    const {result} = await run([], {}, [entry]);
    expect(result).toMatchObject({outcome: 'accepted', findings: []});
    expect(result.attempts[0]).toMatchObject({provider: 'gemini', stopClass: 'clean', host: {maxTokens: 64}});
  });
});

import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {commandDocs, runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';
import {assertSarifStructure} from '../report/sarif-structure.js';
import {anthropicBody, TICKET} from './har-fixtures.js';

const SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['ticket_id', 'priority', 'summary'],
  properties: {ticket_id: {type: 'string'}, priority: {enum: ['low', 'medium', 'high']}, summary: {type: 'string'}},
};
const chat = (finish: string, content: string | null) => ({
  object: 'chat.completion',
  model: 'gpt-test',
  choices: [{index: 0, message: {role: 'assistant', content, refusal: null}, finish_reason: finish}],
  usage: {completion_tokens: 10},
});

let dir: string;
const write = (name: string, data: unknown) => writeFileSync(join(dir, name), typeof data === 'string' ? data : JSON.stringify(data));

async function sim(args: string[], input?: string) {
  const r = await runCli(['simulate', 'retry', ...args], {cwd: dir, ...(input === undefined ? {} : {input})});
  expect(r.stderr).not.toMatch(STACK_TRACE);
  return r;
}
async function simJson(args: string[], input?: string) {
  const r = await sim([...args, '--format', 'json'], input);
  const report = JSON.parse(r.stdout);
  return {code: r.code, report, result: report.results[0], rules: report.results[0].findings.map((f: {ruleId: string}) => f.ruleId), stderr: r.stderr};
}

beforeAll(() => {
  dir = tempDir();
  write('ticket.schema.json', SCHEMA);
  write('program.json', {nodeId: 'extract', program: [{stopReason: 'max_tokens', content: '{"ticket_id":"T'}, {content: TICKET}]});
});

describe('simulate retry: help', () => {
  it('help has examples and the flags; the docs page the RFC, the cap rule and exit codes', async () => {
    const r = await sim(['--help']);
    expect(r.code).toBe(0);
    for (const s of ['EXAMPLES', '--recovery', '--capabilities']) expect(r.stdout).toContain(s);
    const docs = commandDocs('simulate-retry');
    for (const s of ['RFC 0033', 'THE CAP', 'schemaRounds + 1', '## Exit codes', 'ndjson-events']) expect(docs).toContain(s);
  });
});

describe('simulate retry: recordings of every kind', () => {
  it('a mock-AI program: stylish timeline and verdict, node id from the program', async () => {
    const r = await sim(['program.json', '--schema', 'ticket.schema.json', '--max-tokens', '256']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/node extract · payload --schema ticket.schema.json · cap 3 calls in all, first included \(default\)/);
    expect(r.stdout).toMatch(/1\s+1\s+mock\s+truncated\s+max_tokens\s+truncation\s+256\s+no\s+envelope.truncated, envelope.retry.attempted/);
    expect(r.stdout).toMatch(/2\s+2\s+mock\s+clean\s+-\s+-\s+512\s+no\s+-/);
    expect(r.stdout).toContain('✔ accepted after 2 calls');
  });

  it('the header over a recording states its outcome: ✔ only when accepted, ✖ over a failure', async () => {
    write('trunc.json', {
      program: [
        {stopReason: 'max_tokens', content: '{'},
        {stopReason: 'max_tokens', content: '{'},
        {stopReason: 'max_tokens', content: '{'},
      ],
    });
    const failed = await sim(['trunc.json', '--max-tokens', '10']);
    expect(failed.stdout).toMatch(/^ +✖ failed: \S+ after 3 calls/m);
    expect(failed.stdout.split('\n')[0]).toBe('✖ trunc.json');
    expect(failed.stdout).not.toContain('✔ trunc.json');
    const accepted = await sim(['program.json', '--schema', 'ticket.schema.json', '--max-tokens', '256']);
    expect(accepted.stdout.split('\n')[0]).toBe('✔ program.json');
  });

  it('a JSON array of provider bodies, in attempt order', async () => {
    write('bodies.json', [chat('length', '{"ticket_id":"T'), chat('stop', TICKET)]);
    const {code, result} = await simJson(['bodies.json', '--schema', 'ticket.schema.json', '--max-tokens', '64']);
    expect(code).toBe(0);
    expect(result).toMatchObject({outcome: 'accepted', totalCalls: 2, recording: {format: 'provider-bodies', calls: 2}});
    expect(result.attempts.map((a: {provider: string; maxTokens: number}) => [a.provider, a.maxTokens])).toEqual([
      ['openai-chat', 64],
      ['openai-chat', 128],
    ]);
  });

  it('NDJSON of bodies, mixed providers detected per body', async () => {
    write('bodies.ndjson', `${JSON.stringify(anthropicBody('end_turn', 'not json'))}\n${JSON.stringify(chat('stop', TICKET))}\n`);
    const {result} = await simJson(['bodies.ndjson', '--schema', 'ticket.schema.json']);
    expect(result.attempts.map((a: {provider: string; reason: string | null}) => [a.provider, a.reason])).toEqual([
      ['anthropic', 'parse-error'],
      ['openai-chat', null],
    ]);
    expect(result.policy.budgetSource).toMatch(/unknown/);
  });

  it('a folder, in natural name order, mixing JSON bodies and SSE captures', async () => {
    const folder = join(dir, 'run-7');
    mkdirSync(folder);
    writeFileSync(join(folder, '10.json'), JSON.stringify(chat('stop', TICKET)));
    writeFileSync(
      join(folder, '2.sse'),
      `data: ${JSON.stringify({object: 'chat.completion.chunk', choices: [{delta: {content: '{"ticket'}, finish_reason: null}]})}\n\ndata: ${JSON.stringify({object: 'chat.completion.chunk', choices: [{delta: {}, finish_reason: 'length'}]})}\n\ndata: [DONE]\n\n`,
    );
    writeFileSync(join(folder, 'notes.md'), 'ignored');
    const {result} = await simJson(['run-7', '--schema', 'ticket.schema.json', '--max-tokens', '50']);
    expect(result).toMatchObject({outcome: 'accepted', recording: {format: 'folder', calls: 2}});
    expect(result.attempts.map((a: {stopClass: string}) => a.stopClass)).toEqual(['truncated', 'clean']);
  });

  it('{request, response} exchanges are host-checked like a HAR', async () => {
    const req = (max: number) => ({model: 'gpt-test', max_tokens: max, messages: [{role: 'user', content: 'ticket?'}]});
    write('exchanges.json', [
      {request: req(100), response: chat('length', '{')},
      {request: req(100), response: chat('stop', TICKET)},
    ]);
    const {code, rules, result} = await simJson(['exchanges.json', '--schema', 'ticket.schema.json']);
    expect(code).toBe(1);
    expect(rules).toEqual(['retry/budget-not-grown']);
    expect(result.findings[0]).toMatchObject({pointer: '/1/request', line: 1});
  });

  it('stdin: a mock program, and an SSE capture', async () => {
    const program = readFileSync(join(dir, 'program.json'), 'utf8');
    expect((await simJson(['-', '--schema', 'ticket.schema.json'], program)).result).toMatchObject({file: '<stdin>', outcome: 'accepted'});
    const capture = `event: message_delta\ndata: ${JSON.stringify({type: 'message_delta', delta: {stop_reason: 'refusal'}})}\n\n`;
    expect((await simJson(['-'], capture)).result).toMatchObject({outcome: 'failed', errorCode: 'envelope_refusal', recording: {format: 'sse-capture'}});
  });

  it('--kind uses a bundled spec kind, --schemas a vendor kind', async () => {
    write('error-program.json', {program: [{content: '{"code":"x"}'}, {content: '{"code":"ambiguous_intent","message":"Two goals conflict."}'}]});
    const spec = await simJson(['error-program.json', '--kind', 'error']);
    expect(spec.result).toMatchObject({outcome: 'accepted', totalCalls: 2, policy: {schema: 'kind error'}});
    expect(spec.result.attempts[1].correctiveFragment).toContain('missing required property "message"');
    mkdirSync(join(dir, 'kinds'));
    writeFileSync(join(dir, 'kinds', 'vendor.acme.ticket.schema.json'), JSON.stringify(SCHEMA));
    const vendor = await simJson(['program.json', '--kind', 'vendor.acme.ticket', '--schemas', 'kinds']);
    expect(vendor.result).toMatchObject({outcome: 'accepted'});
  });

  it('--capabilities sets the cap and the multiplier, and the output says where they came from', async () => {
    write('caps.json', {
      protocolVersion: '1.0.0',
      supportedEnvelopes: [],
      schemaVersions: {},
      limits: {clarificationRounds: 3, schemaRounds: 2, envelopesPerTurn: 5},
      envelopes: {
        reliability: {supported: true, events: ['envelope.retry.exhausted', 'envelope.refusal'], maxRetryAttempts: 2, completion: {distinguishesTruncation: true, truncationBudgetMultiplier: 3}},
      },
    });
    write('trunc3.json', {
      program: [
        {stopReason: 'max_tokens', content: '{'},
        {stopReason: 'max_tokens', content: '{'},
        {stopReason: 'max_tokens', content: '{'},
      ],
    });
    const {result} = await simJson(['trunc3.json', '--capabilities', 'caps.json', '--max-tokens', '10']);
    expect(result).toMatchObject({outcome: 'failed', totalCalls: 2, policy: {maxCalls: 2, capSource: 'capabilities envelopes.reliability.maxRetryAttempts', multiplier: 3}});
    expect(result.attempts.map((a: {maxTokens: number}) => a.maxTokens)).toEqual([10, 30]);
  });

  it('--capabilities reads a v2 document (envelopes and limits are capability records) as its v1 equivalent', async () => {
    const record = {status: 'stable', since: '2.0', witness: 'claims-check'};
    const reliability = {events: ['envelope.retry.exhausted', 'envelope.refusal'], maxRetryAttempts: 2, completion: {distinguishesTruncation: true, truncationBudgetMultiplier: 3}};
    write('caps-v1.json', {
      protocolVersion: '1.0.0',
      supportedEnvelopes: [],
      schemaVersions: {},
      limits: {clarificationRounds: 3, schemaRounds: 2, envelopesPerTurn: 5},
      envelopes: {reliability: {supported: true, ...reliability}},
    });
    write('caps-v2.json', {protocolVersions: ['2.0'], preferredVersion: '2.0', limits: {...record, clarificationRounds: 3, schemaRounds: 2, envelopesPerTurn: 5}, envelopes: {...record, reliability}});
    write('trunc3.json', {
      program: [
        {stopReason: 'max_tokens', content: '{'},
        {stopReason: 'max_tokens', content: '{'},
        {stopReason: 'max_tokens', content: '{'},
      ],
    });
    const v1 = await simJson(['trunc3.json', '--capabilities', 'caps-v1.json', '--max-tokens', '10']);
    const v2 = await simJson(['trunc3.json', '--capabilities', 'caps-v2.json', '--max-tokens', '10']);
    expect(v2.result).toMatchObject({totalCalls: 2, policy: {maxCalls: 2, multiplier: 3}});
    expect({...v2.result, file: undefined}).toEqual({...v1.result, file: undefined});
    // Without maxRetryAttempts the cap falls to the v2 limits record's schemaRounds + 1.
    write('caps-v2-rounds.json', {protocolVersions: ['2.0'], preferredVersion: '2.0', limits: {...record, clarificationRounds: 3, schemaRounds: 0, envelopesPerTurn: 5}});
    expect((await simJson(['trunc3.json', '--capabilities', 'caps-v2-rounds.json', '--max-tokens', '10'])).result.policy).toMatchObject({
      maxCalls: 1,
      capSource: 'capabilities limits.schemaRounds + 1',
    });
  });

  it('--recovery jsonrepair recovers a reply the strict parse refuses', async () => {
    write('sloppy.json', {program: [{content: "{'ticket_id': 'T-1', 'priority': 'low', 'summary': 's',}"}]});
    const {result} = await simJson(['sloppy.json', '--schema', 'ticket.schema.json', '--recovery', 'markdown-fence,jsonrepair']);
    expect(result).toMatchObject({outcome: 'accepted', totalCalls: 1});
    expect(result.events).toEqual([{type: 'envelope.recovery.applied', payload: {nodeId: 'structured-call', path: 'jsonrepair', byteOffset: 0}}]);
  });
});

describe('simulate retry: output formats', () => {
  it('ndjson-events prints only the events, one JSON object per line; --output writes them to a file', async () => {
    const r = await sim(['program.json', '--schema', 'ticket.schema.json', '--format', 'ndjson-events']);
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.type)).toEqual(['envelope.truncated', 'envelope.retry.attempted']);
    expect(Object.keys(lines[0])).toEqual(['type', 'payload']);
    const out = join(dir, 'events.ndjson');
    const w = await sim(['program.json', '--format=ndjson-events', '--output', out]);
    expect(w.stdout).toBe('');
    expect(readFileSync(out, 'utf8').trimEnd().split('\n')).toHaveLength(2);
  });

  it('ndjson-events still fails on findings, and says so on stderr', async () => {
    write('bad-exchange.json', [
      {request: {max_tokens: 5, messages: []}, response: chat('length', '{')},
      {request: {max_tokens: 5, messages: []}, response: chat('stop', TICKET)},
    ]);
    const r = await sim(['bad-exchange.json', '-f', 'ndjson-events']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/1 error\(s\), 0 warning\(s\) not shown/);
  });

  it('sarif, github and junit carry the findings', async () => {
    const sarif = await sim(['bad-exchange.json', '--format', 'sarif']);
    expect(sarif.code).toBe(1);
    assertSarifStructure(JSON.parse(sarif.stdout));
    expect(sarif.stdout).toContain('retry/budget-not-grown');
    expect((await sim(['bad-exchange.json', '--format', 'github'])).stdout).toMatch(/^::error file=bad-exchange.json,line=1,/m);
    expect((await sim(['bad-exchange.json', '--format', 'junit'])).stdout).toContain('retry/budget-not-grown');
  });
});

describe('simulate retry: bad input gets a clear finding or exit 2, never a stack trace', () => {
  it('an unknown provider body', async () => {
    write('unknown.json', {hello: 'world'});
    const {code, rules, result} = await simJson(['unknown.json']);
    expect(code).toBe(2);
    expect(rules).toEqual(['retry/unknown-provider']);
    expect(result.findings[0].message).toMatch(/^call 1: not a response body of any API this tool reads .*--provider; nothing can be replayed$/);
    expect(result).toMatchObject({outcome: 'recording-exhausted', totalCalls: 0});
  });

  it('an unknown body after usable calls ends the replay there (exit 1)', async () => {
    write('partly.json', [chat('length', '{'), {hello: 1}, chat('stop', TICKET)]);
    const {code, rules, result} = await simJson(['partly.json', '--max-tokens', '10']);
    expect(code).toBe(1);
    expect(rules).toEqual(['retry/unknown-provider', 'retry/recording-exhausted']);
    expect(result.findings[0]).toMatchObject({pointer: '/1', line: 1});
    expect(result.totalCalls).toBe(1);
  });

  it('empty recordings: an empty file, an empty array, an empty program', async () => {
    write('empty.json', '');
    write('empty-array.json', '[]');
    write('empty-program.json', {nodeId: 'n', program: []});
    expect((await simJson(['empty.json'])).rules).toEqual(['io/empty']);
    for (const f of ['empty.json', 'empty-array.json', 'empty-program.json']) {
      const r = await simJson([f]);
      expect(r.code, f).toBe(2);
      if (f !== 'empty.json') expect(r.rules).toEqual(['retry/empty-recording']);
    }
  });

  it('an SSE capture cut mid-event: alone, exit 2; after a usable call, exit 1 with the line', async () => {
    const capture = `event: message_start\ndata: ${JSON.stringify({type: 'message_start', message: {model: 'c'}})}\n\nevent: content_block_delta\ndata: {"type":"content_block_delta","delta":{"type":"text_d`;
    write('cut.sse', capture);
    const alone = await simJson(['cut.sse']);
    expect(alone.code).toBe(2);
    expect(alone.rules).toEqual(['retry/sse-cut']);
    expect(alone.result.findings[0]).toMatchObject({line: 4});
    expect(alone.result.findings[0].message).toMatch(/cut off inside the event that starts on line 4/);
    const folder = join(dir, 'cut-run');
    mkdirSync(folder);
    writeFileSync(join(folder, '1.json'), JSON.stringify(anthropicBody('max_tokens', '{')));
    writeFileSync(join(folder, '2.sse'), capture);
    const after = await simJson(['cut-run', '--max-tokens', '100']);
    expect(after.code).toBe(1);
    expect(after.rules).toEqual(['retry/sse-cut', 'retry/recording-exhausted']);
  });

  it('a HAR without provider entries', async () => {
    write('nothing.har', {log: {version: '1.2', entries: [{request: {method: 'GET', url: 'https://example.com/'}, response: {status: 200, content: {text: ''}}}]}});
    const {code, rules} = await simJson(['nothing.har']);
    expect(code).toBe(2);
    expect(rules).toEqual(['retry/har-no-provider-entries']);
  });

  it('malformed JSON in a recording: json/syntax with line and column', async () => {
    write('broken.json', '[\n  {"choices": [}\n]');
    const {code, result} = await simJson(['broken.json']);
    expect(code).toBe(2);
    expect(result.findings[0]).toMatchObject({ruleId: 'json/syntax', line: 2});
  });

  it('a schema that does not compile, or is not JSON', async () => {
    write('bad.schema.json', {type: 'object', properties: {a: {$ref: '#/$defs/missing'}}});
    const r = await sim(['program.json', '--schema', 'bad.schema.json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^openwop: --schema bad.schema.json does not compile: .*missing/);
    write('notjson.schema.json', '{"type": ');
    const r2 = await sim(['program.json', '--schema', 'notjson.schema.json']);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toMatch(/^openwop: --schema notjson.schema.json:1:\d+: /);
    write('array.schema.json', '[]');
    expect((await sim(['program.json', '--schema', 'array.schema.json'])).stderr).toMatch(/not a JSON Schema/);
  });

  it('usage errors exit 2 with one line', async () => {
    const cases: [string[], RegExp][] = [
      [['program.json', '--kind', 'vendor.nobody.thing'], /no payload schema for kind "vendor.nobody.thing"/],
      [['program.json', '--multiplier', '9'], /--multiplier 9: expected a number from 1 to 8/],
      [['program.json', '--multiplier', 'two'], /--multiplier two/],
      [['program.json', 'program.json', '--trace', 'x.json'], /--trace checks one host run against one recording/],
      [['program.json', '--capabilities', 'nope.json'], /cannot read capabilities file nope.json/],
      [['program.json', '--schema', 'missing.json'], /cannot read --schema missing.json: no such file/],
      [['program.json', '--max-attempts', '17'], /17/],
      [['program.json', '--schema', 'ticket.schema.json', '--kind', 'error'], /--kind|--schema/],
    ];
    for (const [args, message] of cases) {
      const r = await sim(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
    }
  });

  it('a recording that does not exist', async () => {
    const {code, rules} = await simJson(['nope.json']);
    expect(code).toBe(2);
    expect(rules).toEqual(['io/not-found']);
  });
});

import {describe, expect, it} from 'vitest';
import {adaptBody, adaptStream} from '../../src/retry/providers/index.js';
import {ADAPTERS} from '../../src/retry/providers/index.js';
import type {Adapted} from '../../src/retry/types.js';

const sse = (...events: unknown[]) => events.map((e) => (typeof e === 'string' ? `data: ${e}\n\n` : `data: ${JSON.stringify(e)}\n\n`)).join('');
const named = (...events: [string, unknown][]) => events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join('');

function response(a: Adapted) {
  if (!a.ok) throw new Error(`${a.ruleId}: ${a.message}`);
  return a.response;
}

describe('OpenAI Chat Completions', () => {
  const body = (message: Record<string, unknown>, finish: string | null) => ({
    object: 'chat.completion',
    model: 'm',
    choices: [{index: 0, message, finish_reason: finish}],
    usage: {completion_tokens: 7},
  });

  it('maps finish reasons; unknown ones are other', () => {
    expect(response(adaptBody(body({content: '{}'}, 'stop'))).stopClass).toBe('clean');
    expect(response(adaptBody(body({content: '{'}, 'length'))).stopClass).toBe('truncated');
    expect(response(adaptBody(body({content: ''}, 'content_filter'))).stopClass).toBe('blocked');
    expect(response(adaptBody(body({content: ''}, 'something_new'))).stopClass).toBe('other');
    expect(response(adaptBody(body({content: ''}, 'toString'))).stopClass).toBe('other');
  });

  it('reads message.refusal even under finish_reason "stop"', () => {
    expect(response(adaptBody(body({content: null, refusal: 'No.'}, 'stop')))).toMatchObject({stopClass: 'refusal', refusalText: 'No.', stopReason: 'stop'});
  });

  it('a tool call yields its arguments string as the payload text', () => {
    const got = response(adaptBody(body({content: null, tool_calls: [{type: 'function', function: {name: 'f', arguments: '{"a":1}'}}]}, 'tool_calls')));
    expect(got).toMatchObject({stopClass: 'tool-call', text: '{"a":1}', outputTokens: 7, model: 'm'});
  });

  it('a stream reassembles content, refusal deltas and tool-call arguments', () => {
    const chunk = (delta: unknown, finish: string | null = null) => ({object: 'chat.completion.chunk', model: 'm', choices: [{index: 0, delta, finish_reason: finish}]});
    expect(response(adaptStream(sse(chunk({content: '{"a"'}), chunk({content: ':1}'}), chunk({}, 'stop'), {choices: [], usage: {completion_tokens: 3}}, '[DONE]')))).toMatchObject({
      stopClass: 'clean',
      text: '{"a":1}',
      outputTokens: 3,
    });
    expect(response(adaptStream(sse(chunk({refusal: 'I can'}), chunk({refusal: 'not.'}), chunk({}, 'stop'))))).toMatchObject({stopClass: 'refusal', refusalText: 'I cannot.'});
    const tool = (args: string) => chunk({tool_calls: [{index: 0, function: {arguments: args}}]});
    expect(response(adaptStream(sse(tool('{"a"'), tool(':2}'), chunk({}, 'tool_calls'))))).toMatchObject({stopClass: 'tool-call', text: '{"a":2}'});
  });

  it('a stream without a finish_reason is an incomplete capture', () => {
    const got = adaptStream(sse({object: 'chat.completion.chunk', choices: [{delta: {content: 'x'}, finish_reason: null}]}));
    expect(got).toMatchObject({ok: false, ruleId: 'retry/sse-no-stop'});
  });
});

describe('OpenAI Responses', () => {
  const body = (status: string, content: unknown[], extra: Record<string, unknown> = {}) => ({
    object: 'response',
    status,
    model: 'm',
    output: [{type: 'message', content}],
    usage: {output_tokens: 5},
    ...extra,
  });

  it('maps status and incomplete_details.reason', () => {
    expect(response(adaptBody(body('completed', [{type: 'output_text', text: '{}'}])))).toMatchObject({stopClass: 'clean', stopReason: 'completed', text: '{}'});
    expect(response(adaptBody(body('incomplete', [], {incomplete_details: {reason: 'max_output_tokens'}})))).toMatchObject({stopClass: 'truncated', stopReason: 'max_output_tokens'});
    expect(response(adaptBody(body('incomplete', [], {incomplete_details: {reason: 'content_filter'}})))).toMatchObject({stopClass: 'blocked'});
    expect(response(adaptBody(body('failed', [])))).toMatchObject({stopClass: 'other'});
  });

  it('a refusal part in a completed response is a refusal', () => {
    expect(response(adaptBody(body('completed', [{type: 'refusal', refusal: 'No.'}])))).toMatchObject({stopClass: 'refusal', refusalText: 'No.'});
  });

  it('a function_call output item is a tool call', () => {
    const got = response(adaptBody({object: 'response', status: 'completed', output: [{type: 'function_call', arguments: '{"b":1}'}]}));
    expect(got).toMatchObject({stopClass: 'tool-call', text: '{"b":1}'});
  });

  it('a stream: deltas make the text, the terminal event the stop; a refusal streamed as deltas is a refusal', () => {
    const d = (type: string, delta?: string) => ({type, ...(delta === undefined ? {} : {delta})});
    expect(
      response(
        adaptStream(
          sse(d('response.created'), d('response.output_text.delta', '{"a"'), d('response.output_text.delta', ':1}'), {
            type: 'response.completed',
            response: {status: 'completed', model: 'm', usage: {output_tokens: 4}},
          }),
        ),
      ),
    ).toMatchObject({
      stopClass: 'clean',
      text: '{"a":1}',
      outputTokens: 4,
    });
    expect(response(adaptStream(sse(d('response.refusal.delta', 'No'), {type: 'response.completed', response: {status: 'completed'}})))).toMatchObject({stopClass: 'refusal'});
    expect(adaptStream(sse(d('response.created'), d('response.output_text.delta', '{')))).toMatchObject({ok: false, ruleId: 'retry/sse-no-stop'});
  });
});

describe('Anthropic Messages', () => {
  const body = (stop: string, content: unknown[], extra: Record<string, unknown> = {}) => ({type: 'message', model: 'c', content, stop_reason: stop, usage: {output_tokens: 9}, ...extra});

  it('maps stop reasons, pause_turn included', () => {
    expect(response(adaptBody(body('end_turn', [{type: 'text', text: '{}'}])))).toMatchObject({stopClass: 'clean', text: '{}'});
    expect(response(adaptBody(body('stop_sequence', [])))).toMatchObject({stopClass: 'clean'});
    expect(response(adaptBody(body('max_tokens', [])))).toMatchObject({stopClass: 'truncated'});
    expect(response(adaptBody(body('pause_turn', [])))).toMatchObject({stopClass: 'paused'});
    expect(response(adaptBody(body('refusal', [], {stop_details: {category: 'cyber', explanation: 'blocked'}})))).toMatchObject({
      stopClass: 'refusal',
      safetyCategory: 'cyber',
      refusalText: 'blocked',
    });
  });

  it('a tool_use block gives its input object as JSON text', () => {
    expect(response(adaptBody(body('tool_use', [{type: 'tool_use', name: 't', input: {a: 1}}])))).toMatchObject({stopClass: 'tool-call', text: '{"a":1}'});
  });

  it('a stream reassembles text and tool input, and reads stop_reason from message_delta', () => {
    const start: [string, unknown] = ['message_start', {type: 'message_start', message: {model: 'c', usage: {output_tokens: 1}}}];
    const text = named(
      start,
      ['content_block_delta', {type: 'content_block_delta', delta: {type: 'text_delta', text: '{"a"'}}],
      ['content_block_delta', {type: 'content_block_delta', delta: {type: 'text_delta', text: ':1}'}}],
      ['message_delta', {type: 'message_delta', delta: {stop_reason: 'end_turn'}, usage: {output_tokens: 6}}],
      ['message_stop', {type: 'message_stop'}],
    );
    expect(response(adaptStream(text))).toMatchObject({stopClass: 'clean', text: '{"a":1}', outputTokens: 6, model: 'c'});
    const tool = named(
      start,
      ['content_block_start', {type: 'content_block_start', content_block: {type: 'tool_use', input: {}}}],
      ['content_block_delta', {type: 'content_block_delta', delta: {type: 'input_json_delta', partial_json: '{"b":'}}],
      ['content_block_delta', {type: 'content_block_delta', delta: {type: 'input_json_delta', partial_json: '2}'}}],
      ['message_delta', {type: 'message_delta', delta: {stop_reason: 'tool_use'}}],
    );
    expect(response(adaptStream(tool))).toMatchObject({stopClass: 'tool-call', text: '{"b":2}'});
  });

  it('an error event mid-stream is an "other" stop naming the error', () => {
    const got = named(['message_start', {type: 'message_start', message: {model: 'c'}}], ['error', {type: 'error', error: {type: 'overloaded_error', message: 'Overloaded'}}]);
    expect(response(adaptStream(got))).toMatchObject({stopClass: 'other', stopReason: 'error:overloaded_error'});
  });
});

describe('Gemini generateContent', () => {
  const body = (finish: string | undefined, parts: unknown[] | undefined, extra: Record<string, unknown> = {}) => ({
    candidates: [{...(parts ? {content: {parts, role: 'model'}} : {}), ...(finish ? {finishReason: finish} : {})}],
    modelVersion: 'g',
    ...extra,
  });

  it('maps finish reasons: blocks are blocked, MALFORMED_FUNCTION_CALL is other', () => {
    expect(response(adaptBody(body('STOP', [{text: '{}'}])))).toMatchObject({stopClass: 'clean', text: '{}', model: 'g'});
    expect(response(adaptBody(body('MAX_TOKENS', undefined)))).toMatchObject({stopClass: 'truncated', text: null});
    for (const r of ['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII']) expect(response(adaptBody(body(r, undefined))).stopClass).toBe('blocked');
    expect(response(adaptBody(body('MALFORMED_FUNCTION_CALL', undefined))).stopClass).toBe('other');
  });

  it('a blocked prompt has no candidates, only promptFeedback.blockReason', () => {
    expect(response(adaptBody({promptFeedback: {blockReason: 'SAFETY'}}))).toMatchObject({stopClass: 'blocked', stopReason: 'SAFETY', safetyCategory: 'SAFETY'});
  });

  it('thought parts are not payload text; thinking tokens count as output', () => {
    const got = response(adaptBody(body('STOP', [{text: 'thinking…', thought: true}, {text: '{"a":1}'}], {usageMetadata: {candidatesTokenCount: 4, thoughtsTokenCount: 10}})));
    expect(got).toMatchObject({text: '{"a":1}', outputTokens: 14});
  });

  it('a functionCall part under STOP is a tool call', () => {
    expect(response(adaptBody(body('STOP', [{functionCall: {name: 'f', args: {a: 1}}}])))).toMatchObject({stopClass: 'tool-call', text: '{"a":1}'});
  });
});

describe('detection and bad bodies', () => {
  it('an unknown body is a clear finding naming the four APIs and --provider', () => {
    const got = adaptBody({hello: 'world'});
    expect(got).toMatchObject({ok: false, ruleId: 'retry/unknown-provider'});
    expect(!got.ok && got.message).toMatch(/Anthropic Messages.*--provider/);
    expect(adaptBody([1, 2])).toMatchObject({ok: false, ruleId: 'retry/unknown-provider'});
  });

  it('a provider error body is named as such', () => {
    expect(adaptBody({error: {type: 'rate_limit_error', message: 'slow down'}})).toMatchObject({ok: false, ruleId: 'retry/provider-error-body'});
    expect(adaptStream(sse({error: {code: 500, status: 'INTERNAL', message: 'x'}}))).toMatchObject({ok: false, ruleId: 'retry/provider-error-body'});
  });

  it('--provider forces an API even when the body would be detected as another', () => {
    const chat = {choices: [{message: {content: '{}'}, finish_reason: 'stop'}]};
    expect(response(adaptBody(chat)).provider).toBe('openai-chat');
    expect(adaptBody(chat, 'anthropic')).toMatchObject({ok: false, ruleId: 'retry/provider-body'});
  });

  it('SSE data that is not JSON is reported with its line', () => {
    expect(adaptStream('data: {"a":1}\n\ndata: nope\n\n')).toMatchObject({ok: false, ruleId: 'retry/sse-data', line: 3});
  });
});

describe('requests (HAR and exchanges)', () => {
  const byId = (id: string) => ADAPTERS.find((a) => a.id === id)!;

  it('each API reads its own budget field and prompt', () => {
    expect(byId('openai-chat').request({max_completion_tokens: 10, max_tokens: 5, messages: [{role: 'user', content: 'x'}]}).maxTokens).toBe(10);
    expect(byId('openai-chat').request({max_tokens: 5}).maxTokens).toBe(5);
    expect(byId('openai-responses').request({max_output_tokens: 7, input: 'x'}).maxTokens).toBe(7);
    expect(byId('anthropic').request({max_tokens: 8, messages: []}).maxTokens).toBe(8);
    expect(byId('gemini').request({generationConfig: {maxOutputTokens: 9}, contents: []}).maxTokens).toBe(9);
    expect(byId('anthropic').request({messages: []}).maxTokens).toBeNull();
  });

  it('prompts compare equal whatever the key order, and differ when a message is added', () => {
    const a = byId('anthropic').request({system: 's', messages: [{role: 'user', content: 'x'}]});
    const b = byId('anthropic').request({messages: [{content: 'x', role: 'user'}], system: 's', max_tokens: 99});
    const c = byId('anthropic').request({
      system: 's',
      messages: [
        {role: 'user', content: 'x'},
        {role: 'user', content: 'fix it'},
      ],
    });
    expect(a.prompt).toBe(b.prompt);
    expect(c.prompt).not.toBe(a.prompt);
  });

  it('endpoints: each API matches its own path only', () => {
    const paths = {'openai-chat': '/v1/chat/completions', 'openai-responses': '/v1/responses', anthropic: '/v1/messages', gemini: '/v1beta/models/gemini-2.5-flash:streamGenerateContent'};
    for (const a of ADAPTERS) for (const [id, path] of Object.entries(paths)) expect(a.matchesPath(path), `${a.id} ${path}`).toBe(a.id === id);
    expect(ADAPTERS.some((a) => a.matchesPath('/v1/models'))).toBe(false);
  });
});

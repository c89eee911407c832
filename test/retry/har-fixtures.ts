import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {tempDir} from '../helpers/cli.js';

// Builds HAR 1.2 files of a host talking to Anthropic Messages, one entry per call, for the host-check tests.

export const TICKET = '{"ticket_id":"T-1","priority":"high","summary":"Checkout fails"}';
export const BASE_MESSAGES = [{role: 'user', content: 'Extract the ticket from this email: …'}];
export const FIX_MESSAGE = {role: 'user', content: 'Your previous reply did not match the response schema. Reply again with only a corrected JSON value.'};

export interface Call {
  maxTokens: number | undefined;
  messages?: unknown[];
  stop: string;
  text?: string;
  status?: number;
  /** Send the response as an SSE capture instead of a JSON body. */
  stream?: boolean;
  url?: string;
}

export function anthropicBody(stop: string, text: string | undefined) {
  return {
    id: 'msg_t',
    type: 'message',
    role: 'assistant',
    model: 'claude-test',
    content: text === undefined ? [] : [{type: 'text', text}],
    stop_reason: stop,
    usage: {input_tokens: 10, output_tokens: 20},
  };
}

function anthropicStream(stop: string, text: string | undefined): string {
  const ev = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
  return [
    ev('message_start', {type: 'message_start', message: {model: 'claude-test', usage: {output_tokens: 1}}}),
    ev('content_block_delta', {type: 'content_block_delta', index: 0, delta: {type: 'text_delta', text: text ?? ''}}),
    ev('message_delta', {type: 'message_delta', delta: {stop_reason: stop}, usage: {output_tokens: 20}}),
    ev('message_stop', {type: 'message_stop'}),
  ].join('');
}

export function harOf(calls: Call[], extraEntries: unknown[] = []) {
  const entries = calls.map((c, i) => ({
    startedDateTime: `2026-11-20T10:00:0${i}.000Z`,
    time: 800,
    request: {
      method: 'POST',
      url: c.url ?? 'https://api.anthropic.com/v1/messages',
      httpVersion: 'HTTP/1.1',
      headers: [{name: 'content-type', value: 'application/json'}],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: -1,
      postData: {
        mimeType: 'application/json',
        text: JSON.stringify({
          model: 'claude-test',
          ...(c.maxTokens === undefined ? {} : {max_tokens: c.maxTokens}),
          system: 'Return a ticket as JSON.',
          messages: c.messages ?? BASE_MESSAGES,
          ...(c.stream ? {stream: true} : {}),
        }),
      },
    },
    response: {
      status: c.status ?? 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      headers: [],
      cookies: [],
      content: c.stream
        ? {size: -1, mimeType: 'text/event-stream', text: anthropicStream(c.stop, c.text)}
        : {
            size: -1,
            mimeType: 'application/json',
            text: JSON.stringify(c.status && c.status >= 400 ? {type: 'error', error: {type: 'overloaded_error', message: 'Overloaded'}} : anthropicBody(c.stop, c.text)),
          },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: {send: 0, wait: 800, receive: 0},
  }));
  return {log: {version: '1.2', creator: {name: 'test', version: '1'}, entries: [...extraEntries, ...entries]}};
}

export function writeHar(calls: Call[], extraEntries: unknown[] = []): {dir: string; file: string} {
  const dir = tempDir();
  const file = join(dir, 'session.har');
  writeFileSync(file, JSON.stringify(harOf(calls, extraEntries), null, 2));
  writeFileSync(
    join(dir, 'ticket.schema.json'),
    JSON.stringify({
      type: 'object',
      additionalProperties: false,
      required: ['ticket_id', 'priority', 'summary'],
      properties: {ticket_id: {type: 'string'}, priority: {enum: ['low', 'medium', 'high']}, summary: {type: 'string'}},
    }),
  );
  return {dir, file};
}

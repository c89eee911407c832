import {describe, expect, it} from 'vitest';
import {looksLikeSse, readSse} from '../../src/retry/sse.js';

describe('readSse', () => {
  it('splits events, keeps event names and the line each starts on, skips comments', () => {
    const text = ': keep-alive\n\nevent: a\ndata: {"x":1}\n\ndata: {"y":2}\n\n';
    expect(readSse(text)).toEqual({
      events: [
        {event: 'a', data: '{"x":1}', line: 3},
        {data: '{"y":2}', line: 6},
      ],
    });
  });

  it('joins multi-line data and accepts CRLF endings', () => {
    expect(readSse('data: {"a":\r\ndata: 1}\r\n\r\n').events).toEqual([{data: '{"a":\n1}', line: 1}]);
  });

  it('reports a capture that stops inside an event, with the line the event starts on', () => {
    const got = readSse('data: {"a":1}\n\nevent: b\ndata: {"half');
    expect(got.events).toHaveLength(1);
    expect(got.cutAt).toBe(3);
  });

  it('keeps a last event that only lacks its closing blank line when its data is whole', () => {
    expect(readSse('data: {"a":1}\n\ndata: [DONE]\n')).toEqual({
      events: [
        {data: '{"a":1}', line: 1},
        {data: '[DONE]', line: 3},
      ],
    });
    expect(readSse('data: {"a":1}\n\ndata: {"b":\n').cutAt).toBe(3);
  });

  it('a capture with no trailing newline at all is cut, even when the JSON happens to close', () => {
    expect(readSse('data: {"a":1}').cutAt).toBe(1);
  });

  it('recognises event-stream text', () => {
    expect(looksLikeSse('event: message_start\ndata: {}')).toBe(true);
    expect(looksLikeSse('\ufeffdata: {}')).toBe(true);
    expect(looksLikeSse('{"data": 1}')).toBe(false);
  });
});

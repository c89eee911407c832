import {describe, expect, it} from 'vitest';
import {credentialSpans} from '../../src/report/redact.js';

describe('credentialSpans', () => {
  it('masks the value under a credential-named key however much whitespace surrounds its colon', () => {
    for (const gap of ['', ' ', '\n  ', ' '.repeat(100)]) {
      const text = `{"password"${gap}:${gap}"hunter2-secret", "note": "password"}`;
      const spans = credentialSpans(text);
      expect(
        spans.map((s) => text.slice(s.index, s.index + s.length)),
        JSON.stringify(gap),
      ).toEqual(['"hunter2-secret"']);
    }
  });

  it('leaves a string that is not the value of a credential key', () => {
    expect(credentialSpans('{"note": "password", "list": ["password", "x"]}')).toEqual([]);
  });
});

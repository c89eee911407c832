import {describe, expect, it} from 'vitest';
import {brief, check, envelope, ndjson, SAMPLE_SECRETS} from './helpers.js';

const withPayload = (n: number, payload: unknown, meta: object = {}) => envelope(n, {payload, meta: {source: 'ai-generation', ts: '2026-05-18T10:00:00Z', ...meta}});

describe('trust', () => {
  it('an untrusted envelope with unwrapped payload text gets one info naming the first field and the count', async () => {
    const text = ndjson([
      withPayload(1, {reasoning: 'because', code: 'x', message: '<UNTRUSTED>wrapped</UNTRUSTED>'}, {contentTrust: 'untrusted'}),
      withPayload(2, {code: '<UNTRUSTED>x</UNTRUSTED>', message: '<UNTRUSTED>y</UNTRUSTED>'}, {contentTrust: 'untrusted'}),
      withPayload(3, {code: 'x', message: 'y'}, {contentTrust: 'trusted'}),
    ]);
    const {findings, result} = await check(text);
    expect(brief(findings)).toEqual(['1 info envelope/untrusted-unwrapped']);
    expect(findings[0]).toMatchObject({pointer: '/payload/reasoning'});
    expect(findings[0].message).toContain('and 1 more');
    expect(result.valid).toBe(3);
  });
});

describe('redaction markers', () => {
  it('keeps [REDACTED:<id>] verbatim and refuses its rewritten forms', async () => {
    const text = ndjson([
      withPayload(1, {code: 'x', message: 'the key was [REDACTED:cred-7]'}),
      withPayload(2, {code: 'x', message: 'the key was <REDACTED:cred-7>'}),
      withPayload(3, {code: 'x', message: 'the key was [REDACTED]'}),
      withPayload(4, {code: 'x', message: '***'}),
      withPayload(5, {code: 'x', message: 'a ***bold*** claim'}),
    ]);
    const {findings} = await check(text);
    expect(brief(findings)).toEqual(['2 error envelope/redaction-marker-rewritten', '3 error envelope/redaction-marker-rewritten', '4 error envelope/redaction-marker-rewritten']);
    expect(findings.map((f) => f.pointer)).toEqual(['/payload/message', '/payload/message', '/payload/message']);
  });
});

describe('secrets', () => {
  it('finds every provider key format in reasoning or anywhere in the envelope, and never echoes it', async () => {
    const secrets = Object.values(SAMPLE_SECRETS);
    const text = ndjson(secrets.map((s, i) => withPayload(i + 1, {reasoning: `I used ${s} to check`, code: 'x', message: 'm'})));
    const {findings, result} = await check(text);
    expect(brief(findings)).toEqual(secrets.map((_, i) => `${i + 1} error envelope/reasoning-secret-redaction`));
    expect(findings.every((f) => f.pointer === '/payload/reasoning' && f.message.includes('reasoning gets the same redaction'))).toBe(true);
    const everything = JSON.stringify({findings, result});
    for (const s of secrets) expect(everything).not.toContain(s.slice(s.length > 30 ? 12 : 7, -4));
    expect(result.invalid).toBe(secrets.length);
  });

  it('masks a secret wherever another finding would quote it, even in a shapeless envelope', async () => {
    const key = SAMPLE_SECRETS['an OpenAI project key'];
    const text = ndjson([{...envelope(1), meta: {source: key, ts: 'now'}}]);
    const {findings} = await check(text);
    expect(findings.some((f) => f.ruleId === 'envelope/reasoning-secret-redaction' && f.pointer === '/meta/source')).toBe(true);
    expect(JSON.stringify(findings)).not.toContain(key.slice(10, -4));
  });

  it('scans bare payloads too (--kind)', async () => {
    const {findings} = await check(JSON.stringify({reasoning: SAMPLE_SECRETS['a GitHub token'], code: 'x', message: 'y'}), {kind: 'error'});
    expect(brief(findings)).toEqual(['1 error envelope/reasoning-secret-redaction']);
  });

  it('finds a key hidden behind JSON escapes', async () => {
    const key = SAMPLE_SECRETS['an Anthropic API key'];
    const escaped = JSON.stringify(withPayload(1, {code: 'x', message: key})).replace('sk-ant', '\\u0073k-ant');
    const {findings} = await check(`${escaped}\n`);
    expect(brief(findings)).toEqual(['1 error envelope/reasoning-secret-redaction']);
  });
});

import {describe, expect, it} from 'vitest';
import {buildCredentials} from '../../src/probe/credentials.js';
import {discoveryUrl} from '../../src/capabilities/discovery-url.js';
import {Redactor} from '../../src/report/redact.js';
import {UserError} from '../../src/core/user-error.js';

describe('discoveryUrl', () => {
  it.each([
    ['https://host.example', 'https://host.example/.well-known/openwop', 'https://host.example/'],
    ['https://host.example/', 'https://host.example/.well-known/openwop', 'https://host.example/'],
    ['https://host.example/.well-known/openwop', 'https://host.example/.well-known/openwop', 'https://host.example/'],
    ['http://127.0.0.1:8080/api/v1/', 'http://127.0.0.1:8080/api/v1/.well-known/openwop', 'http://127.0.0.1:8080/api/v1/'],
    ['http://127.0.0.1:8080/api/.well-known/openwop/', 'http://127.0.0.1:8080/api/.well-known/openwop', 'http://127.0.0.1:8080/api/'],
    ['https://host.example/?tenant=a#x', 'https://host.example/.well-known/openwop?tenant=a', 'https://host.example/'],
  ])('%s', (input, url, base) => {
    expect(discoveryUrl(input)).toEqual({url, base});
  });

  it('refuses non-URLs, other schemes and credentials in the URL', () => {
    expect(() => discoveryUrl('host.example')).toThrow(UserError);
    expect(() => discoveryUrl('ftp://host.example')).toThrow(/only http and https/);
    expect(() => discoveryUrl('https://user:hunter22@host.example')).toThrow(/user name or password/);
    try {
      discoveryUrl('https://user:hunter22@host.example');
    } catch (error) {
      expect(String((error as Error).message)).not.toContain('hunter22');
    }
  });
});

describe('buildCredentials', () => {
  it('--token-env sends a bearer token and marks it (and the whole header) secret', () => {
    const c = buildCredentials({tokenEnv: 'T', env: {T: 'tok-123456'}});
    expect(c.headers).toEqual({authorization: 'Bearer tok-123456'});
    expect(c.secrets).toEqual(expect.arrayContaining(['tok-123456', 'Bearer tok-123456']));
  });

  it('credential-like --header values are secrets; others are not', () => {
    const c = buildCredentials({headers: ['X-Api-Key: k-98765', 'Accept-Language: en', 'Authorization: Basic dXNlcjpwYXNz']});
    expect(c.headers).toEqual({'x-api-key': 'k-98765', 'accept-language': 'en', authorization: 'Basic dXNlcjpwYXNz'});
    expect(c.secrets).toEqual(expect.arrayContaining(['k-98765', 'dXNlcjpwYXNz']));
    expect(c.secrets).not.toContain('en');
  });

  it('errors name the variable or header, never the value', () => {
    expect(() => buildCredentials({tokenEnv: 'MISSING_VAR', env: {}})).toThrow(/MISSING_VAR.*not set/);
    expect(() => buildCredentials({tokenEnv: 'E', env: {E: '  '}})).toThrow(/empty/);
    expect(() => buildCredentials({headers: ['no colon here']})).toThrow(/NAME:VALUE/);
    let message = '';
    try {
      buildCredentials({headers: ['Authorization: Bearer abc\r\nX: y']});
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/line break/);
    expect(message).not.toContain('abc');
  });

  it.each(['OpenWOP-Version: 1', 'openwop-client-version: 2.0', 'If-None-Match: "x"'])('--header %j is refused: the probe sets it per request (--protocol chooses the major)', (header) => {
    expect(() => buildCredentials({headers: [header]})).toThrow(/sets this header itself.*--protocol/);
  });
});

describe('Redactor', () => {
  const r = new Redactor(['Bearer s3cr3t-token', 's3cr3t-token', 'x']);

  it('masks every occurrence, in strings and keys, deeply', () => {
    expect(r.text('a s3cr3t-token b Bearer s3cr3t-token')).toBe('a [REDACTED] b [REDACTED]');
    expect(r.value({list: ['s3cr3t-token'], 's3cr3t-token': {n: 1}})).toEqual({list: ['[REDACTED]'], '[REDACTED]': {n: 1}});
  });

  it('ignores values too short to be credentials', () => {
    expect(r.text('x marks the spot')).toBe('x marks the spot');
  });

  it('finds the first leak', () => {
    expect(r.firstLeak('..s3cr3t-token')).toEqual({offset: 2, length: 12});
    expect(r.firstLeak('clean')).toBeUndefined();
  });
});

import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runCli, STACK_TRACE} from '../helpers/cli.js';
import {json, startHost, type TestHost} from './helpers/host.js';
import {probeJson} from './helpers/probe.js';

const WK = '/.well-known/openwop';
const MB = 1024 * 1024;

describe('probe host: hosts whose advertisement cannot be read exit 2 with a probe/* finding', () => {
  let host: TestHost;
  beforeAll(async () => {
    host = await startHost({
      '/404/.well-known/openwop': {status: 404, body: '{"error":"not_found","message":"no discovery here"}'},
      '/500/.well-known/openwop': {status: 500, headers: {'content-type': 'text/plain'}, body: 'upstream exploded'},
      '/401/.well-known/openwop': {status: 401, body: '{"error":"unauthenticated","message":"token required"}'},
      '/html/.well-known/openwop': {status: 200, headers: {'content-type': 'text/html; charset=utf-8'}, body: '<!doctype html><html><body>Sign in</body></html>'},
      '/html-fragment/.well-known/openwop': {status: 200, headers: {'content-type': 'text/html'}, body: 'Service unavailable, try again later'},
      '/html-as-json/.well-known/openwop': {status: 200, headers: {'content-type': 'application/json'}, body: '<html><body>proxy error</body></html>'},
      '/invalid/.well-known/openwop': {status: 200, body: '{\n  "protocolVersion": "1.0",\n  "supportedEnvelopes": [,]\n}'},
      '/empty/.well-known/openwop': {status: 200, body: ''},
      '/stall/.well-known/openwop': () => {
        // Accept the request and never answer (the test closes the socket when it is done).
      },
      '/stall-body/.well-known/openwop': (_req, res) => {
        res.writeHead(200, {'content-type': 'application/json'});
        res.write('{"protocolVersion": ');
      },
      '/huge/.well-known/openwop': (_req, res) => {
        res.writeHead(200, {'content-type': 'application/json', 'content-length': String(50 * MB)});
        res.end(Buffer.alloc(50 * MB, 0x20));
      },
      '/huge-chunked/.well-known/openwop': (_req, res) => {
        res.writeHead(200, {'content-type': 'application/json'});
        const chunk = Buffer.alloc(MB, 0x20);
        let sent = 0;
        const pump = () => {
          while (sent < 50 && res.write(chunk)) sent++;
          if (sent < 50) res.once('drain', pump);
          else res.end();
        };
        res.on('error', () => undefined);
        pump();
      },
      '/loop/.well-known/openwop': {status: 302, headers: {location: '/loop2/.well-known/openwop'}},
      '/loop2/.well-known/openwop': {status: 301, headers: {location: '/loop/.well-known/openwop'}},
      '/self/.well-known/openwop': {status: 307, headers: {location: '/self/.well-known/openwop'}},
      '/no-location/.well-known/openwop': {status: 302},
      // r0 -> r1 -> … -> r11: no loop, just too long a chain.
      ...Object.fromEntries(Array.from({length: 12}, (_, i) => [`/r${i}/.well-known/openwop`, {status: 302, headers: {location: `/r${i + 1}/.well-known/openwop`}}])),
    });
  });
  afterAll(() => host.close());

  const cases: [string, string, RegExp][] = [
    ['404', 'probe/http-status', /HTTP 404: not_found: no discovery here/],
    ['500', 'probe/http-status', /HTTP 500/],
    ['401', 'probe/http-status', /HTTP 401.*--token-env/],
    ['html', 'probe/not-json', /HTML page \(text\/html/],
    ['html-fragment', 'probe/not-json', /HTML page \(text\/html\)/],
    ['html-as-json', 'probe/not-json', /HTML page/],
    ['empty', 'probe/not-json', /empty/],
    ['loop', 'probe/redirect', /redirect loop/],
    ['self', 'probe/redirect', /redirect loop/],
    ['no-location', 'probe/redirect', /no Location/],
    ['r0', 'probe/redirect', /more than 10 redirects/],
  ];
  it.each(cases)('%s: %s', async (path, rule, message) => {
    const r = await probeJson([host.url(`/${path}`)]);
    expect(r.code).toBe(2);
    expect(r.ids).toEqual([rule]);
    expect(r.findings[0].message).toMatch(message);
    expect(r.findings[0].file).toBe(host.url(`/${path}${WK}`));
    expect(r.report.results[0].discovery).toBeNull();
  });

  it('HTTP errors keep the status in the result', async () => {
    const r = await probeJson([host.url('/500')]);
    expect(r.report.results[0].status).toBe(500);
  });

  it('invalid JSON: probe/not-json at the line and column of the syntax error', async () => {
    const r = await probeJson([host.url('/invalid')]);
    expect(r.code).toBe(2);
    expect(r.findings).toEqual([expect.objectContaining({ruleId: 'probe/not-json', line: 3, column: 26})]);
  });

  it('a host that never answers: probe/timeout within --timeout, not after 30 s', async () => {
    const started = Date.now();
    const r = await probeJson([host.url('/stall'), '--timeout', '400']);
    expect(r.code).toBe(2);
    expect(r.ids).toEqual(['probe/timeout']);
    expect(r.findings[0].message).toMatch(/400 ms total timeout/);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(r.report.results[0].status).toBeNull();
  });

  it('a body that stops halfway: also the total timeout', async () => {
    const r = await probeJson([host.url('/stall-body'), '--timeout', '400']);
    expect(r.code).toBe(2);
    expect(r.ids).toEqual(['probe/timeout']);
  });

  it('50 MB with a Content-Length: refused before reading', async () => {
    const r = await probeJson([host.url('/huge')]);
    expect(r.code).toBe(2);
    expect(r.ids).toEqual(['probe/too-large']);
    expect(r.findings[0].message).toMatch(/5242880-byte cap \(Content-Length is 52428800\)/);
  });

  it('50 MB streamed without a length: cut off at --max-bytes', async () => {
    const r = await probeJson([host.url('/huge-chunked'), '--max-bytes', String(2 * MB)]);
    expect(r.code).toBe(2);
    expect(r.ids).toEqual(['probe/too-large']);
    expect(r.findings[0].message).toMatch(/2097152-byte cap/);
  });

  it('nothing listening: probe/unreachable (connection refused)', async () => {
    const closed = await startHost({});
    const url = closed.url();
    await closed.close();
    const r = await probeJson([url]);
    expect(r.code).toBe(2);
    expect(r.ids).toEqual(['probe/unreachable']);
    expect(r.findings[0].message).toMatch(/connection refused/);
  });

  it('stylish output for an unreachable host is one readable finding, exit 2, no stack trace', async () => {
    const r = await runCli(['probe', 'host', host.url('/404')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/probe\/http-status/);
    expect(r.stdout).toMatch(/HTTP 404/);
    expect(r.stderr).not.toMatch(STACK_TRACE);
  });

  it('SARIF output for an unreachable host is still a SARIF log', async () => {
    const r = await runCli(['probe', 'host', host.url('/404'), '--format', 'sarif']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({version: '2.1.0', runs: [{results: [{ruleId: 'probe/http-status'}]}]});
  });
});

describe('probe host: usage errors exit 2 with one line', () => {
  it.each([
    [['not a url'], /not a URL/],
    [['ftp://host.example'], /only http and https/],
    [['http://user:pw123@127.0.0.1:1'], /user name or password/],
    [['http://127.0.0.1:1', '--token-env', 'OPENWOP_TEST_UNSET_VAR'], /OPENWOP_TEST_UNSET_VAR.*not set/],
    [['http://127.0.0.1:1', '--header', 'novalue'], /NAME:VALUE/],
  ])('%j', async (args, message) => {
    const r = await runCli(['probe', 'host', ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(STACK_TRACE);
    expect(r.stderr).not.toContain('pw123');
  });

  it.each(['0', '9999999999'])('--timeout %s is refused (a timer past 2^31-1 ms would fire at once)', async (value) => {
    const r = await runCli(['probe', 'host', 'http://127.0.0.1:1', '--timeout', value]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/timeout/);
    expect(r.stderr).not.toMatch(STACK_TRACE);
  });
});

describe('probe host: same-origin redirects are followed', () => {
  let host: TestHost;
  beforeAll(async () => {
    host = await startHost({
      '/old/.well-known/openwop': {status: 301, headers: {location: '/new/.well-known/openwop'}},
      '/new/.well-known/openwop': json({protocolVersion: '1.0', supportedEnvelopes: [], schemaVersions: {}, limits: {clarificationRounds: 3, schemaRounds: 2, envelopesPerTurn: 5}}),
    });
  });
  afterAll(() => host.close());

  it('reports the hop and the final URL, and checks the document', async () => {
    const r = await probeJson([host.url('/old')]);
    expect(r.code).toBe(0);
    const http = r.report.results[0].http as {finalUrl: string; redirects: {status: number; to: string}[]};
    expect(http.finalUrl).toBe(host.url(`/new${WK}`));
    expect(http.redirects).toEqual([expect.objectContaining({status: 301, to: host.url(`/new${WK}`)})]);
    expect(r.report.results[0].profiles).toEqual(['openwop-core']);
  });
});

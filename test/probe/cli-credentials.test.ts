import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';
import {acmeDocument, JSON_HEADERS, json, startHost, type TestHost} from './helpers/host.js';
import {probeJson} from './helpers/probe.js';

const TOKEN = 'tok_9f8e7d6c5b4a-ProbeSecret';
const ENV = {OPENWOP_PROBE_TOKEN: TOKEN};

describe('probe host: credentials never leave the probed origin', () => {
  let target: TestHost;
  let origin: TestHost;
  beforeAll(async () => {
    target = await startHost({'/.well-known/openwop': json(acmeDocument())});
    origin = await startHost({'/.well-known/openwop': {status: 302, headers: {location: target.url('/.well-known/openwop')}}});
  });
  afterAll(async () => {
    await origin.close();
    await target.close();
  });

  it('a cross-origin redirect is refused (exit 2, probe/redirect) and the other origin is never contacted', async () => {
    const r = await probeJson([origin.url(), '--token-env', 'OPENWOP_PROBE_TOKEN'], {env: ENV});
    expect(r.code).toBe(2);
    expect(r.ids).toEqual(['probe/redirect']);
    expect(r.findings[0].message).toMatch(/another origin.*--follow-cross-origin/);
    expect(origin.requests.at(-1)?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(target.requests).toHaveLength(0);
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
  });

  it('an upgrade to HTTPS is another origin too: the message says to probe the https URL', async () => {
    const upgrade = await startHost({'/.well-known/openwop': {status: 301, headers: {location: 'https://127.0.0.1:1/.well-known/openwop'}}});
    const r = await probeJson([upgrade.url()]);
    await upgrade.close();
    expect(r.code).toBe(2);
    expect(r.findings[0].message).toMatch(/redirects to HTTPS.*probe https:\/\/127\.0\.0\.1:1\/\.well-known\/openwop directly/);
  });

  it('with --follow-cross-origin the redirect is followed, but the second origin never receives the credentials', async () => {
    const r = await probeJson([origin.url(), '--token-env', 'OPENWOP_PROBE_TOKEN', '--header', 'X-Api-Key: key-abcdef123', '--header', 'X-Trace: t1', '--follow-cross-origin'], {env: ENV});
    expect(r.code).toBe(0);
    expect(origin.requests.at(-1)?.headers).toMatchObject({authorization: `Bearer ${TOKEN}`, 'x-api-key': 'key-abcdef123'});
    expect(target.requests).toHaveLength(1);
    expect(target.requests[0].headers.authorization).toBeUndefined();
    expect(target.requests[0].headers['x-api-key']).toBeUndefined();
    expect(target.requests[0].headers['x-trace']).toBeUndefined();
    expect((r.report.results[0].http as {finalUrl: string}).finalUrl).toBe(target.url('/.well-known/openwop'));
  });
});

describe('probe host: a token never appears in any output format or saved file', () => {
  let echo: TestHost;
  let dir: string;
  beforeAll(async () => {
    dir = tempDir();
    echo = await startHost({
      // A careless host that reflects the request's Authorization header into what it serves.
      '/.well-known/openwop': (req, res) => {
        const base = acmeDocument();
        const doc = {
          ...base,
          // Also as a kind name, so a finding message quotes it (probe/kind-name) in every format.
          supportedEnvelopes: [...(base.supportedEnvelopes as string[]), req.headers.authorization ?? 'none'],
          debug: {receivedAuthorization: req.headers.authorization ?? null, receivedKey: req.headers['x-api-key'] ?? null},
        };
        res.writeHead(200, {...JSON_HEADERS, etag: `"${req.headers.authorization ?? ''}"`});
        res.end(JSON.stringify(doc, null, 2));
      },
      '/denied/.well-known/openwop': (req, res) => {
        res.writeHead(403, JSON_HEADERS);
        res.end(JSON.stringify({error: 'forbidden', message: `credential ${req.headers.authorization} may not read discovery`}));
      },
    });
  });
  afterAll(() => echo.close());

  it.each(['stylish', 'json', 'sarif', 'github', 'junit'])('%s', async (format) => {
    const r = await runCli(['probe', 'host', echo.url(), '--token-env', 'OPENWOP_PROBE_TOKEN', '--format', format], {env: ENV});
    expect(echo.requests.at(-1)?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/probe\/secret-echoed/);
    // The kind-name finding quotes the echoed value: masked, not dropped.
    expect(r.stdout).toContain('[REDACTED]');
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
    expect(r.stdout + r.stderr).not.toContain('ProbeSecret');
    expect(r.stderr).not.toMatch(STACK_TRACE);
  });

  it('the echoed document is redacted in the JSON discovery field and the ETag', async () => {
    const r = await probeJson([echo.url(), '--token-env', 'OPENWOP_PROBE_TOKEN'], {env: ENV});
    const result = r.report.results[0] as unknown as {discovery: {debug: {receivedAuthorization: string}}; http: {etag: string}};
    expect(result.discovery.debug.receivedAuthorization).toBe('[REDACTED]');
    expect(result.http.etag).toBe('"[REDACTED]"');
    expect(r.findings.find((f) => f.ruleId === 'probe/secret-echoed')).toMatchObject({severity: 'error', line: expect.any(Number)});
  });

  it('--save writes the document with the credential masked', async () => {
    const file = join(dir, 'saved.json');
    const r = await runCli(['probe', 'host', echo.url(), '--token-env', 'OPENWOP_PROBE_TOKEN', '--save', file], {env: ENV});
    expect(r.code).toBe(1);
    const saved = readFileSync(file, 'utf8');
    expect(saved).not.toContain(TOKEN);
    expect(JSON.parse(saved).debug.receivedAuthorization).toBe('[REDACTED]');
    expect(JSON.parse(saved).protocolVersion).toBe('1.2');
  });

  it('a token echoed in an HTTP error message is masked too', async () => {
    const r = await probeJson([echo.url('/denied'), '--token-env', 'OPENWOP_PROBE_TOKEN'], {env: ENV});
    expect(r.code).toBe(2);
    expect(r.findings[0].message).toMatch(/HTTP 403: forbidden: credential \[REDACTED\] may not read/);
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
  });

  it('--header Authorization: and other credential headers are masked the same way', async () => {
    const r = await probeJson([echo.url(), '--header', `Authorization: Bearer ${TOKEN}`, '--header', 'X-Api-Key: key-abcdef123'], {});
    expect(echo.requests.at(-1)?.headers['x-api-key']).toBe('key-abcdef123');
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
    expect(r.stdout).not.toContain('key-abcdef123');
    expect(r.ids).toContain('probe/secret-echoed');
  });

  it('nothing is saved when the host cannot be read', async () => {
    const file = join(dir, 'never.json');
    const r = await runCli(['probe', 'host', echo.url('/denied'), '--token-env', 'OPENWOP_PROBE_TOKEN', '--save', file], {env: ENV});
    expect(r.code).toBe(2);
    expect(existsSync(file)).toBe(false);
  });
});

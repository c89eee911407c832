import {existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {FORMATS} from '../../src/report/formatters/index.js';
import {displayText, displayValue} from '../../src/report/printable.js';
import {Redactor, redactValue} from '../../src/report/redact.js';
import {findSecrets, maskSecrets, SECRET_HINT_SOURCE} from '../../src/report/secrets.js';
import {simulateRetry} from '../../src/retry/index.js';
import {runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';
import {acmeDocument, JSON_HEADERS, startHost, type TestHost} from '../probe/helpers/host.js';
import {growth, MAX_GROWTH} from './helpers/growth.js';
import {body, expectNoSecrets, IN_CONTEXT, SECRETS} from './secret-samples.js';

describe('the secret corpus: every kind is masked, with its kind and length, never its body', () => {
  for (const [kind, text] of Object.entries(IN_CONTEXT)) {
    it(kind, () => {
      const secret = SECRETS[kind as keyof typeof SECRETS];
      const masked = maskSecrets(text);
      expectNoSecrets(masked, [secret]);
      expect(masked).toMatch(/…\S* \(\d+ chars\)/);
      // Masking twice changes nothing: a masked form is not itself a secret.
      expect(maskSecrets(masked)).toBe(masked);
      // The same secret inside a JSON string (a quoted document, a JSON report) is masked too.
      expectNoSecrets(maskSecrets(JSON.stringify({v: text})), [secret]);
    });
  }

  it('keeps the existing masked form: the kind, the last four characters and the length', () => {
    expect(maskSecrets(IN_CONTEXT.openaiProject)).toBe(`key sk-proj-…${SECRETS.openaiProject.slice(-4)} (108 chars) here`);
    expect(maskSecrets(`id ${SECRETS.awsKeyId}`)).toBe(`id AKIA…${SECRETS.awsKeyId.slice(-4)} (20 chars)`);
  });

  it('masks a whole PEM block, END line included, also JSON-escaped with \\n', () => {
    expect(maskSecrets(IN_CONTEXT.pem)).toBe(`key:\n-----BEGIN RSA PRIVATE KEY… (${SECRETS.pem.length} chars)\nend`);
    const escaped = JSON.stringify(SECRETS.pem).slice(1, -1);
    expect(maskSecrets(`"${escaped}"`)).toBe(`"-----BEGIN RSA PRIVATE KEY… (${escaped.length} chars)"`);
    for (const label of ['OPENSSH PRIVATE KEY', 'EC PRIVATE KEY', 'PRIVATE KEY', 'ENCRYPTED PRIVATE KEY', 'PGP PRIVATE KEY BLOCK']) {
      const block = `-----BEGIN ${label}-----\n${body(64)}\n-----END ${label}-----`;
      expect(maskSecrets(block), label).toBe(`-----BEGIN ${label}… (${block.length} chars)`);
    }
    // Cut off before its END line (a quoted excerpt), the rest of the block is still masked.
    expectNoSecrets(maskSecrets(SECRETS.pem.slice(0, 200)), [SECRETS.pem.split('\n')[1]]);
  });

  it('keeps the context a person needs and masks only the value', () => {
    expect(maskSecrets(IN_CONTEXT.awsSecret)).toBe('aws_secret_access_key = … (40 chars)');
    expect(maskSecrets(IN_CONTEXT.urlPassword)).toBe(`https://deploy:… (${SECRETS.urlPassword.length} chars)@registry.example.com/v2/`);
    expect(maskSecrets(IN_CONTEXT.queryToken)).toBe('https://api.example.com/v1/items?limit=5&access_token=… (32 chars)&page=2');
    expect(maskSecrets('db?user=app&password=hunter2&x=1')).toBe('db?user=app&password=… (7 chars)&x=1');
    expect(maskSecrets('X-Amz-Signature=0123456789abcdef0123')).toBe('X-Amz-Signature=… (20 chars)');
  });

  it('reports leaks (what validate envelope flags) apart from credentials it only masks', () => {
    // The raw-text pre-test validate envelope runs on every document must let every leak through.
    const hint = new RegExp(SECRET_HINT_SOURCE);
    for (const [kind, text] of Object.entries(IN_CONTEXT)) if (findSecrets(text).length > 0) expect(hint.test(text), kind).toBe(true);
    expect(findSecrets(IN_CONTEXT.pem).map((h) => h.label)).toEqual(['a private key']);
    expect(findSecrets(IN_CONTEXT.jwt).map((h) => h.label)).toEqual(['a JSON Web Token']);
    expect(findSecrets(IN_CONTEXT.urlPassword)).toEqual([]);
    expect(findSecrets(IN_CONTEXT.urlPassword, 'all').map((h) => h.label)).toEqual(['a password in a URL']);
  });

  it('leaves look-alikes alone', () => {
    for (const text of [
      'task-list-management-and-scheduling-overview-2026',
      'ask-me-anything; risk-free; use sk-learn or sk- as a prefix',
      'AIzaSyShort1234567890',
      '123e4567-e89b-12d3-a456-426614174000',
      'commit 2f62d6b4c828c1c1fef205f75c1ad7b5b8d65f5c and 9b1e…',
      'sha256:2f62d6b4c828c1c1fef205f75c1ad7b5b8d65f5cbe9eb1bbde1234567890abcd',
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'akiaiosfodnn7example and AKIA1234 and AKIAIOSFODNN7EXAMPLEX1',
      'eyJhbGciOiJIUzI1NiJ9 alone is a header, not a token',
      `-----BEGIN PUBLIC KEY-----\n${body(64)}\n-----END PUBLIC KEY-----`,
      `-----BEGIN CERTIFICATE-----\n${body(64)}\n-----END CERTIFICATE-----`,
      'Bearer authentication-header-explained; check bearer token or set AGENTCTL_BEARER_TOKEN',
      'https://user@host.example/path, https://host.example:8443/a@b, git@github.com:org/repo.git',
      'key=value ?page=2&sort=desc monkey=bananas-and-more password= secret:short',
      'ghp_short xoxb-not-a-token github_pat_short',
      'env-7f3a9c run-42:plan-node:0:9b1e',
      'sk-proj-…f3a9 (108 chars)',
    ]) {
      expect(findSecrets(text, 'all'), text).toEqual([]);
      expect(maskSecrets(text)).toBe(text);
    }
  });

  it('stays linear on long near-misses (no backtracking blow-up)', () => {
    const nearMisses = (n: number): string =>
      [
        `sk-${'a'.repeat(n)}`,
        'sk-'.repeat(n / 3),
        `-----BEGIN RSA PRIVATE KEY-----${'A'.repeat(n)}`,
        '-----BEGIN PRIVATE KEY-----\n'.repeat(n / 28),
        `eyJ${'a'.repeat(n)}.`,
        'eyJaaaaaaaaaaaa.eyJ'.repeat(n / 19),
        `https://${'a'.repeat(n)}:`,
        'http://a:'.repeat(n / 9),
        'aws_secret_access_key='.repeat(n / 22),
        'password=&'.repeat(n / 10),
        'token=abc '.repeat(n / 10),
        'Bearer '.repeat(n / 7),
        `xoxb-${'a'.repeat(n)}`,
        ' '.repeat(n),
      ].join('\n');
    const ratio = growth((n) => {
      const text = nearMisses(n);
      const json = JSON.stringify({text, slashes: `${'\\'.repeat(n)}"`});
      return () => {
        maskSecrets(text);
        new Redactor(['hunter22']).jsonText(json);
        displayText(text);
      };
    }, 5_000);
    expect(ratio).toBeLessThan(MAX_GROWTH);
  });
});

describe('the redaction layer over values', () => {
  it('masks strings and keys deeply, and a value under a credential-named key whatever it looks like', () => {
    const out = redactValue({
      list: [IN_CONTEXT.github],
      [SECRETS.awsKeyId]: {password: 'hunter2', apiKey: 'plain', 'X-Api-Key': 'k1', client_secret: 'c', maxTokens: 5, tokenizer: 'bpe', note: '[REDACTED:k1]'},
    });
    expectNoSecrets(JSON.stringify(out));
    const [key] = Object.keys(out).filter((k) => k !== 'list');
    expect(key).toBe(`AKIA…${SECRETS.awsKeyId.slice(-4)} (20 chars)`);
    expect((out as Record<string, Record<string, unknown>>)[key]).toEqual({
      password: '… (7 chars)',
      apiKey: '… (5 chars)',
      'X-Api-Key': '… (2 chars)',
      client_secret: '… (1 chars)',
      maxTokens: 5,
      tokenizer: 'bpe',
      note: '[REDACTED:k1]',
    });
  });

  it('copies nothing when nothing needs masking, keeps key order and __proto__ keys, and survives deep nesting', () => {
    const clean = {a: [1, 'two', {b: null}], c: 'd'};
    expect(redactValue(clean)).toBe(clean);
    const tricky = JSON.parse(`{"z": 1, "__proto__": "${SECRETS.github}", "a": 2}`) as Record<string, unknown>;
    const out = redactValue(tricky);
    expect(Object.keys(out)).toEqual(['z', '__proto__', 'a']);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(out.__proto__).toBe(`ghp_…${SECRETS.github.slice(-4)} (40 chars)`);
    let deep: unknown = SECRETS.openai;
    for (let i = 0; i < 20_000; i++) deep = [deep];
    let leaf = displayValue(deep);
    while (Array.isArray(leaf)) leaf = leaf[0] as unknown;
    expect(leaf).toBe(`sk-…${SECRETS.openai.slice(-4)} (51 chars)`);
  });

  it('redacts a JSON text inside its strings only: layout kept, still parses, escapes cannot hide a key', () => {
    const r = new Redactor();
    const doc = `{\n  "a": "${JSON.stringify(SECRETS.pem).slice(1, -1)}",\n  "b": "\\u0073k-proj-${SECRETS.openaiProject.slice(8)}",\n  "n": [1, 2.5e3, true],\n  "c": "x\\"y"\n}`;
    const out = r.jsonText(doc);
    expectNoSecrets(out, [SECRETS.pem, SECRETS.openaiProject]);
    expect(JSON.parse(out)).toMatchObject({n: [1, 2.5e3, true], c: 'x"y'});
    expect(out.split('\n')).toHaveLength(6);
    const clean = '{ "a" : "b\\n" ,"c":[ 1 ] }';
    expect(r.jsonText(clean)).toBe(clean);
  });
});

/** Runs a command in every format and checks no planted secret reaches stdout, stderr or a written file. */
async function everyFormat(args: string[], options: {cwd?: string; expectMasked?: RegExp; extraFormats?: string[]} = {}): Promise<void> {
  for (const format of [...FORMATS, ...(options.extraFormats ?? [])]) {
    const r = await runCli([...args, '--format', format], {cwd: options.cwd});
    expect(r.stderr, format).not.toMatch(STACK_TRACE);
    expect(r.code, `${format}: ${r.stderr}`).not.toBe(2);
    expectNoSecrets(r.stdout + r.stderr);
    if (options.expectMasked) expect(r.stdout, format).toMatch(options.expectMasked);
  }
}

describe('every command, every format: a secret planted in the input is never printed', () => {
  it('lint schema: a key, a file name, a description and a title (in the --fix-dry-run diff)', async () => {
    const dir = tempDir();
    const schema = {
      type: 'object',
      properties: {[SECRETS.awsKeyId]: {type: 'string', oneOf: [{type: 'string'}]}, x: {type: 'string'}},
      required: ['x'],
      description: `${SECRETS.pem}\n${IN_CONTEXT.awsSecret}`,
      title: IN_CONTEXT.queryToken,
    };
    const file = `${SECRETS.github}.json`;
    writeFileSync(join(dir, file), JSON.stringify(schema, null, 2));
    await everyFormat(['lint', 'schema', file, '--fix-dry-run'], {cwd: dir, expectMasked: /AKIA…/});
    const before = readFileSync(join(dir, file), 'utf8');
    await runCli(['lint', 'schema', file, '--fix', '-o', 'report.txt'], {cwd: dir});
    // The user's own file is fixed, never redacted; the report beside it is.
    expect(readFileSync(join(dir, file), 'utf8')).toContain(SECRETS.awsKeyId);
    expect(readFileSync(join(dir, file), 'utf8')).not.toBe(before);
    expectNoSecrets(readFileSync(join(dir, 'report.txt'), 'utf8'));
  });

  it('validate envelope: reasoning, payload keys, a kind name and the file name', async () => {
    const dir = tempDir();
    const envelope = (n: number, over: Record<string, unknown>) => ({
      type: 'error',
      schemaVersion: 1,
      envelopeId: `env-${n}`,
      correlationId: `run-1:node-1:0:k${n}`,
      payload: {code: 'validation_failed', message: 'no go'},
      meta: {source: 'ai-generation', ts: '2026-05-18T10:00:00Z'},
      ...over,
    });
    const lines = [
      envelope(1, {payload: {code: 'validation_failed', message: 'no go', reasoning: `${SECRETS.pem} and ${IN_CONTEXT.awsSession} and ${IN_CONTEXT.jwt}`}}),
      envelope(2, {payload: {code: 'validation_failed', message: 'no go', [SECRETS.slack]: IN_CONTEXT.urlPassword}}),
      envelope(3, {type: `vendor.acme.${SECRETS.anthropic}`}),
      envelope(4, {payload: {code: 'validation_failed', message: IN_CONTEXT.bearer + IN_CONTEXT.google + IN_CONTEXT.githubPat}}),
    ];
    const file = `${SECRETS.openai}.ndjson`;
    writeFileSync(join(dir, file), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    await everyFormat(['validate', 'envelope', file], {cwd: dir, expectMasked: /envelope\/reasoning-secret-redaction/});
  });

  it('validate pack: the manifest (name, description, requirements, node ids)', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'pack'));
    const manifest = {
      name: `vendor.acme.${SECRETS.slack}`,
      version: '1.0.0',
      description: `${SECRETS.pem}\n${IN_CONTEXT.awsSecret}`,
      author: IN_CONTEXT.urlPassword,
      license: 'MIT',
      engines: {openwop: '>=1.1 <2.0.0'},
      runtime: {language: 'javascript', entry: 'index.mjs', requires: ['net.dns', SECRETS.awsKeyId]},
      nodes: [{typeId: `vendor.acme.${SECRETS.github}`, version: '1.0.0', label: SECRETS.jwt, category: 'integration', role: 'pure', capabilities: []}],
    };
    writeFileSync(join(dir, 'pack', 'pack.json'), JSON.stringify(manifest, null, 2));
    writeFileSync(join(dir, 'pack', 'index.mjs'), 'export default {};\n');
    await everyFormat(['validate', 'pack', 'pack', '--grant', 'net.dns'], {cwd: dir, expectMasked: /AKIA…/});
  });

  describe('probe host: the served document and a redirect Location', () => {
    let host: TestHost;
    beforeAll(async () => {
      const doc = acmeDocument();
      const served = {
        ...doc,
        supportedEnvelopes: [...(doc.supportedEnvelopes as string[]), `vendor.acme.${SECRETS.openaiProject}`],
        debug: {signingKey: SECRETS.pem, note: IN_CONTEXT.awsSecret, [SECRETS.github]: IN_CONTEXT.urlPassword},
      };
      host = await startHost({
        '/.well-known/openwop': {status: 302, headers: {location: `/real/.well-known/openwop?access_token=${SECRETS.queryToken}`}},
        [`/real/.well-known/openwop?access_token=${SECRETS.queryToken}`]: {status: 200, headers: {...JSON_HEADERS, etag: `"${SECRETS.jwt}"`}, body: JSON.stringify(served, null, 2)},
      });
    });
    afterAll(() => host.close());

    it('in every format', async () => {
      await everyFormat(['probe', 'host', host.url()], {expectMasked: /sk-proj-…/});
      expect(host.requests.some((r) => r.path.includes(SECRETS.queryToken))).toBe(true);
    });

    it('--save writes the document masked, and it still parses', async () => {
      const dir = tempDir();
      const r = await runCli(['probe', 'host', host.url(), '--save', 'caps.json'], {cwd: dir});
      expect(r.code).not.toBe(2);
      const saved = readFileSync(join(dir, 'caps.json'), 'utf8');
      expectNoSecrets(saved);
      const parsed = JSON.parse(saved) as {debug: Record<string, string>; protocolVersion: string};
      expect(parsed.debug.signingKey).toBe(`-----BEGIN RSA PRIVATE KEY… (${SECRETS.pem.length} chars)`);
      expect(parsed.protocolVersion).toBe(acmeDocument().protocolVersion);
    });
  });

  it('simulate retry: a refusal text and a node id (every format, and ndjson-events)', async () => {
    const dir = tempDir();
    const refusal = {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      model: 'gpt-4o',
      choices: [{index: 0, finish_reason: 'stop', message: {role: 'assistant', content: null, refusal: `I will not call it with ${SECRETS.openaiProject} or ${IN_CONTEXT.awsSecret}.`}}],
    };
    writeFileSync(join(dir, 'refusal.json'), JSON.stringify(refusal));
    writeFileSync(join(dir, 'mock.json'), JSON.stringify({nodeId: `deploy-${SECRETS.awsKeyId}`, program: [{content: '{"a":1}'}]}));
    await everyFormat(['simulate', 'retry', 'mock.json', 'refusal.json'], {cwd: dir, extraFormats: ['ndjson-events']});
    const events = await runCli(['simulate', 'retry', 'refusal.json', '--format', 'ndjson-events'], {cwd: dir});
    const refused = events.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as {type: string; payload: {refusalText?: string}})
      .find((e) => e.type === 'envelope.refusal');
    expect(refused?.payload.refusalText).toBe(`I will not call it with sk-proj-…${SECRETS.openaiProject.slice(-4)} (108 chars) or aws_secret_access_key = … (40 chars).`);
  });

  it('simulate retry as a library: the envelope.refusal event already carries the refusal text redacted (RFC 0032)', async () => {
    const dir = tempDir();
    const refusal = {
      id: 'c',
      object: 'chat.completion',
      model: 'gpt-4o',
      choices: [{index: 0, finish_reason: 'stop', message: {role: 'assistant', content: null, refusal: `no: ${SECRETS.anthropic}`}}],
    };
    writeFileSync(join(dir, 'refusal.json'), JSON.stringify(refusal));
    const outcome = await simulateRetry(['refusal.json'], {cwd: dir});
    const events = outcome.results[0].events as {type: string; payload: {refusalText?: string}}[];
    expect(events.find((e) => e.type === 'envelope.refusal')?.payload.refusalText).toBe(`no: sk-ant-…${SECRETS.anthropic.slice(-4)} (108 chars)`);
  });

  it('scaffold kind: a secret in a description is refused (exit 2, masked, nothing written), in text and --json mode', async () => {
    for (const json of [false, true]) {
      const dir = tempDir();
      const r = await runCli(['scaffold', 'kind', 'vendor.acme.plan.create', '--field', `title:string:${IN_CONTEXT.openaiProject}`, '--description', IN_CONTEXT.pem, ...(json ? ['--json'] : [])], {
        cwd: dir,
      });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/the input holds (a private key|an OpenAI project key) \(.+…\S* \(\d+ chars\)\).*nothing was written/);
      expectNoSecrets(r.stdout + r.stderr);
      expect(existsSync(join(dir, 'schemas')) ? readdirSync(join(dir, 'schemas')) : []).toEqual([]);
    }
    const r = await runCli(['scaffold', 'kind', 'vendor.acme.plan.create', '--field', 'title:string', '--id-base', `https://user:${SECRETS.urlPassword}@schemas.example/`, '--dry-run'], {
      cwd: tempDir(),
    });
    expect(r.code).toBe(2);
    expectNoSecrets(r.stdout + r.stderr);
  });

  it("error messages: a usage error and oclif's own (an unknown flag, an unknown command) echo the input masked", async () => {
    const runs = await Promise.all([
      runCli(['validate', 'envelope', `--capabilities=${IN_CONTEXT.queryToken}`, 'x.json']),
      runCli(['lint', 'schema', `--nope=${SECRETS.github}`]),
      runCli(['lint', 'schema', '--format', SECRETS.anthropic]),
      runCli(['lint', SECRETS.openaiProject]),
      runCli(['probe', 'host', `https://ops:${SECRETS.urlPassword}@host.example/`]),
    ]);
    for (const r of runs) {
      expect(r.code).toBe(2);
      expect(r.stderr).not.toMatch(STACK_TRACE);
      expectNoSecrets(r.stdout + r.stderr);
      expect(r.stderr).toMatch(/…\S* \(\d+ chars\)|user name or password/);
    }
  });
});

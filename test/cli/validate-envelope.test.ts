import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {commandDocs, ROOT, runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';
import {assertSarifStructure} from '../report/sarif-structure.js';

const FORMATS = ['stylish', 'json', 'sarif', 'github', 'junit'];

const ENVELOPE = {
  type: 'error',
  envelopeId: 'e-1',
  correlationId: 'run:n:0:k',
  payload: {code: 'ambiguous_intent', message: 'Two goals conflict.'},
  meta: {source: 'ai-generation', ts: '2026-11-20T10:00:00Z'},
};

describe('validate envelope inputs', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir();
    writeFileSync(join(dir, 'array.json'), JSON.stringify([ENVELOPE, {...ENVELOPE, envelopeId: 'e-2', payload: {code: 'x'}}], null, 2));
    // Its own correlationId: the same one with the same type would be a replay, reported as info.
    writeFileSync(
      join(dir, 'stream.ndjson'),
      [ENVELOPE, '{"type": "error",', {...ENVELOPE, envelopeId: 'e-3', correlationId: 'run:n:1:k'}].map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\r\n') + '\r\n',
    );
  });

  it('checks each envelope of a JSON array at its index', async () => {
    const r = await runCli(['validate', 'envelope', 'array.json', '--json'], {cwd: dir});
    const report = JSON.parse(r.stdout);
    expect(r.code).toBe(1);
    expect(report.summary).toMatchObject({envelopes: 2, valid: 1, invalid: 1});
    expect(report.results[0].findings).toEqual([expect.objectContaining({pointer: '/1/payload', line: 19, message: expect.stringContaining('missing required property "message" in /1/payload')})]);
  });

  it('reports a malformed line in the middle of a stream by its line number and checks the rest', async () => {
    const r = await runCli(['validate', 'envelope', 'stream.ndjson', '--json'], {cwd: dir});
    const report = JSON.parse(r.stdout);
    expect(report.summary).toMatchObject({envelopes: 3, valid: 2, invalid: 1});
    expect(report.results[0].findings).toEqual([expect.objectContaining({ruleId: 'json/syntax', line: 2})]);
  });

  it('reads NDJSON and single documents from stdin', async () => {
    const stream = await runCli(['validate', 'envelope', '-', '--json'], {input: `${JSON.stringify(ENVELOPE)}\n${JSON.stringify({...ENVELOPE, envelopeId: 'env-other', meta: {}})}\n`});
    const result = JSON.parse(stream.stdout).results[0];
    expect(result.file).toBe('<stdin>');
    expect(result.findings.map((f: {line: number; pointer: string}) => [f.line, f.pointer])).toEqual([
      [2, '/meta'],
      [2, '/meta'],
    ]);
    const pretty = await runCli(['validate', 'envelope', '-'], {input: JSON.stringify(ENVELOPE, null, 2)});
    expect(pretty.code).toBe(0);
  });

  it('exits 2 for a missing file, with a message and no stack trace', async () => {
    const r = await runCli(['validate', 'envelope', 'nope.json'], {cwd: dir});
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('no such file or folder: nope.json');
    expect(r.stderr + r.stdout).not.toMatch(STACK_TRACE);
  });

  it('exits 2 on an unknown flag value without a stack trace', async () => {
    const r = await runCli(['validate', 'envelope', 'array.json', '--format', 'xml'], {cwd: dir});
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--format');
    expect(r.stderr).not.toMatch(STACK_TRACE);
  });

  it('--fail-on warning and --max-warnings turn warnings into exit 1; --quiet hides them but keeps the verdict', async () => {
    writeFileSync(join(dir, 'vendor.json'), JSON.stringify({...ENVELOPE, type: 'vendor.acme.plan.create', payload: {}}));
    expect((await runCli(['validate', 'envelope', 'vendor.json'], {cwd: dir})).code).toBe(0);
    expect((await runCli(['validate', 'envelope', 'vendor.json', '--fail-on', 'warning'], {cwd: dir})).code).toBe(1);
    expect((await runCli(['validate', 'envelope', 'vendor.json', '--max-warnings', '0'], {cwd: dir})).code).toBe(1);
    const quiet = await runCli(['validate', 'envelope', 'vendor.json', '--quiet', '--max-warnings', '0', '--json'], {cwd: dir});
    expect(quiet.code).toBe(1);
    expect(JSON.parse(quiet.stdout).results[0].findings).toEqual([]);
    expect((await runCli(['validate', 'envelope', 'vendor.json', '--rule', 'envelope/unknown-kind=error'], {cwd: dir})).code).toBe(1);
    // A repeatable flag takes one value per occurrence: the path after it is still a path.
    expect((await runCli(['validate', 'envelope', '--rule', 'envelope/unknown-kind=error', 'vendor.json'], {cwd: dir})).code).toBe(1);
  });

  it('--output writes the report to a file and nothing to stdout', async () => {
    const r = await runCli(['validate', 'envelope', 'array.json', '--format', 'sarif', '--output', 'out.sarif'], {cwd: dir});
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const {readFileSync} = await import('node:fs');
    assertSarifStructure(JSON.parse(readFileSync(join(dir, 'out.sarif'), 'utf8')));
  });
});

describe('validate envelope help', () => {
  it('documents the [open] choices, examples and exit codes', async () => {
    const r = await runCli(['validate', 'envelope', '--help']);
    expect(r.code).toBe(0);
    for (const text of ['EXAMPLES', '--max-findings-per-rule', '--kind', '--capabilities', '--schemas']) expect(r.stdout, text).toContain(text);
    const docs = commandDocs('validate-envelope');
    for (const text of ['## Exit codes', 'RFC 0021', 'runId:nodeId:turnIndex', 'vendor.<owner>', '--protocol auto', 'foxctl/drift', '393,216']) expect(docs, text).toContain(text);
  });
});

describe('validate envelope bad input', () => {
  let dir: string;
  const line = (n: number, over: Record<string, unknown> = {}) => JSON.stringify({...ENVELOPE, envelopeId: `e-${n}`, correlationId: `run:n:${n}:k`, ...over});
  beforeAll(() => {
    dir = tempDir();
  });

  it('a truncated final line is reported at its line, and everything before it is checked', async () => {
    writeFileSync(join(dir, 'cut.ndjson'), `${line(1)}\n${line(2, {payload: {code: 'x'}})}\n${line(3).slice(0, 40)}`);
    const report = JSON.parse((await runCli(['validate', 'envelope', 'cut.ndjson', '--json'], {cwd: dir})).stdout);
    expect(report.results[0].findings.map((f: {ruleId: string; line: number}) => [f.ruleId, f.line])).toEqual([
      ['envelope/payload-invalid', 2],
      ['json/syntax', 3],
    ]);
    expect(report.results[0].findings[1].message).toContain('truncated');
    expect(report.summary).toMatchObject({envelopes: 3, valid: 1, invalid: 2});
  });

  it('CRLF endings and blank lines keep true line numbers', async () => {
    writeFileSync(join(dir, 'crlf.ndjson'), `${line(1)}\r\n\r\n   \r\n${line(2, {meta: {source: 'ai-generation', ts: 'soon'}})}\r\n\r\n${line(3)}\r\n`);
    const r = await runCli(['validate', 'envelope', 'crlf.ndjson', '--json'], {cwd: dir});
    const report = JSON.parse(r.stdout);
    expect(report.results[0].findings.map((f: {line: number; pointer: string}) => [f.line, f.pointer])).toEqual([[4, '/meta/ts']]);
    expect(report.summary).toMatchObject({envelopes: 3, valid: 2});
  });

  it('lines that are not objects are shape errors at their line; the stream goes on', async () => {
    writeFileSync(join(dir, 'odd.ndjson'), ['42', '"text"', 'null', 'true', '[1, 2]', line(6)].join('\n'));
    const r = await runCli(['validate', 'envelope', 'odd.ndjson', '--json'], {cwd: dir});
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    const lines = report.results[0].findings.map((f: {ruleId: string; line: number}) => `${f.line} ${f.ruleId}`);
    expect(lines).toEqual(['1 envelope/shape', '2 envelope/shape', '3 envelope/shape', '4 envelope/shape', '5 envelope/shape', '5 envelope/shape']);
    expect(report.summary).toMatchObject({envelopes: 7, valid: 1, invalid: 6});
  });

  it('a 50 MB single envelope is read and checked, in a file and as a stream line; --max-size refuses it with exit 2', async () => {
    const big = JSON.stringify({...ENVELOPE, payload: {reasoning: 'r'.repeat(50 * 1024 * 1024), code: 'x', message: 'y'}});
    writeFileSync(join(dir, 'big.json'), big);
    writeFileSync(join(dir, 'big.ndjson'), `${big}\n${line(2)}\n`);
    const file = await runCli(['validate', 'envelope', 'big.json', '--json'], {cwd: dir});
    expect(file.code).toBe(0);
    expect(JSON.parse(file.stdout).summary).toMatchObject({envelopes: 1, valid: 1});
    const stream = await runCli(['validate', 'envelope', 'big.ndjson', '--json'], {cwd: dir});
    expect(JSON.parse(stream.stdout).summary).toMatchObject({envelopes: 2, valid: 2});
    const capped = await runCli(['validate', 'envelope', 'big.json', '--max-size', '10'], {cwd: dir});
    expect(capped.code).toBe(2);
    expect(capped.stdout).toContain('--max-size');
    expect(capped.stdout + capped.stderr).not.toMatch(STACK_TRACE);
  });

  it('usage errors exit 2 with one line: unknown --kind, --kind with foxctl, missing --schemas folder, unreadable --capabilities', async () => {
    for (const args of [
      ['--kind', 'vendor.x.y'],
      ['--kind', 'error', '--protocol', 'foxctl'],
      ['--schemas', 'nowhere'],
      ['--capabilities', 'nowhere.json'],
    ]) {
      const r = await runCli(['validate', 'envelope', 'crlf.ndjson', ...args], {cwd: dir});
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^openwop: /);
      expect(r.stderr).not.toMatch(STACK_TRACE);
    }
  });
});

describe('validate envelope reports', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir();
    const lines = [
      ENVELOPE,
      {...ENVELOPE, envelopeId: 'e-2', correlationId: 'run:n:1:k', type: 'clarification.request', payload: {questions: []}},
      {...ENVELOPE, envelopeId: 'e-1', correlationId: 'run:n:2:k'},
    ];
    writeFileSync(join(dir, 'run.ndjson'), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    writeFileSync(join(dir, 'clean.json'), JSON.stringify(ENVELOPE));
  });

  it('JSON: per-file results with stream line numbers and counts; summary with run totals and options', async () => {
    const r = await runCli(['validate', 'envelope', 'run.ndjson', 'clean.json', '--json'], {cwd: dir});
    const report = JSON.parse(r.stdout);
    expect(report.summary).toMatchObject({files: 2, errors: 2, envelopes: 4, valid: 2, invalid: 2, kinds: {error: 3, 'clarification.request': 1}, protocol: 'auto', strict: false});
    expect(report.results[0]).toMatchObject({file: 'run.ndjson', envelopes: 3, valid: 1, invalid: 2, kinds: {error: 2, 'clarification.request': 1}});
    expect(report.results[0].findings.map((f: {ruleId: string; line: number}) => [f.ruleId, f.line])).toEqual([
      ['envelope/payload-invalid', 2],
      ['envelope/duplicate-id', 3],
    ]);
    expect(report.results[1]).toMatchObject({file: 'clean.json', findings: [], envelopes: 1, valid: 1, invalid: 0});
  });

  it('stylish: a count line under every file, clean ones under a ✔ header, and the run total apart, under the summary', async () => {
    const r = await runCli(['validate', 'envelope', 'run.ndjson', 'clean.json'], {cwd: dir});
    expect(r.stdout).toContain('  3 envelopes: 1 valid, 2 invalid (clarification.request 1, error 2)');
    expect(r.stdout).toContain('\n✔ clean.json\n  1 envelope: 1 valid, 0 invalid (error 1)\n\n✖ 2 problems');
    // The run's line follows the summary line, never the last file's lines.
    expect(r.stdout).toMatch(/\n✖ 2 problems[^\n]*\n {2}all 2 inputs: 4 envelopes: 2 valid, 2 invalid \(clarification\.request 1, error 3\)\n$/);
    const clean = await runCli(['validate', 'envelope', 'clean.json'], {cwd: dir});
    expect(clean.stdout).toContain('1 envelope: 1 valid, 0 invalid (error 1)');
    expect(clean.stdout).toContain('✔ 1 file checked, no problems');
  });

  it('a 100,000-envelope stream: every envelope checked, no progress output when stderr is not a TTY', async () => {
    const lines: string[] = [];
    for (let i = 0; i < 100_000; i++) lines.push(JSON.stringify({...ENVELOPE, envelopeId: `e-${i}`, correlationId: `run:n:${i}:k`}));
    writeFileSync(join(dir, 'many.ndjson'), `${lines.join('\n')}\n`);
    const r = await runCli(['validate', 'envelope', 'many.ndjson', '--format', 'json'], {cwd: dir});
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).summary).toMatchObject({envelopes: 100_000, valid: 100_000});
    expect(r.stderr).toBe('');
  });
});

describe('validate envelope never prints a secret', () => {
  it('in any format, whatever rule quotes it', async () => {
    const dir = tempDir();
    const {SAMPLE_SECRETS} = await import('../envelope/helpers.js');
    const secrets = Object.values(SAMPLE_SECRETS);
    const lines = [
      ...secrets.map((s, i) => ({...ENVELOPE, envelopeId: `e-${i}`, correlationId: `run:n:${i}:k`, payload: {reasoning: `see ${s}`, code: 'x', message: 'y'}})),
      {...ENVELOPE, envelopeId: 'e-meta', meta: {source: secrets[1], ts: secrets[2]}},
      {...ENVELOPE, envelopeId: 'e-kind', type: secrets[3]},
      {
        version: 1,
        status: 'ok',
        command: 'fs/read',
        data: {token_note: secrets[4], api_key: 'plain-value-123'},
        meta: {ts: '2025-11-15T12:34:56Z', duration_ms: 1},
        error: {code: null, message: null},
      },
    ];
    writeFileSync(join(dir, 'leaky.ndjson'), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    for (const format of FORMATS) {
      const r = await runCli(['validate', 'envelope', 'leaky.ndjson', '--format', format], {cwd: dir});
      expect(r.code, format).toBe(1);
      // Masks keep a key's prefix and last four characters; nothing between may show.
      for (const s of secrets) expect(r.stdout + r.stderr, `${format}: ${s.slice(0, 8)}`).not.toContain(s.slice(s.length > 30 ? 12 : 7, -4));
      expect(r.stdout, format).not.toContain('plain-value-123');
      expect(r.stdout, format).toContain(`(${secrets[0].length} chars)`);
    }
  });
});

describe('validate envelope with hosts and vendor kinds', () => {
  const HOST = {
    protocolVersion: '1.0',
    supportedEnvelopes: ['clarification.request', 'schema.request', 'schema.response', 'error', 'vendor.acme.plan.create'],
    schemaVersions: {error: 1},
    limits: {clarificationRounds: 3, schemaRounds: 2, envelopesPerTurn: 1},
  };
  let dir: string;
  beforeAll(() => {
    dir = tempDir();
    mkdirSync(join(dir, 'kinds'));
    writeFileSync(join(dir, 'kinds', 'vendor.acme.plan.create.schema.json'), JSON.stringify({type: 'object', required: ['title'], properties: {title: {type: 'string'}}}));
    writeFileSync(join(dir, 'host.json'), JSON.stringify(HOST));
    const lines = [
      {...ENVELOPE, schemaVersion: 1, type: 'vendor.acme.plan.create', payload: {title: 'Q3'}},
      {...ENVELOPE, schemaVersion: 1, envelopeId: 'e-2', correlationId: 'run:n:0:k2'},
      {...ENVELOPE, schemaVersion: 1, envelopeId: 'e-3', correlationId: 'run:n:1:k', type: 'vendor.acme.plan.create', payload: {}},
    ];
    writeFileSync(join(dir, 'plan.ndjson'), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  });

  it('--schemas and --capabilities (a file), and the same from the config file', async () => {
    const flags = await runCli(['validate', 'envelope', 'plan.ndjson', '--schemas', 'kinds', '--capabilities', 'host.json', '--json'], {cwd: dir});
    const rules = (r: {stdout: string}) => JSON.parse(r.stdout).results[0].findings.map((f: {ruleId: string; line: number}) => `${f.line} ${f.ruleId}`);
    expect(flags.code).toBe(1);
    expect(rules(flags)).toEqual(['2 envelope/cap-envelopes-per-turn', '3 envelope/payload-invalid']);
    expect(JSON.parse(flags.stdout).summary.capabilities).toBe('host.json');
    writeFileSync(join(dir, 'openwop.config.json'), JSON.stringify({kindSchemas: ['kinds'], capabilities: 'host.json'}));
    const config = await runCli(['validate', 'envelope', 'plan.ndjson', '--json'], {cwd: dir});
    expect(rules(config)).toEqual(['2 envelope/cap-envelopes-per-turn', '3 envelope/payload-invalid']);
  });

  it('--capabilities URL fetches the document', async () => {
    const {createServer} = await import('node:http');
    const server = createServer((_req, res) => {
      res.writeHead(200, {'content-type': 'application/json'});
      res.end(JSON.stringify({...HOST, supportedEnvelopes: ['error']}));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const {port} = server.address() as {port: number};
      const r = await runCli(['validate', 'envelope', join(dir, 'plan.ndjson'), '--capabilities', `http://127.0.0.1:${port}/.well-known/openwop`, '--json'], {cwd: tempDir()});
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout).results[0].findings.map((f: {ruleId: string}) => f.ruleId)).toEqual(['envelope/unknown-kind', 'envelope/unknown-kind']);
    } finally {
      server.close();
    }
  });

  it('the bundled foxctl example stream passes even under --strict', async () => {
    const r = await runCli(['validate', 'envelope', 'examples/envelopes/foxctl-progress.ndjson', '--strict', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).summary.kinds).toEqual({'foxctl:progress': 3, 'foxctl:ok': 1});
  });
});

describe('validate envelope imports what it needs, when it needs it', () => {
  it('a plain run (no --capabilities URL) does not load undici', async () => {
    const {spawnSync} = await import('node:child_process');
    const script = `
      import {createRequire} from 'node:module';
      const {validateEnvelopeInputs} = await import('./dist/src/envelope/index.js');
      await validateEnvelopeInputs(['examples/envelopes/stream.ndjson'], {cwd: process.cwd(), progress: process.stderr});
      const loaded = Object.keys(createRequire(import.meta.url).cache);
      process.stdout.write(JSON.stringify({undici: loaded.some((k) => k.includes('/undici/'))}));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {cwd: ROOT, encoding: 'utf8'});
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({undici: false});
  });
});

describe('validate envelope with the acme example host of either major', () => {
  const hosts = join(ROOT, 'examples', 'hosts');
  const stream = join(ROOT, 'examples', 'envelopes', 'stream.ndjson');
  const brief = (stdout: string) =>
    (JSON.parse(stdout).results as {findings: {ruleId: string; severity: string; line: number; pointer: string}[]}[]).flatMap((r) =>
      r.findings.map((f) => `${f.line} ${f.severity} ${f.ruleId} ${f.pointer}`),
    );

  it('the v1 and v2 documents of one host give the same findings; --major shows in the summary and --help', async () => {
    const v1 = await runCli(['validate', 'envelope', stream, '--capabilities', join(hosts, 'acme.well-known-openwop.json'), '--json']);
    const v2 = await runCli(['validate', 'envelope', stream, '--capabilities', join(hosts, 'acme.v2.well-known-openwop.json'), '--json']);
    expect(v2.code).toBe(v1.code);
    expect(brief(v1.stdout).length).toBeGreaterThan(0);
    expect(brief(v2.stdout)).toEqual(brief(v1.stdout));
    expect([JSON.parse(v1.stdout).summary.major, JSON.parse(v2.stdout).summary.major]).toEqual([1, 2]);
    const help = await runCli(['validate', 'envelope', '--help']);
    expect(help.stdout).toContain('--major');
    expect(commandDocs('validate-envelope')).toContain('## Protocol majors');
  });
});

import {spawn} from 'node:child_process';
import {chmodSync, mkdirSync, openSync, closeSync, ftruncateSync, symlinkSync, writeFileSync, writeSync} from 'node:fs';
import {createServer} from 'node:net';
import {join} from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {BIN, runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';

const ENVELOPE = {type: 'error', envelopeId: 'e', correlationId: 'c', payload: {code: 'x', message: 'y'}, meta: {source: 'system', ts: '2026-01-01T00:00:00Z'}};
const json = async (args: string[], cwd: string) => {
  const r = await runCli([...args, '--json'], {cwd});
  expect(r.stderr).not.toMatch(STACK_TRACE);
  return {code: r.code, findings: JSON.parse(r.stdout).results.flatMap((x: {findings: unknown[]}) => x.findings)};
};

describe('bad input (DESIGN §7) never crashes and gets a clear finding and exit code', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir();
  });

  it('malformed JSON: json/syntax with line:col, exit 1', async () => {
    writeFileSync(join(dir, 'bad.json'), '{\n  "type": "error",\n  "payload": {,}\n}');
    const r = await json(['validate', 'envelope', 'bad.json'], dir);
    expect(r.code).toBe(1);
    expect(r.findings).toEqual([expect.objectContaining({ruleId: 'json/syntax', line: 3, column: 15})]);
  });

  it('a UTF-8 BOM is accepted', async () => {
    writeFileSync(join(dir, 'bom.json'), '\uFEFF' + JSON.stringify(ENVELOPE));
    expect((await json(['validate', 'envelope', 'bom.json'], dir)).code).toBe(0);
  });

  it('invalid UTF-8: io/invalid-utf8 at the bad byte, exit 1', async () => {
    writeFileSync(join(dir, 'latin1.json'), Buffer.concat([Buffer.from('{\n"type": "caf'), Buffer.from([0xe9]), Buffer.from('"}')]));
    const r = await json(['validate', 'envelope', 'latin1.json'], dir);
    expect(r.code).toBe(1);
    expect(r.findings).toEqual([expect.objectContaining({ruleId: 'io/invalid-utf8', line: 2, column: 13})]);
  });

  it('duplicate keys: json/duplicate-key, exit 1', async () => {
    writeFileSync(join(dir, 'dup.json'), JSON.stringify(ENVELOPE).replace('"type":"error"', '"type":"error","type":"error"'));
    const r = await json(['validate', 'envelope', 'dup.json'], dir);
    expect(r.code).toBe(1);
    expect(r.findings).toEqual([expect.objectContaining({ruleId: 'json/duplicate-key', pointer: '/type'})]);
  });

  it('__proto__ keys: a warning, and the envelope is still checked', async () => {
    writeFileSync(join(dir, 'proto.json'), JSON.stringify({...ENVELOPE, payload: {code: 'x', message: 'y', details: {}}}).replace('"details":{}', '"details":{"__proto__":{"admin":true}}'));
    const r = await json(['validate', 'envelope', 'proto.json'], dir);
    expect(r.code).toBe(0);
    expect(r.findings).toEqual([expect.objectContaining({ruleId: 'json/proto-key', severity: 'warning', pointer: '/payload/details/__proto__'})]);
  });

  it('10,000-deep nesting: json/too-deep, no stack overflow', async () => {
    writeFileSync(join(dir, 'deep.json'), '{"payload":' + '['.repeat(10_000) + ']'.repeat(10_000) + '}');
    const r = await json(['validate', 'envelope', 'deep.json'], dir);
    expect(r.code).toBe(1);
    expect(r.findings[0]).toMatchObject({ruleId: 'json/too-deep'});
  });

  it('empty and binary files are findings, exit 1', async () => {
    writeFileSync(join(dir, 'empty.json'), '');
    writeFileSync(join(dir, 'image.json'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
    const r = await json(['validate', 'envelope', 'empty.json', 'image.json'], dir);
    expect(r.code).toBe(1);
    expect(r.findings.map((f: {ruleId: string}) => f.ruleId)).toEqual(['io/empty', 'io/binary']);
  });

  it('a 200 MB single-line file is refused with a clear message before it is read, exit 2', async () => {
    const path = join(dir, 'huge.json');
    const fd = openSync(path, 'w');
    writeSync(fd, '{"payload":"');
    ftruncateSync(fd, 200 * 1024 * 1024);
    closeSync(fd);
    const r = await runCli(['validate', 'envelope', 'huge.json'], {cwd: dir});
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/huge\.json is 200 MB, over the 100 MB limit.*--max-size/);
  });

  it('a 200 MB line inside a stream is skipped with a finding and the stream goes on', async () => {
    const path = join(dir, 'huge-line.ndjson');
    const fd = openSync(path, 'w');
    writeSync(fd, JSON.stringify(ENVELOPE) + '\n"' + 'x'.repeat(200 * 1024 * 1024) + '"\n' + JSON.stringify({...ENVELOPE, envelopeId: 'env-other', meta: {}}) + '\n');
    closeSync(fd);
    const r = await json(['validate', 'envelope', 'huge-line.ndjson'], dir);
    expect(r.code).toBe(1);
    expect(r.findings.map((f: {ruleId: string; line: number}) => [f.ruleId, f.line])).toEqual([
      ['io/too-large', 2],
      ['envelope/shape', 3],
      ['envelope/shape', 3],
    ]);
  }, 120_000);

  it('a folder with a symlink loop is walked once', async () => {
    const tree = join(dir, 'tree');
    mkdirSync(join(tree, 'sub'), {recursive: true});
    writeFileSync(join(tree, 'sub/a.json'), JSON.stringify(ENVELOPE));
    symlinkSync(tree, join(tree, 'sub/loop'));
    const r = await json(['validate', 'envelope', 'tree'], dir);
    expect(r.code).toBe(0);
  });

  it('an unreadable file exits 2 with the reason', async () => {
    const sock = join(dir, 'socket.json');
    const server = createServer().listen(sock);
    await new Promise((r) => server.once('listening', r));
    try {
      const r = await runCli(['validate', 'envelope', 'socket.json'], {cwd: dir});
      expect(r.code).toBe(2);
      expect(r.stdout).toContain('cannot read socket.json');
      expect(r.stderr).not.toMatch(STACK_TRACE);
    } finally {
      server.close();
    }
    if (process.getuid?.() !== 0) {
      writeFileSync(join(dir, 'locked.json'), '{}');
      chmodSync(join(dir, 'locked.json'), 0);
      const r = await runCli(['validate', 'envelope', 'locked.json'], {cwd: dir});
      expect(r.code).toBe(2);
      expect(r.stdout).toContain('permission denied');
    }
  });
});

describe('output to pipes', () => {
  let stream: string;
  beforeAll(() => {
    // 20,000 envelopes, each with three findings: a JSON report well over 10 MB.
    const dir = tempDir();
    stream = join(dir, 'many.ndjson');
    const bad = JSON.stringify({...ENVELOPE, envelopeId: '', correlationId: '', meta: {source: 'robot', ts: 'tomorrow'}});
    writeFileSync(stream, `${bad}\n`.repeat(20_000));
  });

  it('a ≥10 MB JSON report written to a pipe arrives whole', async () => {
    const r = await runCli(['validate', 'envelope', stream, '--json', '--max-findings-per-rule', '0']);
    expect(r.code).toBe(1);
    expect(Buffer.byteLength(r.stdout)).toBeGreaterThan(10 * 1024 * 1024);
    expect(JSON.parse(r.stdout).summary).toMatchObject({envelopes: 20_000, invalid: 20_000});
  });

  it('piped into head (EPIPE): no error output, the normal exit code', async () => {
    const child = spawn('bash', ['-c', `node "${BIN}" validate envelope "${stream}" --json | head -c 100 >/dev/null; echo "status=\${PIPESTATUS[0]}" >&2`], {env: {...process.env, NO_COLOR: '1'}});
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    await new Promise((r) => child.on('close', r));
    expect(stderr.trim()).toBe('status=1');
  });
});

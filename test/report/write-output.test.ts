import {spawn, type ChildProcess} from 'node:child_process';
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, chmodSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {Writable} from 'node:stream';
import {pathToFileURL} from 'node:url';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {WriteError} from '../../src/io/safe-write.js';
import {UserError} from '../../src/core/user-error.js';
import {writeOutput} from '../../src/report/write-output.js';

const ROOT = resolve(import.meta.dirname, '../..');
const moduleUrl = (rel: string) => pathToFileURL(join(ROOT, rel)).href;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'openwop-write-'));
});
afterEach(() => rmSync(dir, {recursive: true, force: true}));

describe('writeOutput to a file', () => {
  it('writes the text and leaves no temp file', async () => {
    const target = join(dir, 'report.sarif');
    await writeOutput('{"a":1}\n', {file: target});
    expect(readFileSync(target, 'utf8')).toBe('{"a":1}\n');
    expect(readdirSync(dir)).toEqual(['report.sarif']);
  });

  it('replaces an existing report and keeps its permissions', async () => {
    const target = join(dir, 'report.json');
    writeFileSync(target, 'old');
    chmodSync(target, 0o640);
    await writeOutput('new', {file: target});
    expect(readFileSync(target, 'utf8')).toBe('new');
    expect(statSync(target).mode & 0o777).toBe(0o640);
  });

  it('writes through a symlink instead of replacing it', async () => {
    const real = join(dir, 'real.json');
    writeFileSync(real, 'old');
    symlinkSync(real, join(dir, 'link.json'));
    await writeOutput('new', {file: join(dir, 'link.json')});
    expect(readFileSync(real, 'utf8')).toBe('new');
  });

  it('fails clearly on a missing folder, creating nothing', async () => {
    const target = join(dir, 'nope', 'report.json');
    const err = await writeOutput('x', {file: target}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WriteError);
    expect(err).toBeInstanceOf(UserError);
    expect((err as WriteError).message).toBe(`Cannot write "${target}": folder "${join(dir, 'nope')}" does not exist`);
    expect((err as WriteError).code).toBe('ENOENT');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('makes a missing folder (and its parents) inside folderRoot only', async () => {
    await writeOutput('x', {file: join(dir, 'a', 'b', 'report.json'), folderRoot: dir});
    expect(readFileSync(join(dir, 'a', 'b', 'report.json'), 'utf8')).toBe('x');
    const root = join(dir, 'root');
    mkdirSync(root);
    const err = await writeOutput('x', {file: join(dir, 'c', 'report.json'), folderRoot: root}).catch((e: unknown) => e);
    expect((err as WriteError).message).toBe(`Cannot write "${join(dir, 'c', 'report.json')}": folder "${join(dir, 'c')}" does not exist`);
    expect((err as WriteError).hint).toContain(`only inside the project (${root})`);
    expect(readdirSync(dir).sort()).toEqual(['a', 'root']);
  });

  it('refuses to replace a folder, leaving it and no temp file', async () => {
    const target = join(dir, 'out');
    mkdirSync(target);
    writeFileSync(join(target, 'keep.txt'), 'x');
    await expect(writeOutput('x', {file: target})).rejects.toThrow(/it is a folder/);
    expect(readdirSync(dir)).toEqual(['out']);
    expect(readFileSync(join(target, 'keep.txt'), 'utf8')).toBe('x');
  });
});

describe('writeOutput to a stream', () => {
  it('resolves only after the stream has taken the whole text', async () => {
    const chunks: Buffer[] = [];
    let release: () => void = () => undefined;
    const slow = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _enc, cb) {
        chunks.push(chunk);
        release = () => cb();
      },
    });
    let done = false;
    const p = writeOutput('y'.repeat(100_000), {stream: slow}).then(() => (done = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(done).toBe(false);
    release();
    await p;
    expect(Buffer.concat(chunks).length).toBe(100_000);
  });

  it('swallows EPIPE and resolves; later writes do not throw either', async () => {
    const broken = new Writable({
      write(_chunk, _enc, cb) {
        cb(Object.assign(new Error('write EPIPE'), {code: 'EPIPE'}));
      },
    });
    await expect(writeOutput('data', {stream: broken})).resolves.toBeUndefined();
    await expect(writeOutput('more', {stream: broken})).resolves.toBeUndefined();
  });

  it('rejects on other stream errors', async () => {
    const broken = new Writable({
      write(_chunk, _enc, cb) {
        cb(Object.assign(new Error('disk on fire'), {code: 'EIO'}));
      },
    });
    await expect(writeOutput('data', {stream: broken})).rejects.toThrow('disk on fire');
  });
});

/** Runs a module snippet in a real child process, stdout piped back to us, with TypeScript imports through tsx. */
function child(code: string) {
  return spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe']});
}

function collect(stream: NodeJS.ReadableStream): Promise<string> {
  let s = '';
  stream.setEncoding('utf8');
  stream.on('data', (d: string) => (s += d));
  return new Promise((r) => stream.on('end', () => r(s)));
}

const exited = (c: ChildProcess) => new Promise<number | null>((r) => c.on('close', (code) => r(code)));

// bin/run.js tells writeOutput, through globalThis.__openwopStdio, whether process.stdout has been made yet; while it has
// not, the report goes to file descriptor 1 directly (no node:stream to load). Both ways must behave alike.
const NO_STDOUT_STREAM_YET = 'globalThis.__openwopStdio = {created: new Set()};';

describe.each([
  ['through process.stdout', ''],
  ['to file descriptor 1 while no stdout stream exists', NO_STDOUT_STREAM_YET],
])('writeOutput through a real pipe, %s', (_, setup) => {
  it('delivers a 12 MB report whole even when the child calls process.exit right after', async () => {
    const c = child(`
      import {writeOutput} from '${moduleUrl('src/report/write-output.ts')}';
      ${setup}
      import {buildReport} from '${moduleUrl('src/report/report.ts')}';
      import {format} from '${moduleUrl('src/report/formatters/json.ts')}';
      const findings = [];
      for (let i = 0; findings.length < 40000; i++) findings.push({ruleId: 'r/x', severity: 'error', message: 'm'.repeat(200) + i, file: 'big.ndjson', pointer: '/a/' + i, line: i + 1, column: 1});
      const text = format(buildReport('validate envelope', '0.1.0', [{file: 'big.ndjson', findings}]), {});
      process.stderr.write(Buffer.byteLength(text) + '\\n');
      await writeOutput(text, {});
      process.exit(0);
    `);
    // Read slowly at first so the pipe fills and the child has to wait for us.
    c.stdout.pause();
    setTimeout(() => c.stdout.resume(), 300);
    let bytes = 0;
    const parts: Buffer[] = [];
    c.stdout.on('data', (d: Buffer) => {
      bytes += d.length;
      parts.push(d);
    });
    const [err, code] = await Promise.all([collect(c.stderr), exited(c)]);
    const expected = Number(err.trim());
    expect(expected).toBeGreaterThan(12 * 1024 * 1024);
    expect(code).toBe(0);
    expect(bytes).toBe(expected);
    expect(JSON.parse(Buffer.concat(parts).toString('utf8')).summary.errors).toBe(40000);
  });

  const epipeChild = (exitCode: string) =>
    child(`
      import {writeOutput} from '${moduleUrl('src/report/write-output.ts')}';
      ${setup}
      await writeOutput('x'.repeat(5 * 1024 * 1024), {});
      await writeOutput('after the reader left\\n', {});
      console.log('console.log after EPIPE must not crash either');
      process.stderr.write('resolved\\n');
      ${exitCode}
    `);

  it('swallows EPIPE when the reader closes early: no stack trace, normal exit code', async () => {
    for (const [setCode, want] of [
      ['', 0],
      ['process.exitCode = 1;', 1],
    ] as const) {
      const c = epipeChild(setCode);
      c.stdout.once('data', () => c.stdout.destroy());
      const [err, code] = await Promise.all([collect(c.stderr), exited(c)]);
      expect(err).toBe('resolved\n');
      expect(code).toBe(want);
    }
  });

  it('behaves the same piped into `head -c 100`', async () => {
    const script = `import {writeOutput} from '${moduleUrl('src/report/write-output.ts')}'; ${setup} await writeOutput('x'.repeat(5 * 1024 * 1024), {}); process.stderr.write('resolved\\n');`;
    const errFile = join(dir, 'stderr.txt');
    const sh = spawn('bash', ['-c', `"$0" --import tsx --input-type=module -e "$1" 2>"$2" | head -c 100; echo "\${PIPESTATUS[0]}"`, process.execPath, script, errFile], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [out] = await Promise.all([collect(sh.stdout), exited(sh)]);
    expect(out).toBe(`${'x'.repeat(100)}0\n`);
    expect(readFileSync(errFile, 'utf8')).toBe('resolved\n');
  });
});

describe('writeOutput to file descriptor 1', () => {
  it('writes through the stream, from where it stopped, when a full non-blocking pipe refuses more (EAGAIN)', async () => {
    // Making process.stdout on a pipe turns the descriptor non-blocking (libuv); pretending afterwards that no stream was
    // made sends the report to the descriptor, which refuses the write once the pipe we do not read yet is full.
    const c = child(`
      import {writeOutput} from '${moduleUrl('src/report/write-output.ts')}';
      process.stdout;
      ${NO_STDOUT_STREAM_YET}
      const text = Array.from({length: 200_000}, (_, i) => String(i)).join('\\n') + '\\n';
      await writeOutput(text, {});
      process.stderr.write(Buffer.byteLength(text) + '\\n');
      process.exit(0);
    `);
    c.stdout.pause();
    setTimeout(() => c.stdout.resume(), 300);
    const [out, err, code] = await Promise.all([collect(c.stdout), collect(c.stderr), exited(c)]);
    expect(err.trim()).toBe(String(Buffer.byteLength(out)));
    expect(code).toBe(0);
    expect(out.split('\n').slice(0, -1).map(Number)).toEqual(Array.from({length: 200_000}, (_, i) => i));
  });
});

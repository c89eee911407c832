// bin/run.js: the `--version` fast path answers exactly as oclif would, the commands run from the dist/cli bundle,
// OPENWOP_TIMING=1 explains where start-up time goes, and every help screen has examples and exit codes. The bundle's
// code cache has its own file (code-cache.test.ts).
import {spawn} from 'node:child_process';
import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {Config} from '@oclif/core';
import {describe, expect, it} from 'vitest';
import {BIN, commandDocs, ROOT, runCli, runProgram, tempDir} from '../helpers/cli.js';

const OUR_COMMANDS = ['lint schema', 'validate envelope', 'validate pack', 'scaffold kind', 'probe host', 'simulate retry', 'commands'];

describe('openwop --version (answered without loading oclif)', () => {
  it("prints oclif's own user agent, byte for byte", async () => {
    const config = await Config.load({root: ROOT});
    for (const args of [['--version'], ['--version', 'ignored']]) {
      const r = await runCli(args);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).toBe(`${config.userAgent}\n`);
    }
  });

  it('leaves `version` elsewhere in the argument list to oclif', async () => {
    const r = await runCli(['lint', 'schema', '--version']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Nonexistent flag: --version');
  });
});

describe('OPENWOP_TIMING=1', () => {
  it('prints each start-up phase on stderr and leaves stdout alone', async () => {
    // The first start on a Node the build did not run on writes the cache the second one is compiled from.
    const plain = await runCli(['lint', 'schema', 'examples/schemas/clean', '--format', 'json']);
    await runCli(['lint', 'schema', 'examples/schemas/clean', '--format', 'json']);
    const timed = await runCli(['lint', 'schema', 'examples/schemas/clean', '--format', 'json'], {env: {OPENWOP_TIMING: '1'}});
    expect(timed.code).toBe(plain.code);
    expect(JSON.parse(timed.stdout)).toEqual(JSON.parse(plain.stdout));
    const phases = [...timed.stderr.matchAll(/^\s+([\d.]+) ms {2}(.+)$/gm)].map((m) => ({ms: Number(m[1]), what: m[2]}));
    expect(phases.map((p) => p.what)).toEqual([
      'node start-up (process start → bin/run.js)',
      'load the CLI (dist/cli bundle, from the code cache)',
      'oclif init (config, plugins, manifest)',
      '  of which plugins',
      'load the command module',
      'run the command (incl. its lazy imports)',
      'total until the command returned',
      'total until exit',
    ]);
    // Running one of our own commands loads no plugin (plugin-help and plugin-autocomplete only add commands).
    for (const p of phases) expect(p.ms, p.what).toSatisfy((ms: number) => (p.what === '  of which plugins' ? ms === 0 : ms > 0));
  });
});

describe('NODE_ENV=development or test (the test runner sets it too)', () => {
  it('runs the build exactly as in production: oclif never looks for TypeScript sources, so it imports no tsx and warns about none', async () => {
    const args = ['lint', 'schema', 'examples/schemas/clean'];
    const production = await runCli(args, {env: {NODE_ENV: 'production'}});
    for (const NODE_ENV of ['development', 'test']) {
      const r = await runCli(args, {env: {NODE_ENV}});
      expect({code: r.code, stdout: r.stdout, stderr: r.stderr}, NODE_ENV).toEqual({code: production.code, stdout: production.stdout, stderr: production.stderr});
      // oclif's own debug output says whether it went looking (on Node 20 its tsx import fails without a word).
      const traced = await runCli(args, {env: {NODE_ENV, DEBUG: 'oclif:config:ts-path'}});
      expect(traced.stderr).not.toContain('registering tsx');
      expect(traced.stderr).toContain('enableAutoTranspile is explicitly set to false');
    }
  });
});

describe('exit', () => {
  it('the process exits once its output is out, not before: a reader that stops for a while still gets all of it', async () => {
    // A report of half a MB through a pipe nobody reads for a while: the writes back up; the exit must wait for them.
    const file = join(tempDir(), 'many.ndjson');
    const line = JSON.stringify({type: 'error', envelopeId: 'e', correlationId: 'c', payload: {code: 'x', message: 'y'}, meta: {source: 'system', ts: '2026-01-01T00:00:00Z'}});
    writeFileSync(file, Array.from({length: 20_000}, (_, i) => line.replace('"e"', `"e${i}"`).replace('"x"', i % 2 ? '"x"' : '1')).join('\n'));
    const child = spawn(process.execPath, [BIN, 'validate', 'envelope', file, '--format', 'json'], {cwd: ROOT, env: {...process.env, NO_COLOR: '1'}});
    child.stdout.pause();
    await new Promise((r) => setTimeout(r, 500));
    const chunks: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    child.stdout.resume();
    const code = await new Promise((r) => child.on('close', r));
    expect(code).toBe(1);
    const report = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    // Far more than a pipe holds (64 KiB on Linux).
    expect(JSON.stringify(report).length).toBeGreaterThan(500_000);
  });
});

describe('what a start loads', () => {
  it('linting a schema loads none of the builtins the bundle defers (child_process, crypto, fs/promises, readline, perf_hooks)', async () => {
    // Node's own list of the builtins it loaded, printed as the process exits.
    const hook = `data:text/javascript,${encodeURIComponent("process.on('exit', () => process.stderr.write('LOADED ' + process.moduleLoadList.join(',')))")}`;
    // Without the test runner's NODE_ENV=test, under which oclif takes its development paths (TypeScript sources).
    const r = await runProgram(process.execPath, ['--import', hook, BIN, 'lint', 'schema', 'examples/schemas/clean'], {cwd: ROOT, env: {...process.env, NODE_ENV: undefined}});
    expect(r.code, r.stderr).toBe(0);
    const loaded =
      /LOADED (.*)/
        .exec(r.stderr)?.[1]
        .split(',')
        .map((m) => m.replace(/^NativeModule /, '')) ?? [];
    expect(loaded).toContain('vm');
    for (const deferred of ['child_process', 'crypto', 'fs/promises', 'readline', 'perf_hooks']) expect(loaded, deferred).not.toContain(deferred);
  });

  it("loads no terminal support when nothing is a terminal: neither chalk's colour probe nor oclif's debug logger brings in node:tty", async () => {
    const hook = `data:text/javascript,${encodeURIComponent("process.on('exit', () => process.stderr.write('LOADED ' + process.moduleLoadList.join(',')))")}`;
    for (const args of [
      ['lint', 'schema', 'examples/schemas/clean'],
      ['validate', 'envelope', 'examples/envelopes/clarification.json'],
    ]) {
      const r = await runProgram(process.execPath, ['--import', hook, BIN, ...args], {cwd: ROOT, env: {...process.env, NODE_ENV: undefined, DEBUG: undefined}});
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('no problems');
      expect(/LOADED (.*)/.exec(r.stderr)?.[1].split(','), args.join(' ')).not.toContain('NativeModule tty');
    }
    // DEBUG still reaches oclif's own logger, which is what loads node:tty.
    const debug = await runProgram(process.execPath, ['--import', hook, BIN, 'lint', 'schema', 'examples/schemas/clean'], {cwd: ROOT, env: {...process.env, NODE_ENV: undefined, DEBUG: 'oclif:*'}});
    expect(debug.stderr).toMatch(/oclif/);
    expect(/LOADED (.*)/.exec(debug.stderr)?.[1].split(',')).toContain('NativeModule tty');
  });

  it('a check writes its report, and --version its line, without making process.stdout or process.stderr (each loads node:stream, and node:net on a pipe)', async () => {
    // CommonJS (--import would bring up the ES module loader, which loads streams), written with writeSync
    // (process.stderr.write would make the stream it looks for).
    const hook = join(tempDir(), 'loaded.cjs');
    writeFileSync(hook, "process.on('exit', () => require('node:fs').writeSync(2, 'LOADED ' + process.moduleLoadList.join(',')));");
    for (const [args, printed] of [
      [['lint', 'schema', 'examples/schemas/clean'], 'no problems'],
      [['validate', 'envelope', 'examples/envelopes/clarification.json'], 'no problems'],
      [['--version'], 'openwop/'],
    ] as const) {
      // stdout and stderr are pipes here, as in pre-commit and CI.
      const r = await runProgram(process.execPath, ['--require', hook, BIN, ...args], {
        cwd: ROOT,
        env: {...process.env, NODE_ENV: undefined, DEBUG: undefined, NO_COLOR: undefined, FORCE_COLOR: undefined},
      });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(printed);
      const loaded = /LOADED (.*)/.exec(r.stderr)?.[1].split(',') ?? [];
      expect(loaded).toContain('NativeModule fs');
      for (const module of ['NativeModule stream', 'NativeModule net']) expect(loaded, `${args.join(' ')}: ${module}`).not.toContain(module);
    }
  });

  it('linting a schema or validating an envelope starts no libuv thread pool (waiting on its threads costs more than the reads it would do)', async () => {
    // Threads of the process as it exits: node -e 0 has V8's and Node's own; an asynchronous file operation adds libuv's pool.
    const hook = `data:text/javascript,${encodeURIComponent("import {readdirSync} from 'node:fs'; process.on('exit', () => process.stderr.write('THREADS ' + readdirSync('/proc/self/task').length))")}`;
    const threads = async (args: string[]) => {
      const r = await runProgram(process.execPath, ['--import', hook, ...args], {cwd: ROOT});
      return Number(/THREADS (\d+)/.exec(r.stderr)?.[1]);
    };
    const bare = await threads(['-e', '0']);
    expect(bare).toBeGreaterThan(0);
    expect(await threads([BIN, 'lint', 'schema', 'examples/schemas/clean'])).toBe(bare);
    expect(await threads([BIN, 'validate', 'envelope', 'examples/envelopes/clarification.json'])).toBe(bare);
    // The measure is sound: a single fs.promises read grows the count.
    expect(await threads(['-e', "require('node:fs').promises.readFile(process.execPath).then(() => {})"])).toBeGreaterThan(bare);
  });
});

describe('help screens', () => {
  it('the root help lists examples and the exit codes', async () => {
    const r = await runCli(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/EXAMPLES\n(\s+\$ openwop .+\n){5,}/);
    expect(r.stdout).toMatch(/EXIT CODES[^\n]*\n\s+0 .+\n\s+1 .+\n\s+2 .+/);
    expect(r.stdout).toMatch(/^\s+autocomplete\s/m);
  });

  for (const id of OUR_COMMANDS) {
    it(`${id}: examples (exit codes on its docs page), the same through \`openwop help\``, async () => {
      const r = await runCli([...id.split(' '), '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^EXAMPLES\n(.*\n)*?\s+\$ openwop /m);
      if (id !== 'commands') expect(commandDocs(id.replace(' ', '-'))).toMatch(/## Exit codes ```text 0 .* 2 /);
      const viaHelp = await runCli(['help', ...id.split(' ')]);
      expect(viaHelp.stdout).toBe(r.stdout);
    });
  }
});

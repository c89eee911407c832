// bin/run.js: the `--version` fast path answers exactly as oclif would, the commands run from the dist/cli bundle,
// OPENWOP_TIMING=1 explains where start-up time goes, and every help screen has examples and exit codes.
import {copyFileSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {Config} from '@oclif/core';
import {afterAll, describe, expect, it} from 'vitest';
import {BIN, ROOT, runCli, runProgram} from '../helpers/cli.js';

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
    const plain = await runCli(['lint', 'schema', 'examples/schemas/clean', '--format', 'json']);
    const timed = await runCli(['lint', 'schema', 'examples/schemas/clean', '--format', 'json'], {env: {OPENWOP_TIMING: '1'}});
    expect(timed.code).toBe(plain.code);
    expect(JSON.parse(timed.stdout)).toEqual(JSON.parse(plain.stdout));
    const phases = [...timed.stderr.matchAll(/^\s+([\d.]+) ms {2}(.+)$/gm)].map((m) => ({ms: Number(m[1]), what: m[2]}));
    expect(phases.map((p) => p.what)).toEqual([
      'node start-up (process start → bin/run.js)',
      // The build leaves a code cache for this Node, and the bundle is compiled from it.
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

describe('what a start loads', () => {
  it('linting a schema loads none of the builtins the bundle defers (child_process, crypto, readline, perf_hooks)', async () => {
    // Node's own list of the builtins it loaded, printed as the process exits.
    const hook = `data:text/javascript,${encodeURIComponent("process.on('exit', () => process.stderr.write('LOADED ' + process.moduleLoadList.join(',')))")}`;
    // Without the test runner's NODE_ENV=test, under which oclif takes its development paths (TypeScript sources).
    const r = await runProgram(process.execPath, ['--import', hook, BIN, 'lint', 'schema', 'examples/schemas/clean'], {cwd: ROOT, env: {...process.env, NODE_ENV: undefined}});
    expect(r.code, r.stderr).toBe(0);
    const loaded = /LOADED (.*)/.exec(r.stderr)?.[1].split(',').map((m) => m.replace(/^NativeModule /, '')) ?? [];
    expect(loaded).toContain('vm');
    for (const deferred of ['child_process', 'crypto', 'readline', 'perf_hooks']) expect(loaded, deferred).not.toContain(deferred);
  });
});

describe('the code cache of the bundle (bin/load-bundle.js)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'openwop-code-cache-'));
  const bundle = join(dir, 'openwop.cjs');
  copyFileSync(join(ROOT, 'dist', 'cli', 'openwop.cjs'), bundle);
  afterAll(() => rmSync(dir, {recursive: true, force: true}));

  /** Loads the copy in a fresh node, as bin/run.js does; says whether V8 took the cache and which commands it offers. */
  async function load(): Promise<{cacheUsed: boolean; commands: string[]}> {
    const code = `import {loadBundle} from ${JSON.stringify(pathToFileURL(join(ROOT, 'bin', 'load-bundle.js')).href)};
      const {exports, cacheUsed} = loadBundle(${JSON.stringify(bundle)});
      process.stdout.write(JSON.stringify({cacheUsed, commands: Object.keys(exports.COMMANDS)}));`;
    const r = await runProgram(process.execPath, ['--input-type=module', '-e', code], {cwd: dir});
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout);
  }

  it('is used when the build made it on this Node, wherever the bundle is', async () => {
    copyFileSync(join(ROOT, 'dist', 'cli', 'openwop.cjs.cache'), `${bundle}.cache`);
    expect(await load()).toEqual({cacheUsed: true, commands: expect.arrayContaining(['lint:schema', 'validate:envelope', 'commands'])});
  });

  it('a cache V8 rejects (another Node, or damaged) or none at all: the bundle is compiled from source and works', async () => {
    writeFileSync(`${bundle}.cache`, Buffer.alloc(4096, 7));
    expect(await load()).toEqual({cacheUsed: false, commands: expect.arrayContaining(['lint:schema'])});
    rmSync(`${bundle}.cache`);
    expect(await load()).toEqual({cacheUsed: false, commands: expect.arrayContaining(['lint:schema'])});
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
    it(`${id}: examples and exit codes, the same through \`openwop help\``, async () => {
      const r = await runCli([...id.split(' '), '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^EXAMPLES\n(.*\n)*?\s+\$ openwop /m);
      expect(r.stdout).toMatch(/EXIT CODES\n\s+0 /);
      expect(r.stdout).toMatch(/\n\s+2 /);
      const viaHelp = await runCli(['help', ...id.split(' ')]);
      expect(viaHelp.stdout).toBe(r.stdout);
    });
  }
});

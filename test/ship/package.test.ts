// The npm package as a user gets it: `npm pack`, install the tarball into an empty folder (npm's cache, no registry
// where avoidable), then run the CLI and import the library from there — nothing from this checkout on the path.
import {cpSync, existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {ROOT, runProgram, tempDir} from '../helpers/cli.js';
import {exampleInvocations, expectOk, startExampleHost} from './helpers.js';

interface PackInfo {
  filename: string;
  size: number;
  unpackedSize: number;
  entryCount: number;
  files: Array<{path: string}>;
}

const npmEnv = {...process.env, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', NO_COLOR: '1'};

describe('the packed npm package', () => {
  let pack: PackInfo;
  let app: string;
  let installMs: number;
  let host: Awaited<ReturnType<typeof startExampleHost>>;
  const bin = () => join(app, 'node_modules', '.bin', 'openwop');

  beforeAll(async () => {
    const out = tempDir('openwop-pack-out-');
    // --ignore-scripts: packs the build `npm test` just made; prepack would wipe dist/ under the other running tests.
    const packed = expectOk(await runProgram('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', out], {cwd: ROOT, env: npmEnv}), 'npm pack');
    pack = (JSON.parse(packed.stdout) as PackInfo[])[0];

    app = tempDir('openwop-pack-app-');
    writeFileSync(join(app, 'package.json'), JSON.stringify({name: 'openwop-consumer', version: '1.0.0', private: true, type: 'module'}));
    const install = expectOk(await runProgram('npm', ['install', '--no-audit', '--no-fund', join(out, pack.filename)], {cwd: app, env: npmEnv}), 'npm install <tarball>');
    installMs = install.ms;
    // The commands read copies of the examples, from the consumer's folder.
    cpSync(join(ROOT, 'examples'), join(app, 'examples'), {recursive: true});
    host = await startExampleHost(join(app, 'examples', 'hosts'));
  }, 300_000);

  afterAll(async () => {
    await host?.close();
    if (pack) console.log(`npm package: ${pack.filename} ${(pack.size / 1024).toFixed(0)} KiB packed, ${(pack.unpackedSize / 1024).toFixed(0)} KiB unpacked, ${pack.entryCount} files; npm install of the tarball ${(installMs / 1000).toFixed(1)} s`);
  });

  it('carries the CLI, the library with its types, schemas and templates, and no tests, sources or examples', () => {
    const paths = pack.files.map((f) => f.path);
    for (const needed of ['bin/run.js', 'bin/package.json', 'bin/load-bundle.cjs', 'dist/cli/openwop.cjs', 'dist/src/index.js', 'dist/src/index.d.ts', 'oclif.manifest.json', 'schemas/ai-envelope.schema.json', 'package.json', 'README.md']) expect(paths, needed).toContain(needed);
    expect(paths.some((p) => p.startsWith('templates/'))).toBe(true);
    // The build's V8 code cache, named after the Node that made it; never the caches starts write (dist/cache).
    expect(paths.filter((p) => /^dist\/cli\/openwop\.cjs\.v\d+\.\d+\.\d+-\w+\.cache$/.test(p))).toHaveLength(1);
    expect(paths.filter((p) => p.startsWith('dist/cache/'))).toEqual([]);
    expect(paths.filter((p) => /^(test|src|commands|bench|scripts|examples)\//.test(p) || p.endsWith('.ts') && !p.endsWith('.d.ts'))).toEqual([]);
    // The CLI runs from the bundle; the unbundled command modules would be dead weight.
    expect(paths.filter((p) => p.startsWith('dist/commands/'))).toEqual([]);
    expect(pack.size).toBeLessThan(2 * 1024 * 1024);
  });

  it('declares its entry points: bin, engines, exports with types', () => {
    const pkg = JSON.parse(readFileSync(join(app, 'node_modules', 'openwop', 'package.json'), 'utf8'));
    expect(pkg.bin).toEqual({openwop: './bin/run.js'});
    expect(pkg.engines).toEqual({node: '>=20.18.1'});
    expect(pkg.exports['.']).toEqual({types: './dist/src/index.d.ts', import: './dist/src/index.js'});
    for (const target of [pkg.exports['.'].types, pkg.exports['.'].import, pkg.bin.openwop]) expect(existsSync(join(app, 'node_modules', 'openwop', target)), target).toBe(true);
  });

  it('`npx openwop --help` and `--version` work from the consumer folder', async () => {
    const help = expectOk(await runProgram('npx', ['--no-install', 'openwop', '--help'], {cwd: app, env: npmEnv}), 'npx openwop --help');
    for (const topic of ['lint', 'validate', 'scaffold', 'probe', 'simulate']) expect(help.stdout).toMatch(new RegExp(`^\\s+${topic}\\s`, 'm'));
    expect(help.stdout).toContain('EXIT CODES');
    const version = expectOk(await runProgram(bin(), ['--version'], {cwd: app, env: npmEnv}), 'openwop --version');
    expect(version.stdout).toBe(`openwop/${pack.filename.match(/openwop-(.+)\.tgz/)?.[1]} ${process.platform}-${process.arch} node-${process.version}\n`);
  });

  it('runs every command on copies of the bundled examples, with the exit code each example is meant to give', async () => {
    const scratch = join(app, 'kinds');
    mkdirSync(scratch);
    for (const c of exampleInvocations(host.url, scratch)) {
      const r = await runProgram(bin(), c.args, {cwd: app, env: npmEnv});
      expect(r.code, `${c.name}\n${r.stdout}\n${r.stderr}`).toBe(c.code);
      expect(r.stderr, c.name).not.toMatch(/internal error|\n\s+at /);
    }
    expect(existsSync(join(scratch, 'vendor.acme.plan.create.schema.json'))).toBe(true);
    // Shell completion comes with the package (@oclif/plugin-autocomplete).
    const completion = expectOk(await runProgram(bin(), ['autocomplete', 'script', 'bash'], {cwd: app, env: {...npmEnv, XDG_CACHE_HOME: tempDir()}}), 'openwop autocomplete script bash');
    expect(completion.stdout).toContain('OPENWOP_AC_BASH_SETUP_PATH');
  });

  it("import('openwop') gives the programmatic API, and TypeScript finds its declarations", async () => {
    const script = `
      const api = await import('openwop');
      const names = ['validateEnvelopes', 'lintSchema', 'validatePack', 'probeHost', 'simulateRetry', 'scaffoldKind', 'buildReport', 'exitCodeFor', 'getFormatter'];
      const missing = names.filter((n) => typeof api[n] !== 'function');
      const outcome = await api.validateEnvelopes(['examples/envelopes/stream.ndjson'], {cwd: process.cwd()});
      process.stdout.write(JSON.stringify({missing, lines: outcome.results[0].findings.map((f) => f.line)}));`;
    const r = expectOk(await runProgram(process.execPath, ['--input-type=module', '-e', script], {cwd: app, env: npmEnv}), "import('openwop')");
    expect(JSON.parse(r.stdout)).toEqual({missing: [], lines: [3, 4]});

    writeFileSync(join(app, 'check.ts'), "import {validateEnvelopes, type Finding} from 'openwop';\nconst f: Promise<{results: Array<{findings: Finding[]}>}> = validateEnvelopes(['x'], {cwd: '.'});\nexport default f;\n");
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({compilerOptions: {module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', strict: true, noEmit: true, skipLibCheck: true, types: []}, files: ['check.ts']}));
    const tsc = await runProgram(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], {cwd: app});
    expect(tsc.code, tsc.stdout + tsc.stderr).toBe(0);
    // And a wrong use is a type error: the declarations are really being read.
    writeFileSync(join(app, 'check.ts'), "import {validateEnvelopes} from 'openwop';\nvalidateEnvelopes(42);\n");
    const wrong = await runProgram(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], {cwd: app});
    expect(wrong.code).not.toBe(0);
    expect(wrong.stdout).toContain('check.ts');
  });
});

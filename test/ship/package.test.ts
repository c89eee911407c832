// The npm package as a user gets it: `npm pack`, install the tarball into an empty folder (npm's cache, no registry
// where avoidable), then run the CLI and import the library from there — nothing from this checkout on the path.
import {cpSync, existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {builtinModules} from 'node:module';
import {join} from 'node:path';
import {globSync} from 'tinyglobby';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {ROOT, runProgram, tempDir} from '../helpers/cli.js';
import {exampleInvocations, expectOk, installTarball, npmEnv, packTarball, startExampleHost, type PackInfo} from './helpers.js';

describe('the packed npm package', () => {
  let pack: PackInfo;
  let app: string;
  let installMs: number;
  let host: Awaited<ReturnType<typeof startExampleHost>>;
  const bin = () => join(app, 'node_modules', '.bin', 'openwop');

  beforeAll(async () => {
    const packed = await packTarball();
    pack = packed.pack;
    ({app, ms: installMs} = await installTarball(packed.tarball));
    // The commands read copies of the examples, from the consumer's folder.
    cpSync(join(ROOT, 'examples'), join(app, 'examples'), {recursive: true});
    host = await startExampleHost(join(app, 'examples', 'hosts'));
  }, 300_000);

  afterAll(async () => {
    await host?.close();
    if (pack)
      console.log(
        `npm package: ${pack.filename} ${(pack.size / 1024).toFixed(0)} KiB packed, ${(pack.unpackedSize / 1024).toFixed(0)} KiB unpacked, ${pack.entryCount} files; npm install of the tarball ${(installMs / 1000).toFixed(1)} s`,
      );
  });

  it('carries the CLI, the library with its types, schemas and templates, and no tests, sources or examples', () => {
    const paths = pack.files.map((f) => f.path);
    for (const needed of [
      'bin/run.js',
      'bin/package.json',
      'bin/load-bundle.cjs',
      'dist/cli/openwop.cjs',
      'dist/src/index.js',
      'dist/src/index.d.ts',
      'oclif.manifest.json',
      'schemas/ai-envelope.schema.json',
      'package.json',
      'README.md',
      'LICENSE',
    ])
      expect(paths, needed).toContain(needed);
    expect(paths.some((p) => p.startsWith('templates/'))).toBe(true);
    // The build's V8 code cache, named after the Node that made it; never the caches starts write (dist/cache).
    expect(paths.filter((p) => /^dist\/cli\/openwop\.cjs\.v\d+\.\d+\.\d+-\w+\.cache$/.test(p))).toHaveLength(1);
    expect(paths.filter((p) => p.startsWith('dist/cache/'))).toEqual([]);
    expect(paths.filter((p) => /^(test|src|commands|bench|scripts|examples)\//.test(p) || (p.endsWith('.ts') && !p.endsWith('.d.ts')))).toEqual([]);
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

  it('says where it comes from: repository, homepage, bugs, keywords, and the MIT licence it ships', () => {
    const installed = join(app, 'node_modules', 'openwop');
    const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(pkg.repository).toEqual({type: 'git', url: 'git+https://github.com/openwop/openwop-cli.git'});
    expect(pkg.homepage).toBe('https://github.com/openwop/openwop-cli#readme');
    expect(pkg.bugs).toEqual({url: 'https://github.com/openwop/openwop-cli/issues'});
    expect(pkg.keywords).toEqual(expect.arrayContaining(['openwop', 'json-schema', 'sarif', 'pre-commit']));
    expect(pkg.license).toBe('MIT');
    const licence = readFileSync(join(installed, 'LICENSE'), 'utf8');
    expect(licence).toMatch(/^MIT License\n\nCopyright \(c\) 2026 the openwop authors\n/);
    expect(licence).toContain('THE SOFTWARE IS PROVIDED "AS IS"');
  });

  it('exports every bundled schema: require.resolve and import with {type: "json"} find them, and nothing else under schemas/', async () => {
    const schemas = pack.files.map((f) => f.path).filter((p) => p.startsWith('schemas/') && p.endsWith('.json'));
    expect(schemas.length).toBeGreaterThan(20);
    const script = `
      import {createRequire} from 'node:module';
      import {readFileSync} from 'node:fs';
      import {relative} from 'node:path';
      const require = createRequire(import.meta.url);
      const out = {};
      for (const file of ${JSON.stringify(schemas)}) {
        const resolved = require.resolve('openwop/' + file);
        const imported = (await import('openwop/' + file, {with: {type: 'json'}})).default;
        out[file] = {at: relative(process.cwd(), resolved), sameId: imported.$id === JSON.parse(readFileSync(resolved, 'utf8')).$id};
      }
      const refused = async (what, load) => { try { await load(); return what + ': loaded'; } catch (e) { return what + ': ' + e.code; } };
      out.refused = [
        await refused('DIFFERENCES.md', () => require.resolve('openwop/schemas/DIFFERENCES.md')),
        await refused('dist internals', () => import('openwop/dist/src/lint/engine.js')),
        await refused('templates', () => require.resolve('openwop/templates/kind/texts.json')),
      ];
      process.stdout.write(JSON.stringify(out));`;
    const r = expectOk(await runProgram(process.execPath, ['--input-type=module', '-e', script], {cwd: app, env: npmEnv}), 'resolve the bundled schemas');
    const out = JSON.parse(r.stdout);
    for (const file of schemas) expect(out[file], file).toEqual({at: join('node_modules', 'openwop', file), sameId: true});
    expect(out.refused).toEqual(['DIFFERENCES.md: ERR_PACKAGE_PATH_NOT_EXPORTED', 'dist internals: ERR_PACKAGE_PATH_NOT_EXPORTED', 'templates: ERR_PACKAGE_PATH_NOT_EXPORTED']);
  });

  it("depends on exactly the packages its code leaves to node_modules: the library's imports and the bundle's lazy ones", () => {
    const installed = join(app, 'node_modules', 'openwop');
    const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    const needed = new Set<string>();
    const packageOf = (specifier: string) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/');
    const note = (specifier: string) => {
      if (/^(\.|\/|node:)/.test(specifier) || builtinModules.includes(specifier)) return;
      needed.add(packageOf(specifier));
    };
    const STATIC = /^(?:import|export)\s[^;]*?\sfrom\s+['"]([^'"]+)['"]/gm;
    // `require(…)` and the lazy loaders made with createRequire (`requireHere(…)`), whose packages load on first use.
    const CALLS = /\b(?:import|require\w*)\(\s*['"]([^'"]+)['"]\s*\)/g;
    for (const file of globSync(['dist/src/**/*.{js,cjs}'], {cwd: installed})) {
      const text = readFileSync(join(installed, file), 'utf8');
      for (const m of [...text.matchAll(STATIC), ...text.matchAll(CALLS)]) note(m[1]);
    }
    // What the bundle import()s on demand (bin/load-bundle.cjs routes it); everything else is inside the bundle.
    const bundle = readFileSync(join(installed, 'dist', 'cli', 'openwop.cjs'), 'utf8');
    const lazy = [...bundle.matchAll(/__openwopImport\("([^"]+)"\)/g)].map((m) => m[1]);
    expect(lazy.length).toBeGreaterThan(0);
    for (const specifier of lazy) note(specifier);
    expect(Object.keys(pkg.dependencies).sort()).toEqual([...needed].sort());
    // The oclif plugins' commands are in the bundle: neither plugin nor their @oclif/core is installed.
    expect(bundle).not.toMatch(/require\("@oclif\//);
    expect(existsSync(join(app, 'node_modules', '@oclif'))).toBe(false);
  });

  it('`npx openwop --help` and `--version` work from the consumer folder', async () => {
    const help = expectOk(await runProgram('npx', ['--no-install', 'openwop', '--help'], {cwd: app, env: npmEnv}), 'npx openwop --help');
    for (const topic of ['lint', 'validate', 'scaffold', 'probe', 'simulate']) expect(help.stdout).toMatch(new RegExp(`^\\s+${topic}\\s`, 'm'));
    expect(help.stdout).toContain('EXIT CODES');
    const version = expectOk(await runProgram(bin(), ['--version'], {cwd: app, env: npmEnv}), 'openwop --version');
    expect(version.stdout).toBe(`openwop/${/openwop-(.+)\.tgz/.exec(pack.filename)?.[1]} ${process.platform}-${process.arch} node-${process.version}\n`);
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
    // The help command and shell completion come with the package (the oclif plugins' commands, in the bundle).
    const help = expectOk(await runProgram(bin(), ['help', 'validate', 'envelope'], {cwd: app, env: npmEnv}), 'openwop help validate envelope');
    expect(help.stdout).toMatch(/^USAGE\n {2}\$ openwop validate envelope /m);
    expect(help.stdout).toContain('Full documentation: https://github.com/openwop/openwop-cli/blob/main/docs/commands/validate-envelope.md');
    const completion = expectOk(await runProgram(bin(), ['autocomplete', 'script', 'bash'], {cwd: app, env: {...npmEnv, XDG_CACHE_HOME: tempDir()}}), 'openwop autocomplete script bash');
    expect(completion.stdout).toContain('OPENWOP_AC_BASH_SETUP_PATH');
  });

  it('checks files on worker threads from the installed package (--jobs 2), with the report --jobs 1 gives', async () => {
    const schemas = join(app, 'jobs');
    mkdirSync(schemas);
    for (let i = 0; i < 24; i++) writeFileSync(join(schemas, `s${i}.schema.json`), JSON.stringify({type: 'object', properties: {n: {type: 'string', maxLength: i + 1}}}));
    const run = (jobs: string) => runProgram(bin(), ['lint', 'schema', 'jobs', '--jobs', jobs, '--format', 'json'], {cwd: app, env: npmEnv});
    const [one, two] = [await run('1'), await run('2')];
    expect(one.code, one.stderr).toBe(1);
    expect(JSON.parse(one.stdout).summary.files).toBe(24);
    expect(two.stderr).toBe(one.stderr);
    expect(two.code).toBe(one.code);
    expect(two.stdout).toBe(one.stdout);
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

    writeFileSync(
      join(app, 'check.ts'),
      "import {validateEnvelopes, type Finding} from 'openwop';\nconst f: Promise<{results: Array<{findings: Finding[]}>}> = validateEnvelopes(['x'], {cwd: '.'});\nexport default f;\n",
    );
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({compilerOptions: {module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', strict: true, noEmit: true, skipLibCheck: true, types: []}, files: ['check.ts']}),
    );
    const tsc = await runProgram(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], {cwd: app});
    expect(tsc.code, tsc.stdout + tsc.stderr).toBe(0);
    // And a wrong use is a type error: the declarations are really being read.
    writeFileSync(join(app, 'check.ts'), "import {validateEnvelopes} from 'openwop';\nvalidateEnvelopes(42);\n");
    const wrong = await runProgram(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], {cwd: app});
    expect(wrong.code).not.toBe(0);
    expect(wrong.stdout).toContain('check.ts');
  });
});

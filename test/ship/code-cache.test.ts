// The bundle's V8 code cache (bin/load-bundle.cjs), on whatever Node runs this suite (CI runs it on 20, 22 and 24):
// a start without a usable cache compiles the bundle and leaves one for its command in the package's dist/cache, and
// writes nothing anywhere else; $HOME plays no part; a cache that cannot be written, is damaged or belongs to an older
// bundle changes nothing a user sees. Each test runs the CLI from its own copy of the package.
import {copyFileSync, cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync} from 'node:fs';
import {join, relative} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {type CliResult, ROOT, runProgram, tempDir} from '../helpers/cli.js';

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, {recursive: true, force: true});
});

function temp(prefix: string): string {
  const dir = tempDir(prefix);
  temps.push(dir);
  return dir;
}

const BUILD_CACHE = `openwop.cjs.${process.version}-${process.arch}.cache`;

/**
 * The package as an install has it: bin, the bundle (with the build's cache for this Node, if the build ran on it, when
 * `buildCache`), the manifest; the library, schemas and dependencies linked from the checkout.
 */
function packageCopy({buildCache = false} = {}): string {
  const pkg = temp('openwop-package-');
  cpSync(join(ROOT, 'bin'), join(pkg, 'bin'), {recursive: true});
  mkdirSync(join(pkg, 'dist', 'cli'), {recursive: true});
  copyFileSync(join(ROOT, 'dist', 'cli', 'openwop.cjs'), join(pkg, 'dist', 'cli', 'openwop.cjs'));
  if (buildCache) cpSync(join(ROOT, 'dist', 'cli'), join(pkg, 'dist', 'cli'), {recursive: true, filter: (from) => !from.endsWith('.cache') || from.endsWith(BUILD_CACHE)});
  for (const file of ['package.json', 'oclif.manifest.json']) copyFileSync(join(ROOT, file), join(pkg, file));
  for (const linked of ['node_modules', 'schemas', 'templates']) symlinkSync(join(ROOT, linked), join(pkg, linked));
  symlinkSync(join(ROOT, 'dist', 'src'), join(pkg, 'dist', 'src'));
  return pkg;
}

/** A project with one schema and one envelope to check. */
function project(): string {
  const dir = temp('openwop-project-');
  copyFileSync(join(ROOT, 'examples', 'schemas', 'clean', 'vendor.acme.plan.create.schema.json'), join(dir, 'plan.schema.json'));
  copyFileSync(join(ROOT, 'examples', 'envelopes', 'clarification.json'), join(dir, 'envelope.json'));
  return dir;
}

/** Every file under dir (links not followed), relative. */
function files(dir: string): string[] {
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

/** Runs the copy's CLI with OPENWOP_TIMING=1 and HOME and TMPDIR in folders of their own; `cacheUsed` from its report. */
async function start(pkg: string, cwd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult & {cacheUsed: boolean}> {
  const r = await runProgram(process.execPath, [join(pkg, 'bin', 'run.js'), ...args], {
    cwd,
    env: {...process.env, NO_COLOR: '1', OPENWOP_TIMING: '1', HOME: temp('openwop-home-'), TMPDIR: temp('openwop-tmp-'), ...env},
  });
  const load = /load the CLI \(dist\/cli bundle, (.+)\)/.exec(r.stderr)?.[1];
  expect(load, r.stderr).toBeDefined();
  return {...r, stderr: r.stderr.replace(/openwop timing:[\s\S]*$/, ''), cacheUsed: load === 'from the code cache'};
}

const sameOutput = (a: CliResult, b: CliResult) => expect({code: b.code, stdout: b.stdout, stderr: b.stderr}).toEqual({code: a.code, stdout: a.stdout, stderr: a.stderr});

describe(`the code cache on ${process.version}`, () => {
  it('a start without one compiles the bundle and leaves one for its command in dist/cache, nothing anywhere else; the next start runs from it', async () => {
    const pkg = packageCopy();
    const cwd = project();
    const before = files(pkg);
    const home = temp('openwop-home-');
    const tmp = temp('openwop-tmp-');
    const first = await start(pkg, cwd, ['lint', 'schema', 'plan.schema.json'], {HOME: home, TMPDIR: tmp});
    expect(first.code, first.stderr).toBe(0);
    expect(first.cacheUsed).toBe(false);
    const written = files(pkg).filter((f) => !before.includes(f));
    expect(written).toEqual([expect.stringMatching(new RegExp(`^dist/cache/${process.version.replaceAll('.', '\\.')}-${process.arch}-lint-schema-\\d+\\.cache$`))]);
    expect(files(cwd)).toEqual(['envelope.json', 'plan.schema.json']);
    expect(files(home)).toEqual([]);
    expect(files(tmp)).toEqual([]);
    const second = await start(pkg, cwd, ['lint', 'schema', 'plan.schema.json']);
    expect(second.cacheUsed).toBe(true);
    sameOutput(first, second);
    expect(files(pkg).filter((f) => !before.includes(f))).toEqual(written);
    // Another command gets a cache of its own, made from its own run.
    const envelope = await start(pkg, cwd, ['validate', 'envelope', 'envelope.json']);
    expect(envelope.code, envelope.stderr).toBe(0);
    expect(envelope.cacheUsed).toBe(false);
    expect(files(pkg).filter((f) => !before.includes(f))).toHaveLength(2);
    expect((await start(pkg, cwd, ['validate', 'envelope', 'envelope.json'])).cacheUsed).toBe(true);
  });

  it("the build's own cache serves the Node that ran the build; any other Node writes its own", async () => {
    const pkg = packageCopy({buildCache: true});
    const cwd = project();
    const builtHere = files(pkg).includes(`dist/cli/${BUILD_CACHE}`);
    const r = await start(pkg, cwd, ['lint', 'schema', 'plan.schema.json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.cacheUsed).toBe(builtHere);
    expect(files(pkg).filter((f) => f.startsWith('dist/cache/'))).toHaveLength(builtHere ? 0 : 1);
  });

  it('$HOME plays no part: a file, a missing folder or none at all gives the same output and nothing on stderr', async () => {
    const pkg = packageCopy();
    const cwd = project();
    const homeFile = join(temp('openwop-home-file-'), 'home');
    writeFileSync(homeFile, 'not a folder');
    const normal = await start(pkg, cwd, ['lint', 'schema', 'plan.schema.json']);
    expect(normal.stderr).toBe('');
    for (const HOME of [homeFile, join(homeFile, 'missing'), undefined]) {
      for (let i = 0; i < 2; i++)
        sameOutput(normal, await start(pkg, cwd, ['lint', 'schema', 'plan.schema.json'], {HOME, XDG_CACHE_HOME: undefined, XDG_CONFIG_HOME: undefined, XDG_DATA_HOME: undefined}));
    }
  });

  it('a cache that cannot be written (dist/cache not a folder, as in a read-only install) changes nothing a user sees', async () => {
    const pkg = packageCopy();
    const cwd = project();
    writeFileSync(join(pkg, 'dist', 'cache'), 'not a folder');
    const before = files(pkg);
    const runs = [await start(pkg, cwd, ['lint', 'schema', 'plan.schema.json']), await start(pkg, cwd, ['lint', 'schema', 'plan.schema.json'])];
    for (const r of runs) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.cacheUsed).toBe(false);
    }
    sameOutput(runs[0], runs[1]);
    expect(files(pkg)).toEqual(before);
  });

  it('a damaged cache is compiled around and replaced', async () => {
    const pkg = packageCopy();
    const cwd = project();
    const good = await start(pkg, cwd, ['lint', 'schema', 'plan.schema.json']);
    const [cache] = files(pkg).filter((f) => f.startsWith('dist/cache/'));
    writeFileSync(join(pkg, cache), Buffer.alloc(4096, 7));
    const damaged = await start(pkg, cwd, ['lint', 'schema', 'plan.schema.json']);
    expect(damaged.cacheUsed).toBe(false);
    sameOutput(good, damaged);
    expect((await start(pkg, cwd, ['lint', 'schema', 'plan.schema.json'])).cacheUsed).toBe(true);
    expect(files(pkg).filter((f) => f.startsWith('dist/cache/'))).toEqual([cache]);
  });

  it("a cache made from an older bundle is never read (V8 would take one whose source is only as long as the new one's)", async () => {
    const pkg = packageCopy();
    const cwd = project();
    await start(pkg, cwd, ['lint', 'schema', 'plan.schema.json']);
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(pkg, 'dist', 'cli', 'openwop.cjs'), later, later);
    const r = await start(pkg, cwd, ['lint', 'schema', 'plan.schema.json']);
    expect(r.cacheUsed).toBe(false);
    expect(files(pkg).filter((f) => f.startsWith('dist/cache/'))).toHaveLength(2);
  });

  it('concurrent first starts (pre-commit runs hooks in parallel) all succeed and leave one whole cache', async () => {
    const pkg = packageCopy();
    const cwd = project();
    const runs = await Promise.all(Array.from({length: 4}, () => start(pkg, cwd, ['lint', 'schema', 'plan.schema.json'])));
    for (const r of runs) sameOutput(runs[0], r);
    expect(runs[0].code).toBe(0);
    expect(files(pkg).filter((f) => f.startsWith('dist/cache/'))).toEqual([expect.stringMatching(/-lint-schema-\d+\.cache$/)]);
    expect((await start(pkg, cwd, ['lint', 'schema', 'plan.schema.json'])).cacheUsed).toBe(true);
  });

  it('the bundle is read as Latin-1 only while it is ASCII (as the build leaves it); otherwise as UTF-8', async () => {
    const bundle = readFileSync(join(ROOT, 'dist', 'cli', 'openwop.cjs'), 'utf8');
    expect(bundle).toMatch(/^[\0-\x7f]*$/);
    const pkg = packageCopy();
    writeFileSync(join(pkg, 'dist', 'cli', 'openwop.cjs'), bundle.replace('checked, no problems', 'checked, no problèmes'));
    const r = await start(pkg, project(), ['lint', 'schema', 'plan.schema.json']);
    expect(r.stdout).toContain('1 file checked, no problèmes');
  });
});

describe('the validators bundled with the CLI', () => {
  it('serve only while current: once a bundled schema is edited, validate envelope checks against the edit', async () => {
    const pkg = packageCopy();
    // A checkout (sources beside the build) whose envelope schema was edited after the build: ids of one character.
    symlinkSync(join(ROOT, 'src'), join(pkg, 'src'));
    rmSync(join(pkg, 'schemas'));
    cpSync(join(ROOT, 'schemas'), join(pkg, 'schemas'), {recursive: true});
    const schemaFile = join(pkg, 'schemas', 'ai-envelope.schema.json');
    const schema = JSON.parse(readFileSync(schemaFile, 'utf8'));
    schema.properties.envelopeId.maxLength = 1;
    writeFileSync(schemaFile, JSON.stringify(schema));
    const cwd = project();
    const asBuilt = await start(packageCopy(), cwd, ['validate', 'envelope', 'envelope.json']);
    expect(asBuilt.code, asBuilt.stdout).toBe(0);
    const edited = await start(pkg, cwd, ['validate', 'envelope', 'envelope.json']);
    expect(edited.code, edited.stdout).toBe(1);
    expect(edited.stdout).toContain('envelopeId');
  });
});

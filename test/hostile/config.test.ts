// Class 8 of issue 14: the config file is found only inside the project, is a regular file of at most 1 MB, names only
// rule ids some command reports (with a did-you-mean), and a $HOME that is not a usable folder changes nothing.
import {chmodSync, mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {tempDir} from '../helpers/cli.js';
import {feed, fifo, outside, project, put, run} from './reads-helpers.js';

const LOOSE = {type: 'object', required: ['a'], properties: {a: {type: 'string'}}};
const ENVELOPE = {type: 'error', envelopeId: 'e', correlationId: 'c', payload: {code: 'x', message: 'y'}, meta: {source: 'system', ts: '2026-01-01T00:00:00Z'}};
const PROGRAM = {nodeId: 'n', program: [{content: '{"a": "x"}'}]};
const MANIFEST = {
  name: 'vendor.acme.cfg',
  version: '1.0.0',
  engines: {openwop: '1'},
  runtime: {language: 'javascript', entry: 'index.mjs'},
  nodes: [{typeId: 'vendor.acme.cfg.a', version: '1.0.0', category: 'data', role: 'pure'}],
};

/** A project with an input for every checking command, and each command's argv for it. */
function inputs(files: Record<string, unknown> = {}): {dir: string; commands: [string, string[]][]} {
  const dir = project({'s.json': LOOSE, 'e.json': ENVELOPE, 'p.json': PROGRAM, 'pack/pack.json': MANIFEST, 'pack/index.mjs': 'export {};\n', ...files});
  return {
    dir,
    commands: [
      ['lint schema', ['lint', 'schema', 's.json']],
      ['validate envelope', ['validate', 'envelope', 'e.json']],
      ['validate pack', ['validate', 'pack', 'pack']],
      ['simulate retry', ['simulate', 'retry', 'p.json']],
      // Port 9 is never reached: the config is read before any request.
      ['probe host', ['probe', 'host', 'http://127.0.0.1:9', '--timeout', '2000']],
    ],
  };
}

describe('rule ids in the config', () => {
  it('an unknown id is exit 2 in every command, with file:line:col and a did-you-mean', async () => {
    const {dir, commands} = inputs({'openwop.config.json': '{\n  "rules": {\n    "tier1/max-dept": "off"\n  }\n}\n'});
    for (const [name, argv] of commands) {
      const r = await run(argv, {cwd: dir});
      expect(r.code, name).toBe(2);
      expect(r.stderr, name).toMatch(/openwop\.config\.json:3:5: unknown rule "tier1\/max-dept"; did you mean tier1\/max-depth/);
    }
  });

  it('ids of every command (and family/* globs) are known to every command', async () => {
    const rules = {
      'tier1/*': 'off',
      'ref/outside-root': 'warn',
      unknown_envelope_kind: 'off',
      'foxctl/drift/*': 'error',
      'pack/missing-file': 'warn',
      invalid_manifest: 'error',
      'probe/content-type': 'off',
      'retry/over-cap': 'warn',
      'io/timeout': 'error',
      'json/duplicate-key': 'warn',
      '*': 'warn',
    };
    const {dir, commands} = inputs({'openwop.config.json': {rules}});
    for (const [name, argv] of commands) {
      const r = await run(argv, {cwd: dir});
      expect(r.stderr, name).not.toContain('invalid config');
      // probe host cannot reach its host (exit 2, a probe/* finding); every other command runs its check.
      if (name === 'probe host') expect(JSON.parse((await run([...argv, '--json'], {cwd: dir})).stdout).results[0].findings[0].ruleId).toMatch(/^probe\//);
      else expect(r.code, name).not.toBe(2);
    }
  });

  it('overrides[].rules are checked too; an unknown family is refused', async () => {
    const {dir} = inputs({'openwop.config.json': {overrides: [{files: ['*.json'], rules: {'tier1/all-required': 'off', 'tier2/*': 'off'}}]}});
    const r = await run(['lint', 'schema', 's.json'], {cwd: dir});
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/openwop\.config\.json:\d+:\d+: unknown rule "tier2\/\*"/);
  });

  it('a huge unknown id is refused at once, without a suggestion', async () => {
    const id = `tier1/${'x'.repeat(200_000)}`;
    const {dir} = inputs({'openwop.config.json': {rules: {[id]: 'off'}}});
    const started = Date.now();
    const r = await run(['lint', 'schema', 's.json'], {cwd: dir, seconds: 20});
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown rule');
    expect(r.stderr).not.toContain('did you mean');
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

describe('the config file itself', () => {
  it('over 1 MB is exit 2 in every command, before it is parsed', async () => {
    const {dir, commands} = inputs({'openwop.config.json': `{"ignore": [${'"x",'.repeat(300_000)} "y"]}`});
    for (const [name, argv] of [...commands, ['scaffold kind', ['scaffold', 'kind', 'vendor.acme.plan.create', '--field', 'title:string', '--dry-run']] as [string, string[]]]) {
      const r = await run(argv, {cwd: dir});
      expect(r.code, name).toBe(2);
      expect(r.stderr, name).toMatch(/config file .*openwop\.config\.json is 1\.\d MB, over the 1 MB limit/);
    }
  });

  it('a link to a file outside the project is refused (exit 2) unless --ref-root names its folder', async () => {
    const out = outside();
    put(out, {'shared.json': {rules: {'tier1/*': 'off'}}});
    const {dir} = inputs();
    symlinkSync(join(out, 'secret.json'), join(dir, 'openwop.config.json'));
    const r = await run(['lint', 'schema', 's.json'], {cwd: dir});
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/config file .*openwop\.config\.json is a symbolic link leading outside the project/);
    const shared = inputs();
    symlinkSync(join(out, 'shared.json'), join(shared.dir, '.openwoprc.json'));
    expect((await run(['lint', 'schema', 's.json'], {cwd: shared.dir})).code).toBe(2);
    expect((await run(['lint', 'schema', 's.json', '--ref-root', out], {cwd: shared.dir})).code).toBe(0);
  });

  it('a FIFO where the config is looked for is exit 2 at once; --config FIFO is read, or times out', async () => {
    const {dir} = inputs();
    fifo(join(dir, 'openwop.config.json'));
    const found = await run(['validate', 'envelope', 'e.json'], {cwd: dir, seconds: 20});
    expect(found.code).toBe(2);
    expect(found.stderr).toMatch(/openwop\.config\.json is not a regular file/);
    const other = inputs();
    const path = fifo(join(other.dir, 'cfg.json'));
    const [named] = await Promise.all([run(['lint', 'schema', 's.json', '--config', 'cfg.json'], {cwd: other.dir, seconds: 20}), feed(path, '{"rules": {"tier1/*": "off"}}')]);
    expect(named.code).toBe(0);
    const late = await run(['lint', 'schema', 's.json', '--config', 'cfg.json', '--input-timeout', '200'], {cwd: other.dir, seconds: 20});
    expect(late.code).toBe(2);
    expect(late.stderr).toContain('--input-timeout');
  });

  it('--config outside the project brings its own folder as a root: the kind schemas it names beside it are read', async () => {
    const out = outside();
    put(out, {'shared/openwop.json': {kindSchemas: ['kinds']}, 'shared/kinds/vendor.acme.k.schema.json': {type: 'object', required: ['never']}});
    const {dir} = inputs({'k.json': {...ENVELOPE, type: 'vendor.acme.k'}});
    const r = await run(['validate', 'envelope', 'k.json', '--config', join(out, 'shared/openwop.json'), '--format', 'json'], {cwd: dir});
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).results[0].findings.map((f: {ruleId: string}) => f.ruleId)).toEqual(['envelope/payload-invalid']);
  });

  it('with --config, a config file on the search path that cannot be used is not an error: it only marks the root', async () => {
    const {dir} = inputs({'package.json': '{"name": ', 'cfg.json': {rules: {'tier1/*': 'off'}}});
    expect((await run(['lint', 'schema', 's.json'], {cwd: dir})).code).toBe(2);
    expect((await run(['lint', 'schema', 's.json', '--config', 'cfg.json'], {cwd: dir})).code).toBe(0);
  });

  it('the search stops at the project root: a config above the folder holding .git is never read', async () => {
    const parent = tempDir();
    writeFileSync(join(parent, 'openwop.config.json'), '{"rules": {"tier1/*": "off"}}');
    const child = join(parent, 'repo');
    mkdirSync(join(child, '.git'), {recursive: true});
    put(child, {'s.json': LOOSE});
    expect((await run(['lint', 'schema', 's.json'], {cwd: child})).code).toBe(1);
    // Without .git the parent's config is the project's, as before.
    const plain = join(parent, 'plain');
    put(plain, {'s.json': LOOSE});
    expect((await run(['lint', 'schema', 's.json'], {cwd: plain})).code).toBe(0);
  });
});

describe('a $HOME that is not a usable folder changes nothing', () => {
  /** HOME (and the XDG folders under it) as a file, a folder no one may enter, and one whose plugin manifest is a FIFO. */
  function homes(): NodeJS.ProcessEnv[] {
    const base = tempDir('openwop-home-');
    const file = join(base, 'not-a-folder');
    writeFileSync(file, 'x');
    const locked = join(base, 'locked');
    mkdirSync(join(locked, '.cache'), {recursive: true});
    chmodSync(locked, 0);
    const piped = join(base, 'piped');
    mkdirSync(join(piped, '.local/share/openwop'), {recursive: true});
    mkdirSync(join(piped, '.cache/openwop'), {recursive: true});
    fifo(join(piped, '.local/share/openwop/package.json'));
    fifo(join(piped, '.cache/openwop/client'));
    const xdg = (dir: string) => ({XDG_DATA_HOME: dir, XDG_CACHE_HOME: dir, XDG_CONFIG_HOME: dir});
    return [{HOME: file, ...xdg(file)}, {HOME: locked, ...xdg(locked)}, {HOME: piped}, {HOME: file, OPENWOP_DATA_DIR: file, OPENWOP_CACHE_DIR: file}];
  }

  it('every command prints the same and exits the same', async () => {
    const {dir, commands} = inputs();
    const all: [string, string[]][] = [
      ...commands,
      ['scaffold kind', ['scaffold', 'kind', 'vendor.acme.plan.create', '--field', 'title:string', '--dry-run']],
      ['help', ['help', 'lint', 'schema']],
      ['version', ['--version']],
    ];
    const env = homes();
    for (const [name, argv] of all) {
      const [baseline, ...others] = await Promise.all([undefined, ...env].map((home) => run(argv, {cwd: dir, env: home, seconds: 20})));
      for (const [i, r] of others.entries()) {
        expect({code: r.code, stdout: r.stdout, stderr: r.stderr}, `${name} with ${JSON.stringify(env[i])}`).toEqual({code: baseline.code, stdout: baseline.stdout, stderr: baseline.stderr});
      }
    }
  }, 240_000);
});

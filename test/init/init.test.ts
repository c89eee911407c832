import {execFileSync} from 'node:child_process';
import {existsSync, lstatSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {loadConfig} from '../../src/config/load.js';
import {appendToPreCommitConfig, HOOK_IDS, HOOKS_REPO} from '../../src/init/pre-commit.js';
import {knownRuleIds} from '../../src/rule-catalog.js';
import {DEFAULT_EXAMPLES_OUT, DEFAULT_OUT} from '../../src/scaffold/index.js';
import {commandDocs, ROOT, runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';

function project(files: Record<string, string> = {}): string {
  const dir = realpathSync(tempDir());
  mkdirSync(join(dir, '.git'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const read = (dir: string, name: string) => readFileSync(join(dir, name), 'utf8');
const version = JSON.parse(read(ROOT, 'package.json')).version as string;

describe('openwop init', () => {
  it("writes a commented starter config that our loader reads, with scaffold's defaults", async () => {
    const dir = project();
    const r = await runCli(['init'], {cwd: dir});
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('wrote openwop.config.json\n');
    expect(existsSync(join(dir, '.pre-commit-config.yaml'))).toBe(false);
    const loaded = await loadConfig({cwd: dir, knownRules: knownRuleIds});
    expect(loaded.path).toBe(join(dir, 'openwop.config.json'));
    const config = loaded.config as Record<string, unknown>;
    expect((config.$comment as string[]).join('\n')).toMatch(/rules: .*\n.*ignore: .*\n.*overrides: /s);
    expect(config.scaffold).toEqual({out: DEFAULT_OUT, examplesOut: DEFAULT_EXAMPLES_OUT});
    const check = await runCli(['lint', 'schema', '--print-config', 'schemas/envelopes/a.schema.json'], {cwd: dir});
    expect(check.code).toBe(0);
    expect(JSON.parse(check.stdout).config.lint).toEqual({profile: 'strict', targets: ['tier1']});
  });

  it("--pre-commit writes .pre-commit-config.yaml with every hook this repository ships, at this version's tag", async () => {
    const dir = project();
    const r = await runCli(['init', '--pre-commit'], {cwd: dir});
    expect(r.code).toBe(0);
    const shipped = (parse(read(ROOT, '.pre-commit-hooks.yaml')) as {id: string}[]).map((h) => h.id);
    expect([...HOOK_IDS]).toEqual(shipped);
    expect(parse(read(dir, '.pre-commit-config.yaml'))).toEqual({repos: [{repo: HOOKS_REPO, rev: `v${version}`, hooks: shipped.map((id) => ({id}))}]});
  });

  it.each([
    ['openwop.config.json', '{"rules": {}}'],
    ['.openwoprc.json', '{}'],
    ['package.json', '{"name": "x", "openwop": {}}'],
  ])('an existing %s is exit 2 and nothing is written (without --pre-commit)', async (name, text) => {
    const dir = project({[name]: text, '.pre-commit-config.yaml': 'repos: []\n'});
    const r = await runCli(['init'], {cwd: dir});
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${name} already holds an openwop config here: nothing was written`);
    expect(r.stderr).not.toMatch(STACK_TRACE);
    expect(read(dir, name)).toBe(text);
    expect(read(dir, '.pre-commit-config.yaml')).toBe('repos: []\n');
    if (name !== 'openwop.config.json') expect(existsSync(join(dir, 'openwop.config.json'))).toBe(false);
  });

  it('a package.json without an openwop key is no config; --force replaces an existing config', async () => {
    const dir = project({'package.json': '{"name": "x"}'});
    expect((await runCli(['init'], {cwd: dir})).code).toBe(0);
    writeFileSync(join(dir, 'openwop.config.json'), '{"rules": {"json/*": "off"}}');
    expect((await runCli(['init', '--force'], {cwd: dir})).code).toBe(0);
    expect(read(dir, 'openwop.config.json')).toContain('"$comment"');
  });

  it('an existing .pre-commit-config.yaml is left alone: the entry to add is printed; --force adds it, keeping comments', async () => {
    const mine = 'repos:\n  # formatting\n  - repo: local\n    hooks: []\n';
    const dir = project({'.pre-commit-config.yaml': mine});
    const r = await runCli(['init', '--pre-commit'], {cwd: dir});
    expect(r.code).toBe(0);
    expect(read(dir, '.pre-commit-config.yaml')).toBe(mine);
    expect(r.stderr).toContain('.pre-commit-config.yaml exists and was left as it is');
    expect(parse(r.stdout.replace(/^wrote .*\n/m, ''))).toEqual([{repo: HOOKS_REPO, rev: `v${version}`, hooks: HOOK_IDS.map((id) => ({id}))}]);

    expect((await runCli(['init', '--pre-commit', '--force'], {cwd: dir})).code).toBe(0);
    const added = read(dir, '.pre-commit-config.yaml');
    expect(added.startsWith(mine)).toBe(true);
    expect(parse(added).repos.map((e: {repo: string}) => e.repo)).toEqual(['local', HOOKS_REPO]);
    const again = await runCli(['init', '--pre-commit', '--force'], {cwd: dir});
    expect(again.stdout).toContain('already lists the openwop hooks');
    expect(read(dir, '.pre-commit-config.yaml')).toBe(added);
  });

  it('an existing pre-commit config that is not a repos: list is refused with --force, before anything is written', async () => {
    expect(appendToPreCommitConfig('repos: [\n', version)).toHaveProperty('unreadable');
    expect(appendToPreCommitConfig('- a\n', version)).toHaveProperty('unreadable');
    expect(parse((appendToPreCommitConfig('repos: []\n', version) as {text: string}).text).repos).toHaveLength(1);
    const dir = project({'.pre-commit-config.yaml': 'hooks: 1\n'});
    const r = await runCli(['init', '--pre-commit', '--force'], {cwd: dir});
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('it has no repos: list; nothing was written');
    expect(existsSync(join(dir, 'openwop.config.json'))).toBe(false);
  });

  it('--pre-commit in a project that has a config keeps it (saying so) and sets up the hooks; without --pre-commit it is exit 2', async () => {
    const user = '{"rules": {"tier1/*": "warn"}}';
    const dir = project({'openwop.config.json': user});
    expect((await runCli(['init'], {cwd: dir})).code).toBe(2);
    const r = await runCli(['init', '--pre-commit'], {cwd: dir});
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('kept openwop.config.json: an openwop config is already here (--force replaces it with the starter config)\nwrote .pre-commit-config.yaml\n');
    expect(read(dir, 'openwop.config.json')).toBe(user);
    expect(read(dir, '.pre-commit-config.yaml')).toContain(HOOKS_REPO);
    const rc = project({'.openwoprc.json': user});
    expect((await runCli(['init', '--pre-commit'], {cwd: rc})).stdout).toMatch(/^kept \.openwoprc\.json: /);
    expect(existsSync(join(rc, 'openwop.config.json'))).toBe(false);
  });

  it('a link at either name leading out of the project is refused, with or without --force, and nothing is written', async () => {
    const outside = realpathSync(tempDir());
    writeFileSync(join(outside, 'victim.json'), 'victim\n');
    writeFileSync(join(outside, 'victim.yaml'), 'repos: []\n');
    const dir = project();
    symlinkSync(join(outside, 'victim.json'), join(dir, 'openwop.config.json'));
    for (const args of [
      ['init', '--force'],
      ['init', '--pre-commit', '--force'],
    ]) {
      const r = await runCli(args, {cwd: dir});
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`cannot write openwop.config.json: it is a symbolic link leading outside the project, to "${join(outside, 'victim.json')}"`);
      expect(r.stderr).not.toMatch(STACK_TRACE);
    }
    const yaml = project();
    symlinkSync(join(outside, 'victim.yaml'), join(yaml, '.pre-commit-config.yaml'));
    const r = await runCli(['init', '--pre-commit', '--force'], {cwd: yaml});
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot write .pre-commit-config.yaml: it is a symbolic link leading outside the project');
    expect(existsSync(join(yaml, 'openwop.config.json'))).toBe(false);
    expect(read(outside, 'victim.json')).toBe('victim\n');
    expect(read(outside, 'victim.yaml')).toBe('repos: []\n');
    // A link inside the project is written through, as before.
    const within = project({'real.json': '{}'});
    symlinkSync('real.json', join(within, 'openwop.config.json'));
    expect((await runCli(['init', '--force'], {cwd: within})).code).toBe(0);
    expect(lstatSync(join(within, 'openwop.config.json')).isSymbolicLink()).toBe(true);
    expect(read(within, 'real.json')).toContain('"$schema"');
  });

  it('an existing pre-commit config that is a FIFO or too large is refused before anything is written, and never waited on', {timeout: 30_000}, async () => {
    const fifo = project();
    execFileSync('mkfifo', [join(fifo, '.pre-commit-config.yaml')]);
    const r = await runCli(['init', '--pre-commit'], {cwd: fifo});
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot read .pre-commit-config.yaml');
    expect(r.stderr).toContain('not a regular file');
    expect(existsSync(join(fifo, 'openwop.config.json'))).toBe(false);
    const huge = project({'.pre-commit-config.yaml': `repos: []\n${'#'.repeat(2 * 1024 * 1024)}\n`});
    const big = await runCli(['init', '--pre-commit'], {cwd: huge});
    expect(big.code).toBe(2);
    expect(big.stderr).toContain('cannot read .pre-commit-config.yaml');
    expect(big.stderr).not.toMatch(STACK_TRACE);
  });

  it('is listed by openwop commands, with examples in --help', async () => {
    expect((await runCli(['commands'])).stdout).toMatch(/^init\s+Write a starter openwop\.config\.json/m);
    const help = await runCli(['init', '--help']);
    expect(help.stdout).toContain('openwop init --pre-commit');
    expect(commandDocs('init')).toContain('## Nothing is overwritten');
  });
});

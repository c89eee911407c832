import {mkdirSync, realpathSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';

const CONFIG = {
  ignore: ['generated/**'],
  rules: {'tier1/*': 'warn'},
  lint: {profile: 'strict'},
  overrides: [
    {files: ['*.schema.json'], rules: {'tier1/max-depth': 'off'}, lint: {targets: ['openai']}},
    {files: ['other/**'], rules: {'json/*': 'off'}},
    {files: ['schemas/**'], lint: {profile: 'load-bearing'}},
  ],
};

function project(config: unknown = CONFIG): string {
  const dir = realpathSync(tempDir());
  mkdirSync(join(dir, '.git'));
  if (config !== null) writeFileSync(join(dir, 'openwop.config.json'), JSON.stringify(config));
  return dir;
}

describe('--print-config FILE', () => {
  it('merges the config, the overrides matching FILE (in order) and --rule, says where it came from, and checks nothing', async () => {
    const dir = project();
    const r = await runCli(['lint', 'schema', '--print-config', 'schemas/a.schema.json', '--rule', 'reasoning/missing=off'], {cwd: dir});
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      file: 'schemas/a.schema.json',
      configFile: join(dir, 'openwop.config.json'),
      root: dir,
      ignored: false,
      ignoredBy: null,
      overrides: [0, 2],
      config: {
        ignore: ['generated/**'],
        rules: {'tier1/*': 'warn', 'tier1/max-depth': 'off', 'reasoning/missing': 'off'},
        lint: {profile: 'load-bearing', targets: ['openai']},
      },
    });
  });

  it('prints a file the config ignores, saying so', async () => {
    const r = await runCli(['validate', 'envelope', '--print-config', 'generated/x.json'], {cwd: project()});
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ignored: true, ignoredBy: `the config's "ignore"`, overrides: []});
  });

  it('decides "ignored" as a check does: ignore files, --ignore-pattern, and --no-ignore turning it all off', async () => {
    const dir = project();
    mkdirSync(join(dir, 'gen'));
    writeFileSync(join(dir, '.openwopignore'), 'gen/\n');
    // A .gitignore does not stop a file named on the command line (nor one named to --print-config).
    writeFileSync(join(dir, '.gitignore'), 'a.json\n');
    writeFileSync(join(dir, 'gen', 'x.json'), '{}');
    writeFileSync(join(dir, 'a.json'), '{}');
    const byFile = await runCli(['lint', 'schema', '--print-config', 'gen/x.json'], {cwd: dir});
    expect(JSON.parse(byFile.stdout)).toMatchObject({ignored: true, ignoredBy: '.openwopignore ("gen/")'});
    const byGit = await runCli(['lint', 'schema', '--print-config', 'a.json'], {cwd: dir});
    expect(JSON.parse(byGit.stdout)).toMatchObject({ignored: false, ignoredBy: null});
    // The same words as the warning a check of that file gives.
    const check = await runCli(['lint', 'schema', 'gen/x.json', 'a.json', '--all-json', '-f', 'json'], {cwd: dir});
    expect(JSON.stringify(JSON.parse(check.stdout))).toContain('is ignored by .openwopignore (\\"gen/\\")');
    const byFlag = await runCli(['validate', 'envelope', '--print-config', 'a.json', '--ignore-pattern', 'a.*'], {cwd: dir});
    expect(JSON.parse(byFlag.stdout)).toMatchObject({ignored: true, ignoredBy: '--ignore-pattern'});
    for (const file of ['gen/x.json', 'generated/y.json']) {
      const off = await runCli(['validate', 'pack', '--print-config', file, '--no-ignore'], {cwd: dir});
      expect(JSON.parse(off.stdout)).toMatchObject({ignored: false, ignoredBy: null});
    }
  });

  it('without a config file: null, the project root, an empty config', async () => {
    const dir = project(null);
    const r = await runCli(['validate', 'pack', '--print-config', 'pack.json'], {cwd: dir});
    expect(JSON.parse(r.stdout)).toEqual({file: 'pack.json', configFile: null, root: dir, ignored: false, ignoredBy: null, overrides: [], config: {}});
  });

  it.each([[['validate', 'envelope']], [['validate', 'pack']], [['validate', 'bundle']], [['lint', 'schema']], [['probe', 'host']], [['simulate', 'retry']]])(
    '%j takes it without its inputs, and exits 0',
    async (command) => {
      const r = await runCli([...command, '--print-config', 'other/x.json'], {cwd: project()});
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).config.rules).toEqual({'tier1/*': 'warn', 'json/*': 'off'});
    },
  );

  it('scaffold kind, which reads the config too, takes it; $schema and $comment are left out', async () => {
    const dir = project({$schema: 'x', $comment: 'notes', scaffold: {out: 'kinds'}});
    const r = await runCli(['scaffold', 'kind', '--print-config', 'kinds/a.schema.json'], {cwd: dir});
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({configFile: join(dir, 'openwop.config.json'), config: {scaffold: {out: 'kinds'}}});
    expect(JSON.parse(r.stdout).config).not.toHaveProperty('$comment');
  });

  it('an invalid config or an unknown --rule is still exit 2', async () => {
    const bad = await runCli(['validate', 'envelope', '--print-config', 'x.json'], {cwd: project({rules: {'tier1/max-dept': 'off'}})});
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('did you mean tier1/max-depth');
    const flag = await runCli(['validate', 'envelope', '--print-config', 'x.json', '--rule', 'nope=off'], {cwd: project()});
    expect(flag.code).toBe(2);
    expect(flag.stderr).not.toMatch(STACK_TRACE);
  });
});

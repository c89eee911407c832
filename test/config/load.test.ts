import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadConfig, parseRuleFlags} from '../../src/config/load.js';
import {UserError} from '../../src/core/user-error.js';
import {runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';

function project(files: Record<string, string>): string {
  const dir = tempDir();
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), {recursive: true});
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('config discovery', () => {
  it('finds openwop.config.json upward from the working directory', async () => {
    const dir = project({'openwop.config.json': '{"rules": {"unknown_envelope_kind": "off"}}', 'a/b/.keep': ''});
    const loaded = await loadConfig({cwd: join(dir, 'a/b')});
    expect(loaded.path).toBe(join(dir, 'openwop.config.json'));
    expect(loaded.config.rules).toEqual({unknown_envelope_kind: 'off'});
  });

  it('prefers openwop.config.json over .openwoprc.json over package.json in the same folder, and the nearest folder first', async () => {
    const dir = project({
      '.openwoprc.json': '{"ignore": ["rc"]}',
      'package.json': '{"name": "x", "openwop": {"ignore": ["pkg"]}}',
      'sub/package.json': '{"name": "y", "openwop": {"ignore": ["sub"]}}',
    });
    expect((await loadConfig({cwd: dir})).config.ignore).toEqual(['rc']);
    expect((await loadConfig({cwd: join(dir, 'sub')})).config.ignore).toEqual(['sub']);
  });

  it('skips a package.json without an openwop key', async () => {
    const dir = project({'.openwoprc.json': '{"ignore": ["rc"]}', 'sub/package.json': '{"name": "y"}'});
    expect((await loadConfig({cwd: join(dir, 'sub')})).config.ignore).toEqual(['rc']);
  });

  it('rejects a ref root that is missing or not a folder', async () => {
    const dir = project({'f.txt': ''});
    await expect(loadConfig({cwd: dir, refRoots: ['nope']})).rejects.toThrow(new UserError('--ref-root nope: no such folder'));
    await expect(loadConfig({cwd: dir, refRoots: ['f.txt']})).rejects.toThrow(UserError);
  });

  it('returns an empty config when none exists', async () => {
    expect((await loadConfig({cwd: tempDir()})).config).toEqual({});
  });

  it('rejects an invalid config with file:line:col', async () => {
    const dir = project({'openwop.config.json': '{\n  "rules": {\n    "tier1/max-depth": "loud"\n  }\n}'});
    await expect(loadConfig({cwd: dir})).rejects.toThrow(/openwop\.config\.json:3:5: .*must be one of "off", "info", "warn", "error"/);
    const typo = project({'.openwoprc.json': '{"rulez": {}}'});
    await expect(loadConfig({cwd: typo})).rejects.toThrow(/\.openwoprc\.json:1:2: unknown setting "rulez"/);
    const broken = project({'openwop.config.json': '{"rules": }'});
    await expect(loadConfig({cwd: broken})).rejects.toBeInstanceOf(UserError);
  });

  it('--config names a file explicitly and a missing one is an error', async () => {
    const dir = project({'custom.json': '{"ignore": ["x"]}'});
    expect((await loadConfig({cwd: dir, explicitPath: 'custom.json'})).config.ignore).toEqual(['x']);
    await expect(loadConfig({cwd: dir, explicitPath: 'nope.json'})).rejects.toThrow(/cannot read config file .*nope\.json: no such file/);
  });

  it('parses --rule flags and refuses malformed ones', () => {
    expect(parseRuleFlags(['tier1/*=off', 'json/duplicate-key=warn'])).toEqual({'tier1/*': 'off', 'json/duplicate-key': 'warn'});
    expect(() => parseRuleFlags(['tier1/max-depth'])).toThrow(/expected RULE=off\|info\|warn\|error/);
  });
});

describe('config through the CLI', () => {
  const envelope = JSON.stringify({type: 'vendor.acme.x', envelopeId: 'e', correlationId: 'c', payload: {}, meta: {source: 'system', ts: '2026-01-01T00:00:00Z'}});

  it('applies config severities, and --rule overrides them', async () => {
    const dir = project({'openwop.config.json': '{"rules": {"unknown_envelope_kind": "error"}}', 'e.json': envelope});
    expect((await runCli(['validate', 'envelope', 'e.json'], {cwd: dir})).code).toBe(1);
    expect((await runCli(['validate', 'envelope', 'e.json', '--rule', 'unknown_envelope_kind=warn'], {cwd: dir})).code).toBe(0);
  });

  it('honours ignore globs from config', async () => {
    const dir = project({'openwop.config.json': '{"ignore": ["generated/**"]}', 'generated/bad.json': '{', 'good.json': envelope});
    const r = await runCli(['validate', 'envelope', '.', '--json'], {cwd: dir});
    expect(JSON.parse(r.stdout).results.map((x: {file: string}) => x.file)).toEqual(['good.json']);
  });

  it('an invalid config is exit 2 with one clear line and no stack trace', async () => {
    const dir = project({'openwop.config.json': '{"rules": {"x": 1}}', 'e.json': envelope});
    const r = await runCli(['validate', 'envelope', 'e.json'], {cwd: dir});
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^openwop: invalid config .*openwop\.config\.json:1:12: \/rules\/x must be one of/);
    expect(r.stderr).not.toMatch(STACK_TRACE);
  });

  it('a per-glob override beats the global rule severity, and --rule beats both', async () => {
    const schema = JSON.stringify({type: 'object', additionalProperties: false, required: ['a'], properties: {a: {type: 'string', maxLength: 5}}});
    const config = JSON.stringify({rules: {'tier1/string-constraint': 'error'}, overrides: [{files: ['loose/**'], rules: {'tier1/string-constraint': 'warn'}}]});
    const dir = project({'openwop.config.json': config, 'strict/s.json': schema, 'loose/s.json': schema});
    const severities = async (extra: string[] = []) => {
      const r = await runCli(['lint', 'schema', 'strict/s.json', 'loose/s.json', '--json', ...extra], {cwd: dir});
      return JSON.parse(r.stdout).results.map((x: {file: string; findings: {severity: string}[]}) => [x.file, x.findings.map((f) => f.severity)]);
    };
    expect(await severities()).toEqual([
      ['strict/s.json', ['error']],
      ['loose/s.json', ['warning']],
    ]);
    expect(await severities(['--rule', 'tier1/string-constraint=off'])).toEqual([
      ['strict/s.json', []],
      ['loose/s.json', []],
    ]);
  });
});

import {readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {applyEdits} from 'jsonc-parser';
import {describe, expect, it} from 'vitest';
import {loadConfig} from '../../../src/config/load.js';
import {matchingOverrides} from '../../../src/config/overrides.js';
import type {OpenwopConfig} from '../../../src/config/types.js';
import {disableRuleEdit, type ConfigEdit} from '../../../src/lsp/disable-rule-edit.js';
import {runCli, tempProject} from '../../helpers/cli.js';

const RULE = 'tier1/all-required';
/** One property not in `required`: tier1/all-required fires once on it. */
const OPTIONAL = JSON.stringify({type: 'object', properties: {a: {type: 'string'}}, required: [], additionalProperties: false});

function applied(edit: ConfigEdit | undefined, text: string): string {
  expect(edit?.kind).toBe('edit');
  return edit?.kind === 'edit' ? applyEdits(text, edit.edits) : '';
}

describe('disableRuleEdit', () => {
  it('with no config: a new openwop.config.json in the project folder holding only the overrides entry', () => {
    expect(disableRuleEdit({baseDir: '/p'}, '/p/schemas/a.schema.json', RULE)).toEqual({
      kind: 'create',
      path: '/p/openwop.config.json',
      text: `${JSON.stringify({overrides: [{files: ['schemas/a.schema.json'], rules: {[RULE]: 'off'}}]}, null, 2)}\n`,
    });
  });

  it('a config without overrides gains the key, its other settings untouched', () => {
    const text = '{\n  "rules": {"tier1/max-depth": "warn"},\n  "ignore": ["dist/**"]\n}\n';
    const out = applied(disableRuleEdit({path: '/p/openwop.config.json', text, baseDir: '/p'}, '/p/a.schema.json', RULE), text);
    expect(JSON.parse(out)).toEqual({rules: {'tier1/max-depth': 'warn'}, ignore: ['dist/**'], overrides: [{files: ['./a.schema.json'], rules: {[RULE]: 'off'}}]});
    expect(out.startsWith('{\n  "rules": {"tier1/max-depth": "warn"},\n  "ignore": ["dist/**"]')).toBe(true);
  });

  it('a config with overrides gets a new entry appended after the existing ones', () => {
    const text = JSON.stringify(
      {
        overrides: [
          {files: ['legacy/**'], rules: {'tier1/max-depth': 'off'}},
          {files: ['a.schema.json', 'b.schema.json'], rules: {}},
        ],
      },
      null,
      2,
    );
    const out = JSON.parse(applied(disableRuleEdit({path: '/p/openwop.config.json', text, baseDir: '/p'}, '/p/a.schema.json', RULE), text)) as {overrides: unknown[]};
    expect(out.overrides).toHaveLength(3);
    expect(out.overrides[2]).toEqual({files: ['./a.schema.json'], rules: {[RULE]: 'off'}});
  });

  it('an entry naming exactly that file gains the rule instead of a second entry', () => {
    const text = JSON.stringify({overrides: [{files: ['./a.schema.json'], rules: {'tier1/max-depth': 'off'}}]}, null, 2);
    const out = JSON.parse(applied(disableRuleEdit({path: '/p/openwop.config.json', text, baseDir: '/p'}, '/p/a.schema.json', RULE), text)) as unknown;
    expect(out).toEqual({overrides: [{files: ['./a.schema.json'], rules: {'tier1/max-depth': 'off', [RULE]: 'off'}}]});
  });

  it('an entry whose glob is the bare name (it matches that name in every folder) is not that file: a new entry', () => {
    const text = JSON.stringify({overrides: [{files: ['a.schema.json'], rules: {'tier1/max-depth': 'off'}}]}, null, 2);
    const out = JSON.parse(applied(disableRuleEdit({path: '/p/openwop.config.json', text, baseDir: '/p'}, '/p/a.schema.json', RULE), text)) as unknown;
    expect(out).toEqual({
      overrides: [
        {files: ['a.schema.json'], rules: {'tier1/max-depth': 'off'}},
        {files: ['./a.schema.json'], rules: {[RULE]: 'off'}},
      ],
    });
  });

  it('an entry naming exactly that file but holding only lint options gets a rules key', () => {
    const text = JSON.stringify({overrides: [{files: ['./a.schema.json'], lint: {profile: 'load-bearing'}}]}, null, 2);
    const out = JSON.parse(applied(disableRuleEdit({path: '/p/openwop.config.json', text, baseDir: '/p'}, '/p/a.schema.json', RULE), text)) as unknown;
    expect(out).toEqual({overrides: [{files: ['./a.schema.json'], lint: {profile: 'load-bearing'}, rules: {[RULE]: 'off'}}]});
  });

  it.each([
    ['a name in the config folder', 't.schema.json', ['sub/t.schema.json', 'x/y/t.schema.json']],
    ['glob characters in the name', 's/x[1].schema.json', ['s/x1.schema.json', 's/x[1].schema.json.bak']],
    ['every glob character', 's/!a*b?{c,d}(e)+@|\\\\.json', ['s/abxc.json', 's/ab?d(e).json', 's/!a*b?c(e)+@|.json']],
    ['a leading !', '!x.schema.json', ['x.schema.json', 'y.schema.json']],
  ])('%s: the written glob matches that file and no other', (_, rel, others) => {
    const edit = disableRuleEdit({baseDir: '/p'}, `/p/${rel}`, RULE);
    const config = edit?.kind === 'create' ? (JSON.parse(edit.text) as OpenwopConfig) : {};
    expect(matchingOverrides(config, `/p/${rel}`, '/p')).toEqual([0]);
    for (const other of others) expect(matchingOverrides(config, `/p/${other}`, '/p')).toEqual([]);
  });

  it('package.json: the entry goes under its openwop key, the rest of the manifest untouched', () => {
    const text = JSON.stringify({name: 'x', version: '1.0.0', openwop: {rules: {}}, scripts: {test: 'vitest'}}, null, 2);
    const out = JSON.parse(applied(disableRuleEdit({path: '/p/package.json', text, baseDir: '/p'}, '/p/s/a.schema.json', RULE), text)) as unknown;
    expect(out).toEqual({name: 'x', version: '1.0.0', openwop: {rules: {}, overrides: [{files: ['s/a.schema.json'], rules: {[RULE]: 'off'}}]}, scripts: {test: 'vitest'}});
  });

  it('a tab-indented config stays tab-indented', () => {
    const text = '{\n\t"rules": {\n\t\t"tier1/max-depth": "warn"\n\t}\n}\n';
    const out = applied(disableRuleEdit({path: '/p/openwop.config.json', text, baseDir: '/p'}, '/p/a.schema.json', RULE), text);
    expect(JSON.parse(out)).toEqual({rules: {'tier1/max-depth': 'warn'}, overrides: [{files: ['./a.schema.json'], rules: {[RULE]: 'off'}}]});
    const indents = [...out.matchAll(/\n([ \t]*)\S/g)].map((m) => m[1]).filter((i) => i.length > 0);
    expect(indents.length).toBeGreaterThan(3);
    expect(indents.every((i) => /^\t+$/.test(i))).toBe(true);
  });

  it('a four-space config keeps four spaces', () => {
    const text = '{\n    "rules": {}\n}\n';
    const out = applied(disableRuleEdit({path: '/p/openwop.config.json', text, baseDir: '/p'}, '/p/a.schema.json', RULE), text);
    const indents = [...out.matchAll(/\n( *)\S/g)].map((m) => m[1].length).filter((n) => n > 0);
    expect(indents.every((n) => n % 4 === 0)).toBe(true);
    expect(indents).toContain(8);
  });

  it('a CRLF config keeps CRLF line ends throughout', () => {
    const text = '{\r\n  "rules": {}\r\n}\r\n';
    const out = applied(disableRuleEdit({path: '/p/openwop.config.json', text, baseDir: '/p'}, '/p/a.schema.json', RULE), text);
    expect(out.split('\r\n').length).toBeGreaterThan(4);
    expect(out.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('a config with a BOM is edited, the BOM kept', () => {
    const text = '\uFEFF{\n  "rules": {}\n}\n';
    const out = applied(disableRuleEdit({path: '/p/openwop.config.json', text, baseDir: '/p'}, '/p/a.schema.json', RULE), text);
    expect(out.startsWith('\uFEFF')).toBe(true);
    expect(JSON.parse(out.slice(1))).toEqual({rules: {}, overrides: [{files: ['./a.schema.json'], rules: {[RULE]: 'off'}}]});
  });

  it('a config kept on one line stays on one line', () => {
    const text = '{"rules": {"tier1/max-depth": "warn"}}';
    const out = applied(disableRuleEdit({path: '/p/openwop.config.json', text, baseDir: '/p'}, '/p/a.schema.json', RULE), text);
    expect(out).not.toContain('\n');
    expect(JSON.parse(out)).toEqual({rules: {'tier1/max-depth': 'warn'}, overrides: [{files: ['./a.schema.json'], rules: {[RULE]: 'off'}}]});
  });

  it('the edit is one insertion: nothing the user wrote is replaced', () => {
    const text = '{\n  "ignore": ["dist/**"],\n  "overrides": [{"files": ["x"]}]\n}\n';
    const edit = disableRuleEdit({path: '/p/openwop.config.json', text, baseDir: '/p'}, '/p/a.schema.json', RULE);
    expect(edit?.kind === 'edit' && edit.edits.map((e) => e.length)).toEqual([0]);
  });

  it('a file outside the config folder: no edit (no glob there can name it)', () => {
    expect(disableRuleEdit({path: '/p/openwop.config.json', text: '{}', baseDir: '/p'}, '/elsewhere/a.schema.json', RULE)).toBeUndefined();
    expect(disableRuleEdit({baseDir: '/p'}, '/a.schema.json', RULE)).toBeUndefined();
  });

  it.each([
    ['a syntax error', '{"rules": {'],
    ['a config that is an array', '[]'],
    ['a package.json whose openwop key is not an object', '{"openwop": true}'],
  ])('%s: no edit', (_, text) => {
    const path = text.includes('openwop') ? '/p/package.json' : '/p/openwop.config.json';
    expect(disableRuleEdit({path, text, baseDir: '/p'}, '/p/a.schema.json', RULE)).toBeUndefined();
  });
});

describe('disableRuleEdit applied: the CLI reads the config and the rule is off for that file alone', () => {
  async function reported(root: string): Promise<Record<string, string[]>> {
    const r = await runCli(['lint', 'schema', 'schemas/a.schema.json', 'schemas/b.schema.json', '-f', 'json'], {cwd: root});
    expect(r.stderr).toBe('');
    return Object.fromEntries((JSON.parse(r.stdout).results as {file: string; findings: {ruleId: string}[]}[]).map((x) => [x.file, x.findings.map((f) => f.ruleId)]));
  }

  it.each([
    ['openwop.config.json', {rules: {'tier1/max-depth': 'warn'}}],
    ['package.json', {name: 'x', private: true, openwop: {rules: {}}}],
  ] as const)('%s', async (name, config) => {
    const root = tempProject({'schemas/a.schema.json': OPTIONAL, 'schemas/b.schema.json': OPTIONAL, [name]: `${JSON.stringify(config, null, '\t').replace(/\n/g, '\r\n')}\r\n`});
    expect(await reported(root)).toEqual({'schemas/a.schema.json': [RULE], 'schemas/b.schema.json': [RULE]});
    const path = join(root, name);
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, applied(disableRuleEdit({path, text, baseDir: root}, join(root, 'schemas/a.schema.json'), RULE), text));
    const loaded = await loadConfig({cwd: root});
    expect(loaded.path).toBe(path);
    expect(loaded.config.overrides).toEqual([{files: ['schemas/a.schema.json'], rules: {[RULE]: 'off'}}]);
    expect(await reported(root)).toEqual({'schemas/a.schema.json': [], 'schemas/b.schema.json': [RULE]});
  });

  it('no config yet: the created file does the same', async () => {
    const root = tempProject({'schemas/a.schema.json': OPTIONAL, 'schemas/b.schema.json': OPTIONAL});
    const edit = disableRuleEdit({baseDir: root}, join(root, 'schemas/a.schema.json'), RULE);
    expect(edit?.kind).toBe('create');
    if (edit?.kind === 'create') writeFileSync(edit.path, edit.text);
    expect(await reported(root)).toEqual({'schemas/a.schema.json': [], 'schemas/b.schema.json': [RULE]});
  });

  it('a file in the config folder: a same-named file in a subfolder and a glob-alike name keep the rule', async () => {
    const root = tempProject({'t.schema.json': OPTIONAL, 'sub/t.schema.json': OPTIONAL, 'x[1].schema.json': OPTIONAL, 'x1.schema.json': OPTIONAL, 'openwop.config.json': '{}\n'});
    const path = join(root, 'openwop.config.json');
    for (const file of ['t.schema.json', 'x[1].schema.json']) {
      const text = readFileSync(path, 'utf8');
      writeFileSync(path, applied(disableRuleEdit({path, text, baseDir: root}, join(root, file), RULE), text));
    }
    const r = await runCli(['lint', 'schema', 't.schema.json', 'sub/t.schema.json', 'x[1].schema.json', 'x1.schema.json', '-f', 'json'], {cwd: root});
    expect(r.stderr).toBe('');
    const found = Object.fromEntries((JSON.parse(r.stdout).results as {file: string; findings: {ruleId: string}[]}[]).map((x) => [x.file, x.findings.map((f) => f.ruleId)]));
    expect(found).toEqual({'t.schema.json': [], 'sub/t.schema.json': [RULE], 'x[1].schema.json': [], 'x1.schema.json': [RULE]});
  });
});

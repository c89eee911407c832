import {mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {foxctl, type Json, ndjson} from '../envelope/helpers.js';
import {runCli, STACK_TRACE, tempDir, tempProject} from '../helpers/cli.js';

/** Issue 20 "Conventions" 1, 3 and 4: which files a run checks, as ESLint chooses them. */

const SCHEMA = {type: 'object', properties: {a: {type: 'string'}}, required: ['a'], additionalProperties: false};
/** Clean under the default strict profile; three payload properties and no reasoning: reasoning/missing for a vendor kind. */
const THREE = {type: 'object', properties: {a: {type: 'string'}, b: {type: 'string'}, c: {type: 'string'}}, required: ['a', 'b', 'c'], additionalProperties: false};
/** An open object: errors under strict, nothing under load-bearing. */
const OPEN = {type: 'object', properties: {a: {type: 'string'}}};

const project = (files: Record<string, unknown>) => tempProject(files, 'openwop-select-');

async function json(args: string[], cwd: string, input?: string) {
  const r = await runCli([...args, '--json'], {cwd, input});
  const report = r.stdout ? (JSON.parse(r.stdout) as {results: {file: string; findings: {ruleId: string; severity: string; message: string}[]}[]}) : {results: []};
  return {...r, report, files: report.results.map((x) => x.file), rules: report.results.flatMap((x) => x.findings.map((f) => `${x.file} ${f.ruleId} ${f.severity}`))};
}

describe('--stdin-filename', () => {
  it('lint schema: NAME is the file in findings and decides the kind, the config overrides and where $refs start', async () => {
    const root = project({
      'schemas/defs/name.json': {type: 'string'},
      'openwop.config.json': {overrides: [{files: ['loose/**'], lint: {profile: 'load-bearing'}}]},
    });
    const withRef = JSON.stringify({...SCHEMA, properties: {a: {$ref: 'defs/name.json'}}});
    expect((await json(['lint', 'schema', '-'], root, withRef)).rules).toEqual(['<stdin> ref/unresolved error']);
    const named = await json(['lint', 'schema', '-', '--stdin-filename', 'schemas/x.schema.json'], root, withRef);
    expect(named.code).toBe(0);
    expect(named.files).toEqual(['schemas/x.schema.json']);

    const kind = await json(['lint', 'schema', '-', '--stdin-filename', 'vendor.acme.plan.create.schema.json'], root, JSON.stringify(THREE));
    expect(kind.rules).toEqual(['vendor.acme.plan.create.schema.json reasoning/missing warning']);
    expect((await json(['lint', 'schema', '-'], root, JSON.stringify(THREE))).rules).toEqual([]);

    expect((await json(['lint', 'schema', '-', '--stdin-filename', 'strict/x.json'], root, JSON.stringify(OPEN))).code).toBe(1);
    expect((await json(['lint', 'schema', '-', '--stdin-filename', 'loose/x.json'], root, JSON.stringify(OPEN))).code).toBe(0);
  });

  it('validate envelope: NAME ending .json is one JSON value (--strict refuses trailing data), .ndjson a stream', async () => {
    const root = project({});
    const progress = (seq: number): Json => foxctl('progress', {meta: {ts: '2025-11-15T12:34:56Z', seq}, data: {stage: 'x'}});
    const stream = ndjson([progress(0), foxctl('ok')]);
    const args = ['validate', 'envelope', '-', '--protocol', 'foxctl', '--strict', '--stdin-filename'];
    const asJson = await json([...args, 'run.json'], root, stream);
    expect(asJson.rules).toEqual(['run.json foxctl/trailing-data error']);
    const asNdjson = await json([...args, 'run.ndjson'], root, stream);
    expect(asNdjson.rules).toEqual([]);
    expect(asNdjson.files).toEqual(['run.ndjson']);
  });

  it('without - among the inputs it is a usage error (exit 2) on every command that reads -', async () => {
    const root = project({'a.json': SCHEMA});
    for (const command of [
      ['lint', 'schema'],
      ['validate', 'envelope'],
      ['validate', 'pack'],
      ['validate', 'bundle'],
      ['export', 'schema', '--target', 'openai'],
      ['simulate', 'retry'],
    ]) {
      const r = await runCli([...command, 'a.json', '--stdin-filename', 'b.json'], {cwd: root});
      expect(r.code, command.join(' ')).toBe(2);
      expect(r.stderr).toContain('--stdin-filename names what - reads, and no - is among the inputs');
      expect(r.stderr).not.toMatch(STACK_TRACE);
    }
  });

  it('names stdin in validate bundle, simulate retry and export schema (its default --name)', async () => {
    const root = project({});
    expect((await json(['validate', 'bundle', '-', '--stdin-filename', 'b.json'], root, '[]')).files).toEqual(['b.json']);
    expect((await json(['simulate', 'retry', '-', '--stdin-filename', 'rec/one.json'], root, '{}')).files).toEqual(['rec/one.json']);
    const exported = await runCli(['export', 'schema', '-', '--target', 'openai', '--stdin-filename', 'plan.schema.json'], {cwd: root, input: JSON.stringify(SCHEMA)});
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.stdout).response_format.json_schema.name).toBe('plan');
  });
});

describe('nothing to check is exit 2 (io/no-match), unless --no-error-on-unmatched-pattern', () => {
  const commands = [
    ['lint', 'schema'],
    ['validate', 'envelope'],
    ['validate', 'pack'],
  ];

  it("an empty folder, a folder with none of the command's files, and a glob matching nothing, on each command", async () => {
    const root = project({'notes/readme.txt': 'x'});
    mkdirSync(join(root, 'empty'));
    for (const command of commands) {
      for (const input of ['empty', 'notes', 'nothing/*.json']) {
        const r = await json([...command, input], root);
        expect(r.code, `${command.join(' ')} ${input}`).toBe(2);
        expect(r.rules, `${command.join(' ')} ${input}`).toEqual([expect.stringMatching(/ (io\/no-match|pack\/missing-manifest) error$/)]);
        const allowed = await runCli([...command, input, '--no-error-on-unmatched-pattern'], {cwd: root});
        expect(allowed.code, `${command.join(' ')} ${input} --no-error-on-unmatched-pattern`).toBe(0);
        expect(allowed.stderr).toContain('nothing checked there (--no-error-on-unmatched-pattern)');
      }
    }
  });

  it('a config "ignore" that swallows every named file, folder or glob match is exit 2; --no-ignore checks them', async () => {
    const root = project({'openwopconf/a.json': {}, 'gen/a.schema.json': SCHEMA, 'gen/b.schema.json': SCHEMA, 'openwop.config.json': {ignore: ['gen/**']}});
    for (const input of ['gen', 'gen/*.json', 'gen/a.schema.json']) {
      const r = await json(['lint', 'schema', input], root);
      expect(r.code, input).toBe(2);
      expect(
        r.rules.some((x) => x.endsWith('io/no-match error')),
        input,
      ).toBe(true);
      expect((await json(['lint', 'schema', input, '--no-ignore'], root)).code, input).toBe(0);
    }
  });
});

describe('ignored files', () => {
  it("a file named on the command line that openwop's own ignores cover is an io/ignored warning, not checked, not dropped; .gitignore does not stop a named file", async () => {
    const root = project({
      'gen/.gitignore': 'b.schema.json\n',
      'gen/b.schema.json': OPEN,
      'gen/.openwopignore': 'd.schema.json\n',
      'gen/d.schema.json': OPEN,
      'ok.schema.json': SCHEMA,
      'old/c.schema.json': OPEN,
      'openwop.config.json': {ignore: ['old/**']},
    });
    const r = await json(['lint', 'schema', 'ok.schema.json', 'gen/b.schema.json', 'gen/d.schema.json', 'old/c.schema.json'], root);
    expect(r.code).toBe(1);
    expect(r.rules.filter((x) => x.includes('io/ignored'))).toEqual(['gen/d.schema.json io/ignored warning', 'old/c.schema.json io/ignored warning']);
    // Named, a file git ignores is still checked (as ripgrep reads a path it is given): .gitignore is about tracking.
    expect(r.rules.some((x) => x.startsWith('gen/b.schema.json ') && !x.includes('io/ignored'))).toBe(true);
    const messages = r.report.results.flatMap((x) => x.findings.filter((f) => f.ruleId === 'io/ignored').map((f) => f.message));
    expect(messages[0]).toContain('gen/.openwopignore ("d.schema.json")');
    expect(messages[1]).toContain('the config\'s "ignore"');
    expect(messages.every((m) => m.includes('--no-ignore checks it'))).toBe(true);
    const all = await json(['lint', 'schema', 'ok.schema.json', 'gen/b.schema.json', 'gen/d.schema.json', 'old/c.schema.json', '--no-ignore'], root);
    expect(all.code).toBe(1);
    expect(all.rules.filter((x) => x.includes('io/ignored'))).toEqual([]);
  });

  it('a folder named on the command line is walked though a .gitignore above leaves it out; the rules that do not exclude it still apply inside', async () => {
    const root = project({
      '.gitignore': 'generated/\n*.tmp.json\n',
      'generated/a.schema.json': SCHEMA,
      'generated/b.tmp.json': SCHEMA,
      'generated/.gitignore': 'c.schema.json\n',
      'generated/c.schema.json': SCHEMA,
      'src/d.schema.json': SCHEMA,
    });
    const named = await json(['lint', 'schema', 'generated'], root);
    expect(named.code).toBe(0);
    expect(named.report.results.map((x) => x.file)).toEqual(['generated/a.schema.json']);
    // Walked from above, the folder is left out as git leaves it out.
    const above = await json(['lint', 'schema', '.'], root);
    expect(above.report.results.map((x) => x.file)).toEqual(['src/d.schema.json']);
    // .openwopignore is openwop's own: a folder it leaves out stays out even when named.
    writeFileSync(join(root, '.openwopignore'), 'generated/\n');
    const own = await json(['lint', 'schema', 'generated'], root);
    expect(own.code).toBe(2);
    expect(own.rules).toEqual(['generated io/no-match error']);
  });

  it('folder walks honour .gitignore and .openwopignore (nested, relative to their folder, negation), from the project root down', async () => {
    const root = project({
      '.gitignore': 'build/\ns/keep/c.schema.json\n',
      's/.gitignore': '*.tmp.json\n',
      's/a.schema.json': SCHEMA,
      's/a.tmp.json': SCHEMA,
      's/build/x.schema.json': SCHEMA,
      's/keep/c.schema.json': SCHEMA,
      's/keep/d.schema.json': SCHEMA,
      // A deeper file's negation re-includes what a shallower one ignores.
      's/keep/.openwopignore': '!wanted.tmp.json\n',
      's/keep/wanted.tmp.json': SCHEMA,
      's/deep/.openwopignore': '*.schema.json\n!e.schema.json\n',
      's/deep/inner/d.schema.json': SCHEMA,
      's/deep/inner/e.schema.json': SCHEMA,
      'other/a.tmp.json': SCHEMA,
    });
    const walked = ['s/a.schema.json', 's/deep/inner/e.schema.json', 's/keep/d.schema.json', 's/keep/wanted.tmp.json'];
    expect((await json(['lint', 'schema', 's'], root)).files).toEqual(walked);
    // s/.gitignore's pattern is relative to s/: other/ is not under it.
    expect((await json(['lint', 'schema', 'other'], root)).files).toEqual(['other/a.tmp.json']);
    expect((await json(['lint', 'schema', 's/**/*.json'], root)).files).toEqual(walked);
    expect((await json(['lint', 'schema', 's', '--no-ignore'], root)).files).toHaveLength(8);
    // The same walk for validate envelope (its kinds: .json, .ndjson, .jsonl).
    expect((await json(['validate', 'envelope', 's/deep'], root)).files).toEqual(['s/deep/inner/e.schema.json']);
  });

  it('an ignore file is read through the read scope: one linked out of the project is a warning and not applied', async () => {
    const outside = tempDir('openwop-outside-');
    writeFileSync(join(outside, 'gitignore'), '*.json\n');
    const root = project({'s/a.schema.json': SCHEMA});
    symlinkSync(join(outside, 'gitignore'), join(root, 's/.gitignore'));
    const r = await json(['lint', 'schema', 's'], root);
    expect(r.code).toBe(0);
    expect(r.rules).toEqual(['s/.gitignore io/outside-root warning']);
    expect(r.files).toEqual(['s/.gitignore', 's/a.schema.json']);
  });

  it('--ignore-pattern (repeatable, gitignore syntax, relative to the working directory) adds patterns', async () => {
    const root = project({'s/a.schema.json': SCHEMA, 's/b.schema.json': SCHEMA, 's/sub/c.schema.json': SCHEMA, 's/sub/d.schema.json': SCHEMA});
    expect((await json(['lint', 'schema', 's', '--ignore-pattern', 's/a.*', '--ignore-pattern', 'sub/', '--ignore-pattern', '!d.schema.json'], root)).files).toEqual(['s/b.schema.json']); // as git: nothing under an ignored folder comes back
    const fromSub = await json(['lint', 'schema', '.', '--ignore-pattern', '/c.schema.json'], join(root, 's/sub'));
    expect(fromSub.files).toEqual(['d.schema.json']);
  });
});

describe('ignore patterns are untrusted (they come with a checkout): none makes a run hang', () => {
  const deep = `a/${Array.from({length: 20}, () => 'a').join('/')}`;
  const costly = `${Array.from({length: 12}, () => '**/a').join('/')}/**/b`;

  it('repeated ** segments are collapsed; a pattern with more than 4 wildcard groups is skipped with a warning naming its line', {timeout: 30_000}, async () => {
    const gitignore = ['# generated', `a/${Array.from({length: 15}, () => '**').join('/')}/b`, costly, 'a/**/**/**/**/**/**/x.schema.json', ''].join('\n');
    const root = project({'.gitignore': gitignore, [`${deep}/s.schema.json`]: SCHEMA, 'a/a/x.schema.json': SCHEMA});
    const r = await json(['lint', 'schema', '.'], root);
    expect(r.code).toBe(0);
    expect(r.rules).toEqual(['.gitignore io/ignore-pattern warning']);
    expect(r.report.results[0].findings[0].message).toMatch(/^\.gitignore:3: the pattern was not applied: it holds 13 wildcard groups/);
    expect(r.files).toEqual(['.gitignore', `${deep}/s.schema.json`]); // a/**/x.schema.json still applies
  });

  it('such a pattern in --ignore-pattern or the config\'s "ignore" is exit 2', {timeout: 30_000}, async () => {
    const root = project({'s.schema.json': SCHEMA});
    const flag = await runCli(['lint', 'schema', '.', '--ignore-pattern', costly], {cwd: root});
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('--ignore-pattern');
    expect(flag.stderr).toContain('wildcard groups');
    expect(flag.stderr).not.toMatch(STACK_TRACE);
    expect((await runCli(['lint', 'schema', '.', '--ignore-pattern', 'a/**/**/**/**/**/**/b'], {cwd: root})).code).toBe(0);
    writeFileSync(join(root, 'openwop.config.json'), JSON.stringify({ignore: ['x/**', costly]}));
    const config = await runCli(['validate', 'envelope', '.'], {cwd: root});
    expect(config.code).toBe(2);
    expect(config.stderr).toMatch(/invalid config .*openwop\.config\.json:\d+:\d+: "ignore" glob .*wildcard groups/);
    writeFileSync(
      join(root, 'openwop.config.json'),
      JSON.stringify({
        overrides: [
          {files: ['x/**'], rules: {}},
          {files: [costly], rules: {}},
        ],
      }),
    );
    const overrides = await runCli(['lint', 'schema', '.'], {cwd: root});
    expect(overrides.code).toBe(2);
    expect(overrides.stderr).toMatch(/invalid config .*openwop\.config\.json:\d+:\d+: "overrides" files glob .*wildcard groups/);
  });

  it('an ignore file of more than 2,000 patterns is a warning and none of its patterns apply', async () => {
    const many = [...Array.from({length: 2000}, (_, i) => `build${i}/*.tmp`), '*.schema.json'].join('\n');
    const root = project({'.gitignore': many, 's.schema.json': SCHEMA});
    const r = await json(['lint', 'schema', '.'], root);
    expect(r.rules).toEqual(['.gitignore io/too-large warning']);
    expect(r.report.results[0].findings[0].message).toContain('2001 patterns, over the limit of 2000');
    expect(r.files).toEqual(['.gitignore', 's.schema.json']);
    const within = project({'.gitignore': many.split('\n').slice(1).join('\n'), 's.schema.json': SCHEMA});
    expect((await runCli(['lint', 'schema', '.'], {cwd: within})).code).toBe(2); // 2,000 patterns apply: every file is ignored
  });
});

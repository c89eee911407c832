// stylish, github and junit are written a file at a time (ResultStream): the text is the one the formatter gives the
// whole report, and a run keeps no file's result once it is written, so a run too large to hold still completes.
import {describe, expect, it} from 'vitest';
import type {Report} from '../../src/core/finding.js';
import {makeFormatContext} from '../../src/report/format-context.js';
import {format as github} from '../../src/report/formatters/github.js';
import {format as junit} from '../../src/report/formatters/junit.js';
import {format as stylish} from '../../src/report/formatters/stylish.js';
import {BIN, runCli, runProgram, tempProject} from '../helpers/cli.js';
import {packCorpus, schemaCorpus} from '../helpers/file-corpus.js';
import {renderPackExtras} from '../../src/pack/index.js';

describe('a report written a file at a time is the whole report', () => {
  const cwd = tempProject(schemaCorpus());
  const ctx = makeFormatContext({toolVersion: 'test', cwd});

  for (const quiet of [[], ['--quiet']]) {
    it(`lint schema ${quiet.join(' ')}: stylish, github and junit as the formatters print the JSON report`, async () => {
      const args = ['lint', 'schema', 'schemas', '--rule', 'tier1/all-required=warn', ...quiet];
      const [json, ...streamed] = await Promise.all(['json', 'stylish', 'github', 'junit'].map((format) => runCli([...args, '--format', format], {cwd})));
      // With --quiet the JSON report is the quiet one already (applyQuiet ran before the format).
      const report = JSON.parse(json.stdout) as Report;
      const [s, g, j] = streamed;
      for (const run of streamed) expect(run.code).toBe(json.code);
      expect(report.results.length).toBeGreaterThan(100);
      // Stylish ends with lint's own line on the files it skipped, which the bare formatter does not know.
      const skippedLine = /^ {2}\d+ \.json files skipped: .*\n$/m;
      expect(s.stdout).toMatch(skippedLine);
      expect(s.stdout.replace(skippedLine, '')).toBe(stylish(report, {...ctx, quiet: quiet.length > 0}));
      expect(g.stdout).toBe(github(report, ctx));
      expect(j.stdout).toBe(junit(report, ctx));
    });
  }
});

describe('validate pack, its rules loaded as findings name them', () => {
  const cwd = tempProject({});
  packCorpus(cwd);
  const ctx = makeFormatContext({toolVersion: 'test', cwd, renderExtras: renderPackExtras});

  it('stylish, github and junit as the formatters print the JSON report', async () => {
    const args = ['validate', 'pack', '--lint-schemas', 'packs', '--grant', 'net.dns', '--rule', 'pack/undeclared-requirement=warn'];
    const [json, s, g, j] = await Promise.all(['json', 'stylish', 'github', 'junit'].map((format) => runCli([...args, '--format', format], {cwd})));
    const report = JSON.parse(json.stdout) as Report;
    // Every finding waits for its rule to load (the command names none up front), and their order must survive it.
    expect(report.summary.errors + report.summary.warnings).toBeGreaterThan(100);
    for (const run of [s, g, j]) expect(run.code).toBe(json.code);
    expect(s.stdout).toBe(stylish(report, ctx));
    expect(g.stdout).toBe(github(report, ctx));
    expect(j.stdout).toBe(junit(report, ctx));
  });
});

describe('a streamed run keeps no results', () => {
  // 1,500 schemas of 120 open properties: 181,500 findings, more than 32 MB of heap holds as results or as a
  // JSON report, while each file's stylish text is written and let go.
  const files: Record<string, unknown> = {};
  const properties = Object.fromEntries(Array.from({length: 120}, (_, i) => [`field_${i}`, {type: 'string'}]));
  for (let i = 0; i < 1500; i++) files[`schemas/s${i}.json`] = {type: 'object', properties, additionalProperties: false};
  const cwd = tempProject(files);
  const run = (format: string) =>
    runProgram(process.execPath, ['--max-old-space-size=32', BIN, 'lint', 'schema', 'schemas', '--format', format, '--jobs', '1'], {cwd, env: {...process.env, NO_COLOR: '1'}});

  it('stylish completes under a heap that cannot hold them; the JSON report, which must, does not', async () => {
    const [streamed, whole] = await Promise.all([run('stylish'), run('json')]);
    expect(streamed.code, streamed.stderr.slice(0, 500)).toBe(1);
    expect(streamed.stdout).toMatch(/✖ 181500 problems \(181500 errors, 0 warnings, 0 infos\)\n$/);
    // The control: the same run, kept whole, runs out of memory (V8 aborts), so the corpus does test what it claims.
    expect(whole.code).not.toBe(1);
    expect(whole.stderr).toMatch(/heap out of memory/i);
  });
});

describe('notes of a streamed run', () => {
  it('come before the report on a merged log, as with a whole report', async () => {
    const files: Record<string, string> = {};
    // Enough findings for the report to leave in more than one 64 KiB block.
    for (let i = 0; i < 400; i++) files[`s/f${i}.schema.json`] = JSON.stringify({type: 'object', properties: {n: {type: 'string', maxLength: i + 1}, m: {type: 'number', minimum: 0}}});
    const cwd = tempProject(files);
    for (const [command, input] of [
      ['lint schema', 's'],
      ['validate pack', 's'],
    ] as const) {
      const r = await runProgram('sh', ['-c', `"${process.execPath}" "${BIN}" ${command} 'nothere/*.json' ${input} --no-error-on-unmatched-pattern 2>&1`], {cwd});
      const lines = r.stdout.split('\n');
      const note = lines.findIndex((l) => l.startsWith('openwop: ') && l.includes('nothere'));
      expect(note, `${command}\n${r.stdout.slice(0, 400)}`).toBe(0);
    }
    expect(Buffer.byteLength((await runCli(['lint', 'schema', 's'], {cwd})).stdout)).toBeGreaterThan(64 * 1024);
  });
});

// --shard i/n: the n parts of a run check every file once, and together report what the whole run reports; a file's
// part depends on its path alone, so adding files moves no other file.
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {shardOf} from '../../src/io/shard.js';
import {runCli, STACK_TRACE, tempProject} from '../helpers/cli.js';
import {COMMANDS, envelopeCorpus, example, packCorpus, schemaCorpus} from '../helpers/file-corpus.js';

interface JsonReport {
  summary: {files: number; skipped?: number; packs?: number; envelopes?: number};
  results: {file: string; referencedBy?: string; kindSchema?: true; findings: unknown[]}[];
}

/** The results that stand for a checked input: not the ones a `$ref`'d file or a kind schema gets (each shard that reaches one reports it). */
const inputResults = (report: JsonReport) => report.results.filter((r) => r.referencedBy === undefined && !r.kindSchema);
const findingSet = (reports: JsonReport[]) => new Set(reports.flatMap((r) => r.results.flatMap((x) => x.findings.map((f) => JSON.stringify(f)))));

describe('the shards of a run are the run', () => {
  const cwd = tempProject({...schemaCorpus(), ...envelopeCorpus()});
  packCorpus(cwd);
  const json = async (args: string[]) => {
    const r = await runCli([...args, '--json', '--jobs', '1'], {cwd});
    expect(r.code, r.stderr).not.toBe(2);
    return JSON.parse(r.stdout) as JsonReport;
  };

  for (const {name, args} of COMMANDS) {
    for (const n of [1, 2, 3, 7]) {
      it(`${name}: ${n} shard(s) check each file once and report the whole run's findings`, async () => {
        const [whole, ...shards] = await Promise.all([json(args), ...Array.from({length: n}, (_, i) => json([...args, '--shard', `${i + 1}/${n}`]))]);
        const files = shards.flatMap((s) => inputResults(s).map((r) => r.file));
        expect(new Set(files).size, 'a file in two shards').toBe(files.length);
        expect([...files].sort()).toEqual(
          inputResults(whole)
            .map((r) => r.file)
            .sort(),
        );
        expect(findingSet(shards)).toEqual(findingSet([whole]));
        // Each shard counts the files it checked, plus a `$ref`'d file or a kind schema once for each shard that reached it.
        const counted = (r: JsonReport) => r.summary.files - (r.results.length - inputResults(r).length);
        expect(shards.reduce((sum, s) => sum + counted(s), 0)).toBe(counted(whole));
        for (const key of ['skipped', 'packs', 'envelopes'] as const) {
          if (whole.summary[key] !== undefined)
            expect(
              shards.reduce((sum, s) => sum + (s.summary[key] ?? 0), 0),
              key,
            ).toBe(whole.summary[key]);
        }
        if (n > 1) expect(shards.every((s) => inputResults(s).length < inputResults(whole).length)).toBe(true);
      });
    }
  }

  it('a shard on worker threads reports what it reports on one', async () => {
    const args = ['lint', 'schema', 'schemas', '--shard', '2/3'];
    const [one, two] = await Promise.all(['1', '2'].map((jobs) => runCli([...args, '--jobs', jobs], {cwd})));
    expect(one.code).toBe(1);
    expect(two.stdout).toBe(one.stdout);
    expect(two.stderr).toBe(one.stderr);
  });
});

describe("a file's shard", () => {
  it('is FNV-1a of its path, so any tool can compute it', () => {
    // The published FNV-1a 32-bit values of "a" and "foobar".
    expect(shardOf('a', 1000)).toBe((0xe40c292c % 1000) + 1);
    expect(shardOf('foobar', 7)).toBe((0xbf9cf968 % 7) + 1);
  });

  it('does not change when files are added', async () => {
    const files = schemaCorpus();
    const before = tempProject(files);
    const more: Record<string, unknown> = {...files};
    for (let i = 0; i < 50; i++) more[`schemas/added/a${i}.json`] = example('schemas/clean/vendor.acme.plan.create.schema.json');
    const after = tempProject(more);
    const shardFiles = async (cwd: string, i: number) =>
      inputResults(JSON.parse((await runCli(['lint', 'schema', 'schemas', '--all-json', '--json', '--shard', `${i}/3`], {cwd})).stdout) as JsonReport).map((r) => r.file);
    for (const i of [1, 2, 3]) {
      const [was, is] = await Promise.all([shardFiles(before, i), shardFiles(after, i)]);
      expect(is.filter((f) => !f.startsWith('schemas/added/'))).toEqual(was);
      expect(is.length).toBeGreaterThan(was.length);
    }
  });

  it('is taken relative to the project root, wherever the run starts', async () => {
    const cwd = tempProject(schemaCorpus());
    const fromRoot = JSON.parse((await runCli(['lint', 'schema', 'schemas', '--all-json', '--json', '--shard', '1/3'], {cwd})).stdout) as JsonReport;
    const fromFolder = JSON.parse((await runCli(['lint', 'schema', '.', '--all-json', '--json', '--shard', '1/3'], {cwd: join(cwd, 'schemas')})).stdout) as JsonReport;
    expect(inputResults(fromFolder).map((r) => `schemas/${r.file}`)).toEqual(inputResults(fromRoot).map((r) => r.file));
  });
});

describe('--shard edges', () => {
  it('stdin is shard 1 of n', async () => {
    const cwd = tempProject({});
    const input = example('schemas/violations/vendor.acme.ticket.triage.schema.json');
    const [first, second] = await Promise.all(['1/2', '2/2'].map((s) => runCli(['lint', 'schema', '-', '--json', '--shard', s], {cwd, input})));
    expect(first.code).toBe(1);
    expect((JSON.parse(first.stdout) as JsonReport).results.map((r) => r.file)).toEqual(['<stdin>']);
    expect(second.code).toBe(0);
    expect((JSON.parse(second.stdout) as JsonReport).summary.files).toBe(0);
  });

  it('a shard with no files passes, and says why on stderr', async () => {
    const cwd = tempProject({'one.schema.json': example('schemas/violations/vendor.acme.ticket.triage.schema.json')});
    const mine = shardOf('one.schema.json', 2);
    const other = await runCli(['lint', 'schema', '.', '--shard', `${3 - mine}/2`], {cwd});
    expect(other.code).toBe(0);
    expect(other.stderr).toBe(`openwop: no files in shard ${3 - mine}/2 (the run has 1; the other shards check them)\n`);
    expect(other.stdout).toMatch(/0 files checked, no problems/);
    expect((await runCli(['lint', 'schema', '.', '--shard', `${mine}/2`], {cwd})).code).toBe(1);
  });

  for (const [command, value] of [
    ['lint schema', '0/3'],
    ['validate pack', '4/3'],
    ['validate envelope', 'a/b'],
    ['lint schema', '1/0'],
    ['validate pack', '1/3/2'],
    ['validate envelope', ''],
  ]) {
    it(`${command} --shard ${JSON.stringify(value)} is a usage error (exit 2)`, async () => {
      const r = await runCli([...command.split(' '), 'examples', `--shard=${value}`]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^openwop: --shard: /);
      expect(r.stderr).not.toMatch(STACK_TRACE);
      expect(r.stdout).toBe('');
    });
  }
});

describe('--shard with a baseline', () => {
  it("leaves the other shards' entries alone: none is called fixed, and --update-baseline keeps them", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) files[`s/f${i}.schema.json`] = JSON.stringify({type: 'object', properties: {n: {type: 'string', maxLength: i + 1}}});
    const cwd = tempProject(files);
    const record = await runCli(['lint', 'schema', 's', '--baseline', 'bl.json', '--update-baseline'], {cwd});
    expect(record.code, record.stderr).toBe(0);
    const whole = readFileSync(join(cwd, 'bl.json'), 'utf8');
    for (const part of ['1/2', '2/2']) {
      const check = await runCli(['lint', 'schema', 's', '--baseline', 'bl.json', '--shard', part], {cwd});
      expect(check.code, check.stderr).toBe(0);
      expect(check.stderr).not.toMatch(/no longer found/);
      const update = await runCli(['lint', 'schema', 's', '--baseline', 'bl.json', '--update-baseline', '--shard', part], {cwd});
      expect(update.code, update.stderr).toBe(0);
      expect(readFileSync(join(cwd, 'bl.json'), 'utf8')).toBe(whole);
    }
  });
});

// --jobs: the files of a run checked on worker threads give the report one thread gives, byte for byte, in every
// format, for the three commands that take many files; a worker that fails ends the run with exit 2, naming the file.
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {runCli, STACK_TRACE, tempProject} from '../helpers/cli.js';
import {COMMANDS, envelopeCorpus, example, FILES, packCorpus, schemaCorpus} from '../helpers/file-corpus.js';

const FORMATS = ['stylish', 'json', 'sarif', 'github', 'junit'] as const;

describe('--jobs gives the single-threaded report', () => {
  const cwd = tempProject({...schemaCorpus(), ...envelopeCorpus()});
  packCorpus(cwd);

  for (const {name, args} of COMMANDS) {
    for (const format of FORMATS) {
      it(`${name} --format ${format}: --jobs 2 and the default equal --jobs 1`, async () => {
        const [one, two, auto] = await Promise.all([['--jobs', '1'], ['--jobs', '2'], []].map((jobs) => runCli([...args, '--format', format, ...jobs], {cwd})));
        expect(one.code, one.stderr).toBe(1);
        expect(one.stdout.length).toBeGreaterThan(1000);
        for (const run of [two, auto]) {
          expect(run.stdout).toBe(one.stdout);
          expect(run.stderr).toBe(one.stderr);
          expect(run.code).toBe(one.code);
        }
      });
    }
  }

  it('the corpus has what makes the runs differ if merged wrongly', async () => {
    const lint = JSON.parse((await runCli(['lint', 'schema', 'schemas', '--json', '--jobs', '2'], {cwd})).stdout) as {summary: {skipped: number}; results: {file: string; referencedBy?: string}[]};
    expect(lint.summary.skipped).toBe(FILES / 6);
    expect(lint.results.filter((r) => r.file === 'schemas/shared/defs.json' && r.referencedBy)).toHaveLength(1);
    const envelopes = JSON.parse((await runCli(['validate', 'envelope', 'envelopes', '--schemas', 'kinds', '--json', '--jobs', '2'], {cwd})).stdout) as {
      results: {file: string; kindSchema?: true; findings: unknown[]}[];
    };
    // Both refused schemas, each once: every worker that met a kind compiled (and refused) its schema.
    expect(envelopes.results.filter((r) => r.kindSchema).map((r) => r.findings.length)).toEqual([1, 1]);
  });
});

describe('--fix on worker threads', () => {
  it('writes each fixed file as one thread does, and reports the same', async () => {
    const files = schemaCorpus();
    const [one, two] = [tempProject(files), tempProject(files)];
    const [a, b] = await Promise.all([
      runCli(['lint', 'schema', 'schemas', '--fix', '--json', '--jobs', '1'], {cwd: one}),
      runCli(['lint', 'schema', 'schemas', '--fix', '--json', '--jobs', '2'], {cwd: two}),
    ]);
    expect(b.stdout).toBe(a.stdout);
    expect((JSON.parse(a.stdout) as {summary: {fixed: number}}).summary.fixed).toBeGreaterThan(0);
    for (const name of readdirSync(join(one, 'schemas'))) {
      if (name.endsWith('.json')) expect(readFileSync(join(two, 'schemas', name), 'utf8'), name).toBe(readFileSync(join(one, 'schemas', name), 'utf8'));
    }
  });

  it('fixes on one thread whatever --jobs says: a fixed file that others $ref is read after its fix, as with --jobs 1', async () => {
    // a000 is fixable (its property is not required); 300 files $ref it. On two threads some would read it unfixed.
    const files: Record<string, string> = {'s/a000.json': JSON.stringify({type: 'object', properties: {name: {type: 'string'}}})};
    for (let i = 100; i < 400; i++) files[`s/a${i}.json`] = JSON.stringify({type: 'object', properties: {r: {$ref: './a000.json'}}, required: ['r'], additionalProperties: false});
    const [one, two] = [tempProject(files), tempProject(files)];
    const [a, b] = await Promise.all([runCli(['lint', 'schema', 's', '--fix', '--jobs', '1'], {cwd: one}), runCli(['lint', 'schema', 's', '--fix', '--jobs', '2'], {cwd: two})]);
    expect(a.code, a.stdout).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    expect(b.code).toBe(0);
    expect(readFileSync(join(two, 's', 'a000.json'), 'utf8')).toBe(readFileSync(join(one, 's', 'a000.json'), 'utf8'));
  });

  it('keeps stdin on the main thread among files on workers', async () => {
    const cwd = tempProject(schemaCorpus());
    const input = example('schemas/violations/vendor.acme.ticket.triage.schema.json');
    const [one, two] = await Promise.all(['1', '2'].map((jobs) => runCli(['lint', 'schema', 'schemas/s1.json', '-', 'schemas', '--json', '--jobs', jobs], {cwd, input})));
    expect(two.stdout).toBe(one.stdout);
    expect((JSON.parse(one.stdout) as {results: {file: string}[]}).results.some((r) => r.file === '<stdin>')).toBe(true);
  });
});

describe('a worker that fails', () => {
  const cwd = tempProject(schemaCorpus());
  const crash = (how: string, env = 'test') => runCli(['lint', 'schema', 'schemas', '--jobs', '2'], {cwd, env: {NODE_ENV: env, OPENWOP_TEST_WORKER_CRASH: how}});
  /** Which file the worker had taken first depends on timing (the main thread checks files too): any of the corpus. */
  const named = (stderr: string, what: RegExp) => what.exec(stderr)?.[1];

  it('an internal error in a check is exit 2, naming the file', async () => {
    const r = await crash('throw');
    expect(r.code).toBe(2);
    const file = named(r.stderr, /^openwop: internal error: the test hook threw \(in a worker thread, checking (schemas\/s\d+\.json)\)$/m);
    expect(file, r.stderr).toBeDefined();
    expect(r.stderr).not.toMatch(STACK_TRACE);
    expect(r.stdout).toBe('');
  });

  it('a worker that exits is exit 2, naming the file it was checking', async () => {
    const r = await crash('exit');
    expect(r.code).toBe(2);
    expect(named(r.stderr, /^openwop: internal error: a worker thread stopped while checking (schemas\/s\d+\.json): it exited with code 70$/m), r.stderr).toBeDefined();
    expect(r.stdout).toBe('');
  });

  it('a worker that dies of an uncaught error is exit 2, said in one line, its stack only with --verbose', async () => {
    const r = await crash('uncaught');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^openwop: internal error: a worker thread stopped before it checked a file: the test hook threw outside a check$/m);
    expect(r.stderr).not.toMatch(STACK_TRACE);
    expect(r.stdout).toBe('');
    const verbose = await runCli(['lint', 'schema', 'schemas', '--jobs', '2', '--verbose'], {cwd, env: {NODE_ENV: 'test', OPENWOP_TEST_WORKER_CRASH: 'uncaught'}});
    expect(verbose.stderr).toMatch(STACK_TRACE);
  });

  it('the hook does nothing outside NODE_ENV=test', async () => {
    expect((await crash('exit', 'production')).code).toBe(1);
  });
});

describe('--jobs takes a positive integer', () => {
  for (const value of ['0', '-1', '1.5', 'two']) {
    it(`--jobs ${value} is a usage error (exit 2)`, async () => {
      const r = await runCli(['lint', 'schema', 'examples/schemas', `--jobs=${value}`]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/jobs/);
      expect(r.stderr).not.toMatch(STACK_TRACE);
    });
  }
});

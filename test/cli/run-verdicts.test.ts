import {mkdirSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {runCli, tempProject} from '../helpers/cli.js';

/** Issue 20 review: what a run says it checked, its counts and its exit code agree, on every command taking PATHS. */

const SCHEMA = {type: 'object', properties: {a: {type: 'string'}}, required: ['a'], additionalProperties: false};
const INPUT_COMMANDS = [
  ['lint', 'schema'],
  ['validate', 'envelope'],
  ['validate', 'pack'],
];

const project = (files: Record<string, unknown>) => tempProject(files, 'openwop-verdicts-');

interface JsonReport {
  summary: {files: number};
  results: {file: string; findings: {ruleId: string; severity: string}[]}[];
}

async function json(args: string[], cwd: string) {
  const r = await runCli([...args, '--json'], {cwd});
  const report = JSON.parse(r.stdout) as JsonReport;
  return {...r, report, rules: report.results.flatMap((x) => x.findings.map((f) => `${x.file} ${f.ruleId} ${f.severity}`))};
}

describe('nothing to check is decided once, over every argument', () => {
  it('one ignored file among several named is an io/ignored warning, not io/no-match, on each command', async () => {
    const root = project({'.openwopignore': 'ign/\n', 's.json': SCHEMA, 'ign/s.json': SCHEMA});
    for (const command of INPUT_COMMANDS) {
      const r = await json([...command, 's.json', 'ign/s.json'], root);
      const label = command.join(' ');
      expect(r.code, label).not.toBe(2);
      expect(
        r.rules.filter((x) => x.startsWith('ign/')),
        label,
      ).toEqual(['ign/s.json io/ignored warning']);
    }
  });
});

describe('summary.files counts the files checked', () => {
  it('not an empty folder, nor an ignored file named beside a checked one, on each command', async () => {
    const root = project({'.openwopignore': 'ign/\n', 's.json': SCHEMA, 'ign/s.json': SCHEMA});
    mkdirSync(join(root, 'empty'));
    for (const command of INPUT_COMMANDS) {
      const label = command.join(' ');
      expect((await json([...command, 's.json', 'ign/s.json'], root)).report.summary.files, label).toBe(1);
      expect((await json([...command, 'empty'], root)).report.summary.files, label).toBe(0);
      expect((await json([...command, 'missing.json'], root)).report.summary.files, label).toBe(0);
      // Hiding the warning does not make the ignored file a checked one.
      expect((await json([...command, 's.json', 'ign/s.json', '--rule', 'io/ignored=off'], root)).report.summary.files, label).toBe(1);
    }
  });
});

describe('an input the run could not read is not a rule a setting hides', () => {
  it('--rule io/no-match=off, io/not-found=off or io/*=off keeps the error visible, and the run exit 2 under a summary that says so', async () => {
    const root = project({'.openwopignore': 'ign/\n', 'ign/s.json': SCHEMA});
    mkdirSync(join(root, 'empty'));
    for (const command of INPUT_COMMANDS) {
      for (const [input, setting] of [
        ['empty', 'io/no-match=off'],
        ['ign/s.json', 'io/no-match=warn'],
        ['missing.json', 'io/not-found=off'],
        ['missing.json', 'io/*=off'],
      ]) {
        const label = `${command.join(' ')} ${input} --rule ${setting}`;
        const r = await runCli([...command, input, '--rule', setting], {cwd: root});
        expect(r.code, label).toBe(2);
        expect(r.stdout, label).not.toContain('no problems');
        expect(r.stdout, label).toMatch(/✖ \d+ problems? \([1-9]\d* errors?,/);
      }
    }
  });

  it('--rule still turns off or demotes an io/ignored warning', async () => {
    const root = project({'.openwopignore': 'ign/\n', 's.json': SCHEMA, 'ign/s.json': SCHEMA});
    const r = await json(['lint', 'schema', 's.json', 'ign/s.json', '--rule', 'io/ignored=off'], root);
    expect(r.code).toBe(0);
    expect(r.rules).toEqual([]);
  });
});

describe('a tree whose files all sit in ignored folders', () => {
  it('is worded as ignored (--no-ignore checks them), not as holding no file', async () => {
    const root = project({'.gitignore': 'sub/\n', 'tree/sub/s.json': SCHEMA, 'tree/other/.openwopignore': 'deep/\n', 'tree/other/deep/t.json': SCHEMA});
    for (const command of [
      ['lint', 'schema'],
      ['validate', 'envelope'],
    ]) {
      const r = await runCli([...command, 'tree'], {cwd: root});
      expect(r.code, command.join(' ')).toBe(2);
      expect(r.stdout, command.join(' ')).toMatch(/every \.json( file|, .*) in tree is ignored \(--no-ignore checks them\)/);
      expect(r.stdout, command.join(' ')).not.toContain('holds no');
    }
  });
});

describe('simulate retry with nothing to replay', () => {
  it('an empty folder or a blank capture: the retry/empty-recording error and exit 2, no plan or timeline for zero calls', async () => {
    const root = project({'blank.sse': '\n\n'});
    mkdirSync(join(root, 'empty'));
    for (const input of ['empty', 'blank.sse']) {
      const r = await runCli(['simulate', 'retry', input], {cwd: root});
      expect(r.code, input).toBe(2);
      expect(r.stdout, input).toContain('retry/empty-recording');
      expect(r.stdout, input).not.toMatch(/after 0 calls|budget unknown|cap \d+ call/);
    }
  });
});

describe('validate envelope counts only the inputs it read', () => {
  it('an input that could not be read gets no count line and no run total of its own', async () => {
    const root = project({'empty/notes.txt': 'x', 'ok.json': {envelopeId: 'e1', correlationId: 'r:n:0', type: 'error', schemaVersion: 1, payload: {code: 'x', message: 'y'}, meta: {}}});
    const empty = await runCli(['validate', 'envelope', 'empty', '--no-color'], {cwd: root});
    expect(empty.code).toBe(2);
    expect(empty.stdout).toContain('io/no-match');
    expect(empty.stdout).not.toMatch(/envelopes?:/);
    const mixed = await runCli(['validate', 'envelope', 'ok.json', 'missing.json', '--no-color'], {cwd: root});
    expect(mixed.code).toBe(2);
    expect(mixed.stdout).toContain('io/not-found');
    // One input was read: its tally is the run's, not "all 2 inputs", and the missing file has no "0 envelopes" line.
    expect(mixed.stdout).not.toContain('all 2 inputs');
    expect(mixed.stdout.match(/\d+ envelopes?:/g)).toEqual(['1 envelope:']);
  });
});

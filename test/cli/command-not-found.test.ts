import {describe, expect, it} from 'vitest';
import {runCli, STACK_TRACE} from '../helpers/cli.js';

/** oclif's own message joins every word into the id; ours names only the words that were meant as the command. */
const oneLine = (text: string) => text.replace(/\s*\n\s*›\s*/g, ' ');

describe('an unknown command (the command_not_found hook, in the built CLI)', () => {
  it('names the command typed without its arguments, suggests the closest and exits 2', async () => {
    const r = await runCli(['lint', 'schemas', 'x.json']);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toContain('unknown command "lint schemas"; did you mean "lint schema"?');
    expect(r.stderr).not.toContain('x.json');
    expect(r.stderr).not.toContain('lint:schemas');
    expect(r.stderr).not.toMatch(STACK_TRACE);
  });

  it('suggests a topic for a misspelt first word, and nothing when nothing is close', async () => {
    const typo = await runCli(['valdate', 'envelope', 'run.ndjson']);
    expect(typo.code).toBe(2);
    expect(oneLine(typo.stderr)).toContain('unknown command "valdate"; did you mean "validate"?');
    const far = await runCli(['frobnicate', 'a.json']);
    expect(far.code).toBe(2);
    expect(oneLine(far.stderr)).toContain('unknown command "frobnicate"');
    expect(far.stderr).not.toContain('did you mean');
    expect(far.stderr).not.toContain('a.json');
  });
});

import {describe, expect, it} from 'vitest';
import {runProgram, ROOT} from '../helpers/cli.js';
import {COMMANDS} from './cases.js';

/** Fixed, so a failure reproduces: `node --import tsx test/fuzz/run-command.ts "<command>" <runs> <seed>`. */
const SEED = 20261125;
const RUNS = Number(process.env.OPENWOP_FUZZ_RUNS ?? 2000);

// Random bytes, random JSON and mutated real inputs through every command, in-process from the built bundle: the
// exit code is always 0, 1 or 2, no "internal error" or stack trace is printed, and nothing is written outside the
// case's own folder. Each command fuzzes in a process of its own (it changes directory and patches stdout), with a
// heap cap so that a case that reads without bound ends the run quickly instead of filling the machine.
describe.concurrent('fuzz: every command survives hostile input', () => {
  for (const command of COMMANDS) {
    it(`${command}: ${RUNS} cases`, async () => {
      const r = await runProgram(process.execPath, ['--max-old-space-size=1536', '--import', 'tsx', 'test/fuzz/run-command.ts', command, String(RUNS), String(SEED)], {cwd: ROOT});
      const line = r.stdout.trim().split('\n').at(-1) ?? '';
      let verdict: {runs: number; failure?: unknown};
      try {
        verdict = JSON.parse(line);
      } catch {
        throw new Error(`the fuzz process for ${command} ended without a verdict (exit ${r.code}):\n${r.stdout.slice(-3000)}\n${r.stderr.slice(-3000)}`);
      }
      expect(verdict.failure, JSON.stringify(verdict.failure, null, 2)).toBeUndefined();
      expect(verdict.runs).toBe(RUNS);
    });
  }
});

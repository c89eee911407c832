// --jobs on the whole registry snapshot (openwop-registry 85355a0: 156 packs, 1,213 schemas): every format of the three
// commands that take many files gives the same bytes, stderr and exit code on worker threads as on one thread.
import {describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {referencePath} from './support/reference.js';

const FORMATS = ['stylish', 'json', 'sarif', 'github', 'junit'];
const REGISTRY = referencePath('openwop-registry');

const COMMANDS = [
  ['lint', 'schema', 'packs', 'schemas'],
  ['validate', 'pack', 'packs'],
  ['validate', 'pack', '--lint-schemas=all', 'packs'],
  // The registry holds no envelopes: its pack manifests and schemas are JSON inputs the envelope checks report on.
  ['validate', 'envelope', 'packs'],
];

describe('--jobs on the registry snapshot', () => {
  for (const args of COMMANDS) {
    it(`${args.join(' ')}: --jobs 2 and --jobs 3 give the --jobs 1 report in every format`, async () => {
      for (const format of FORMATS) {
        const [one, ...many] = await Promise.all(['1', '2', '3'].map((jobs) => runCli([...args, '--format', format, '--jobs', jobs], {cwd: REGISTRY})));
        expect(one.stdout.length, format).toBeGreaterThan(1000);
        for (const run of many) {
          expect(run.stdout, format).toBe(one.stdout);
          expect(run.stderr, format).toBe(one.stderr);
          expect(run.code, format).toBe(one.code);
        }
      }
    });
  }
});

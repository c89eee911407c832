// `npm run demo`: runs each built command on the bundled examples, shows the output, and checks each exit code is the
// one the example is meant to produce (a demo that silently breaks is worse than none).
import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'bin', 'run.js');

/** [why, args, expected exit code]; only commands that exist are run. */
const steps = [
  ['a valid clarification envelope', ['validate', 'envelope', 'examples/envelopes/clarification.json'], 0],
  ['an NDJSON stream with two bad envelopes (exit 1 expected)', ['validate', 'envelope', 'examples/envelopes/stream.ndjson'], 1],
  ['the same stream, as JSON', ['validate', 'envelope', 'examples/envelopes/stream.ndjson', '--json', '--quiet'], 1],
  ['a clean envelope payload schema', ['lint', 'schema', 'examples/schemas/clean'], 0],
  ['a schema outside the Tier-1 subset (exit 1 expected)', ['lint', 'schema', 'examples/schemas/violations'], 1],
];

let failed = 0;
for (const [why, args, want] of steps) {
  const topic = args.slice(0, 2);
  if (spawnSync(process.execPath, [bin, ...topic, '--help'], {cwd: root}).status !== 0) continue;
  if (args.some((a) => a.startsWith('examples/') && !existsSync(join(root, a)))) continue;
  console.log(`\n\x1b[1m$ openwop ${args.join(' ')}\x1b[0m   # ${why}`);
  const r = spawnSync(process.execPath, [bin, ...args], {cwd: root, stdio: 'inherit'});
  if (r.status !== want) {
    console.error(`demo: expected exit ${want}, got ${r.status}`);
    failed++;
  }
}
console.log(failed ? `\ndemo: ${failed} step(s) did not behave as expected` : '\ndemo: every step behaved as expected');
process.exit(failed ? 1 : 0);

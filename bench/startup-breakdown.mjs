// `node bench/startup-breakdown.mjs [--runs N] [--node MAJOR]`: where a cold start's time goes, phase by phase, as
// bin/run.js reports it with OPENWOP_TIMING=1 (median of N runs each), next to `node -e 0`, on this Node or the given
// major (scripts/node-runtimes.mjs). Not a figure of RESULTS.md: an explanation of the cold-start figures there. Run
// after `npm run build`.
import {join} from 'node:path';
import {nodeRuntime} from '../scripts/node-runtimes.mjs';
import {BIN, oneEnvelopeFile, ROOT, runProcess, stats, timeProcess} from './lib.mjs';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 11;
const node = args.includes('--node') ? nodeRuntime(Number(args[args.indexOf('--node') + 1])) : process.execPath;

const envelope = oneEnvelopeFile();
const schema = join(ROOT, 'examples', 'schemas', 'clean', 'vendor.acme.plan.create.schema.json');

const jobs = [
  ['openwop --version', ['--version']],
  ['openwop lint schema <one file>', ['lint', 'schema', schema]],
  ['openwop validate envelope <one file>', ['validate', 'envelope', envelope]],
];

const baseline = stats(Array.from({length: runs}, () => timeProcess(['-e', '0'], {node})));
console.log(`node -e 0: median ${baseline.median.toFixed(1)} ms (${runs} runs), Node ${runProcess(['--version'], {node}).stdout.trim()}\n`);

for (const [name, argv] of jobs) {
  const phases = new Map();
  const walls = [];
  for (let i = 0; i < runs; i++) {
    const r = runProcess([BIN, ...argv], {node, env: {...process.env, OPENWOP_TIMING: '1'}, okCodes: [0, 1]});
    walls.push(r.ms);
    for (const m of r.stderr.matchAll(/^\s+([\d.]+) ms {2}(.+)$/gm)) phases.set(m[2], [...(phases.get(m[2]) ?? []), Number(m[1])]);
  }
  const wall = stats(walls).median;
  console.log(`${name}: wall median ${wall.toFixed(1)} ms = ${(wall / baseline.median).toFixed(2)} × node -e 0`);
  // --version never loads oclif, so it reports no phases.
  for (const [what, values] of phases) console.log(`  ${stats(values).median.toFixed(1).padStart(7)} ms  ${what}`);
  console.log('');
}

// Cold start (DESIGN §6; issue 15: on every supported Node major): `openwop --version`, `openwop lint schema <one file>`
// and `openwop validate envelope <one file>`, wall time ÷ `node -e 0` of the same Node, in alternating pairs. Every
// Node runs the one build (made by the Node that ran `npm run build`); a Node the build did not run on writes its own
// code cache on its first start of each command, which the unrecorded warm-up pairs do.
import {join} from 'node:path';
import {BIN, figure, oneEnvelopeFile, paired, ROOT, runProcess, timeProcess} from './lib.mjs';

export const title = 'Cold start';

const SCHEMA = join(ROOT, 'examples', 'schemas', 'clean', 'vendor.acme.plan.create.schema.json');

/** @param {{runs: number, nodes: Map<number, string>}} options nodes: major → Node binary */
export async function measure({runs, nodes}) {
  const jobs = [
    {name: '--version', args: ['--version'], target: 1.3},
    {name: 'lint schema <one file>', args: ['lint', 'schema', SCHEMA], target: 2.0},
    {name: 'validate envelope <one file>', args: ['validate', 'envelope', oneEnvelopeFile()], target: 2.0},
  ];
  const rows = [];
  for (const node of nodes.values()) {
    const version = runProcess(['--version'], {node}).stdout.trim();
    const baseline = () => timeProcess(['-e', '0'], {node});
    for (const job of jobs) {
      const r = await paired(() => timeProcess([BIN, ...job.args], {node}), baseline, {runs});
      const detail = `median ${r.subjectMs.median.toFixed(0)} ms vs ${r.baselineMs.median.toFixed(0)} ms; minimum ${r.subjectMs.min.toFixed(0)} vs ${r.baselineMs.min.toFixed(0)} ms`;
      rows.push(figure(`cold start, Node ${version}: openwop ${job.name} ÷ node -e 0`, {target: job.target, ratio: r.ratio, detail}));
    }
  }
  return rows;
}

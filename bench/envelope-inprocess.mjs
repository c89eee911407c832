// In-process envelope throughput, without CLI start-up: the library call `validate envelope FILE --format json`
// makes (validateEnvelopeInputs, then the report and its JSON text) against the bench's baseline loop (readline +
// JSON.parse + the same compiled validators), alternating in one process so both share warm code and schemas.
// Usage: node bench/envelope-inprocess.mjs [runs=11] [file]   (build first: dist/src is what runs)
import {join} from 'node:path';
import {countValidEnvelopes} from './envelope-baseline.mjs';
import {DATA, stats} from './lib.mjs';

const {validateEnvelopeInputs} = await import('../dist/src/envelope/index.js');
const {buildReport} = await import('../dist/src/report/report.js');
const {applyRuleOverridesToReport, exitCodeFor} = await import('../dist/src/report/exit-code.js');
const {getFormatter} = await import('../dist/src/report/formatters/index.js');

const runs = Number(process.argv[2] ?? 11);
const file = process.argv[3] ?? join(DATA, 'envelopes-100k.v1.ndjson');

async function subject() {
  const outcome = await validateEnvelopeInputs([file], {
    cwd: process.cwd(),
    ignore: [],
    protocol: 'auto',
    strict: false,
    schemaDirs: [],
    capabilities: undefined,
    kind: undefined,
    maxDocumentBytes: 100 * 1024 * 1024,
    maxFindingsPerRule: 1000,
    progress: undefined,
  });
  const report = applyRuleOverridesToReport(buildReport('validate envelope', '0.0.0', outcome.results, outcome.summary), new Map());
  exitCodeFor(report, {failOn: 'error', fatal: outcome.fatal});
  const text = getFormatter('json')(report, {color: false, rules: new Map(outcome.rules.map((r) => [r.id, r])), cwd: process.cwd(), toolVersion: '0.0.0', renderExtras: outcome.renderExtras});
  const {envelopes, valid} = JSON.parse(text).summary;
  return [envelopes, valid];
}

const baseline = () => countValidEnvelopes(file);

async function timed(fn) {
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const counts = await fn();
  const used = process.cpuUsage(cpu);
  return {ms: Number(process.hrtime.bigint() - start) / 1e6, cpuMs: (used.user + used.system) / 1000, counts};
}

const s = [];
const b = [];
const ratios = [];
const cpuRatios = [];
for (let i = 0; i < runs + 1; i++) {
  const a = await timed(subject);
  const c = await timed(baseline);
  if (a.counts.join() !== c.counts.join()) throw new Error(`verdicts differ: ${a.counts} vs ${c.counts}`);
  if (i === 0) continue; // warm-up pair
  s.push(a.ms);
  b.push(c.ms);
  ratios.push(a.ms / c.ms);
  cpuRatios.push(a.cpuMs / c.cpuMs);
}
const f = (x) => `${x.median.toFixed(0)} ms (${x.min.toFixed(0)}–${x.max.toFixed(0)})`;
const r = stats(ratios);
const cr = stats(cpuRatios);
console.log(`subject  ${f(stats(s))}`);
console.log(`baseline ${f(stats(b))}`);
console.log(
  `ratio    ${r.median.toFixed(3)} (${r.min.toFixed(3)}–${r.max.toFixed(3)}), ${runs} pairs; CPU-time ratio ${cr.median.toFixed(3)} (${cr.min.toFixed(3)}–${cr.max.toFixed(3)}); maxRSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
);

// Envelope throughput and memory (DESIGN §6).
// - Throughput: `openwop validate envelope` on 100,000 envelopes of NDJSON (~35 MB) ÷ the minimal loop doing the
//   same validation — readline + JSON.parse + the same compiled bundled schemas (shape, then the kind's payload).
//   Target ≤ 1.5. Wall time of paired runs; the children's own CPU time is given beside it (less sensitive to a busy
//   machine).
// - Memory: peak RSS of `openwop validate envelope` on a 1 GiB NDJSON stream (~3.1M envelopes). Target ≤ 200 MB.
// Peak RSS and CPU time are what each child process reports about itself at exit (process.resourceUsage(),
// preloaded with --import), so the figures are the kernel's, not an estimate.
import {closeSync, existsSync, mkdirSync, openSync, renameSync, statSync, writeSync} from 'node:fs';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {BIN, DATA, ROOT, figure, paired, runProcess, stats} from './lib.mjs';

export const title = 'Envelope throughput and memory';

const GENERATOR_VERSION = 1;
const STREAM_100K = join(DATA, `envelopes-100k.v${GENERATOR_VERSION}.ndjson`);
const STREAM_1G = join(DATA, `envelopes-1gib.v${GENERATOR_VERSION}.ndjson`);
const GIB = 2 ** 30;

const USAGE_HOOK = `data:text/javascript,${encodeURIComponent("process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write('\\nBENCH-USAGE ' + JSON.stringify({maxRSS: u.maxRSS, cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000}) + '\\n'); });")}`;

/** The fair baseline (envelope-baseline.mjs) in a process of its own. Prints "envelopes valid". */
const BASELINE = `
const {countValidEnvelopes} = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'bench', 'envelope-baseline.mjs')).href)});
process.stdout.write((await countValidEnvelopes(process.argv[1])).join(' ') + '\\n');
`;

export async function measure({runs}) {
  mkdirSync(DATA, {recursive: true});
  generate(STREAM_100K, {count: 100_000});
  generate(STREAM_1G, {bytes: GIB});

  const subject = (file) => run([BIN, 'validate', 'envelope', file, '--format', 'json']);
  const baseline = (file) => run(['--input-type=module', '-e', BASELINE, file]);

  // Both sides must have checked the same envelopes with the same verdicts, or the ratio means nothing.
  const s = subject(STREAM_100K);
  const b = baseline(STREAM_100K);
  const summary = JSON.parse(s.stdout).summary;
  const [envelopes, valid] = b.stdout.trim().split(' ').map(Number);
  if (summary.envelopes !== envelopes || summary.valid !== valid) throw new Error(`verdicts differ: openwop ${summary.envelopes}/${summary.valid}, baseline ${envelopes}/${valid}`);

  const cpu = {subject: [], baseline: []};
  const timed = await paired(
    () => {
      const r = subject(STREAM_100K);
      cpu.subject.push(r.cpuMs);
      return r.ms;
    },
    () => {
      const r = baseline(STREAM_100K);
      cpu.baseline.push(r.cpuMs);
      return r.ms;
    },
    {runs, warmup: 1},
  );
  const cpuRatio = stats(cpu.subject.map((c, i) => c / cpu.baseline[i]));
  const mb = (statSync(STREAM_100K).size / 2 ** 20).toFixed(0);

  const big = [];
  for (let i = 0; i < Math.max(1, Math.min(runs, 2)); i++) big.push(subject(STREAM_1G));
  const rss = stats(big.map((r) => r.maxRSS / 1024));
  const bigSummary = JSON.parse(big[0].stdout).summary;
  const rate = (bigSummary.envelopes / (stats(big.map((r) => r.ms)).median / 1000)).toFixed(0);

  return [
    figure('envelope throughput: validate envelope, 100k NDJSON ÷ readline+JSON.parse+Ajv loop', {
      target: 1.5,
      ratio: timed.ratio,
      detail: `${envelopes} envelopes, ${mb} MB; wall median ${timed.subjectMs.median.toFixed(0)} ms vs ${timed.baselineMs.median.toFixed(0)} ms; CPU-time ratio median ${cpuRatio.median.toFixed(2)} (${cpuRatio.min.toFixed(2)}–${cpuRatio.max.toFixed(2)})`,
    }),
    figure('envelope memory: peak RSS, validate envelope on a 1 GiB NDJSON stream', {
      target: 200,
      unit: ' MB',
      ratio: rss,
      value: rss.max,
      detail: `${bigSummary.envelopes} envelopes (${bigSummary.valid} valid) in ${(stats(big.map((r) => r.ms)).median / 1000).toFixed(1)} s, ${rate} envelopes/s; max of ${big.length} run(s)`,
    }),
  ];
}

function run(args) {
  const r = runProcess(['--import', USAGE_HOOK, ...args]);
  const usage = /BENCH-USAGE (\{.*\})/.exec(r.stderr);
  if (!usage) throw new Error(`no usage report from ${args[0]}`);
  return {ms: r.ms, stdout: r.stdout, ...JSON.parse(usage[1])};
}

/**
 * Deterministic envelopes of every built-in kind, ~350 bytes each, five per turn, all valid and all ids unique —
 * the shape of a real recorded run. Written once (to a temp name, then renamed) and reused.
 */
function generate(file, {count = Infinity, bytes = Infinity}) {
  if (existsSync(file)) return;
  const temp = `${file}.partial`;
  const fd = openSync(temp, 'w');
  let written = 0;
  let buffer = '';
  for (let i = 0; i < count && written < bytes; i++) {
    const line = `${JSON.stringify(envelopeAt(i))}\n`;
    buffer += line;
    written += Buffer.byteLength(line);
    if (buffer.length > 1 << 20) {
      writeSync(fd, buffer);
      buffer = '';
    }
  }
  writeSync(fd, buffer);
  closeSync(fd);
  renameSync(temp, file);
}

const KINDS = ['clarification.request', 'error', 'schema.request', 'schema.response', 'media.image'];

function envelopeAt(i) {
  const run = `run-${Math.floor(i / 500)}`;
  const node = `node-${Math.floor(i / 5) % 7}`;
  const type = KINDS[i % KINDS.length];
  const payload =
    type === 'clarification.request'
      ? {reasoning: 'The brief names two launch dates and the plan needs exactly one of them.', questions: [{id: `q${i}`, question: 'Which launch date should the plan target: March 3 or March 17?'}]}
      : type === 'error'
        ? {reasoning: 'Two goals in the request conflict with each other.', code: 'ambiguous_intent', message: 'Two goals conflict: speed and thoroughness.'}
        : type === 'schema.request'
          ? {envelopeType: 'vendor.acme.plan.create', reason: 'Need the plan schema before emitting.'}
          : type === 'schema.response'
            ? {envelopeType: 'vendor.acme.plan.create', ack: true}
            : {url: `https://cdn.example.com/img/${i}.png`, mimeType: 'image/png', bytes: 20480 + i};
  return {
    type,
    schemaVersion: 1,
    envelopeId: `env-${i.toString(36)}-${(Math.imul(i, 2654435761) >>> 0).toString(16)}`,
    correlationId: `${run}:${node}:${Math.floor(i / 5)}:${(Math.imul(i, 7919) >>> 0).toString(16)}`,
    nodeId: node,
    payload,
    meta: {source: 'ai-generation', ts: '2026-11-20T10:00:00Z', contentTrust: 'trusted'},
  };
}

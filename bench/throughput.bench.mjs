// Throughput at scale (issue 22), the way a user meets it: whole processes (`node bin/run.js … --format json -o FILE`)
// over the public registry snapshot's packs (×1: 1,213 node schemas in 156 packs) and ten copies of it (×10: 12,130
// schemas, 1,560 packs), each against its bare-loop process (bench/bare-loops.mjs: the same files read, parsed and
// walked or validated, nothing else). Each command with `--jobs 1` and with `--jobs` set to every core (the parallel
// path; the default is every core but one, which on a 2-core machine is `--jobs 1`); the three are run in turn (--jobs 1,
// the loop, every core) so machine noise hits them alike. Peak RSS and CPU time (user + sys, less noisy
// than wall time on a shared machine) come from GNU time (`/usr/bin/time -f`, wait4's rusage of the child); without
// it the rows give wall time only. The scaling rows give each command's time at ×10 ÷ its time at ×1 (10 = linear).
// A pure-CPU control (one worker thread alone, then two at once) shows how much of a second core was free: ≈ 1.0 on an
// idle 2-core machine, ≈ 2.0 when the other core is busy, and then no `--jobs` figure can show a gain.
// The memory row runs lint schema with the stylish report streamed to standard output (here /dev/null) at ×1 and ×10
// and compares peak RSS (issue 22: ≤ 1.3×).
// The corpus is copied at bench time into a temp folder (each copy a project root: an empty `.git`) and removed after.
import {spawnSync} from 'node:child_process';
import {cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {availableParallelism, tmpdir} from 'node:os';
import {join} from 'node:path';
import {Worker} from 'node:worker_threads';
import {BIN, figure, ROOT, stats} from './lib.mjs';

export const title = 'Throughput at scale (whole processes)';

const REGISTRY = join(ROOT, '..', 'shared', 'reference', 'openwop-registry', 'packs');
const GNU_TIME = '/usr/bin/time';
const LOOP = join(ROOT, 'bench', 'bare-loops.mjs');
const CORES = availableParallelism();
const COMMANDS = [
  {name: 'lint schema', args: ['lint', 'schema'], loop: 'lint', unit: 'schemas', count: (s) => s.files, loopFiles: (s) => s.files + s.skipped, jobs1Target: {10: 2.0}, allTarget: {10: 1.0}},
  {name: 'validate pack', args: ['validate', 'pack'], loop: 'pack', unit: 'packs', count: (s) => s.packs, loopFiles: (s) => s.packs},
  {name: 'validate pack --lint-schemas', args: ['validate', 'pack', '--lint-schemas'], loop: 'pack-schemas', unit: 'packs', count: (s) => s.packs, loopFiles: (s) => s.packs},
];

export async function measure({runs}) {
  if (!existsSync(REGISTRY)) {
    process.stderr.write(`bench: ${title}: not measured, ${REGISTRY} is absent\n`);
    return [];
  }
  const tmp = mkdtempSync(join(tmpdir(), 'openwop-bench-'));
  try {
    const corpus = {1: copies(tmp, 'x1', 1), 10: copies(tmp, 'x10', 10)};
    const rows = [await control('before')];
    const medians = {};
    for (const command of COMMANDS) {
      for (const times of [1, 10]) {
        // ×10 runs take ~10 times as long: fewer of them keep the whole file within two minutes.
        const m = triples(command, corpus[times], times === 1 ? {runs: Math.max(3, Math.min(runs, 5)), warmup: 1} : {runs: 3, warmup: 0});
        medians[`${command.name} ${times}`] = m;
        for (const side of ['jobs1', 'all']) {
          const s = m[side];
          const target = side === 'jobs1' ? command.jobs1Target?.[times] : command.allTarget?.[times];
          rows.push(
            figure(
              `whole process: ${command.name}, ${m.count.toLocaleString('en')} ${command.unit} (registry ×${times}), --jobs ${side === 'jobs1' ? 1 : `${CORES} (every core)`} ÷ bare-loop process`,
              {
                target,
                ratio: s.ratio,
                detail: `median ${ms(s.wall)} vs loop ${ms(m.loop.wall)}; CPU ${ms(s.cpu)} vs ${ms(m.loop.cpu)} (${ratio(s.cpu, m.loop.cpu)}); peak RSS ${mb(s.rss)} vs ${mb(m.loop.rss)}`,
              },
            ),
          );
        }
      }
      const [x1, x10] = [medians[`${command.name} 1`], medians[`${command.name} 10`]];
      rows.push(
        figure(`scaling ×10 (time at ×10 ÷ at ×1, 10 = linear): ${command.name} --jobs 1`, {
          value: x10.jobs1.wall.median / x1.jobs1.wall.median,
          unit: '×',
          detail: `--jobs ${CORES} ${(x10.all.wall.median / x1.all.wall.median).toFixed(2)}×; bare loop ${(x10.loop.wall.median / x1.loop.wall.median).toFixed(2)}×; peak RSS ×10 ÷ ×1: --jobs 1 ${ratio(x10.jobs1.rss, x1.jobs1.rss)}, loop ${ratio(x10.loop.rss, x1.loop.rss)}`,
        }),
      );
    }
    rows.push(streamedMemory(corpus));
    rows.push(await control('after'));
    return rows;
  } finally {
    rmSync(tmp, {recursive: true, force: true});
  }
}

/** `n` copies of the registry's packs under tmp/name (the folder itself when n = 1), each a project root. */
function copies(tmp, name, n) {
  const dir = join(tmp, name);
  mkdirSync(join(dir, '.git'), {recursive: true});
  for (let i = 0; i < n; i++) {
    const copy = n === 1 ? dir : join(dir, `p${i}`);
    cpSync(REGISTRY, copy, {recursive: true});
    mkdirSync(join(copy, '.git'), {recursive: true});
  }
  return dir;
}

/** Peak RSS of lint schema with the streamed stylish report at ×10 ÷ at ×1, one thread, best of three each. */
function streamedMemory(corpus) {
  const peak = (dir) => Math.min(...[0, 1, 2].map(() => run([BIN, 'lint', 'schema', dir, '--format', 'stylish', '--jobs', '1'], dir, [0, 1]).rss ?? NaN));
  const [x1, x10] = [peak(corpus[1]), peak(corpus[10])];
  return figure('memory: peak RSS of lint schema --format stylish (streamed), registry ×10 ÷ ×1', {
    target: 1.3,
    ratio: {median: x10 / x1, min: x10 / x1, max: x10 / x1},
    detail: Number.isNaN(x1) ? 'needs GNU time (/usr/bin/time)' : `${(x10 / 2 ** 20).toFixed(0)} MB vs ${(x1 / 2 ** 20).toFixed(0)} MB (best of three each)`,
  });
}

/** --jobs 1, the loop and every core run in turn; each side's wall, CPU and peak RSS statistics, and the ratios to the loop. */
function triples(command, dir, {runs, warmup}) {
  const out = join(dir, '..', `${command.loop}.report.json`);
  const cli = (jobs) => () => run([BIN, ...command.args, dir, '--format', 'json', '-o', out, ...jobs], dir, [0, 1]);
  const sides = {jobs1: cli(['--jobs', '1']), loop: () => run([LOOP, command.loop, dir], dir, [0], 'pipe'), all: cli(['--jobs', String(CORES)])};
  const taken = {jobs1: [], loop: [], all: []};
  let count;
  let loopFiles;
  for (let i = 0; i < warmup + runs; i++) {
    for (const [side, once] of Object.entries(sides)) {
      const t = once();
      // A run that checked fewer files (an ignore rule, a no-match) would time nothing and still look fast.
      if (i === 0 && side !== 'loop') {
        const summary = JSON.parse(readFileSync(out, 'utf8')).summary;
        if (count !== undefined && command.count(summary) !== count) throw new Error(`${command.name}: ${side} checked ${command.count(summary)}, not ${count}`);
        count = command.count(summary);
        loopFiles = command.loopFiles(summary);
      }
      // The loop must read what the CLI read: one that found less would look fast.
      if (i === 0 && side === 'loop' && JSON.parse(t.stdout).files !== loopFiles) throw new Error(`${command.name}: the bare loop read ${JSON.parse(t.stdout).files} files, the CLI ${loopFiles}`);
      if (i >= warmup) taken[side].push(t);
    }
  }
  if (!count) throw new Error(`${command.name} checked nothing in ${dir}`);
  const side = (name) => ({
    wall: stats(taken[name].map((t) => t.wall)),
    cpu: stats(taken[name].map((t) => t.cpu ?? NaN)),
    rss: stats(taken[name].map((t) => t.rss ?? NaN)),
    ratio: name === 'loop' ? undefined : stats(taken[name].map((t, i) => t.wall / taken.loop[i].wall)),
  });
  return {count, jobs1: side('jobs1'), loop: side('loop'), all: side('all')};
}

/** One process: wall ms (timed here), and from GNU time its CPU ms (user + sys) and peak RSS in bytes; its output with `stdout: 'pipe'`. */
function run(args, cwd, okCodes, stdout = 'ignore') {
  const rusage = join(cwd, '..', 'rusage.txt');
  const timed = existsSync(GNU_TIME);
  const [file, argv] = timed ? [GNU_TIME, ['-f', '%U %S %M', '-o', rusage, process.execPath, ...args]] : [process.execPath, args];
  const start = process.hrtime.bigint();
  const r = spawnSync(file, argv, {cwd, stdio: ['ignore', stdout, 'pipe'], encoding: 'utf8'});
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  if (!okCodes.includes(r.status)) throw new Error(`${args.slice(0, 4).join(' ')} exited ${r.status}: ${r.stderr.slice(0, 2000)}`);
  if (!timed) return {wall, stdout: r.stdout};
  // GNU time writes "Command exited with non-zero status N" first when the child's status is not 0.
  const [user, sys, kb] = readFileSync(rusage, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
  return {wall, cpu: (user + sys) * 1000, rss: kb * 1024, stdout: r.stdout};
}

/** Wall time of one worker thread spinning alone, against two at once (each the same fixed work), alternated. */
async function control(when) {
  const spin = 'let x = 0; for (let i = 0; i < 6e7; i++) x = (x + i * 7) % 1000003; require("node:worker_threads").parentPort.postMessage(x);';
  const threads = (n) =>
    new Promise((resolve, reject) => {
      const start = performance.now();
      let left = n;
      for (let i = 0; i < n; i++)
        new Worker(spin, {eval: true}).once('error', reject).once('message', () => {
          if (--left === 0) resolve(performance.now() - start);
        });
    });
  const ratios = [];
  const one = [];
  const two = [];
  for (let i = 0; i < 4; i++) {
    const a = await threads(1);
    const b = await threads(2);
    if (i === 0) continue;
    one.push(a);
    two.push(b);
    ratios.push(b / a);
  }
  return figure(`control ${when} the rows: pure CPU, 2 worker threads at once ÷ 1 alone (1.0 = a free second core, 2.0 = none)`, {
    ratio: stats(ratios),
    detail: `median ${stats(one).median.toFixed(0)} ms alone vs ${stats(two).median.toFixed(0)} ms for two`,
  });
}

function ms(s) {
  return Number.isNaN(s.median) ? '-' : `${s.median.toFixed(0)} ms`;
}

function mb(s) {
  return Number.isNaN(s.median) ? '-' : `${(s.median / 2 ** 20).toFixed(0)} MB`;
}

function ratio(a, b) {
  return Number.isNaN(a.median) ? '-' : `${(a.median / b.median).toFixed(2)}×`;
}

// Shared measuring helpers for bench/*.bench.mjs. Figures are ratios taken in one run on one machine, in pairs
// (subject, then baseline, alternating), so machine noise hits both sides alike.
import {spawnSync} from 'node:child_process';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = join(ROOT, 'bin', 'run.js');
export const DATA = join(ROOT, 'bench', '.data');

/** Wall time of one process run, in ms. */
export function timeProcess(args, options = {}) {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, {stdio: ['ignore', 'ignore', 'pipe'], ...options});
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0 && !(options.okCodes ?? [0]).includes(r.status)) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

/** Runs subject and baseline alternately `runs` times (after `warmup` unrecorded pairs); returns ratio statistics. */
export async function paired(subject, baseline, {runs = 15, warmup = 2} = {}) {
  const ratios = [];
  const s = [];
  const b = [];
  for (let i = 0; i < warmup + runs; i++) {
    const a = await subject();
    const c = await baseline();
    if (i < warmup) continue;
    s.push(a);
    b.push(c);
    ratios.push(a / c);
  }
  return {ratio: stats(ratios), subjectMs: stats(s), baselineMs: stats(b)};
}

export function stats(values) {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return {median, min: sorted[0], max: sorted[sorted.length - 1], n: sorted.length};
}

/** One row of bench/RESULTS.md. */
export function figure(name, {target, ratio, unit = '×', detail = '', value}) {
  const shown = value ?? ratio.median;
  return {name, target, unit, ratio, value: shown, met: target ? shown <= target : undefined, detail};
}

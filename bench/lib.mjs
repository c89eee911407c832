// Shared measuring helpers for bench/*.bench.mjs. Figures are ratios taken in one run on one machine, in pairs
// (subject, then baseline, alternating), so machine noise hits both sides alike.
import {spawnSync} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = join(ROOT, 'bin', 'run.js');
export const DATA = join(ROOT, 'bench', '.data');

/**
 * Runs `node ...args` to completion (`node`: the binary, this process's own by default): its wall time in ms and what it
 * printed. An exit code not in `okCodes` throws.
 */
export function runProcess(args, {okCodes = [0], node = process.execPath, ...options} = {}) {
  const start = process.hrtime.bigint();
  const r = spawnSync(node, args, {encoding: 'utf8', maxBuffer: 256 * 2 ** 20, ...options});
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (!okCodes.includes(r.status)) throw new Error(`${args.slice(0, 4).join(' ')} exited ${r.status}: ${String(r.stderr ?? '').slice(0, 2000)}`);
  return {ms, stdout: r.stdout, stderr: r.stderr};
}

/** Wall time of one process run, in ms. */
export function timeProcess(args, options = {}) {
  return runProcess(args, {stdio: ['ignore', 'ignore', 'pipe'], ...options}).ms;
}

/** One small valid envelope, for cold-start jobs. */
export function oneEnvelopeFile() {
  mkdirSync(DATA, {recursive: true});
  const file = join(DATA, 'one-envelope.json');
  writeFileSync(file, JSON.stringify({type: 'error', envelopeId: 'e', correlationId: 'c', payload: {code: 'x', message: 'y'}, meta: {source: 'system', ts: '2026-01-01T00:00:00Z'}}));
  return file;
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

/** Every `…SchemaRef` / `schemaRef` string anywhere in a manifest: the node schemas it names, which a bare loop reads besides it. */
export function schemaRefs(value, out = new Set()) {
  if (Array.isArray(value)) for (const v of value) schemaRefs(v, out);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'string' && /schemaRef$/i.test(k) && !/^[a-z]+:/i.test(v)) out.add(v);
      else schemaRefs(v, out);
    }
  }
  return out;
}

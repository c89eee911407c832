import {Chalk} from 'chalk';
import type {FileResult} from '../core/finding.js';
import type {FormatContext} from '../report/format-context.js';
import type {SimulationResult} from './simulate.js';

// The stylish view of one simulated recording: the policy in force, a timeline row per call, and the verdict. The
// stylish formatter hands over a redacted, control-escaped copy of the result, so recorded text is safe to print.

export function renderRetryTimeline(result: FileResult, ctx: FormatContext): string[] {
  // With no call there is nothing replayed: the error says why, and a plan or verdict for zero calls would only muddle it.
  if (!isSimulation(result) || result.recording.calls === 0) return [];
  const c = new Chalk({level: ctx.color ? 1 : 0});
  const r = result;
  const p = r.policy;
  const lines = [
    c.dim(`node ${r.nodeId} · payload ${p.schema ?? 'any JSON (no --schema/--kind)'} · cap ${p.maxCalls} call${p.maxCalls === 1 ? '' : 's'} in all, first included (${p.capSource})`),
    c.dim(
      `${p.initialBudget === null ? `budget unknown (give --max-tokens), ×${p.multiplier} the call before's budget` : `budget ${p.initialBudget} (${p.budgetSource}), ×${p.multiplier}`} on truncation (${p.multiplierSource})${p.providerCeiling !== null ? `, ceiling ${p.providerCeiling}` : ''} · recovery ${p.recovery.length ? p.recovery.join(', ') : 'none'}`,
    ),
    ...p.notes.map((n) => c.yellow(`note: ${n}`)),
  ];
  if (r.attempts.length) {
    const hosted = r.attempts.some((a) => a.host);
    const header = ['call', 'try', 'provider', 'stop', 'raw stop', 'reason', 'budget', 'fragment', ...(hosted ? ['host budget', 'host prompt'] : []), 'events'];
    const rows = r.attempts.map((a) => [
      String(a.call),
      String(a.attempt),
      a.provider,
      a.stopClass,
      a.stopReason ?? '-',
      a.reason ?? '-',
      a.maxTokens === null ? '?' : String(a.maxTokens),
      a.correctiveFragment ? 'yes' : 'no',
      ...(hosted ? [a.host?.maxTokens == null ? '?' : String(a.host.maxTokens), a.host?.promptChanged == null ? '-' : a.host.promptChanged ? 'changed' : 'same'] : []),
      a.events.length ? a.events.join(', ') : '-',
    ]);
    lines.push(...table([header, ...rows]).map((l, i) => (i === 0 ? c.bold(l) : l)));
    lines.push(...validatorErrors(r, c));
  }
  lines.push(verdict(r, c));
  return lines;
}

/** The validator output behind each corrective fragment (or behind the failure, when the cap stopped the retries). */
function validatorErrors(r: SimulationResult, c: InstanceType<typeof Chalk>): string[] {
  return r.attempts.flatMap((a) => {
    if (a.validatorError == null) return [];
    const then = a.route === 'retry' ? `corrective fragment on call ${a.call + 1}` : 'no retry left';
    return [c.dim(`call ${a.call} ${a.reason}: ${a.validatorError} → ${then}`)];
  });
}

function isSimulation(result: FileResult): result is SimulationResult {
  return Array.isArray(result.attempts) && typeof result.outcome === 'string' && typeof result.policy === 'object';
}

const FAILURE_CAUSES: Record<string, string> = {
  cap: 'the cap is reached',
  ceiling: 'the budget can grow no more',
  'context-overflow': 'the context window is full: a bigger budget cannot help',
  refusal: 'a refusal is never retried',
};

/** A recording's header mark is its outcome's, as in the verdict line: ✔ only when the simulation accepted it. */
export function outcomeMark(result: FileResult, ctx: FormatContext): string {
  const c = new Chalk({level: ctx.color ? 1 : 0});
  if (!isSimulation(result)) return c.green(MARKS.accepted);
  return mark(result.outcome, c);
}

const MARKS = {accepted: '✔', failed: '✖', exhausted: '…'} as const;

function mark(outcome: SimulationResult['outcome'], c: InstanceType<typeof Chalk>): string {
  if (outcome === 'accepted') return c.green(MARKS.accepted);
  return outcome === 'failed' ? c.red(MARKS.failed) : c.yellow(MARKS.exhausted);
}

function verdict(r: SimulationResult, c: InstanceType<typeof Chalk>): string {
  const calls = `${r.totalCalls} call${r.totalCalls === 1 ? '' : 's'}`;
  if (r.outcome === 'accepted') {
    const recovered = r.attempts.at(-1)?.recovery;
    return `${mark(r.outcome, c)} ${c.green(`accepted after ${calls}${recovered ? ` (recovered by ${recovered})` : ''}`)}`;
  }
  if (r.outcome === 'failed') {
    const why = FAILURE_CAUSES[r.stoppedBy ?? 'refusal'];
    return `${mark(r.outcome, c)} ${c.red(`failed: ${r.errorCode} after ${calls} (${why})`)}`;
  }
  return `${mark(r.outcome, c)} ${c.yellow(`recording exhausted after ${calls}: the router wants another call`)}`;
}

function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]))).join('  '));
}

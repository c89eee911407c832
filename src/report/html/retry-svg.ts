import {escapeAttr, escapeText} from './escape.js';
import type {RetryAttempt, RetryTrace} from '../result-views.js';

// The retry timeline of one emission as SVG: a lane per provider call with its budget as a bar on a shared scale (so
// growth on truncation shows as a longer bar, and the provider ceiling as a line no bar passes), the stop class, a
// marker where a corrective fragment was added, the events emitted after the call, and the outcome underneath.
// Colours are presentation attributes, not CSS: the same markup draws alike inline in a page and as a file of its own.

export const TIMELINE_WIDTH = 760;
const LANE = 48;
const TOP = 74;
const BAR_X = 170;
const BAR_W = 330;
const STOP_X = 590;
export const FONT = 'font-family="system-ui, sans-serif"';

const STOP_FILL: Record<string, string> = {clean: '#2e7d32', truncated: '#ef6c00', 'context-overflow': '#ad1457', refusal: '#c62828', blocked: '#c62828'};
const OUTCOME_FILL: Record<string, string> = {accepted: '#2e7d32', failed: '#c62828'};
/** The router's reasons for another call after a reply that stopped cleanly. */
const REJECTED: Record<string, {label: string; fill: string}> = {'schema-violation': {label: 'schema violation', fill: '#c62828'}, 'parse-error': {label: 'not JSON', fill: '#c62828'}};

/** An entry by a name from the recording: only the table's own keys (never `constructor`, `__proto__`). */
function lookup<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** The timeline's height for a trace of `lanes` calls. */
export function timelineHeight(lanes: number): number {
  return TOP + lanes * LANE + 36;
}

/** The drawing's elements (no `<svg>` around them), `y` from the top of a shared canvas. */
export function timelineShapes(trace: RetryTrace, y = 0): string {
  const budgets = trace.attempts.map((a) => a.maxTokens ?? 0);
  const scale = Math.max(1, trace.providerCeiling ?? 0, ...budgets);
  const out: string[] = [`<g class="timeline" transform="translate(0 ${y})">`];
  out.push(`<text x="16" y="22" ${FONT} font-size="15" font-weight="600" fill="#1a1a1a">${escapeText(cut(`retry timeline · ${trace.file}`, 90))}</text>`);
  const policy = `node ${trace.nodeId} · cap ${trace.maxCalls} call${trace.maxCalls === 1 ? '' : 's'} · ×${trace.multiplier} budget on truncation${trace.providerCeiling === null ? '' : ` · provider ceiling ${trace.providerCeiling}`}`;
  out.push(`<text x="16" y="42" ${FONT} font-size="12" fill="#555">${escapeText(cut(policy, 110))}</text>`);
  trace.attempts.forEach((a, i) => out.push(lane(a, TOP + i * LANE, scale)));
  if (trace.providerCeiling !== null) {
    const x = BAR_X + (trace.providerCeiling / scale) * BAR_W;
    const bottom = TOP + trace.attempts.length * LANE - 8;
    out.push(
      `<g class="ceiling"><line x1="${x}" y1="${TOP - 8}" x2="${x}" y2="${bottom}" stroke="#6a1b9a" stroke-width="1.5" stroke-dasharray="4 3"/>` +
        `<text x="${x}" y="${TOP - 12}" ${FONT} font-size="11" text-anchor="end" fill="#6a1b9a">ceiling ${trace.providerCeiling}</text></g>`,
    );
  }
  out.push(outcome(trace, TOP + trace.attempts.length * LANE + 18));
  out.push('</g>');
  return out.join('');
}

function lane(a: RetryAttempt, y: number, scale: number): string {
  const parts = [`<g class="lane" data-call="${a.call}">`, `<rect x="8" y="${y - 4}" width="${TIMELINE_WIDTH - 16}" height="${LANE - 6}" rx="4" fill="#f6f7f9"/>`];
  parts.push(`<text x="16" y="${y + 14}" ${FONT} font-size="13" font-weight="600" fill="#1a1a1a">call ${a.call} · attempt ${a.attempt}</text>`);
  parts.push(`<text x="16" y="${y + 32}" ${FONT} font-size="11" fill="#555">${escapeText(cut(a.provider, 24))}</text>`);
  parts.push(`<rect x="${BAR_X}" y="${y + 2}" width="${BAR_W}" height="16" rx="3" fill="#e3e6ea"/>`);
  if (a.maxTokens === null) {
    parts.push(`<text class="budget" x="${BAR_X + 6}" y="${y + 14}" ${FONT} font-size="11" fill="#555">budget unknown (give --max-tokens)</text>`);
  } else {
    const width = Math.max(2, Math.min(1, a.maxTokens / scale) * BAR_W);
    parts.push(`<rect class="budget-bar" data-budget="${a.maxTokens}" x="${BAR_X}" y="${y + 2}" width="${width.toFixed(1)}" height="16" rx="3" fill="#1565c0"/>`);
    parts.push(`<text class="budget" x="${BAR_X + BAR_W + 8}" y="${y + 14}" ${FONT} font-size="11" fill="#1a1a1a">${a.maxTokens} tokens</text>`);
  }
  // A call that stopped cleanly with a reply the router refused (invalid against the schema, or not JSON) is the reason
  // for the next call: the pill says that, not a green "clean".
  const rejected = a.reason === null ? undefined : lookup(REJECTED, a.reason);
  const fill = rejected?.fill ?? lookup(STOP_FILL, a.stopClass) ?? '#546e7a';
  const label = rejected?.label ?? a.stopClass;
  const stop = a.stopReason === null ? label : `${label} (${a.stopReason})`;
  parts.push(
    `<g class="stop" data-stop="${escapeAttr(a.stopClass)}"${rejected ? ` data-rejected="${escapeAttr(a.reason ?? '')}"` : ''}><rect x="${STOP_X}" y="${y}" width="154" height="20" rx="10" fill="${fill}"/>`,
  );
  parts.push(`<text x="${STOP_X + 77}" y="${y + 14}" ${FONT} font-size="11" text-anchor="middle" fill="#fff">${escapeText(cut(stop, 24))}</text></g>`);
  let x = BAR_X;
  if (a.correctiveFragment !== null) {
    parts.push(
      `<g class="fragment"><path d="M${x + 5} ${y + 24} l5 5 l-5 5 l-5 -5 z" fill="#6a1b9a"/><text x="${x + 14}" y="${y + 33}" ${FONT} font-size="11" fill="#6a1b9a">corrective fragment</text></g>`,
    );
    x += 130;
  }
  const events = a.events.length ? `events: ${a.events.join(', ')}` : 'no event';
  parts.push(`<text class="events" x="${x}" y="${y + 33}" ${FONT} font-size="11" fill="#333">${escapeText(cut(events, a.correctiveFragment === null ? 90 : 70))}</text>`);
  parts.push('</g>');
  return parts.join('');
}

function outcome(trace: RetryTrace, y: number): string {
  const calls = `${trace.totalCalls} call${trace.totalCalls === 1 ? '' : 's'}`;
  const text =
    trace.outcome === 'accepted'
      ? `✔ accepted after ${calls}`
      : trace.outcome === 'failed'
        ? `✖ failed: ${trace.errorCode ?? 'no error code'} after ${calls}${trace.stoppedBy ? ` (stopped by ${trace.stoppedBy})` : ''}`
        : `… recording exhausted after ${calls}: the router wants another call`;
  return `<text class="outcome" data-outcome="${escapeAttr(trace.outcome)}" x="16" y="${y}" ${FONT} font-size="14" font-weight="600" fill="${lookup(OUTCOME_FILL, trace.outcome) ?? '#8d6e00'}">${escapeText(cut(text, 100))}</text>`;
}

/** One emission's timeline as an `<svg>` element (inline in a page; with the namespace, also a file of its own). */
export function timelineSvg(trace: RetryTrace): string {
  const height = timelineHeight(trace.attempts.length);
  return `<svg xmlns="http://www.w3.org/2000/svg" class="retry-timeline" role="img" width="${TIMELINE_WIDTH}" height="${height}" viewBox="0 0 ${TIMELINE_WIDTH} ${height}"><title>${escapeText(`retry timeline of ${trace.file}`)}</title>${timelineShapes(trace)}</svg>`;
}

/** Text no longer than `max` characters (an SVG text never wraps): a longer one ends in `…`. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  // Never between the halves of a surrogate pair.
  const end = /[\ud800-\udbff]/.test(text[max - 2]) ? max - 2 : max - 1;
  return `${text.slice(0, end)}…`;
}

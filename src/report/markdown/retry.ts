import type {FileResult} from '../../core/finding.js';
import {displayName} from '../../io/paths.js';
import type {ByteBudget} from './budget.js';
import {codeSpan, fenceFor, mdTable, mdText, mermaidText} from './escape.js';
import {retryTrace, type RetryTrace} from '../result-views.js';

// simulate retry's part: per emission (one recording) its verdict, the attempts table, and the trace drawn as a
// Mermaid sequence diagram (host ↔ provider per call), read from the result fields the JSON report documents
// (result-views.ts).

export function addRetryTraces(out: ByteBudget, results: readonly FileResult[]): void {
  out.fitEach(
    results.map(retryTrace).filter((t): t is RetryTrace => t !== undefined),
    emissionBlock,
    'emissions',
  );
}

function emissionBlock(e: RetryTrace): string[] {
  const lines = ['', `### Emission ${codeSpan(displayName(e.file))}`, '', `${verdict(e)}`];
  if (e.attempts.length === 0) return lines;
  const hosted = e.attempts.some((a) => a.host);
  const header = ['Call', 'Attempt', 'Provider', 'Stop class', 'Stop reason', 'Max tokens', 'Corrective fragment', 'Reason', ...(hosted ? ['Host max tokens'] : []), 'Events'];
  const rows = e.attempts.map((a) => [
    String(a.call),
    String(a.attempt),
    mdText(a.provider),
    mdText(a.stopClass),
    a.stopReason === null ? '-' : mdText(a.stopReason),
    a.maxTokens === null ? '?' : String(a.maxTokens),
    a.correctiveFragment === null ? 'no' : 'yes',
    a.reason === null ? '-' : mdText(a.reason),
    ...(hosted ? [a.host?.maxTokens == null ? '?' : String(a.host.maxTokens)] : []),
    a.events.length > 0 ? a.events.map(codeSpan).join(', ') : '-',
  ]);
  const diagram = sequenceDiagram(e);
  const fence = fenceFor(diagram.join('\n'));
  return [...lines, '', ...mdTable(header, rows), '', `${fence}mermaid`, ...diagram, fence];
}

function verdict(e: RetryTrace): string {
  const calls = `${e.totalCalls} call${e.totalCalls === 1 ? '' : 's'}`;
  if (e.outcome === 'accepted') return `**✔ accepted** after ${calls}`;
  if (e.outcome === 'failed') return `**✖ failed**: ${e.errorCode === null ? 'no error code' : codeSpan(e.errorCode)} after ${calls}${e.stoppedBy ? ` (stopped by ${mdText(e.stoppedBy)})` : ''}`;
  return `**… ${mdText(e.outcome)}** after ${calls}: the router wants another call`;
}

/**
 * Host and provider, one request and one answer per call: the budget asked for and whether a corrective fragment
 * rides along; the stop class and raw reason; then the events the host emits and, last, the outcome. Every text from
 * the recording goes through mermaidText.
 */
function sequenceDiagram(e: RetryTrace): string[] {
  const lines = ['sequenceDiagram', '  participant H as Host', '  participant P as Provider'];
  for (const a of e.attempts) {
    const budget = a.maxTokens === null ? 'max tokens unknown' : `max tokens ${a.maxTokens}`;
    const fragment = a.correctiveFragment === null ? '' : ' + corrective fragment';
    lines.push(`  H->>P: call ${a.call} (attempt ${a.attempt}, ${mermaidText(a.provider)}) ${budget}${fragment}`);
    const stop = `${mermaidText(a.stopClass)}${a.stopReason === null ? '' : ` (${mermaidText(a.stopReason)})`}${a.reason === null ? '' : `, ${mermaidText(a.reason)}`}`;
    lines.push(`  P-->>H: ${stop}`);
    if (a.events.length > 0) lines.push(`  Note over H: emits ${a.events.map(mermaidText).join(', ')}`);
  }
  const end = e.outcome === 'failed' && e.errorCode !== null ? `failed, ${mermaidText(e.errorCode)}` : mermaidText(e.outcome);
  lines.push(`  Note over H,P: ${end} after ${e.totalCalls} call${e.totalCalls === 1 ? '' : 's'}`);
  return lines;
}

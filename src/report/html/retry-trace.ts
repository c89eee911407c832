import type {FileResult} from '../../core/finding.js';

// What a report needs of a `simulate retry` result, read from the result's own fields (the JSON report's shape) so
// the report layer does not depend on the retry domain.

export interface TraceAttempt {
  call: number;
  attempt: number;
  provider: string;
  stopClass: string;
  stopReason: string | null;
  reason: string | null;
  maxTokens: number | null;
  correctiveFragment: string | null;
  events: string[];
}

export interface RetryTrace {
  file: string;
  nodeId: string;
  outcome: string;
  errorCode: string | null;
  stoppedBy: string | null;
  totalCalls: number;
  attempts: TraceAttempt[];
  maxCalls: number;
  multiplier: number;
  providerCeiling: number | null;
}

/** The trace of a simulated recording, or undefined for any other result (or one that replayed no call). */
export function retryTrace(result: FileResult): RetryTrace | undefined {
  const policy = result.policy as Record<string, unknown> | undefined;
  if (!Array.isArray(result.attempts) || typeof result.outcome !== 'string' || typeof policy !== 'object' || policy === null) return undefined;
  if (result.attempts.length === 0) return undefined;
  return {
    file: result.file,
    nodeId: typeof result.nodeId === 'string' ? result.nodeId : '',
    outcome: result.outcome,
    errorCode: typeof result.errorCode === 'string' ? result.errorCode : null,
    stoppedBy: typeof result.stoppedBy === 'string' ? result.stoppedBy : null,
    totalCalls: typeof result.totalCalls === 'number' ? result.totalCalls : result.attempts.length,
    attempts: (result.attempts as Record<string, unknown>[]).map(traceAttempt),
    maxCalls: typeof policy.maxCalls === 'number' ? policy.maxCalls : result.attempts.length,
    multiplier: typeof policy.multiplier === 'number' ? policy.multiplier : 1,
    providerCeiling: typeof policy.providerCeiling === 'number' ? policy.providerCeiling : null,
  };
}

function traceAttempt(a: Record<string, unknown>): TraceAttempt {
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    call: Number(a.call),
    attempt: Number(a.attempt),
    provider: String(a.provider),
    stopClass: String(a.stopClass),
    stopReason: text(a.stopReason),
    reason: text(a.reason),
    maxTokens: typeof a.maxTokens === 'number' ? a.maxTokens : null,
    correctiveFragment: text(a.correctiveFragment),
    events: Array.isArray(a.events) ? a.events.map(String) : [],
  };
}

import type {FileResult, Report, Severity} from '../core/finding.js';
import {isObject} from '../core/json.js';

// What the html and markdown reports show of a command's own result fields (the JSON report's shape, DESIGN §2): a
// pack's install gate, a probed host's families and profiles, a simulated recording's retry trace. Read structurally,
// so the report layer depends on no domain; each reader says undefined for a result of another command.

/** Findings of each rule by severity, rules in the order their first finding comes. */
export function findingsPerRule(report: Report): Map<string, Record<Severity, number>> {
  const counts = new Map<string, Record<Severity, number>>();
  for (const result of report.results) {
    for (const f of result.findings) {
      let count = counts.get(f.ruleId);
      if (!count) counts.set(f.ruleId, (count = {error: 0, warning: 0, info: 0}));
      count[f.severity]++;
    }
  }
  return counts;
}

export interface PackGate {
  granted: string[];
  installs: boolean;
  refusal: {unmet?: unknown} | null;
  blockedBy?: string;
}

/** What a simulated install gate came to, told the same way by every format; `unmet` lists what a refusal names. */
export interface GateOutcome {
  outcome: 'code-not-scanned' | 'not-reached' | 'refused' | 'installs';
  unmet: string[];
}

export function gateOutcome(gate: PackGate): GateOutcome {
  const unmet = Array.isArray(gate.refusal?.unmet) ? gate.refusal.unmet.map(String) : [];
  if (gate.blockedBy === 'code-not-scanned') return {outcome: 'code-not-scanned', unmet};
  if (gate.blockedBy !== undefined) return {outcome: 'not-reached', unmet};
  return {outcome: gate.refusal || !gate.installs ? 'refused' : 'installs', unmet};
}

export interface PackView {
  file: string;
  pack: string | null;
  kind: string | null;
  requires: string[];
  /** null: no --grant, so no install gate was simulated. */
  gate: PackGate | null;
}

export function packView(result: FileResult): PackView | undefined {
  if (!('gate' in result) || !Array.isArray(result.requires)) return undefined;
  return {
    file: result.file,
    pack: typeof result.pack === 'string' ? result.pack : null,
    kind: typeof result.kind === 'string' ? result.kind : null,
    requires: result.requires.map(String),
    gate: isObject(result.gate) ? (result.gate as unknown as PackGate) : null,
  };
}

export interface ProbeView {
  url: string;
  status: number | null;
  profiles: string[];
  protocol?: {major?: number | null; answered?: string | null};
  tierOneSubsetCompliance?: string | null;
  /** The capability families the discovery document advertises: its object-valued top-level members, with their keys. */
  families: {name: string; keys: string[]}[];
}

export function probeView(result: FileResult): ProbeView | undefined {
  if (!('status' in result) || !Array.isArray(result.profiles)) return undefined;
  const doc = result.discovery;
  const families = isObject(doc) ? Object.entries(doc).flatMap(([name, value]) => (isObject(value) ? [{name, keys: Object.keys(value)}] : [])) : [];
  return {
    url: typeof result.url === 'string' ? result.url : result.file,
    status: typeof result.status === 'number' ? result.status : null,
    profiles: result.profiles.map(String),
    protocol: isObject(result.protocol) ? result.protocol : undefined,
    tierOneSubsetCompliance: typeof result.tierOneSubsetCompliance === 'string' ? result.tierOneSubsetCompliance : null,
    families,
  };
}

export interface RetryAttempt {
  call: number;
  attempt: number;
  provider: string;
  stopClass: string;
  stopReason: string | null;
  reason: string | null;
  maxTokens: number | null;
  correctiveFragment: string | null;
  events: string[];
  /** What a HAR recorded the host asking for, when it gives it. */
  host?: {maxTokens: number | null; promptChanged: boolean | null};
}

export interface RetryTrace {
  file: string;
  nodeId: string;
  outcome: string;
  errorCode: string | null;
  stoppedBy: string | null;
  totalCalls: number;
  /** Empty when the recording replayed no call (its findings say why). */
  attempts: RetryAttempt[];
  maxCalls: number;
  multiplier: number;
  providerCeiling: number | null;
}

export function retryTrace(result: FileResult): RetryTrace | undefined {
  if (!Array.isArray(result.attempts) || typeof result.outcome !== 'string') return undefined;
  const policy = isObject(result.policy) ? result.policy : {};
  return {
    file: result.file,
    nodeId: typeof result.nodeId === 'string' ? result.nodeId : '',
    outcome: result.outcome,
    errorCode: typeof result.errorCode === 'string' ? result.errorCode : null,
    stoppedBy: typeof result.stoppedBy === 'string' ? result.stoppedBy : null,
    totalCalls: typeof result.totalCalls === 'number' ? result.totalCalls : result.attempts.length,
    attempts: (result.attempts as unknown[]).filter(isObject).map(retryAttempt),
    maxCalls: typeof policy.maxCalls === 'number' ? policy.maxCalls : result.attempts.length,
    multiplier: typeof policy.multiplier === 'number' ? policy.multiplier : 1,
    providerCeiling: typeof policy.providerCeiling === 'number' ? policy.providerCeiling : null,
  };
}

function retryAttempt(a: Record<string, unknown>): RetryAttempt {
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  const host = isObject(a.host)
    ? {maxTokens: typeof a.host.maxTokens === 'number' ? a.host.maxTokens : null, promptChanged: typeof a.host.promptChanged === 'boolean' ? a.host.promptChanged : null}
    : undefined;
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
    ...(host ? {host} : {}),
  };
}

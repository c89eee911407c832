import type {FileResult, Finding} from '../core/finding.js';
import {checkHost} from './host-check.js';
import type {PayloadValidator} from './payload.js';
import {makeEvaluator} from './payload.js';
import type {RetryPolicy} from './policy.js';
import {placeFinding, type Recording} from './recording/types.js';
import type {Recovery, RecoveryPath} from './recovery/index.js';
import {replay, type AttemptRecord, type RouterConfig, type RouterState, type TerminalCause} from './router.js';
import {RETRY_RULES as R} from './rules.js';
import {appendAll} from '../io/append-all.js';

export type SimulatedOutcome = 'accepted' | 'failed' | 'recording-exhausted';

/** Upstream's conformance fixtures name their node this; used when neither the recording nor --node-id names one. */
export const DEFAULT_NODE_ID = 'structured-call';

export interface SimulationSettings {
  policy: RetryPolicy;
  validator: PayloadValidator | null;
  recoveries: readonly Recovery[];
  nodeId?: string;
}

/** One attempt as reported: what the router required, and what the host sent when the recording says. */
export interface ReportedAttempt extends Omit<AttemptRecord, 'provider'> {
  provider: string;
  /** Types of the events emitted after this call. */
  events: string[];
  /** The host's own request for this call (HAR, exchanges): its budget and whether its prompt changed from the call before. */
  host?: {maxTokens: number | null; promptChanged: boolean | null};
}

export interface SimulationResult extends FileResult {
  outcome: SimulatedOutcome;
  errorCode: string | null;
  /** Why the router stopped: valid, refusal, cap, ceiling; null when the recording ran out first. */
  stoppedBy: TerminalCause | null;
  totalCalls: number;
  attempts: ReportedAttempt[];
  events: {type: string; payload: Record<string, unknown>}[];
  nodeId: string;
  recording: {format: Recording['format']; calls: number};
  policy: {
    maxCalls: number;
    capSource: string;
    capRule: string;
    multiplier: number;
    multiplierSource: string;
    initialBudget: number | null;
    budgetSource: string;
    providerCeiling: number | null;
    recovery: RecoveryPath[];
    schema: string | null;
    notes: string[];
  };
}

export interface SimulatedRecording {
  result: SimulationResult;
  /** Kept for --trace, which compares a host's events with this state. */
  state: RouterState;
  fatal: boolean;
}

export function simulateRecording(recording: Recording, settings: SimulationSettings): SimulatedRecording {
  const {policy} = settings;
  const nodeId = settings.nodeId ?? recording.nodeId ?? DEFAULT_NODE_ID;
  const {initialBudget, budgetSource} = firstBudget(policy, recording);
  const config: RouterConfig = {
    nodeId,
    initialBudget,
    multiplier: policy.multiplier,
    maxCalls: policy.maxCalls,
    ceiling: policy.ceiling,
    evaluate: makeEvaluator(settings.validator, settings.recoveries),
  };
  const state = replay(
    config,
    recording.calls.map((c) => c.response),
  );
  const findings: Finding[] = [...recording.findings];
  if (!state.terminal && recording.calls.length > 0) findings.push(exhaustedFinding(recording, state, policy.multiplier));
  appendAll(findings, checkHost(recording.calls, state, policy));

  const result: SimulationResult = {
    file: recording.file,
    findings,
    outcome: state.terminal?.outcome ?? 'recording-exhausted',
    errorCode: state.terminal?.errorCode ?? null,
    stoppedBy: state.terminal?.cause ?? null,
    totalCalls: state.calls,
    attempts: state.attempts.map((a) => reportAttempt(a, recording, state)),
    events: state.events.map((e) => ({type: e.type, payload: e.payload})),
    nodeId,
    recording: {format: recording.format, calls: recording.calls.length},
    policy: {
      maxCalls: policy.maxCalls,
      capSource: policy.capSource,
      capRule: policy.capRule,
      multiplier: policy.multiplier,
      multiplierSource: policy.multiplierSource,
      initialBudget,
      budgetSource,
      providerCeiling: policy.ceiling,
      recovery: settings.recoveries.map((r) => r.path),
      schema: settings.validator?.label ?? null,
      notes: policy.notes,
    },
  };
  return {result, state, fatal: recording.fatal};
}

/**
 * The first call's budget: --max-tokens, else the host's recorded request, else the output-token count of a first call
 * that stopped on its budget (a truncated call used all of it). A clean first call's count only bounds the budget.
 */
function firstBudget(policy: RetryPolicy, recording: Recording): {initialBudget: number | null; budgetSource: string} {
  if (policy.maxTokens !== null) return {initialBudget: policy.maxTokens, budgetSource: '--max-tokens'};
  const first = recording.calls[0];
  const requested = first?.request?.maxTokens ?? null;
  if (requested !== null) return {initialBudget: requested, budgetSource: 'the recorded first request'};
  const used = first?.response.stopClass === 'truncated' ? first.response.outputTokens : null;
  if (used !== null) return {initialBudget: used, budgetSource: "the first call's output tokens (it used its whole budget)"};
  return {initialBudget: null, budgetSource: `unknown: the recording sets none; give --max-tokens (each truncation retry asks for ×${policy.multiplier} the budget of the call before)`};
}

function reportAttempt(a: AttemptRecord, recording: Recording, state: RouterState): ReportedAttempt {
  const events = state.events.filter((e) => e.call === a.call).map((e) => e.type);
  const request = recording.calls[a.call - 1]?.request;
  if (!request) return {...a, events};
  const previous = recording.calls[a.call - 2]?.request;
  return {...a, events, host: {maxTokens: request.maxTokens, promptChanged: previous ? previous.prompt !== request.prompt : null}};
}

/** The recording ran out while the router still wanted a call: say which call and what it should look like. */
function exhaustedFinding(recording: Recording, state: RouterState, multiplier: number): Finding {
  const last = recording.calls[recording.calls.length - 1];
  const lastAttempt = state.attempts[state.attempts.length - 1];
  const n = state.calls + 1;
  const budget =
    state.budget !== null
      ? `budget ${state.budget}`
      : lastAttempt.reason === 'truncation'
        ? `budget ×${multiplier} call ${state.calls}'s (its budget is unknown: give --max-tokens)`
        : `the budget of call ${state.calls}`;
  const wanted =
    lastAttempt.route === 'continue'
      ? `resubmitting the paused turn (${budget})`
      : `a retry for ${lastAttempt.reason} with ${budget}${state.fragment ? ' and a corrective fragment' : ', no corrective fragment'}`;
  const hostRecorded = recording.calls.some((c) => c.request);
  const message = hostRecorded
    ? `the host stopped after ${state.calls} call${state.calls === 1 ? '' : 's'}; a conformant host makes call ${n}: ${wanted}`
    : `the recording ends after call ${state.calls}, but the router wants call ${n}: ${wanted}`;
  return placeFinding(last.place, R.recordingExhausted.id, 'warning', message);
}

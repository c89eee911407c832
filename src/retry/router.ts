import {redactText} from '../report/redact.js';
import {fragmentFor, type Evaluate} from './payload.js';
import type {RecoveryPath} from './recovery/index.js';
import {type NormalisedResponse, type ProviderId, providerFamily, type StopClass} from './types.js';

// The RFC 0033 retry router as a pure state machine: no I/O, no clock, no randomness. `step` takes the state and one
// provider response and returns the next state; the caller decides where responses come from (a recording, a test).

export type RetryReason = 'truncation' | 'schema-violation' | 'parse-error' | 'refusal' | 'unknown';

/** What the router does after a call: accept it, retry, resubmit a paused turn, or fail the node. */
export type Route = 'accept' | 'retry' | 'continue' | 'fail';

export const ERROR_CODES = {
  truncation: 'envelope_truncation_unrecoverable',
  invalid: 'envelope_invalid',
  refusal: 'envelope_refusal',
  // RFC 0033 has no code of its own for a full context window; the output is cut off and no retry can mend it.
  contextOverflow: 'envelope_truncation_unrecoverable',
} as const;

export interface RouterConfig {
  nodeId: string;
  /** Output budget of the first call; null when unknown (budgets are then not tracked). */
  initialBudget: number | null;
  /** Truncation retries multiply the budget by this (RFC 0033 §B, `truncationBudgetMultiplier`). */
  multiplier: number;
  /** Total provider calls per emission, first call included. */
  maxCalls: number;
  /** The provider's per-call maximum: a grown budget is clamped to it. */
  ceiling: number | null;
  evaluate: Evaluate;
}

export interface AttemptRecord {
  /** 1-based position of the call in the recording. */
  call: number;
  /** Emission attempt: 1, then +1 per retry. Resubmitting a paused turn keeps the number. */
  attempt: number;
  provider: ProviderId;
  model: string | null;
  stopClass: StopClass;
  stopReason: string | null;
  outputTokens: number | null;
  /** The budget a conformant host sends on this call. */
  maxTokens: number | null;
  /** The corrective fragment a conformant host adds to this call (only after a schema violation). */
  correctiveFragment: string | null;
  route: Route;
  /** Why this call did not complete the emission. */
  reason: RetryReason | null;
  /** What the payload validator said about this call's text (parse error or schema issues); the next call's corrective fragment is built from it. */
  validatorError: string | null;
  recovery: RecoveryPath | null;
}

export interface RouterEvent {
  type: string;
  payload: Record<string, unknown>;
  /** The call after which the event is emitted. */
  call: number;
}

export type TerminalCause = 'valid' | 'refusal' | 'cap' | 'ceiling' | 'context-overflow';

export interface Terminal {
  outcome: 'accepted' | 'failed';
  errorCode: string | null;
  reason: RetryReason | null;
  /** Why the router stopped: a valid payload, a refusal, the call cap, a budget that can grow no more, or a full context window. */
  cause: TerminalCause;
}

export interface RouterState {
  readonly calls: number;
  readonly attempt: number;
  readonly budget: number | null;
  readonly fragment: string | null;
  readonly attempts: readonly AttemptRecord[];
  readonly events: readonly RouterEvent[];
  readonly terminal: Terminal | null;
}

export function startRouter(config: RouterConfig): RouterState {
  return {calls: 0, attempt: 1, budget: config.initialBudget, fragment: null, attempts: [], events: [], terminal: null};
}

/** Feeds responses in order until the router stops or they run out (then `terminal` is null: the recording is exhausted). */
export function replay(config: RouterConfig, responses: readonly NormalisedResponse[]): RouterState {
  let state = startRouter(config);
  for (const response of responses) {
    if (state.terminal) break;
    state = step(config, state, response);
  }
  return state;
}

/** Budget truncations in the shared `envelope.truncated` vocabulary, whichever API reported them. */
const BUDGET_STOPS = new Set(['max_tokens', 'length', 'MAX_TOKENS', 'max_output_tokens']);

export function step(config: RouterConfig, state: RouterState, response: NormalisedResponse): RouterState {
  if (state.terminal) throw new Error('router: no call is wanted after a terminal outcome');
  const call = state.calls + 1;
  const {nodeId} = config;
  const events: RouterEvent[] = [];
  const emit = (type: string, payload: Record<string, unknown>) => events.push({type, payload, call});
  const record: AttemptRecord = {
    call,
    attempt: state.attempt,
    provider: response.provider,
    model: response.model,
    stopClass: response.stopClass,
    stopReason: response.stopReason,
    outputTokens: response.outputTokens,
    maxTokens: state.budget,
    correctiveFragment: state.fragment,
    route: 'fail',
    reason: null,
    validatorError: null,
    recovery: null,
  };
  const atCap = call >= config.maxCalls;
  const model = response.model ?? 'unknown';
  const provider = providerFamily(response.provider);

  const finish = (terminal: Terminal): RouterState => ({
    ...state,
    calls: call,
    attempts: [...state.attempts, record],
    events: [...state.events, ...events],
    terminal,
  });
  const next = (route: 'retry' | 'continue', budget: number | null, fragment: string | null): RouterState => {
    record.route = route;
    return {
      calls: call,
      attempt: route === 'retry' ? state.attempt + 1 : state.attempt,
      budget,
      fragment,
      attempts: [...state.attempts, record],
      events: [...state.events, ...events],
      terminal: null,
    };
  };
  const exhaust = (reason: RetryReason, cause: 'cap' | 'ceiling', finalError?: string): RouterState => {
    record.reason = reason;
    emit('envelope.retry.exhausted', {nodeId, totalAttempts: state.attempt, finalReason: reason, ...(finalError ? {finalError} : {})});
    if (cause === 'cap') emit('cap.breached', {kind: 'schema', limit: config.maxCalls, observed: call + 1, nodeId});
    const errorCode = reason === 'truncation' ? ERROR_CODES.truncation : ERROR_CODES.invalid;
    const message =
      cause === 'cap'
        ? `${reason === 'truncation' ? 'output still truncated' : `payload still unusable (${reason})`} after ${call} call${call === 1 ? '' : 's'} (the cap)`
        : `output still truncated with the budget at its limit (${state.budget ?? 'unknown'} tokens)`;
    emit('node.failed', {nodeId, error: {code: errorCode, message}, attempts: call});
    return finish({outcome: 'failed', errorCode, reason, cause});
  };

  switch (response.stopClass) {
    case 'refusal':
    case 'blocked': {
      record.reason = 'refusal';
      emit('envelope.refusal', {
        nodeId,
        provider,
        model,
        // RFC 0032: a host redacts refusalText as it does every payload; model text may quote a key from the prompt.
        ...(response.refusalText !== null ? {refusalText: redactText(response.refusalText)} : {}),
        ...(response.safetyCategory !== null ? {safetyCategory: response.safetyCategory} : {}),
      });
      emit('envelope.retry.exhausted', {nodeId, totalAttempts: state.attempt, finalReason: 'refusal'});
      emit('node.failed', {nodeId, error: {code: ERROR_CODES.refusal, message: `the provider refused (${response.stopReason ?? 'refusal'}); a refusal is never retried`}, attempts: call});
      return finish({outcome: 'failed', errorCode: ERROR_CODES.refusal, reason: 'refusal', cause: 'refusal'});
    }
    case 'truncated': {
      // Truncation wins over a schema violation: whatever the text, a cut-off reply gets a bigger budget, not a fragment.
      record.reason = 'truncation';
      emit('envelope.truncated', {
        nodeId,
        provider,
        model,
        stopReason: response.stopReason !== null && BUDGET_STOPS.has(response.stopReason) ? 'max_tokens' : 'unknown',
        ...(response.outputTokens !== null ? {outputTokenCount: response.outputTokens} : {}),
      });
      if (atCap) return exhaust('truncation', 'cap');
      const grown = grow(state.budget, config);
      if (grown !== null && state.budget !== null && grown <= state.budget) return exhaust('truncation', 'ceiling');
      emit('envelope.retry.attempted', {nodeId, attempt: state.attempt + 1, reason: 'truncation'});
      return next('retry', grown, null);
    }
    case 'context-overflow': {
      // The prompt plus output filled the model's context window: a bigger output budget asks for even more room.
      record.reason = 'truncation';
      const finalError = `the model's context window is full (${response.stopReason ?? 'context overflow'}); a bigger output budget cannot help, the prompt must shrink`;
      emit('envelope.truncated', {nodeId, provider, model, stopReason: 'unknown', ...(response.outputTokens !== null ? {outputTokenCount: response.outputTokens} : {})});
      emit('envelope.retry.exhausted', {nodeId, totalAttempts: state.attempt, finalReason: 'truncation', finalError});
      emit('node.failed', {nodeId, error: {code: ERROR_CODES.contextOverflow, message: finalError}, attempts: call});
      return finish({outcome: 'failed', errorCode: ERROR_CODES.contextOverflow, reason: 'truncation', cause: 'context-overflow'});
    }
    case 'clean':
    case 'tool-call': {
      const verdict = config.evaluate(response.text);
      if (verdict.status === 'valid') {
        record.route = 'accept';
        if (verdict.recovery) {
          record.recovery = verdict.recovery.path;
          emit('envelope.recovery.applied', {nodeId, path: verdict.recovery.path, byteOffset: verdict.recovery.byteOffset});
        }
        return finish({outcome: 'accepted', errorCode: null, reason: null, cause: 'valid'});
      }
      const reason = verdict.status === 'parse-error' ? 'parse-error' : 'schema-violation';
      const summary = verdict.issues.join('; ');
      record.reason = reason;
      record.validatorError = summary;
      if (atCap) return exhaust(reason, 'cap', summary);
      emit('envelope.retry.attempted', {nodeId, attempt: state.attempt + 1, reason, previousError: summary});
      return next('retry', state.budget, fragmentFor(verdict));
    }
    case 'paused': {
      // Anthropic pause_turn: resubmit to let the server-tool loop finish. Not a failure, but still a call under the cap.
      if (atCap) return exhaust('unknown', 'cap');
      return next('continue', state.budget, null);
    }
    case 'other': {
      record.reason = 'unknown';
      if (atCap) return exhaust('unknown', 'cap');
      emit('envelope.retry.attempted', {nodeId, attempt: state.attempt + 1, reason: 'unknown', previousError: `the call ended without a usable stop (${response.stopReason ?? 'no stop reason'})`});
      return next('retry', state.budget, null);
    }
  }
}

/** The next truncation budget: × multiplier, rounded up, clamped at the provider ceiling. */
export function grow(budget: number | null, config: Pick<RouterConfig, 'multiplier' | 'ceiling'>): number | null {
  if (budget === null) return null;
  const grown = Math.ceil(budget * config.multiplier);
  return config.ceiling === null ? grown : Math.min(grown, config.ceiling);
}

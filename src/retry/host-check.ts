import type {Finding} from '../core/finding.js';
import type {RetryPolicy} from './policy.js';
import {placeFinding, type RecordedCall} from './recording/types.js';
import {grow, type RouterState} from './router.js';
import {RETRY_RULES as R} from './rules.js';

// What the host did (the requests it recorded) against what the router requires after each response. Each rule is
// checked between a call and the next one; the finding points at the later call, the retry that got it wrong.

const ECHO_MIN_CHARS = 8;

export function checkHost(calls: readonly RecordedCall[], state: RouterState, policy: RetryPolicy): Finding[] {
  if (!calls.some((c) => c.request)) return [];
  const findings: Finding[] = [];
  const at = (callNo: number, rule: {id: string}, severity: Finding['severity'], message: string) => {
    const place = calls[callNo - 1].place;
    findings.push(placeFinding({...place, pointer: `${place.pointer}/request`}, rule.id, severity, `call ${callNo}: ${message}`));
  };

  if (calls.length > policy.maxCalls) {
    at(policy.maxCalls + 1, R.overCap, 'error', `the host made ${calls.length} calls for one emission; the cap is ${policy.maxCalls} (${policy.capSource})`);
  }
  if (state.terminal && calls.length > state.calls) reportCallAfterEnd(state, calls.length, at);

  let budgetUnknownNoted = false;
  for (const attempt of state.attempts) {
    const c = attempt.call;
    if (attempt.route !== 'retry' || c >= calls.length) continue;
    const before = calls[c - 1].request;
    const after = calls[c].request;
    if (!before || !after) continue;
    const budgetsKnown = before.maxTokens !== null && after.maxTokens !== null;
    if (!budgetsKnown && !budgetUnknownNoted && (attempt.reason === 'truncation' || attempt.reason === 'schema-violation' || attempt.reason === 'parse-error')) {
      budgetUnknownNoted = true;
      at(c + 1, R.budgetUnknown, 'info', `no output budget in call ${before.maxTokens === null ? c : c + 1}'s request, so the budget rules were not checked`);
    }
    const prev = before.maxTokens as number;
    const next = after.maxTokens as number;
    if (attempt.reason === 'truncation') {
      if (budgetsKnown && next <= prev) {
        at(c + 1, R.budgetNotGrown, 'error', `call ${c} was truncated (${attempt.stopReason}) but the retry asks for ${next} output tokens after ${prev}: a truncation retry must raise the budget`);
      } else if (budgetsKnown && policy.multiplierStated) {
        const expected = grow(prev, policy) as number;
        if (next !== expected) {
          at(
            c + 1,
            R.budgetMultiplier,
            'warning',
            `the budget grew ×${round(next / prev)} (${prev} → ${next}); with the multiplier ${policy.multiplier} (${policy.multiplierSource}) it would be ${expected}`,
          );
        }
      }
      if (after.prompt !== before.prompt) {
        at(c + 1, R.fragmentOnTruncation, 'error', `call ${c} was truncated but the retry changes the prompt: a truncation retry adds no corrective fragment, it only raises the budget`);
      }
    } else if (attempt.reason === 'schema-violation' || attempt.reason === 'parse-error') {
      if (budgetsKnown && next !== prev) {
        at(c + 1, R.budgetChanged, 'error', `call ${c} was a ${attempt.reason} but the retry changes the budget from ${prev} to ${next}: only truncation changes the budget`);
      }
      if (after.prompt === before.prompt) {
        at(c + 1, R.fragmentMissing, 'error', `call ${c} was a ${attempt.reason} but the retry sends the same prompt: it needs a corrective fragment built from the validator output`);
      } else if (echoes(after.prompt, calls[c - 1].response.text)) {
        at(c + 1, R.fragmentEchoesOutput, 'warning', `the retry's prompt quotes call ${c}'s reply; a corrective fragment is built from validator output, never from model text`);
      }
    }
  }
  return findings;
}

/** Calls after the router stopped; calls past the cap are reported as over-cap on their own. */
function reportCallAfterEnd(state: RouterState, recorded: number, at: (n: number, rule: {id: string}, s: Finding['severity'], m: string) => void): void {
  const terminal = state.terminal;
  if (!terminal || terminal.cause === 'cap') return;
  const first = state.calls + 1;
  const more = recorded - state.calls;
  const count = `${more} more call${more === 1 ? '' : 's'}`;
  if (terminal.cause === 'refusal') {
    at(first, R.callAfterRefusal, 'error', `call ${state.calls} was a refusal, yet the host made ${count}: a refusal is never retried`);
  } else if (terminal.cause === 'ceiling') {
    at(first, R.extraCall, 'error', `call ${state.calls} truncated with the budget already at its limit, which is terminal, yet the host made ${count}`);
  } else if (terminal.cause === 'context-overflow') {
    at(first, R.extraCall, 'error', `call ${state.calls} filled the model's context window, which is terminal (a bigger output budget cannot help), yet the host made ${count}`);
  } else {
    at(first, R.extraCall, 'warning', `call ${state.calls} was already accepted, yet the host made ${count} (if they belong to another node, record each node on its own)`);
  }
}

/** The prompt (canonical JSON) contains the reply, as it would appear inside a JSON string. */
function echoes(prompt: string, reply: string | null): boolean {
  if (reply === null || reply.trim().length < ECHO_MIN_CHARS) return false;
  const escaped = JSON.stringify(reply.trim()).slice(1, -1);
  return prompt.includes(escaped);
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

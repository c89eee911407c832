import {childPointer} from '../../io/json-pointer.js';
import {isObject} from '../../core/json.js';
import type {AdvertCheck, AdvertContext} from './context.js';

export const TIER_ONE_LEVELS = ['strict', 'warn', 'off'] as const;
export type TierOneLevel = (typeof TIER_ONE_LEVELS)[number];

const REQUIRED_RELIABILITY_EVENTS = ['envelope.retry.exhausted', 'envelope.refusal'] as const;
const DRIFT_KEY = 'truncationRetryMultiplier';
const MAX_SCAN_DEPTH = 64;

/**
 * `envelopes` (RFC 0030 §B subset claim, RFC 0032 reliability): tierOneSubsetCompliance, the multiplier drift, required
 * events.
 */
export const checkEnvelopesBlock: AdvertCheck = (ctx) => {
  checkDriftKey(ctx);
  const envelopes = ctx.view.effective.envelopes;
  if (!isObject(envelopes)) return;
  checkTierOne(ctx, envelopes);
  checkReliability(ctx, envelopes.reliability);
};

/** The host's own Tier-1 claim as `--lint-schemas` applies it: absent or invalid reads as "off" (the spec default). */
export function tierOneLevel(effective: Record<string, unknown>): TierOneLevel {
  const value = isObject(effective.envelopes) ? effective.envelopes.tierOneSubsetCompliance : undefined;
  return typeof value === 'string' && (TIER_ONE_LEVELS as readonly string[]).includes(value) ? (value as TierOneLevel) : 'off';
}

function checkTierOne(ctx: AdvertContext, envelopes: Record<string, unknown>): void {
  if (!Object.hasOwn(envelopes, 'tierOneSubsetCompliance')) return;
  const value = envelopes.tierOneSubsetCompliance;
  const at = '/envelopes/tierOneSubsetCompliance';
  ctx.claim(at);
  if (typeof value === 'string' && (TIER_ONE_LEVELS as readonly string[]).includes(value)) return;
  const expected = 'must be the string "strict", "warn" or "off"';
  if (typeof value === 'boolean') {
    ctx.report(
      'tierOneCompliance',
      'error',
      `tierOneSubsetCompliance is the boolean ${value}; it ${expected} (${value ? '"strict" or "warn"' : '"off"'} was probably meant); read as "off" until fixed`,
      at,
    );
  } else {
    ctx.report('tierOneCompliance', 'error', `tierOneSubsetCompliance ${expected}; got ${JSON.stringify(value)?.slice(0, 60)}; read as "off" until fixed`, at);
  }
}

function checkReliability(ctx: AdvertContext, reliability: unknown): void {
  if (!isObject(reliability) || reliability.supported !== true) return;
  const events = Array.isArray(reliability.events) ? reliability.events : [];
  const at = Array.isArray(reliability.events) ? '/envelopes/reliability/events' : '/envelopes/reliability';
  for (const event of REQUIRED_RELIABILITY_EVENTS) {
    if (events.includes(event)) continue;
    ctx.report('reliabilityEvents', 'error', `reliability.supported is true but events does not include "${event}", which every reliability-capable host emits`, at);
  }
}

/** Wherever the drifted name appears (hosts put it in `reliability` or `completion`), name it and say where it belongs. */
function checkDriftKey(ctx: AdvertContext): void {
  const walk = (value: unknown, pointer: string, depth: number): void => {
    if (depth > MAX_SCAN_DEPTH) return;
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, childPointer(pointer, i), depth + 1));
    else if (isObject(value)) {
      for (const [k, v] of Object.entries(value)) {
        const at = childPointer(pointer, k);
        if (k === DRIFT_KEY) {
          ctx.claim(at);
          const sibling = Object.hasOwn(value, 'truncationBudgetMultiplier') ? ' (truncationBudgetMultiplier is also present here; the drifted key is ignored)' : '';
          ctx.report(
            'truncationRetryMultiplier',
            'error',
            `"${DRIFT_KEY}" is not an advertised name (a known drift): clients ignore it and assume the default 2; use envelopes.reliability.completion.truncationBudgetMultiplier (1..8)${sibling}`,
            at,
          );
        } else walk(v, at, depth + 1);
      }
    }
  };
  walk(ctx.view.effective, '', 0);
}

import {record} from './json-shape.js';
import {isObject} from '../core/json.js';

// RFC 0033 leaves open which number caps the calls: our reading has retries counting against
// `limits.schemaRounds` while conformance bounds total calls by `reliability.maxRetryAttempts` (default 3). We cap
// TOTAL provider calls per emission (first call + retries), taking, in order: --max-attempts; the capabilities'
// `envelopes.reliability.maxRetryAttempts` (read as total calls, as the conformance suite does); the capabilities'
// `limits.schemaRounds` read as retries (calls = schemaRounds + 1); otherwise 3.

export const DEFAULT_MAX_CALLS = 3;
export const DEFAULT_MULTIPLIER = 2;

export const CAP_RULE =
  'total provider calls per emission (first call + retries) <= the cap; cap = --max-attempts, else reliability.maxRetryAttempts (total calls), else limits.schemaRounds + 1 (schemaRounds counted as retries), else 3';

export interface PolicyFlags {
  maxAttempts?: number;
  multiplier?: number;
  maxTokens?: number;
  providerCeiling?: number;
}

export interface RetryPolicy {
  maxCalls: number;
  capSource: string;
  capRule: string;
  multiplier: number;
  multiplierSource: string;
  /** True when the multiplier was stated (flag or capabilities), not the recommended default: hosts are held to it. */
  multiplierStated: boolean;
  /** --max-tokens; a recording's own first request fills it in when absent. */
  maxTokens: number | null;
  ceiling: number | null;
  /** Capabilities values that were present but outside what RFC 0032/0033 allow, and so were not used. */
  notes: string[];
}

/** Flags win over the capabilities document, which wins over the defaults. */
export function resolvePolicy(flags: PolicyFlags, capabilities?: Record<string, unknown>): RetryPolicy {
  const notes: string[] = [];
  const caps = capabilities ? capabilityRoot(capabilities) : undefined;
  const reliability = record(record(caps?.envelopes)?.reliability);
  const advertisedAttempts = ranged(reliability?.maxRetryAttempts, 1, 16, true, 'envelopes.reliability.maxRetryAttempts', notes);
  const schemaRounds = ranged(record(caps?.limits)?.schemaRounds, 0, Number.MAX_SAFE_INTEGER, true, 'limits.schemaRounds', notes);
  const advertisedMultiplier = ranged(record(reliability?.completion)?.truncationBudgetMultiplier, 1, 8, false, 'envelopes.reliability.completion.truncationBudgetMultiplier', notes);

  let maxCalls = DEFAULT_MAX_CALLS;
  let capSource = 'default';
  if (flags.maxAttempts !== undefined) [maxCalls, capSource] = [flags.maxAttempts, '--max-attempts'];
  else if (advertisedAttempts !== undefined) [maxCalls, capSource] = [advertisedAttempts, 'capabilities envelopes.reliability.maxRetryAttempts'];
  // Event payloads carry attempt numbers up to 16, so a schemaRounds-derived cap stops there too.
  else if (schemaRounds !== undefined) [maxCalls, capSource] = [Math.min(schemaRounds + 1, 16), 'capabilities limits.schemaRounds + 1'];

  let multiplier = DEFAULT_MULTIPLIER;
  let multiplierSource = 'default, RFC 0033 recommended';
  if (flags.multiplier !== undefined) [multiplier, multiplierSource] = [flags.multiplier, '--multiplier'];
  else if (advertisedMultiplier !== undefined) [multiplier, multiplierSource] = [advertisedMultiplier, 'capabilities truncationBudgetMultiplier'];

  return {
    maxCalls,
    capSource,
    capRule: CAP_RULE,
    multiplier,
    multiplierSource,
    multiplierStated: flags.multiplier !== undefined || advertisedMultiplier !== undefined,
    maxTokens: flags.maxTokens ?? null,
    ceiling: flags.providerCeiling ?? null,
    notes,
  };
}

/** Families belong at the root; a deprecated `capabilities` wrapper is read only when the root has neither family. */
export function capabilityRoot(doc: Record<string, unknown>): Record<string, unknown> {
  if (!('envelopes' in doc) && !('limits' in doc) && isObject(doc.capabilities)) return doc.capabilities;
  return doc;
}

function ranged(v: unknown, min: number, max: number, integer: boolean, name: string, notes: string[]): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'number' && v >= min && v <= max && (!integer || Number.isInteger(v))) return v;
  const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `in ${min}..${max}`;
  notes.push(`ignored ${name} = ${JSON.stringify(v)}: expected ${integer ? 'an integer' : 'a number'} ${range}`);
  return undefined;
}

import {correctiveFragment, NO_TEXT_ISSUE, NOT_JSON_ISSUE} from './corrective-fragment.js';
import type {Recovery, RecoveryPath} from './recovery/index.js';
import {parseOrNull} from './recovery/types.js';

/** Checks a parsed payload against the kind's schema; [] means valid, otherwise issue lines free of model text. */
export interface PayloadValidator {
  /** What the payload is checked against, for the report (`--schema ticket.json`, `kind error`). */
  label: string;
  check(value: unknown): string[];
}

export type PayloadVerdict = {status: 'valid'; recovery: {path: RecoveryPath; byteOffset: number} | null} | {status: 'parse-error' | 'invalid'; issues: string[]};

export type Evaluate = (text: string | null) => PayloadVerdict;

/**
 * RFC 0033 criterion (2): the text parses and validates. A text that does not parse goes through the host's
 * lenient paths in order; the first one whose value validates is a recovery, and otherwise the first value any path
 * did produce supplies the validator output for the corrective fragment.
 */
export function makeEvaluator(validator: PayloadValidator | null, recoveries: readonly Recovery[]): Evaluate {
  const check = (value: unknown) => (validator ? validator.check(value) : []);
  return (text) => {
    if (text === null || text.trim() === '') return {status: 'parse-error', issues: [NO_TEXT_ISSUE]};
    const direct = parseOrNull(text);
    if (direct) {
      const issues = check(direct.value);
      return issues.length ? {status: 'invalid', issues} : {status: 'valid', recovery: null};
    }
    let firstIssues: string[] | undefined;
    for (const r of recoveries) {
      const got = r.recover(text);
      if (!got) continue;
      const issues = check(got.value);
      if (!issues.length) return {status: 'valid', recovery: {path: r.path, byteOffset: got.byteOffset}};
      firstIssues ??= issues;
    }
    return firstIssues ? {status: 'invalid', issues: firstIssues} : {status: 'parse-error', issues: [NOT_JSON_ISSUE]};
  };
}

export function fragmentFor(verdict: Exclude<PayloadVerdict, {status: 'valid'}>): string {
  return correctiveFragment(verdict.status, verdict.issues);
}

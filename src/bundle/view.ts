import type {BundleRuleKey} from './rules.js';
import {isObject, type JsonObject} from '../core/json.js';
import type {Severity} from '../core/finding.js';

/** Reports a finding of a bundle rule at a JSON pointer; the rule's own severity unless given. */
export type Report = (rule: BundleRuleKey, message: string, pointer: string, severity?: Severity) => void;

export type Json = JsonObject;

export const recordAt = (value: unknown): Json => (isObject(value) ? value : {});

export const arrayAt = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export const RESULTS = ['executed-pass', 'executed-fail', 'skipped', 'inapplicable', 'blocked'] as const;

/** results.totals member for each row result. */
export const TOTAL_OF: Readonly<Record<(typeof RESULTS)[number], string>> = {
  'executed-pass': 'executedPass',
  'executed-fail': 'executedFail',
  skipped: 'skipped',
  inapplicable: 'inapplicable',
  blocked: 'blocked',
};

/** A string from untrusted input, quoted for a message (the reporters escape control characters on output). */
export const quote = (value: unknown): string => JSON.stringify(typeof value === 'string' && value.length > 200 ? `${value.slice(0, 200)}…` : value) ?? 'undefined';

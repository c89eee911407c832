import {maskSecrets} from '../report/secrets.js';

/** Envelope counts for one input or a whole run. `kinds` counts every envelope with a readable kind. */
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- a type literal has the implicit index signature that lets a tally pass as Record<string, unknown>; an interface has not
export type EnvelopeTally = {
  envelopes: number;
  valid: number;
  invalid: number;
  kinds: Record<string, number>;
};

/** Distinct kinds listed before the rest are lumped together: a hostile stream must not grow the summary forever. */
export const MAX_KINDS = 1000;
export const OTHER_KINDS = '(other kinds)';

export function emptyTally(): EnvelopeTally {
  return {envelopes: 0, valid: 0, invalid: 0, kinds: Object.create(null) as Record<string, number>};
}

export function countKind(tally: EnvelopeTally, kind: string): void {
  if (kind in tally.kinds) tally.kinds[kind]++;
  else if (Object.keys(tally.kinds).length < MAX_KINDS) tally.kinds[maskSecrets(kind)] = (tally.kinds[maskSecrets(kind)] ?? 0) + 1;
  else tally.kinds[OTHER_KINDS] = (tally.kinds[OTHER_KINDS] ?? 0) + 1;
}

export function addTally(into: EnvelopeTally, from: EnvelopeTally): void {
  into.envelopes += from.envelopes;
  into.valid += from.valid;
  into.invalid += from.invalid;
  for (const [k, n] of Object.entries(from.kinds)) {
    if (k in into.kinds || Object.keys(into.kinds).length < MAX_KINDS) into.kinds[k] = (into.kinds[k] ?? 0) + n;
    else into.kinds[OTHER_KINDS] = (into.kinds[OTHER_KINDS] ?? 0) + n;
  }
}

/** "3 envelopes: 2 valid, 1 invalid (clarification.request 1, error 2)". */
export function describeTally(t: EnvelopeTally): string {
  const kinds = Object.entries(t.kinds)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, n]) => `${k} ${n}`);
  const head = `${t.envelopes} envelope${t.envelopes === 1 ? '' : 's'}: ${t.valid} valid, ${t.invalid} invalid`;
  return kinds.length > 0 ? `${head} (${kinds.join(', ')})` : head;
}

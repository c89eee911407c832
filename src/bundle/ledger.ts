import {isObject} from '../core/json.js';
import {arrayAt, quote, recordAt, type Json, type Report, RESULTS, TOTAL_OF} from './view.js';

export interface LedgerTally {
  totals: Record<string, number>;
  assertions: number;
  rows: Json[];
  /** Whether any ledger rule failed: such a bundle certifies nothing. */
  broken: boolean;
}

/**
 * The ledger rules of the suite's verifier, in its order: one row per id, a detail on every non-pass row, no pass
 * without assertions, totals and assertionCount equal to the tally, and detail.nonPass[] agreeing with the rows.
 */
export function checkLedger(bundle: Json, report: Report): LedgerTally {
  let broken = false;
  const fail: Report = (rule, message, pointer, severity) => {
    broken = true;
    report(rule, message, pointer, severity);
  };
  const results = recordAt(bundle.results);
  const rows = arrayAt(results.requirements).filter(isObject);
  const totals: Record<string, number> = Object.fromEntries(Object.values(TOTAL_OF).map((t) => [t, 0]));
  let assertions = 0;
  const firstAt = new Map<string, number>();
  arrayAt(results.requirements).forEach((row, i) => {
    if (!isObject(row)) return;
    const at = `/results/requirements/${i}`;
    const id = row.id;
    if (typeof id === 'string') {
      const first = firstAt.get(id);
      if (first === undefined) firstAt.set(id, i);
      else fail('duplicateRow', `row id ${quote(id)} appears again (first at /results/requirements/${first})`, `${at}/id`);
    }
    const result = row.result as (typeof RESULTS)[number];
    if (Object.hasOwn(TOTAL_OF, result)) totals[TOTAL_OF[result]]++;
    if (typeof row.assertions === 'number' && Number.isFinite(row.assertions)) assertions += row.assertions;
    // Blank text says nothing either: the suite's verifier trims before it counts a detail as given.
    if (result !== 'executed-pass' && !(typeof row.detail === 'string' && row.detail.trim() !== '')) {
      fail('rowWithoutDetail', `row ${quote(id)} is ${quote(result)} but has ${typeof row.detail === 'string' ? 'a blank detail' : 'no detail'} saying why`, at);
    }
    if (result === 'executed-pass' && !(typeof row.assertions === 'number' && row.assertions > 0)) {
      fail(
        'passWithoutAssertions',
        `row ${quote(id)} is executed-pass with ${row.assertions === undefined ? 'no assertions' : `assertions ${quote(row.assertions)}`}: a pass that checked nothing`,
        at,
      );
    }
  });
  const stated = recordAt(results.totals);
  for (const [name, count] of Object.entries(totals)) {
    if (stated[name] !== undefined && stated[name] !== count)
      fail('totals', `results.totals.${name} is ${quote(stated[name])}, but the ledger has ${count} such row${count === 1 ? '' : 's'}`, `/results/totals/${name}`);
  }
  if (bundle.assertionCount !== undefined && bundle.assertionCount !== assertions) {
    fail('assertionCount', `assertionCount is ${quote(bundle.assertionCount)}, but the rows' assertions sum to ${assertions}`, '/assertionCount');
  }
  if (checkNonPassView(bundle, rows, fail)) broken = true;
  return {totals, assertions, rows, broken};
}

/** detail.nonPass[] lists exactly the non-pass rows, each once, with the ledger's result. */
function checkNonPassView(bundle: Json, rows: readonly Json[], fail: Report): boolean {
  const nonPass = rows.filter((r) => r.result !== 'executed-pass');
  const detail = bundle.detail;
  if (!isObject(detail) || !Array.isArray(detail.nonPass)) {
    if (nonPass.length > 0) fail('nonPassView', `${nonPass.length} row${nonPass.length === 1 ? '' : 's'} did not pass, but the bundle has no detail.nonPass[] giving the reasons`, '');
    return nonPass.length > 0;
  }
  let broken = false;
  const ledger = new Map(rows.map((r) => [r.id, r]));
  const listed = new Set<unknown>();
  detail.nonPass.forEach((entry, i) => {
    if (!isObject(entry)) return;
    const at = `/detail/nonPass/${i}`;
    const row = ledger.get(entry.id);
    const problem = listed.has(entry.id)
      ? `lists ${quote(entry.id)} twice`
      : row === undefined
        ? `lists ${quote(entry.id)}, which is not a ledger row`
        : row.result === 'executed-pass'
          ? `lists ${quote(entry.id)}, which passed in the ledger`
          : row.result !== entry.result
            ? `gives ${quote(entry.id)} as ${quote(entry.result)}, the ledger as ${quote(row.result)}`
            : undefined;
    listed.add(entry.id);
    if (problem) {
      broken = true;
      fail('nonPassView', `detail.nonPass ${problem}`, at);
    }
  });
  for (const row of nonPass) {
    if (listed.has(row.id)) continue;
    broken = true;
    fail('nonPassView', `row ${quote(row.id)} is ${quote(row.result)} but is missing from detail.nonPass`, '/detail/nonPass');
  }
  return broken;
}

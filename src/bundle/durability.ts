import {isRecord} from '../io/json-record.js';
import {arrayAt, quote, recordAt, type Json} from './view.js';

/** The rows of the durability rung: RFC 0158's rows, whose ids carry "0158." (our reading; the bundle names no set). */
const isRungRow = (row: Json): boolean => typeof row.id === 'string' && row.id.includes('0158.');

/**
 * Why the claimed rung cannot be derived from the signed rows, or undefined when it can (FACTS §5: only
 * durable-single-instance is derivable in this revision of the schema).
 */
export function durabilityProblem(rung: unknown, rows: readonly Json[]): string | undefined {
  if (rung !== 'durable-single-instance') return `rung ${quote(rung)} is not derivable from what bundles carry yet (only durable-single-instance is)`;
  const rungRows = rows.filter(isRungRow);
  if (rungRows.length === 0) return 'no row of RFC 0158 (an id containing "0158.") witnesses it';
  const failing = rungRows.find((r) => r.result !== 'executed-pass');
  if (failing) return `row ${quote(failing.id)} of the rung is ${quote(failing.result)}`;
  const bounds = new Map<unknown, unknown>();
  for (const row of rungRows) {
    for (const entry of arrayAt(recordAt(row.evidence).recoveryBounds).filter(isRecord)) {
      const sum = arrayAt(entry.terms).reduce<number>((total, term) => total + (isRecord(term) && typeof term.ms === 'number' ? term.ms : 0), 0);
      if (sum !== entry.bound) return `recovery bound of class ${quote(entry.class)} is ${quote(entry.bound)} ms, but its terms sum to ${sum} ms`;
      bounds.set(entry.class, entry.bound);
    }
  }
  if (bounds.size === 0) return 'no row carries evidence.recoveryBounds (the declared bounds)';
  const kills = rungRows.map((r) => recordAt(r.evidence).recovery).filter(isRecord);
  if (kills.length === 0) return 'no row carries evidence.recovery (an observed recovery)';
  for (const kill of kills) {
    if (!bounds.has(kill.class)) return `recovery class ${quote(kill.class)} is not a declared class`;
    if (bounds.get(kill.class) !== kill.boundMs) return `recovery of class ${quote(kill.class)} was judged against ${quote(kill.boundMs)} ms, but the class declares ${quote(bounds.get(kill.class))} ms`;
    if (typeof kill.observedMs !== 'number' || typeof kill.boundMs !== 'number' || kill.observedMs > kill.boundMs) return `recovery of class ${quote(kill.class)} took ${quote(kill.observedMs)} ms, over its ${quote(kill.boundMs)} ms bound`;
  }
  return undefined;
}

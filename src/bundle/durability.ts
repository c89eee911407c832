import {isObject} from '../core/json.js';
import {arrayAt, quote, recordAt, type Json} from './view.js';

/*
 * The rung is re-derived as the suite's verifier derives it (openwop/openwop conformance/src/lib/durability-evidence.ts
 * @69b85dd8, `deriveRung` and `checkRungClaim`, read 2026-11-26; RFC 0158 §E). The facts taken from it:
 * - the lowest rung, durable-single-instance, is the only one derivable; a higher claim is refused, not assumed;
 * - it rests on five named rows, openwop.requirement.0158.{kill-after-accept, kill-during-execution,
 *   duplicate-delivery, poison-exhaustion, bound-is-derived}, each present and executed-pass;
 * - the declared bounds are read from the bound-is-derived row's evidence.recoveryBounds only: 1 to 16 classes, each
 *   named once, each with 1 to 16 terms {name, ms}, ms and bound non-negative integers, the terms summing to the bound;
 * - each of the two kill rows carries evidence.recovery {class, boundMs, observedMs} (integer counts) naming a
 *   declared class, with boundMs equal to that class's bound and observedMs not above it;
 * - class and term names match ^[a-z][A-Za-z0-9._-]{0,63}$.
 */

const ROW = 'openwop.requirement.0158.';
const RUNG_ROWS = ['kill-after-accept', 'kill-during-execution', 'duplicate-delivery', 'poison-exhaustion', 'bound-is-derived'].map((name) => ROW + name);
const KILL_ROWS = [`${ROW}kill-after-accept`, `${ROW}kill-during-execution`];
const BOUND_ROW = `${ROW}bound-is-derived`;
const RUNGS = ['durable-single-instance', 'durable-multi-instance', 'multi-region-qualified'];
const MAX_CLASSES = 16;
const MAX_TERMS = 16;
const NAME = /^[a-z][A-Za-z0-9._-]{0,63}$/;

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isName = (value: unknown): value is string => typeof value === 'string' && NAME.test(value);

/** Why the claimed rung cannot be derived from the signed rows, or undefined when it can (or none is claimed). */
export function durabilityProblem(rung: unknown, rows: readonly Json[]): string | undefined {
  if (rung === undefined) return undefined;
  if (typeof rung !== 'string' || !RUNGS.includes(rung)) return `rung ${quote(rung)} is not one of ${RUNGS.join(', ')}`;
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const id of RUNG_ROWS) {
    const row = byId.get(id);
    if (row === undefined) return `row ${id} is not in the bundle`;
    if (row.result !== 'executed-pass') return `row ${id} is ${quote(row.result)}, not executed-pass`;
  }
  const bounds = declaredBounds(recordAt(byId.get(BOUND_ROW)?.evidence).recoveryBounds);
  if (typeof bounds === 'string') return `${BOUND_ROW} carries no usable evidence.recoveryBounds: ${bounds}`;
  for (const id of KILL_ROWS) {
    const recovery = recordAt(byId.get(id)?.evidence).recovery;
    if (!isObject(recovery)) return `${id} passed but records no evidence.recovery (which class it exercised, how long resumption took)`;
    if (!isName(recovery.class) || !isCount(recovery.boundMs) || !isCount(recovery.observedMs))
      return `${id}: evidence.recovery is not {class, boundMs, observedMs} with a plain class name and integer milliseconds`;
    const bound = bounds.get(recovery.class);
    if (bound === undefined) return `${id} exercised recovery class ${quote(recovery.class)}, which ${BOUND_ROW} does not declare`;
    if (recovery.boundMs !== bound) return `${id} was judged against ${recovery.boundMs} ms, but class ${quote(recovery.class)} declares ${bound} ms`;
    if (recovery.observedMs > bound) return `${id} resumed after ${recovery.observedMs} ms, over the ${bound} ms bound of class ${quote(recovery.class)}`;
  }
  if (rung !== 'durable-single-instance') return `the signed rows support durable-single-instance only; ${rung} needs evidence bundles do not carry yet`;
  return undefined;
}

/** The declared bound of each recovery class, or why the declaration is not usable. */
function declaredBounds(raw: unknown): Map<string, number> | string {
  if (!Array.isArray(raw) || raw.length === 0) return 'no recovery class is declared';
  if (raw.length > MAX_CLASSES) return `more than ${MAX_CLASSES} recovery classes`;
  const bounds = new Map<string, number>();
  for (const entry of raw.map(recordAt)) {
    const name = entry.class;
    if (!isName(name)) return `recovery class name ${quote(name)} is not a plain name (${NAME.source})`;
    if (bounds.has(name)) return `recovery class ${quote(name)} is declared twice`;
    const terms = arrayAt(entry.terms).map(recordAt);
    if (terms.length === 0 || terms.length > MAX_TERMS) return `class ${quote(name)} has ${terms.length} terms (1 to ${MAX_TERMS}: a bound alone cannot be recomputed)`;
    if (!terms.every((t) => isName(t.name) && isCount(t.ms))) return `class ${quote(name)}: every term must be {name, ms} with ms a non-negative integer`;
    if (!isCount(entry.bound)) return `class ${quote(name)}: bound ${quote(entry.bound)} is not a non-negative integer of milliseconds`;
    const sum = terms.reduce((total, t) => total + (t.ms as number), 0);
    if (sum !== entry.bound) return `class ${quote(name)} declares ${entry.bound} ms, but its terms sum to ${sum} ms`;
    bounds.set(name, entry.bound);
  }
  return bounds;
}

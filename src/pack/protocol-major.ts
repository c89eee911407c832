import type {JsonObject} from './manifest.js';

/** A comparator that bounds a range from below, and the major it names: >=2, >1.9, =2.0.0, ^2, ~2.1, 2.x, 2. */
const LOWER_BOUND = /^(?:>=?|=|\^|~>?)?v?(\d+)(?:\.|$)/;

/**
 * The protocol major a manifest targets: the lowest major its `engines.openwop` semver range admits, or 1 when the
 * range is absent or names no lower bound. The v2 schema makes the range the marker (RFC 0177 §A.1 requires an
 * explicit `<N.0.0` upper bound), and neither major's manifest has a `$schema` or version field to go by. The lowest
 * admitted major decides because a host of that major will accept and validate the pack: `>=1.0.0 <3.0.0` still
 * installs on 1.x hosts, so it must stay a valid v1 manifest; `>=2.0 <3.0.0` is for 2.x hosts only.
 */
export function targetMajor(manifest: JsonObject): number {
  const engines = manifest.engines;
  const range = engines !== null && typeof engines === 'object' ? (engines as JsonObject).openwop : undefined;
  if (typeof range !== 'string') return 1;
  const lowest = Math.min(...range.split('||').map(lowestMajor));
  return Math.max(lowest, 1);
}

/** The lowest major one `||` alternative admits: the highest of its lower bounds (they intersect), 0 when it has none. */
function lowestMajor(alternative: string): number {
  // In a hyphen range (1.0.0 - 2.0.0) only the left side bounds from below. `>= 2.0` is legal semver: join an
  // operator to its version before splitting on spaces.
  const comparators = alternative.split(' - ')[0].trim().replace(/(>=|<=|>|<|=|\^|~>?)\s+/g, '$1').split(/\s+/);
  let major = 0;
  for (const comparator of comparators) {
    const found = LOWER_BOUND.exec(comparator);
    if (found) major = Math.max(major, Number(found[1]));
  }
  return major;
}

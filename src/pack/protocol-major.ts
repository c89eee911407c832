import semver from 'semver';
import type {JsonObject} from '../core/json.js';

/** Longer than any real range; past it the range is not read (semver's own limit for one version). */
const MAX_RANGE_LENGTH = 256;

/**
 * The protocol major a manifest targets: the major of the lowest version its `engines.openwop` semver range admits
 * (`>1` admits 2.0.0 first), or 1 when the range is absent, unreadable or longer than any real one. The v2 schema
 * makes the range the marker (RFC 0177 §A.1 requires an explicit `<N.0.0` upper bound), and neither major's manifest
 * has a `$schema` or version field to go by. The lowest admitted major decides because a host of that major will
 * accept and validate the pack: `>=1.0.0 <3.0.0` still installs on 1.x hosts, so it must stay a valid v1 manifest;
 * `>=2.0 <3.0.0` is for 2.x hosts only.
 */
export function targetMajor(manifest: JsonObject): number {
  const engines = manifest.engines;
  const range = engines !== null && typeof engines === 'object' ? (engines as JsonObject).openwop : undefined;
  if (typeof range !== 'string' || range.length > MAX_RANGE_LENGTH) return 1;
  let major = majors.get(range);
  if (major === undefined) {
    major = lowestMajor(range);
    if (majors.size < CACHED_RANGES) majors.set(range, major);
  }
  return major;
}

/** Ranges already read: a registry's manifests share a handful, and reading one costs more than the rest of the check. */
const majors = new Map<string, number>();
const CACHED_RANGES = 256;

function lowestMajor(range: string): number {
  try {
    return Math.max(semver.minVersion(range)?.major ?? 1, 1);
  } catch {
    return 1; // not a semver range: judged as v1, whose schema takes any string there
  }
}

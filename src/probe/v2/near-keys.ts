import {editDistance} from '../../report/suggest.js';
import {loadBundledSchema} from '../../schemas/index.js';
import {V2_METADATA_KEYS} from '../../v2/document-major.js';
import {isV2Family, V2_FAMILIES} from '../../v2/families.js';

/** Keys longer than this are not compared: the distance costs their length times each candidate's. */
const MAX_COMPARED_LENGTH = 100;

/**
 * The known key an unknown one was probably meant to be: the same letters in another case, the singular or plural of
 * it, or at most 2 edits away, though fewer than half the shorter key's length (so `fs` is no typo of any 2-letter
 * key). A later RFC's key is rarely that close to an existing one; a typo almost always is.
 */
export function nearKnownKey(key: string, known: readonly string[]): string | undefined {
  if (key.length > MAX_COMPARED_LENGTH) return undefined;
  const lower = key.toLowerCase();
  let best: {name: string; distance: number} | undefined;
  for (const name of known) {
    const other = name.toLowerCase();
    if (other === lower || isPluralPair(lower, other)) return name;
    const distance = editDistance(lower, other);
    if (distance <= 2 && distance * 2 < Math.min(lower.length, other.length) && (!best || distance < best.distance)) best = {name, distance};
  }
  return best?.name;
}

function isPluralPair(a: string, b: string): boolean {
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return long === `${short}s` || long === `${short}es` || (short.endsWith('y') && long === `${short.slice(0, -1)}ies`);
}

/** The keys a root may have, or those of a family record (its record fields and facets), from the bundled schema. */
export function knownKeysAt(family: string | undefined): readonly string[] {
  if (family === undefined) return [...V2_METADATA_KEYS, ...V2_FAMILIES];
  if (!isV2Family(family)) return [];
  const defs = loadBundledSchema('v2/capabilities').$defs as Record<string, {properties?: Record<string, unknown>}> | undefined;
  return Object.keys(defs?.[family]?.properties ?? {});
}

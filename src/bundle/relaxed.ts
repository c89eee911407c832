import {V2_PROFILES} from '../v2/profiles.js';

/*
 * Which profile an operator relaxation denies, as the suite decides it (openwop/openwop
 * conformance/src/lib/v2-profiles.ts @b675e604, `profilesRelaxedBy`, read 2026-11-26; RFC 0173 §A.2): an obligation
 * is `<family>.<name>`, and its first dotted segment is the family. A profile is denied when its registry predicate
 * lists that family (webhooks.signature denies openwop-core-standard, built on interrupt, replay, webhooks,
 * idempotency and eventLog), or when the profile id contains the family name (the suite keeps this older second arm
 * for ids outside the registry, so an obligation written as a whole profile id still denies that profile).
 */

const FAMILIES = new Map(V2_PROFILES.map((p) => [p.id, p.families]));

/** The family an obligation belongs to, or undefined when it names none (not a string, or empty before the dot). */
export function obligationFamily(obligation: unknown): string | undefined {
  if (typeof obligation !== 'string') return undefined;
  const family = obligation.split('.')[0];
  return family === '' ? undefined : family;
}

/** Whether a relaxation of `obligation` denies profile `id`. */
export function relaxes(obligation: unknown, id: string): boolean {
  const family = obligationFamily(obligation);
  if (family === undefined) return false;
  return (FAMILIES.get(id) ?? []).includes(family) || id.includes(family);
}

type Advert = Record<string, unknown>;

const isCore = (doc: Advert): boolean => typeof doc.protocolVersion === 'string' && doc.protocolVersion.startsWith('1.');

/**
 * Conformance profiles the advertisement implies (openwop-core: protocolVersion 1.x; openwop-interrupts: core plus
 * clarification.request). Only the ones the spec defines from the advertisement alone are derived; profiles a host
 * claims elsewhere (auth.profiles, certification bundles) are its own claims and are not repeated here.
 */
export const PROFILE_RULES: readonly {profile: string; holds: (doc: Advert) => boolean}[] = [
  {profile: 'openwop-core', holds: isCore},
  {profile: 'openwop-interrupts', holds: (doc) => isCore(doc) && Array.isArray(doc.supportedEnvelopes) && doc.supportedEnvelopes.includes('clarification.request')},
];

export function deriveProfiles(effective: Advert): string[] {
  return PROFILE_RULES.filter((r) => r.holds(effective)).map((r) => r.profile);
}

import {isObject} from '../core/json.js';

/**
 * The v2 conformance profiles (openwop/openwop spec/v2/profiles.json @0f13b519). A profile is a
 * predicate the client evaluates over the discovery document — never a field the host sends: it holds when every
 * listed family is present as an object and every listed metadata key is present.
 */
export interface V2Profile {
  id: string;
  families: readonly string[];
  metadata: readonly string[];
  /** The floor scenarios a certification bundle witnesses for this profile. */
  floorScenarios: readonly string[];
}

export const V2_PROFILES: readonly V2Profile[] = [
  {
    id: 'openwop-discovery-core',
    families: [],
    metadata: ['protocolVersions', 'preferredVersion'],
    floorScenarios: ['v2-capabilities-root-closed', 'v2-preferred-version-default', 'v2-version-header-honored'],
  },
  {
    id: 'openwop-core-standard',
    families: ['interrupt', 'replay', 'webhooks', 'idempotency', 'eventLog'],
    metadata: [],
    floorScenarios: [
      'v2-interrupt-token-scheme',
      'v2-effect-seam-manifest',
      'v2-webhook-durable-delivery',
      'v2-idempotency-key-grammar',
      'v2-era-key',
      'v2-era-stamp-universal',
      'v2-event-type-closed',
      'v2-poll-cursor-v2',
      'v2-run-cancel',
      'v2-run-bulk-cancel',
      'v2-run-pause-resume',
      'v2-run-options-limits',
      'v2-sse-last-event-id',
      'v2-sse-last-event-id-cursor',
    ],
  },
  {
    id: 'openwop-conformance-seams-v2',
    families: [],
    // Necessary, not sufficient: the seam scenarios also check conformance.seamsProfile.
    metadata: ['conformance'],
    floorScenarios: ['v2-fork-a-v1-run', 'v2-effect-identity-business-key', 'v2-v1-signed-webhook-accepted', 'v2-effect-seam-no-refire'],
  },
];

export function profileHolds(profile: V2Profile, doc: Readonly<Record<string, unknown>>): boolean {
  return profile.families.every((family) => isObject(doc[family])) && profile.metadata.every((key) => doc[key] !== undefined);
}

/** The profiles a v2 discovery document implies, in registry order. */
export function deriveV2Profiles(doc: Readonly<Record<string, unknown>>): string[] {
  return V2_PROFILES.filter((profile) => profileHolds(profile, doc)).map((profile) => profile.id);
}

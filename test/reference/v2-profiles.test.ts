import {describe, expect, it} from 'vitest';
import {deriveV2Profiles, V2_PROFILES} from '../../src/v2/profiles.js';
import {readJson, referencePath} from './support/reference.js';

interface RegistryProfile {
  id: string;
  predicate: {families?: string[]; metadata?: string[]};
  floorScenarios: string[];
}

// Upstream names the registry's location two ways (FACTS §6.11); the file is the same. Ours is a constant read from it.
const registry = (readJson(referencePath('openwop-v2', 'schemas', 'profiles.json')) as {profiles: RegistryProfile[]}).profiles;

describe("the v2 profile predicates are the upstream registry's (spec/v2/profiles.json @0f13b519)", () => {
  it('same ids in the same order, same families, metadata keys and floor scenarios', () => {
    expect(V2_PROFILES.map((p) => ({id: p.id, families: [...p.families], metadata: [...p.metadata], floorScenarios: [...p.floorScenarios]}))).toEqual(
      registry.map((p) => ({id: p.id, families: p.predicate.families ?? [], metadata: p.predicate.metadata ?? [], floorScenarios: p.floorScenarios})),
    );
  });

  it("the reference host's documents derive the profiles its bundles claim", () => {
    const withSeams = readJson(referencePath('openwop-v2', 'examples', 'v2-reference.bundle-v3.discovery-document.json')) as Record<string, unknown>;
    const seamsOff = readJson(referencePath('openwop-v2', 'examples', 'v2-reference.bundle-v3-seams-off.discovery-document.json')) as Record<string, unknown>;
    const bundle = readJson(referencePath('openwop-v2', 'examples', 'v2-reference.bundle-v3.json')) as {claimedProfiles: {id: string}[]};
    expect(deriveV2Profiles(withSeams)).toEqual(bundle.claimedProfiles.map((c) => c.id));
    expect(deriveV2Profiles(seamsOff)).toEqual(['openwop-discovery-core', 'openwop-core-standard']);
  });
});

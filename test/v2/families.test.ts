import {describe, expect, it} from 'vitest';
import {V2_METADATA_KEYS} from '../../src/v2/document-major.js';
import {isV2Family, V2_CAPABILITIES_SNAPSHOT, V2_FAMILIES} from '../../src/v2/families.js';
import {loadBundledSchema} from '../../src/schemas/index.js';

describe('V2_FAMILIES', () => {
  const rootKeys = Object.keys(loadBundledSchema('v2/capabilities').properties as object);

  it('is every root key of the bundled v2 schema that is not metadata, in schema order', () => {
    expect(V2_FAMILIES).toEqual(rootKeys.filter((key) => !V2_METADATA_KEYS.includes(key)));
  });

  it('has the 73 families and the 17 metadata keys make up the whole closed root', () => {
    expect(V2_FAMILIES).toHaveLength(73);
    expect(new Set([...V2_FAMILIES, ...V2_METADATA_KEYS])).toEqual(new Set(rootKeys));
  });

  it('tells families from metadata and from later-RFC keys the snapshot does not know', () => {
    expect(isV2Family('interrupt')).toBe(true);
    expect(isV2Family('signingKeys')).toBe(false);
    expect(isV2Family('hostEvents')).toBe(false);
  });

  it('names the upstream snapshot by repository and commit', () => {
    expect(V2_CAPABILITIES_SNAPSHOT.label).toBe('openwop/openwop @046ac537');
    expect(V2_CAPABILITIES_SNAPSHOT.commit.startsWith('046ac537')).toBe(true);
  });
});

import {describe, expect, it} from 'vitest';
import {getValidator} from '../../src/schemas/index.js';

// The verdicts probe host relies on; the differential suite (test/reference) proves them equal to upstream's.
const validate = getValidator('v2/capabilities');
const root = {protocolVersions: ['1.11', '2.0'], preferredVersion: '1.11'};
const record = {status: 'stable', since: '2.0', witness: 'claims-check'};
const errors = (doc: unknown) => (validate(doc) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`));

describe('bundled v2/capabilities', () => {
  it('accepts the smallest document and a family record', () => {
    expect(errors(root)).toEqual([]);
    expect(errors({...root, eventLog: record})).toEqual([]);
  });

  it('rules until by status: forbidden when stable, required otherwise', () => {
    expect(errors({...root, eventLog: {...record, until: '2.1'}})).toContain('/eventLog not');
    expect(errors({...root, eventLog: {...record, status: 'experimental'}})).toContain('/eventLog required');
    expect(errors({...root, eventLog: {...record, status: 'deprecated', until: '2027-01-31'}})).toEqual([]);
  });

  it('keeps the root and every family closed (keys of later RFCs included)', () => {
    expect(errors({...root, hostEvents: record})).toContain(' additionalProperties');
    expect(errors({...root, nondeterminismPolicy: {...record, declared: true, sources: []}})).toContain('/nondeterminismPolicy additionalProperties');
    expect(errors({...root, capabilities: {}})).toContain(' additionalProperties');
  });

  it('checks the cross-field rules', () => {
    const secrets = {...record, runSecrets: {maxEntries: 1}};
    expect(errors({...root, secrets: {...secrets, scopes: ['run']}})).toEqual([]);
    expect(errors({...root, secrets: {...secrets, scopes: ['user']}})).toContain('/secrets/scopes contains');
    expect(errors({...root, portability: {...record, import: true, dryRun: false}})).toContain('/portability/dryRun const');
  });

  it('checks signing keys and extension names', () => {
    const key = {keyId: 'k-1', alg: 'ed25519', publicKey: 'A'.repeat(43), retiredAt: '2026-11-01T00:00:00Z'};
    expect(errors({...root, signingKeys: [key], extensions: {'acme.audit': {}}})).toEqual([]);
    expect(errors({...root, signingKeys: [{...key, keyId: 'bad key'}]})).toContain('/signingKeys/0/keyId pattern');
    expect(errors({...root, extensions: {audit: {}}})).toContain('/extensions additionalProperties');
  });

  it('reads configurable as any object and prompt kinds through the v1 schema', () => {
    expect(errors({...root, configurable: {x: 1}, prompts: {...record, templateKinds: ['system']}})).toEqual([]);
    expect(errors({...root, configurable: 1})).toContain('/configurable type');
    expect(errors({...root, prompts: {...record, templateKinds: ['narration']}})).toContain('/prompts/templateKinds/0 enum');
  });
});

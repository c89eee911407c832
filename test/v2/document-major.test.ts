import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {documentMajorByShape, majorOf} from '../../src/v2/document-major.js';

const example = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'hosts', name), 'utf8')) as Record<string, unknown>;
const record = {status: 'stable', since: '2.0', witness: 'witnessable-gated'};

describe('documentMajorByShape', () => {
  it("reads the acme host's two representations as what they are", () => {
    expect(documentMajorByShape(example('acme.well-known-openwop.json'))).toBe(1);
    expect(documentMajorByShape(example('acme.v2.well-known-openwop.json'))).toBe(2);
  });

  it('takes a v2 root carrying the optional protocolVersion twin for v2 when any family is a capability record', () => {
    const doc = {protocolVersion: '1.11', protocolVersions: ['1.11', '2.0'], preferredVersion: '1.11', idempotency: record};
    expect(documentMajorByShape(doc)).toBe(2);
  });

  it('takes the era key (eventLogSchemaVersion 3) for v2 when no family is advertised', () => {
    expect(documentMajorByShape({protocolVersion: '1.11', protocolVersions: ['1.11', '2.0'], preferredVersion: '1.11', eventLogSchemaVersion: 3})).toBe(2);
    expect(documentMajorByShape({protocolVersion: '1.11', eventLogSchemaVersion: 2})).toBe(1);
  });

  it('keeps a v1 document that also lists protocolVersions and preferredVersion v1', () => {
    expect(documentMajorByShape({protocolVersion: '1.11', protocolVersions: ['1.11', '2.0'], preferredVersion: '1.11', supportedEnvelopes: ['error'], limits: {envelopesPerTurn: 3}})).toBe(1);
    expect(documentMajorByShape({protocolVersion: '1.2', capabilities: {limits: {envelopesPerTurn: 1}}, idempotency: record})).toBe(1);
  });

  it('reads a bare root with only the two required v2 keys as v2, and an empty object as v1', () => {
    expect(documentMajorByShape({protocolVersions: ['2.0'], preferredVersion: '2.0'})).toBe(2);
    expect(documentMajorByShape({})).toBe(1);
  });
});

describe('majorOf', () => {
  it('accepts the major alone or major.minor, as the OpenWOP-Version header grammar does', () => {
    expect(majorOf('2')).toBe(2);
    expect(majorOf('2.0')).toBe(2);
    expect(majorOf(' 1.11 ')).toBe(1);
    expect(majorOf('2.x')).toBeUndefined();
    expect(majorOf('02')).toBeUndefined();
    expect(majorOf('')).toBeUndefined();
  });
});

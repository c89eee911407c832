import {describe, expect, it} from 'vitest';

import {type BundledSchemaName, getValidator} from '../../src/schemas/index.js';

/** SPEC-NOTES facts the bundled schemas must encode, checked without the reference folder. */
const valid = (name: BundledSchemaName, doc: unknown) => getValidator(name)(doc);

const caps = (extra: object) => ({protocolVersion: '1.0', supportedEnvelopes: [], schemaVersions: {}, limits: {clarificationRounds: 3, schemaRounds: 2, envelopesPerTurn: 5}, ...extra});
const reliability = (completion: object) => caps({envelopes: {reliability: {supported: true, events: ['envelope.retry.exhausted', 'envelope.refusal'], completion}}});

describe('capabilities', () => {
  it('accepts truncationBudgetMultiplier and refuses the truncationRetryMultiplier drift', () => {
    expect(valid('capabilities', reliability({distinguishesTruncation: true, truncationBudgetMultiplier: 2}))).toBe(true);
    expect(valid('capabilities', reliability({distinguishesTruncation: true, truncationRetryMultiplier: 2}))).toBe(false);
    expect(valid('capabilities', reliability({distinguishesTruncation: true, truncationBudgetMultiplier: 9}))).toBe(false);
  });

  it('wants tierOneSubsetCompliance as a string, never a boolean', () => {
    expect(valid('capabilities', caps({envelopes: {tierOneSubsetCompliance: 'warn'}}))).toBe(true);
    expect(valid('capabilities', caps({envelopes: {tierOneSubsetCompliance: true}}))).toBe(false);
  });

  it('keeps the root open (families it does not know, and the deprecated capabilities wrapper, pass)', () => {
    expect(valid('capabilities', caps({capabilities: {anything: 1}, webhooks: {supported: true}}))).toBe(true);
  });

  it('keeps limits closed and requires the three core limits', () => {
    expect(valid('capabilities', caps({limits: {clarificationRounds: 3, schemaRounds: 2, envelopesPerTurn: 5, maxFoo: 1}}))).toBe(false);
    expect(valid('capabilities', caps({limits: {clarificationRounds: 3, schemaRounds: 2}}))).toBe(false);
  });

  it('refuses aiProviders.supported: true at the schema level (the probe decides whether to tolerate it)', () => {
    expect(valid('capabilities', caps({aiProviders: {supported: true}}))).toBe(false);
  });
});

describe('AI envelope', () => {
  const base = {type: 'error', envelopeId: 'e', correlationId: 'c', payload: {}, meta: {source: 'user', ts: '2026-05-18T10:00:00Z'}};

  it('accepts total -1 (unknown) in partial, and nothing lower', () => {
    expect(valid('ai-envelope', {...base, partial: {isPartial: true, index: 0, total: -1}})).toBe(true);
    expect(valid('ai-envelope', {...base, partial: {isPartial: true, index: 0, total: -2}})).toBe(false);
  });

  it('keeps meta closed except for its listed keys', () => {
    expect(valid('ai-envelope', {...base, meta: {...base.meta, label: 'x', traceparent: 't', contentTrust: 'trusted'}})).toBe(true);
    expect(valid('ai-envelope', {...base, meta: {...base.meta, vendor: {}}})).toBe(false);
  });

  it('refuses reasoning: null, like upstream; callers that accept strict-mode emulation must drop a null first', () => {
    expect(valid('envelopes/error', {code: 'c', message: 'm', reasoning: null})).toBe(false);
  });
});

describe('run-event payloads', () => {
  it('takes the first retry as attempt 2, allows up to 16, and host-private reasons', () => {
    expect(valid('events/envelope.retry.attempted', {nodeId: 'n', attempt: 2, reason: 'truncation'})).toBe(true);
    expect(valid('events/envelope.retry.attempted', {nodeId: 'n', attempt: 17, reason: 'truncation'})).toBe(false);
    expect(valid('events/envelope.retry.attempted', {nodeId: 'n', attempt: 2, reason: 'x-host-acme-slow'})).toBe(true);
    expect(valid('events/envelope.retry.attempted', {nodeId: 'n', attempt: 2, reason: 'x-host-acme'})).toBe(false);
  });

  it('closes the reliability payloads but leaves cap.breached open, as upstream does', () => {
    expect(valid('events/envelope.refusal', {nodeId: 'n', provider: 'p', model: 'm', credentialRef: 'x'})).toBe(false);
    expect(valid('events/cap.breached', {kind: 'schema', limit: 2, observed: 3, extra: true})).toBe(true);
  });
});

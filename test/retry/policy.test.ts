import {describe, expect, it} from 'vitest';
import {resolvePolicy} from '../../src/retry/policy.js';

const caps = (reliability: Record<string, unknown> | undefined, limits?: Record<string, unknown>) => ({
  protocolVersion: '1.0.0',
  ...(reliability ? {envelopes: {reliability: {supported: true, ...reliability}}} : {}),
  ...(limits ? {limits: {clarificationRounds: 3, envelopesPerTurn: 5, ...limits}} : {}),
});

describe('the cap on calls ([open] in RFC 0033: our rule)', () => {
  it('defaults to 3 total calls and a multiplier of 2', () => {
    expect(resolvePolicy({})).toMatchObject({maxCalls: 3, capSource: 'default', multiplier: 2, multiplierStated: false, maxTokens: null, ceiling: null});
  });

  it('--max-attempts wins over everything', () => {
    expect(resolvePolicy({maxAttempts: 5}, caps({maxRetryAttempts: 2}, {schemaRounds: 1}))).toMatchObject({maxCalls: 5, capSource: '--max-attempts'});
  });

  it('then reliability.maxRetryAttempts, read as total calls', () => {
    expect(resolvePolicy({}, caps({maxRetryAttempts: 4}, {schemaRounds: 1}))).toMatchObject({maxCalls: 4, capSource: 'capabilities envelopes.reliability.maxRetryAttempts'});
  });

  it('then limits.schemaRounds, read as retries: calls = schemaRounds + 1 (0 means no retry)', () => {
    expect(resolvePolicy({}, caps(undefined, {schemaRounds: 2})).maxCalls).toBe(3);
    expect(resolvePolicy({}, caps(undefined, {schemaRounds: 0})).maxCalls).toBe(1);
    expect(resolvePolicy({}, caps(undefined, {schemaRounds: 40})).maxCalls).toBe(16);
  });

  it('reads the deprecated capabilities wrapper when the root has no families', () => {
    expect(resolvePolicy({}, {protocolVersion: '1', capabilities: caps({maxRetryAttempts: 6})}).maxCalls).toBe(6);
  });

  it('ignores out-of-range advertisements and says so', () => {
    const p = resolvePolicy({}, caps({maxRetryAttempts: 40, completion: {distinguishesTruncation: true, truncationBudgetMultiplier: 12}}));
    expect(p).toMatchObject({maxCalls: 3, multiplier: 2});
    expect(p.notes.join('\n')).toMatch(/maxRetryAttempts = 40.*\n.*truncationBudgetMultiplier = 12/);
  });

  it('the multiplier: flag, else the capabilities; either makes it a stated one hosts are held to', () => {
    const advertised = caps({completion: {distinguishesTruncation: true, truncationBudgetMultiplier: 1.5}});
    expect(resolvePolicy({}, advertised)).toMatchObject({multiplier: 1.5, multiplierStated: true});
    expect(resolvePolicy({multiplier: 3}, advertised)).toMatchObject({multiplier: 3, multiplierSource: '--multiplier'});
  });

  it('states its rule', () => {
    expect(resolvePolicy({}).capRule).toMatch(/total provider calls.*maxRetryAttempts.*schemaRounds \+ 1/);
  });
});

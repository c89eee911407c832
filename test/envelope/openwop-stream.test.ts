import {describe, expect, it} from 'vitest';
import {brief, capabilitiesFile, check, envelope, HOST, ndjson, ofRule} from './helpers.js';

const clarification = (n: number, correlationId: string) => envelope(n, {type: 'clarification.request', correlationId, payload: {questions: [{id: 'q', question: 'Which?'}]}});
const schemaRequest = (n: number, correlationId: string, asked = 'vendor.acme.plan.create') => envelope(n, {type: 'schema.request', correlationId, payload: {envelopeType: asked}});

describe('ids and correlation across a stream', () => {
  it('reports a duplicate envelopeId with the line of its first use', async () => {
    const {findings, result} = await check(ndjson([envelope(1), envelope(2), envelope(3, {envelopeId: 'env-1'})]));
    expect(brief(findings)).toEqual(['3 error envelope/duplicate-id']);
    expect(findings[0].message).toContain('line 1');
    expect(result).toMatchObject({valid: 2, invalid: 1});
  });

  it('same correlationId: a different type is envelope/correlation-conflict, the same type a replay (info)', async () => {
    const text = ndjson([envelope(1), envelope(2, {correlationId: 'run-1:node-1:0:k1'}), clarification(3, 'run-1:node-1:0:k1')]);
    const {findings} = await check(text);
    expect(brief(findings)).toEqual(['2 info envelope/correlation-replay', '3 error envelope/correlation-conflict']);
    expect(findings[1].message).toContain('type "error"');
  });

  it('names JSON-array neighbours by pointer', async () => {
    const {findings} = await check(JSON.stringify([envelope(1), envelope(2, {envelopeId: 'env-1'})], null, 2));
    expect(findings[0].message).toContain('/0');
    expect(findings[0].pointer).toBe('/1/envelopeId');
  });

  it('a refused envelope takes no part in dedup (the pipeline stopped before it)', async () => {
    const {findings} = await check(ndjson([envelope(1), envelope(2, {correlationId: 'run-1:node-1:0:k1', payload: {code: 'x'}})]));
    expect(brief(findings)).toEqual(['2 error envelope/payload-invalid']);
  });
});

describe('host limits', () => {
  it('envelopesPerTurn counts per runId:nodeId:turnIndex and reports once, on the envelope past the limit', async () => {
    const host = capabilitiesFile({...HOST, limits: {...(HOST.limits as object), envelopesPerTurn: 2}});
    const text = ndjson([
      envelope(1, {correlationId: 'r:n:0:a'}),
      envelope(2, {correlationId: 'r:n:0:b'}),
      envelope(3, {correlationId: 'r:n:1:a'}),
      envelope(4, {correlationId: 'r:n:0:c'}),
      envelope(5, {correlationId: 'r:n:0:d'}),
      envelope(6, {correlationId: 'r:other:0:e'}),
    ]);
    const {findings} = await check(text, {capabilities: host});
    expect(brief(findings)).toEqual(['4 error envelope/cap-envelopes-per-turn']);
    expect(findings[0].message).toContain('r:n:0');
  });

  it('clarificationRounds counts clarification.request per runId:nodeId; schemaRounds per node and requested kind', async () => {
    const host = capabilitiesFile({...HOST, limits: {clarificationRounds: 1, schemaRounds: 1, envelopesPerTurn: 100}});
    const text = ndjson([
      clarification(1, 'r:n:0:a'),
      clarification(2, 'r:n:1:a'),
      schemaRequest(3, 'r:n:2:a'),
      schemaRequest(4, 'r:n:3:a', 'error'),
      schemaRequest(5, 'r:n:4:a'),
      clarification(6, 'r:m:0:a'),
    ]);
    const {findings} = await check(text, {capabilities: host});
    expect(brief(findings)).toEqual(['2 error envelope/cap-clarification-rounds', '5 error envelope/cap-schema-rounds']);
  });

  it('a correlationId outside the convention is reported once (info) and skipped by the limits', async () => {
    const host = capabilitiesFile({...HOST, limits: {clarificationRounds: 0, schemaRounds: 0, envelopesPerTurn: 0}});
    const {findings} = await check(ndjson([envelope(1, {correlationId: 'plain-1'}), envelope(2, {correlationId: 'plain-2'})]), {capabilities: host});
    expect(brief(findings)).toEqual(['1 info envelope/correlation-format']);
  });

  it('no limits are applied without --capabilities', async () => {
    const many = Array.from({length: 40}, (_, i) => clarification(i, `r:n:0:${i}`));
    expect((await check(ndjson(many))).findings).toEqual([]);
  });
});

describe('partial emissions', () => {
  const chunk = (n: number, index: number, total: number, isPartial: boolean, correlationId = 'r:n:0:p') => envelope(n, {correlationId, partial: {isPartial, index, total}});

  it('accepts chunks in order, unknown total becoming known, and counts the emission once toward limits', async () => {
    const host = capabilitiesFile({...HOST, limits: {...(HOST.limits as object), envelopesPerTurn: 1}});
    const text = ndjson([chunk(1, 0, -1, true), chunk(2, 1, 3, true), chunk(3, 2, 3, false)]);
    const {findings} = await check(text, {capabilities: host});
    expect(findings).toEqual([]);
  });

  it('reports out-of-order, inconsistent totals, a wrong isPartial, and an unfinished emission', async () => {
    const text = ndjson([
      chunk(1, 0, 3, true),
      chunk(2, 2, 3, true),
      chunk(3, 0, 2, true, 'r:n:0:q'),
      chunk(4, 1, 5, false, 'r:n:0:q'),
      chunk(5, 1, 4, true, 'r:n:0:s'),
      chunk(6, 0, 2, false, 'r:n:0:t'),
    ]);
    const {findings} = await check(text);
    expect(brief(findings)).toEqual([
      '2 error envelope/partial-order',
      '2 error envelope/partial-final',
      '4 error envelope/partial-total',
      '5 error envelope/partial-order',
      '6 error envelope/partial-final',
      '2 warning envelope/partial-final',
      '5 warning envelope/partial-final',
    ]);
    expect(findings.at(-1)?.message).toContain('truncated?');
  });

  it('a whole envelope in the middle of an open emission ends it with an error; a later repeat is a replay', async () => {
    const text = ndjson([chunk(1, 0, 2, true), envelope(2, {correlationId: 'r:n:0:p'}), envelope(3, {correlationId: 'r:n:0:p'})]);
    const {findings} = await check(text);
    expect(brief(findings)).toEqual(['2 error envelope/partial-final', '3 info envelope/correlation-replay']);
  });
});

describe('long streams', () => {
  it('finds a duplicate id 120,000 envelopes after its first use', async () => {
    const lines: string[] = [];
    for (let i = 0; i < 120_000; i++) lines.push(JSON.stringify(envelope(i, {correlationId: `r:n:${i}:k`})));
    lines.push(JSON.stringify(envelope('late', {envelopeId: 'env-5'})));
    const {findings, result} = await check(`${lines.join('\n')}\n`);
    expect(result.envelopes).toBe(120_001);
    expect(ofRule(findings, 'envelope/duplicate-id').map((f) => f.line)).toEqual([120_001]);
  });
});

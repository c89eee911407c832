import {describe, expect, it} from 'vitest';
import {parseCorrelation} from '../../src/envelope/openwop/correlation.js';
import {classifyKindName} from '../../src/envelope/openwop/kinds.js';

describe('kind naming grammar', () => {
  it.each([
    ['clarification.request', 'universal'],
    ['error', 'universal'],
    ['vendor.myndhyve.prd.create', 'namespaced'],
    ['vendor.acme-co.plan_v2.create', 'namespaced'],
    ['private.acme.scratch', 'namespaced'],
    ['media.image', 'namespaced'],
    ['ui.card', 'namespaced'],
    ['openwop.example', 'namespaced'],
    ['core.thing', 'namespaced'],
    ['community.x.y', 'namespaced'],
    ['local.debug', 'namespaced'],
    ['prd.create', 'legacy'],
    ['theme.create', 'legacy'],
    ['tasks.create', 'legacy'],
    ['vendor.acme', 'unnamespaced'],
    ['vendor.Acme.plan', 'unnamespaced'],
    ['vendor.acme.Plan', 'unnamespaced'],
    ['plan.create', 'unnamespaced'],
    ['myKind', 'unnamespaced'],
    ['media', 'unnamespaced'],
  ])('%s is %s', (kind, want) => {
    expect(classifyKindName(kind)).toBe(want);
  });
});

describe('correlationId turns', () => {
  it('splits runId:nodeId:turnIndex:kindHash from the right', () => {
    expect(parseCorrelation('run-1:node-2:turn-3:abc')).toEqual({turn: 'run-1:node-2:turn-3', node: 'run-1:node-2'});
    expect(parseCorrelation('tenant:run:n:0:h')).toEqual({turn: 'tenant:run:n:0', node: 'tenant:run:n'});
  });

  it('has no turn for ids outside the convention', () => {
    for (const id of ['c', 'a:b', 'a:b:c', ':b:c:d', 'abc-123']) expect(parseCorrelation(id), id).toBeUndefined();
  });
});

import {describe, expect, it} from 'vitest';
import {closestName} from '../../src/report/suggest.js';
import {capabilitiesFile, check, envelope, HOST} from './helpers.js';

const unknownKind = async (type: string) => {
  const {findings} = await check(JSON.stringify(envelope(1, {type})));
  return findings.find((f) => f.ruleId === 'envelope/unknown-kind');
};

describe('an unknown envelope kind names the closest known kind', () => {
  it.each([
    ['clarification_request', 'clarification.request'],
    ['Clarification-Request', 'clarification.request'],
    ['schema.reqest', 'schema.request'],
    ['media_image', 'media.image'],
  ])('%s → %s', async (typed, meant) => {
    expect((await unknownKind(typed))?.message).toContain(`(did you mean "${meant}"?)`);
  });

  it('suggests nothing for a kind far from every known one', async () => {
    const finding = await unknownKind('vendor.acme.plan.create');
    expect(finding?.message).toMatch(/^unknown envelope kind "vendor\.acme\.plan\.create": /);
  });

  it('with --capabilities, suggests among the kinds the host advertises', async () => {
    const {findings} = await check(JSON.stringify(envelope(1, {type: 'vendor.acme.plan_create'})), {capabilities: capabilitiesFile(HOST)});
    expect(findings.find((f) => f.ruleId === 'envelope/unknown-kind')?.message).toContain('(did you mean "vendor.acme.plan.create"?)');
  });

  it('folds case and separators on both sides, and returns the candidate as written', () => {
    expect(closestName('VENDOR_ACME_PLAN_CREATE', ['vendor.acme.plan-create', 'error'])).toEqual(['vendor.acme.plan-create']);
  });
});

import {describe, expect, it} from 'vitest';
import {PROBE_RULES} from '../../src/probe/rules.js';

const rules = Object.values(PROBE_RULES);

/** Rules about the probe's own limits and comparisons: no upstream text states them. */
const OWN_BEHAVIOUR = new Set([
  'probe/timeout',
  'probe/too-large',
  'probe/secret-echoed',
  'probe/negotiation-request',
  'probe/too-many-items',
  'probe/schema-skipped',
  'probe/schemas-capped',
  'probe/schemas-deadline',
  'probe/compare-kind-added',
  'probe/compare-kind-removed',
  'probe/compare-schema-version',
  'probe/compare-limit',
  'probe/compare-family',
]);

describe('the probe rule descriptors (what --explain and docs/rules/probe show)', () => {
  it.each(rules.map((r) => [r.id, r] as const))('%s explains itself beyond its description and shows an invalid and a valid example', (_id, rule) => {
    expect(rule.explanation).not.toBe(rule.description);
    expect(rule.explanation.length).toBeGreaterThan(40);
    expect(rule.examples.invalid.length).toBeGreaterThan(0);
    expect(rule.examples.valid.length).toBeGreaterThan(0);
  });

  it('cite upstream sources for every rule that rests on the spec, each with the month it was checked', () => {
    const unsourced = rules.filter((r) => r.sources.length === 0).map((r) => r.id);
    expect(unsourced.sort()).toEqual([...OWN_BEHAVIOUR].sort());
    for (const source of rules.flatMap((r) => r.sources)) {
      expect(source.verified).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
      expect(source.title).toBeTruthy();
    }
  });

  it('pin every openwop source to a full commit, so the cited text cannot move under the citation', () => {
    const urls = new Set(rules.flatMap((r) => r.sources.map((s) => s.url)).filter((u) => u.startsWith('https://github.com/openwop/')));
    expect(urls.size).toBeGreaterThan(5);
    for (const url of urls) expect(url).toMatch(/^https:\/\/github\.com\/openwop\/openwop\/blob\/[0-9a-f]{40}\/[^\s]+$/);
  });
});

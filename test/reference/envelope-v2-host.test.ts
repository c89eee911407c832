import {describe, expect, it} from 'vitest';
import {brief, check, envelope, type Json, ndjson} from '../envelope/helpers.js';
import {referencePath} from './support/reference.js';

// The v2 reference host's own discovery documents (openwop/openwop-examples examples/hosts/v2-reference, captured in
// its bundles; see reference/openwop-v2/PROVENANCE.md), used as --capabilities files.
const seamsOff = referencePath('openwop-v2', 'examples', 'v2-reference.bundle-v3-seams-off.discovery-document.json');
const bundleV3 = referencePath('openwop-v2', 'examples', 'v2-reference.bundle-v3.discovery-document.json');

const surface = (n: number, schemaVersion: number | undefined, over: Json = {}) =>
  envelope(n, {type: 'ui.a2ui-surface', schemaVersion, correlationId: `run-${n}:surface-node:0:a`, nodeId: 'surface-node', payload: {surfaceId: 's', messages: []}, ...over});

describe('validate envelope against the v2 reference host (2026-10-08 document)', () => {
  it('reads its records: the one kind it lists, its floor of 2, strictness warn, envelopesPerTurn 0', async () => {
    const text = ndjson([
      surface(1, 2),
      surface(2, 3),
      surface(3, 1),
      envelope(4, {type: 'vendor.acme.plan.create', correlationId: 'run-4:n:0:a', payload: {}}),
      envelope(5, {correlationId: 'run-5:n:0:a'}),
    ]);
    const {findings, outcome} = await check(text, {capabilities: seamsOff});
    expect(outcome.summary.major).toBe(2);
    expect(brief(findings)).toEqual([
      // Advertised, but no payload schema is bundled for it.
      '1 info envelope/kind-schema-missing',
      // The host takes no envelope per turn at all (limits.envelopesPerTurn 0).
      '1 error envelope/cap-envelopes-per-turn',
      '2 error envelope/unknown-schema-version',
      '3 warning envelope/schema-version-drift',
      '3 info envelope/kind-schema-missing',
      '3 error envelope/cap-envelopes-per-turn',
      '4 error envelope/unknown-kind',
      // error is universal: accepted though not listed, then over the limit like the others.
      '5 error envelope/cap-envelopes-per-turn',
    ]);
  });

  it('the v2 node-id grammar applies to its envelopes', async () => {
    const {findings} = await check(ndjson([surface(1, 2, {nodeId: 'surface node'})]), {capabilities: seamsOff});
    expect(findings.map((f) => `${f.ruleId} ${f.pointer}`)).toEqual(['envelope/shape /nodeId']);
  });
});

describe('validate envelope against the v2 reference host (2026-09-18 document, no supportedEnvelopes record)', () => {
  it('takes the universal kinds only', async () => {
    const text = ndjson([envelope(1), envelope(2, {type: 'ui.a2ui-surface', correlationId: 'run-2:n:0:a', payload: {}})]);
    const {findings} = await check(text, {capabilities: bundleV3});
    expect(brief(findings)).toEqual(['1 error envelope/cap-envelopes-per-turn', '2 error envelope/unknown-kind']);
  });
});

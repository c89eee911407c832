import {readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {validateBundle} from '../../src/bundle/index.js';
import {REFERENCE, runCli, tempDir} from '../helpers/cli.js';
import {referencePath} from './support/reference.js';

// The reference host's signed bundle (openwop/openwop-examples examples/hosts/v2-reference/bundle-v3.json @1a5c21b2)
// and the two discovery documents captured by its bundles (PROVENANCE.md).
const BUNDLE = referencePath('openwop-v2', 'examples', 'v2-reference.bundle-v3.json');
const CAPTURED = referencePath('openwop-v2', 'examples', 'v2-reference.bundle-v3.discovery-document.json');
const LATER = referencePath('openwop-v2', 'examples', 'v2-reference.bundle-v3-seams-off.discovery-document.json');

describe("the v2 reference host's certification bundle", () => {
  it("verifies under v2-reference-3 from the host's document of the time, and its three claims are consistent", async () => {
    const outcome = await validateBundle(BUNDLE, {cwd: REFERENCE, discovery: CAPTURED});
    const result = outcome.results[0];
    expect(outcome.fatal).toBe(false);
    expect(result.findings.map((f) => [f.ruleId, f.severity])).toEqual([['bundle/verified', 'info']]);
    expect(result.verification).toEqual({outcome: 'verified', integrity: 'verified', keyId: 'v2-reference-3', keySource: 'given', keySourceLocation: CAPTURED, retiredAt: null});
    expect(outcome.summary).toEqual({bundles: 1, verified: 1});
    expect(result.claims).toEqual({
      derivabilityChecked: true,
      derived: ['openwop-discovery-core', 'openwop-core-standard', 'openwop-conformance-seams-v2'],
      profiles: ['openwop-discovery-core', 'openwop-core-standard', 'openwop-conformance-seams-v2'].map((id) => ({
        id,
        evidenceTier: 'self',
        claimedCertified: true,
        derivable: true,
        certified: true,
        refusedBy: [],
      })),
    });
    expect(result.digests).toMatchObject({
      witnessSha256: {stated: '4d76b664e02efa66b6f259ccb61ef7fb56ab8cc452a75b6d81aebb7b1db65b35', matches: true},
      discoverySha256: {recomputed: '6707c42870b3b14927670f96918b268c054091d7ad909bab453d935691db5862', matches: true},
      assertionCount: {stated: 1993, recomputed: 1993},
      totals: {recomputed: {executedPass: 231, executedFail: 0, skipped: 7, inapplicable: 7, blocked: 0}, matches: true},
    });
  });

  it('alone, its signature verifies under the key its own capture carries: integrity, not attribution (exit 0, a warning)', async () => {
    const outcome = await validateBundle(BUNDLE, {cwd: REFERENCE});
    const result = outcome.results[0];
    expect(result.findings.map((f) => [f.ruleId, f.severity])).toEqual([['bundle/key-unattributed', 'warning']]);
    expect(result.verification).toEqual({
      outcome: 'discovery-not-read',
      integrity: 'verified',
      keyId: 'v2-reference-3',
      keySource: 'captured',
      keySourceLocation: '/discovery/document',
      retiredAt: null,
    });
    expect(outcome.summary).toEqual({bundles: 1, verified: 0});
    expect(result.claims?.profiles.map((p) => [p.derivable, p.certified, p.refusedBy])).toEqual(Array.from({length: 3}, () => [true, false, ['unattributed']]));
    const run = await runCli(['validate', 'bundle', BUNDLE, '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).results[0].verification).toMatchObject({outcome: 'discovery-not-read', integrity: 'verified'});
  });

  it('the CLI exits 0 on it with the extracted captured document as --discovery', async () => {
    const run = await runCli(['validate', 'bundle', BUNDLE, '--discovery', CAPTURED, '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).results[0].verification).toMatchObject({outcome: 'verified', keySource: 'given'});
  });

  it("against the host's later document (which publishes only v2-reference-4): key not published, exit 1", async () => {
    const run = await runCli(['validate', 'bundle', BUNDLE, '--discovery', LATER, '--json']);
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout).results[0];
    expect(result.verification.outcome).toBe('key-not-published');
    expect(result.findings.map((f: {ruleId: string}) => f.ruleId).sort()).toEqual(['bundle/discovery-differs', 'bundle/key-not-published']);
  });

  it('one changed ledger row is caught by its digest', async () => {
    const bundle = JSON.parse(readFileSync(BUNDLE, 'utf8'));
    bundle.results.requirements[1].detail = 'changed';
    const dir = tempDir('openwop-bundle-ref-');
    writeFileSync(join(dir, 'b.json'), JSON.stringify(bundle));
    const outcome = await validateBundle('b.json', {cwd: dir});
    expect(outcome.results[0].findings.filter((f) => f.severity === 'error').map((f) => f.ruleId)).toEqual(['bundle/witness-digest']);
  });
});

import {beforeAll, describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {referencePath} from './support/reference.js';

// validate pack over the whole registry snapshot (openwop-registry 85355a0, PROVENANCE.md), no flags: every finding,
// counted per rule and per pack. Each count is explained, and each finding verified, in REGISTRY-FINDINGS.md (beside
// this file). The --lint-schemas, --grant-none and lint schema runs have tests of their own (registry-*.test.ts).
interface Result {
  pack: string | null;
  protocolMajor?: number | null;
  findings: {ruleId: string; severity: string}[];
}

const EXPECTED: Record<string, Record<string, number>> = {
  'pack/schema-id-missing': {
    'core.openwop.ai@1.3.2': 3,
    'core.openwop.triggers@1.1.0': 9,
    'vendor.myndhyve.agent-orchestration@1.0.0': 18,
    'vendor.myndhyve.chat@1.0.0': 6,
    'vendor.myndhyve.data-integration@1.0.0': 3,
    'vendor.myndhyve.entities@1.0.0': 15,
    'vendor.myndhyve.launch-studio@1.0.0': 6,
  },
  'pack/invalid-manifest': {'core.openwop.artifact-types@1.0.0': 10, 'core.openwop.flow@1.1.0': 29},
  'pack/kind-unchecked': Object.fromEntries(
    ['github', 'google-ads', 'google-workspace', 'jira', 'linkedin-ads', 'meta-ads', 'microsoft365', 'netsuite', 'notion', 'salesforce', 'tiktok-ads', 'workday'].map((c) => [
      `core.openwop.connections.${c}@1.0.0`,
      1,
    ]),
  ),
  'pack/undeclared-requirement': {
    'core.openwop.crypto@1.0.4': 2,
    'core.openwop.data@1.2.1': 1,
    'core.openwop.examples@1.0.1': 1,
    'core.openwop.http@2.0.0': 2,
    'core.openwop.integration@1.1.0': 1,
    'core.openwop.rag@1.0.1': 3,
    'vendor.myndhyve.ads-export@1.0.0': 1,
    'vendor.myndhyve.ads-studio-core@1.0.0': 1,
    'vendor.myndhyve.ads-tools@1.0.0': 1,
    'vendor.myndhyve.agent-orchestration@1.0.0': 1,
    'vendor.myndhyve.ai@1.0.0': 1,
    'vendor.myndhyve.brand@1.1.0': 1,
    'vendor.myndhyve.canvas@1.0.0': 1,
    'vendor.myndhyve.chat@1.0.0': 1,
    'vendor.myndhyve.data-integration@1.0.0': 1,
    'vendor.myndhyve.kanban@1.0.0': 1,
    'vendor.myndhyve.web-research@1.0.0': 1,
  },
  'pack/envelope-type': {'vendor.openwop.workflow-chain-sample@1.0.0': 2},
};

describe('validate pack over the registry snapshot: every finding, per rule and pack', () => {
  let results: Result[];
  let code: number | null;
  beforeAll(async () => {
    const r = await runCli(['validate', 'pack', referencePath('openwop-registry', 'packs'), '--format', 'json']);
    expect(r.stderr).toBe('');
    code = r.code;
    results = JSON.parse(r.stdout).results as Result[];
  });

  it('156 packs, all v1; the findings are exactly those REGISTRY-FINDINGS.md lists (no pack/schema-id)', () => {
    expect(results).toHaveLength(156);
    expect(new Set(results.map((x) => x.protocolMajor))).toEqual(new Set([1]));
    const actual: Record<string, Record<string, number>> = {};
    for (const x of results) for (const f of x.findings) (actual[f.ruleId] ??= {})[String(x.pack)] = (actual[f.ruleId]?.[String(x.pack)] ?? 0) + 1;
    expect(actual).toEqual(EXPECTED);
    expect(Object.values(actual).reduce((n, byPack) => n + Object.values(byPack).reduce((a, b) => a + b, 0), 0)).toBe(134);
  });

  it("errors only where the registry's own schemas refuse the manifest: exit 1 for core.openwop.flow and core.openwop.artifact-types", () => {
    const withErrors = results.filter((x) => x.findings.some((f) => f.severity === 'error')).map((x) => x.pack);
    expect(withErrors.sort()).toEqual(['core.openwop.artifact-types@1.0.0', 'core.openwop.flow@1.1.0']);
    expect(code).toBe(1);
  });
});

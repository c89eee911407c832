import {beforeAll, describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {referencePath} from './support/reference.js';

// validate pack --lint-schemas over the registry snapshot (openwop-registry 85355a0, PROVENANCE.md): which schemas are
// linted, and what the linter finds in them (profile load-bearing). Only the results of linted schemas are counted:
// the manifests' own findings (pack/*) are asserted elsewhere. Each count is explained in test/reference/REGISTRY-FINDINGS.md.
interface Result {
  file: string;
  findings: {ruleId: string}[];
  schemaFor?: string[];
}

async function linted(flag: string): Promise<Result[]> {
  const r = await runCli(['validate', 'pack', flag, referencePath('openwop-registry', 'packs'), '--format', 'json']);
  expect(r.stderr).toBe('');
  return (JSON.parse(r.stdout).results as Result[]).filter((x) => x.schemaFor);
}

const tally = (keys: string[]) => Object.fromEntries([...new Set(keys)].sort().map((k) => [k, keys.filter((x) => x === k).length]));
const ruleCounts = (results: Result[]) => tally(results.flatMap((x) => x.findings.map((f) => f.ruleId)));
const fieldCounts = (results: Result[]) => tally(results.flatMap((x) => x.schemaFor ?? []).map((p) => p.replace(/\/\d+(?=\/)/g, '/*')));

describe('the registry snapshot under validate pack --lint-schemas', () => {
  let llm: Result[];
  let all: Result[];
  beforeAll(async () => {
    [llm, all] = await Promise.all([linted('--lint-schemas'), linted('--lint-schemas=all')]);
  });

  it('bare: the 416 files named by 385 node outputs and 35 agent returns (four outputs are shared by two nodes)', () => {
    expect(llm).toHaveLength(416);
    expect(fieldCounts(llm)).toEqual({'/agents/*/handoff/returnSchemaRef': 35, '/nodes/*/outputSchemaRef': 385});
    expect(ruleCounts(llm)).toEqual({'tier1-ext/forbidden-keyword': 1, 'tier1/forbidden-keyword': 15, 'tier1/max-depth': 5});
  });

  it('=all: every one of the 1,213 referenced schemas, config, input and task schemas included', () => {
    expect(all).toHaveLength(1213);
    expect(fieldCounts(all)).toEqual({
      '/agents/*/handoff/returnSchemaRef': 35,
      '/agents/*/handoff/taskSchemaRef': 35,
      '/nodes/*/configSchemaRef': 385,
      '/nodes/*/inputSchemaRef': 385,
      '/nodes/*/outputSchemaRef': 385,
    });
    expect(ruleCounts(all)).toEqual({
      'tier1-ext/forbidden-keyword': 7,
      'tier1/anyof-discriminator': 2,
      'tier1/forbidden-keyword': 23,
      'tier1/max-depth': 6,
      'tier1/root-object': 1,
    });
  });
});

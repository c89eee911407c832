import {beforeAll, describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {referencePath} from './support/reference.js';

// lint schema over the registry snapshot's packs/ folder (openwop-registry 85355a0, PROVENANCE.md): a file is linted
// when it is a schema by shape, so the 156 pack.json manifests are skipped and counted, and --all-json lints them
// too. Profile strict (lint schema's default). Each rule's count is explained in test/reference/REGISTRY-FINDINGS.md.
interface Report {
  summary: {files: number; skipped: number};
  results: {file: string; findings: {ruleId: string}[]}[];
}

async function lint(...extra: string[]): Promise<Report> {
  const r = await runCli(['lint', 'schema', referencePath('openwop-registry', 'packs'), '--format', 'json', ...extra]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(1);
  return JSON.parse(r.stdout) as Report;
}

const isManifest = (file: string) => /(^|[\\/])pack\.json$/.test(file);
const ruleCounts = (results: Report['results']) => {
  const ids = results.flatMap((x) => x.findings.map((f) => f.ruleId));
  return Object.fromEntries([...new Set(ids)].sort().map((k) => [k, ids.filter((x) => x === k).length]));
};

describe("lint schema on the registry snapshot's packs/", () => {
  let schemas: Report;
  let everything: Report;
  beforeAll(async () => {
    [schemas, everything] = await Promise.all([lint(), lint('--all-json')]);
  });

  it('lints the 1,213 node schemas and skips the 156 manifests by shape', () => {
    expect(schemas.summary).toMatchObject({files: 1213, skipped: 156});
    expect(schemas.results).toHaveLength(1213);
    expect(schemas.results.filter((r) => isManifest(r.file))).toEqual([]);
  });

  it('finds these per rule in the node schemas', () => {
    expect(ruleCounts(schemas.results)).toEqual({
      'tier1-ext/additional-properties': 34,
      'tier1-ext/all-required': 107,
      'tier1-ext/array-constraint': 3,
      'tier1-ext/forbidden-keyword': 7,
      'tier1-ext/number-constraint': 34,
      'tier1-ext/string-constraint': 39,
      'tier1/additional-properties': 774,
      'tier1/all-required': 2062,
      'tier1/anyof-discriminator': 2,
      'tier1/array-constraint': 81,
      'tier1/forbidden-keyword': 23,
      'tier1/max-depth': 6,
      'tier1/number-constraint': 592,
      'tier1/root-object': 1,
      'tier1/string-constraint': 475,
    });
  });

  it('--all-json lints the manifests too: each one a tier1/root-object (a manifest has no "type")', () => {
    expect(everything.summary).toMatchObject({files: 1369, skipped: 0});
    const manifests = everything.results.filter((r) => isManifest(r.file));
    expect(manifests).toHaveLength(156);
    expect(ruleCounts(manifests)).toEqual({'tier1/root-object': 156});
    expect(ruleCounts(everything.results.filter((r) => !isManifest(r.file)))).toEqual(ruleCounts(schemas.results));
  });
});

import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {basename, join} from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {bundledSchemaId, packManifestSchema} from '../../src/schemas/index.js';
import {runCli, tempDir} from '../helpers/cli.js';
import {createReferenceValidators, jsonFilesIn, readJson, referencePath} from './support/reference.js';

interface Finding {
  ruleId: string;
  severity: string;
  message: string;
  pointer: string;
  line: number;
  column: number;
}
interface Result {
  file: string;
  findings: Finding[];
  pack: string | null;
  kind: string | null;
  requires: string[];
}

async function validate(files: string[], extra: string[] = []): Promise<{code: number | null; results: Result[]}> {
  const r = await runCli(['validate', 'pack', ...files, '--format', 'json', ...extra]);
  expect(r.stderr).toBe('');
  return {code: r.code, results: JSON.parse(r.stdout).results};
}

const MANIFESTS = jsonFilesIn('openwop', 'fixtures', 'pack-manifests');

describe('upstream runtime.requires conformance cases (runtime-requires-shape)', () => {
  let results: Map<string, Result>;
  beforeAll(async () => {
    const {results: list} = await validate(MANIFESTS);
    results = new Map(list.map((r) => [basename(r.file), r]));
  });

  it.each(MANIFESTS.map((f) => [basename(f)]))('%s gets the verdict its name states, alone and with its exit code', async (name) => {
    const want = name.includes('.invalid.') ? 1 : 0;
    const errors = results.get(name)?.findings.filter((f) => f.severity === 'error') ?? [];
    expect(errors.length > 0).toBe(want === 1);
    const alone = await validate([MANIFESTS.find((f) => basename(f) === name) as string]);
    expect(alone.code).toBe(want);
  });

  it('reports each invalid case as pack/invalid-manifest at /runtime/requires/<i>', () => {
    const raw = results.get('runtime-requires.raw-builtin.invalid.json')?.findings.filter((f) => f.severity === 'error');
    expect(raw).toEqual([expect.objectContaining({ruleId: 'pack/invalid-manifest', pointer: '/runtime/requires/0', message: expect.stringContaining('declare "net.dns" instead')})]);
    const dup = results.get('runtime-requires.duplicate.invalid.json')?.findings.filter((f) => f.severity === 'error');
    // The second "net.dns" is the one to delete.
    expect(dup).toEqual([expect.objectContaining({ruleId: 'pack/invalid-manifest', pointer: '/runtime/requires/1'})]);
  });

  it('positions the raw builtin finding on the line that holds it', () => {
    const file = MANIFESTS.find((f) => f.endsWith('raw-builtin.invalid.json')) as string;
    const lines = readFileSync(file, 'utf8').split('\n');
    const line = lines.findIndex((l) => l.includes('"node:dns/promises"')) + 1;
    const [finding] = results.get('runtime-requires.raw-builtin.invalid.json')?.findings.filter((f) => f.severity === 'error') ?? [];
    expect([finding.line, finding.column]).toEqual([line, lines[line - 1].indexOf('"node:dns/promises"') + 1]);
  });

  it('reads an absent runtime.requires and [] alike', () => {
    const omitted = results.get('runtime-requires.omitted.valid.json');
    const empty = results.get('runtime-requires.empty.valid.json');
    expect(omitted?.requires).toEqual([]);
    expect(empty?.requires).toEqual([]);
    expect(omitted?.findings.map((f) => f.ruleId)).toEqual(empty?.findings.map((f) => f.ruleId));
  });
});

const SAMPLES = [...jsonFilesIn('openwop', 'fixtures', 'registry-samples').filter((f) => f.endsWith('.pack.json')), ...jsonFilesIn('openwop', 'fixtures', 'examples-packs')];

describe("registry samples and example packs: the verdicts of upstream's own registry schemas", () => {
  const reference = createReferenceValidators(jsonFilesIn('openwop', 'schemas', 'openwop-registry', 'schemas'));
  let results: Map<string, Result>;
  beforeAll(async () => {
    const {results: list} = await validate(SAMPLES);
    results = new Map(list.map((r) => [basename(r.file), r]));
  });

  it.each(SAMPLES.map((f) => [basename(f), f]))('%s', (name, file) => {
    const manifest = readJson(file) as {kind?: string};
    const validateRef = reference(bundledSchemaId(packManifestSchema(manifest.kind) ?? 'packs/node-pack-manifest'));
    const refValid = validateRef(manifest);
    const findings = results.get(name)?.findings ?? [];
    const schemaErrors = findings.filter((f) => f.ruleId === 'pack/invalid-manifest');
    expect(schemaErrors.length === 0, JSON.stringify(schemaErrors)).toBe(refValid);
    // Every place upstream's schema objects to is reported at that place (or a child of it: an unknown property).
    for (const e of validateRef.errors ?? []) {
      if (['anyOf', 'oneOf', 'not'].includes(e.keyword)) continue;
      expect(
        schemaErrors.some((f) => f.pointer === e.instancePath || f.pointer.startsWith(`${e.instancePath}/`)),
        `${e.instancePath} ${e.keyword}`,
      ).toBe(true);
    }
    // Lone manifests: files they point at are not here, which is only a warning; so errors ⇔ schema errors.
    expect(findings.filter((f) => f.severity === 'error')).toEqual(schemaErrors);
  });

  it('names the provenance notes\' known-bad manifest, core.openwop.flow, invalid: every category "flow" at its exact pointer and line', () => {
    const file = referencePath('openwop', 'fixtures', 'registry-samples', 'core.openwop.flow.pack.json');
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    const flowLines = lines.flatMap((l, i) => (l.includes('"category": "flow"') ? [i + 1] : []));
    const nodes = (JSON.parse(text) as {nodes: unknown[]}).nodes;
    expect(flowLines.length).toBe(nodes.length);
    const categoryFindings = results.get('core.openwop.flow.pack.json')?.findings.filter((f) => f.pointer.endsWith('/category')) ?? [];
    expect(categoryFindings.map((f) => [f.ruleId, f.pointer, f.line, f.column])).toEqual(
      flowLines.map((line, i) => ['pack/invalid-manifest', `/nodes/${i}/category`, line, lines[line - 1].indexOf('"category"') + 1]),
    );
    expect(categoryFindings[0].message).toContain('got "flow"');
  });

  it('reports name@version and kind for every sample', () => {
    for (const file of SAMPLES) {
      const manifest = readJson(file) as {name: string; version: string; kind?: string};
      expect(results.get(basename(file))).toMatchObject({pack: `${manifest.name}@${manifest.version}`, kind: manifest.kind ?? 'node'});
    }
  });

  it('flags the non-namespaced envelopeType "summary.v1" in the chain samples as a warning only', () => {
    const chain = results.get('vendor.openwop.workflow-chain-sample.pack.json')?.findings ?? [];
    expect(chain.filter((f) => f.ruleId === 'pack/envelope-type').map((f) => f.pointer)).toEqual(['/chains/0/dag/nodes/0/config/envelopeType', '/chains/1/dag/nodes/1/config/envelopeType']);
    expect(chain.every((f) => f.severity === 'warning')).toBe(true);
  });
});

describe('a registry checkout (packs/<name>/pack.json)', () => {
  it('finds every pack, skips the registry index, and treats each as a pack folder (missing files are errors there)', async () => {
    const root = tempDir();
    const registry = jsonFilesIn('openwop', 'fixtures', 'registry-samples');
    for (const file of registry) {
      const name = basename(file, '.json');
      const dir = name === 'openwop-registry' ? join(root, 'registry', '.well-known') : join(root, 'packs', name.replace(/\.pack$/, ''));
      mkdirSync(dir, {recursive: true});
      writeFileSync(join(dir, name === 'openwop-registry' ? 'openwop-registry.json' : 'pack.json'), readFileSync(file));
    }
    const r = await runCli(['validate', 'pack', '.', '--format', 'json'], {cwd: root});
    const results = JSON.parse(r.stdout).results as Result[];
    expect(results.map((x) => x.file).sort()).toEqual(
      SAMPLES.filter((f) => f.includes('registry-samples'))
        .map((f) => `packs/${basename(f, '.pack.json')}/pack.json`)
        .sort(),
    );
    const http = results.find((x) => x.pack === 'core.openwop.http@2.0.0');
    const missing = http?.findings.filter((f) => f.ruleId === 'pack/missing-file') ?? [];
    expect(missing.length).toBeGreaterThan(1);
    expect(missing.every((f) => f.severity === 'error')).toBe(true);
    expect(r.code).toBe(1);
  });
});

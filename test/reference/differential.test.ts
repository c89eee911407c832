import {join} from 'node:path';

import fc from 'fast-check';
import type {ValidateFunction} from 'ajv';
import {afterAll, describe, expect, it} from 'vitest';

import {BUNDLED_SCHEMA_NAMES, type BundledSchemaName, bundledSchemaId, getValidator, loadBundledSchema} from '../../src/schemas/index.js';

import {embeddedSeeds, type FixtureCase, referenceFixtureCases} from './support/fixtures.js';
import {boundarySweep, buildCase, buildGraftedCase, caseArb, graftedCaseArb, type Guide, harvestPools, type Json} from './support/mutations.js';
import {boundaryCandidates, SchemaWalker} from './support/schema-walk.js';
import {createReferenceValidators, currentReferenceSchemaFiles, readJson, referencePath, referenceStandIns} from './support/reference.js';
import {SEEDS} from './support/seeds.js';
import {TWINS, type Twin, twinReferenceParts} from './support/twins.js';

/** Fixed so a failure replays exactly; change it only together with the numbers quoted in the README. */
const FAST_CHECK_SEED = 20_260_805;
const GENERATED_PER_SCHEMA = 1000;

interface Tally {
  fixtures: number;
  fixturesValid: number;
  sweep: number;
  sweepValid: number;
  generated: number;
  generatedValid: number;
}

const tallies = new Map<BundledSchemaName, Tally>();
const tally = (name: BundledSchemaName): Tally => {
  let t = tallies.get(name);
  if (t === undefined) tallies.set(name, (t = {fixtures: 0, fixturesValid: 0, sweep: 0, sweepValid: 0, generated: 0, generatedValid: 0}));
  return t;
};

// Built at collection time on purpose: without ../shared/reference this throws and the file fails, never skips.
const referenceValidator = createReferenceValidators(currentReferenceSchemaFiles(), referenceStandIns());
const fixtures = referenceFixtureCases();
const embedded = embeddedSeeds(fixtures);
// Two walkers, because both sides use the same $ids.
const ourWalker = new SchemaWalker(BUNDLED_SCHEMA_NAMES.map((n) => loadBundledSchema(n)));
const referenceWalker = new SchemaWalker(currentReferenceSchemaFiles().map(readJson));

function errorsOf(validate: ValidateFunction): string {
  return JSON.stringify((validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath} ${e.keyword} ${e.message ?? ''}`));
}

function verdicts(twin: Twin, data: unknown): {ours: boolean; reference: boolean; detail: string} {
  const ours = getValidator(twin.ours);
  const reference = referenceValidator(twin.refId);
  const a = ours(data);
  const oursErrors = errorsOf(ours);
  const b = reference(data);
  return {ours: a, reference: b, detail: `ours=${a} ${oursErrors} reference=${b} ${errorsOf(reference)}`};
}

/** Boundary candidates from both schemas, so a bound that only one side declares still gets probed. */
function guideFor(twin: Twin): Guide {
  const nodesAt = (path: readonly (string | number)[]) => [...ourWalker.at(bundledSchemaId(twin.ours), path), ...referenceWalker.at(twin.refId, path)];
  return {
    constrained: (path) => nodesAt(path).length > 0,
    candidates: (path, current) => boundaryCandidates(nodesAt(path), current),
  };
}

function casesFor(name: BundledSchemaName): FixtureCase[] {
  return fixtures.filter((c) => c.schema === name);
}

function seedsFor(name: BundledSchemaName): Json[] {
  return [...casesFor(name), ...embedded.filter((c) => c.schema === name)].map((c) => c.data as Json).concat((SEEDS[name] ?? []) as Json[]);
}

describe.each(TWINS.map((t) => [t.ours, t] as const))('%s', (name, twin) => {
  it('keeps the reference $id', () => {
    const refSchema = readJson(referencePath(...twinReferenceParts(twin))) as {$id: string};
    const ours = loadBundledSchema(twin.ours);
    const ourId = twin.refId.includes('#') ? twin.refId.split('#')[0] : ours.$id;
    expect(ourId).toBe(refSchema.$id);
  });

  it('has at least one valid seed', () => {
    expect(seedsFor(name).length).toBeGreaterThan(0);
  });

  it('hand-written seeds are valid under both schemas', () => {
    const wrong = (SEEDS[name] ?? [])
      .map((seed, i) => ({i, v: verdicts(twin, seed)}))
      .filter(({v}) => !v.ours || !v.reference)
      .map(({i, v}) => `seed ${i}: ${v.detail}`);
    expect(wrong).toEqual([]);
  });

  it('reaches the reference verdict on every reference fixture', () => {
    const disagreements: string[] = [];
    for (const c of [...casesFor(name), ...embedded.filter((e) => e.schema === name)]) {
      const v = verdicts(twin, c.data);
      const t = tally(name);
      t.fixtures++;
      if (v.ours) t.fixturesValid++;
      if (v.ours !== v.reference) disagreements.push(`${c.label}: ${v.detail}`);
    }
    expect(disagreements).toEqual([]);
  });

  it('reaches the reference verdict on every single boundary edit of every seed', () => {
    const t = tally(name);
    const disagreements: string[] = [];
    for (const doc of boundarySweep(seedsFor(name), guideFor(twin))) {
      const v = verdicts(twin, doc);
      t.sweep++;
      if (v.ours) t.sweepValid++;
      if (v.ours !== v.reference && disagreements.length < 5) disagreements.push(`${JSON.stringify(doc).slice(0, 1000)}: ${v.detail}`);
    }
    expect(disagreements).toEqual([]);
  });

  it(`reaches the reference verdict on ${GENERATED_PER_SCHEMA} mutated documents`, () => {
    const seeds = seedsFor(name);
    const pools = harvestPools([loadBundledSchema(twin.ours), readJson(referencePath(...twinReferenceParts(twin)))], guideFor(twin));
    const t = tally(name);
    // Donors are the seeds the reference accepts: members of a refused document would only add more refusals.
    const donors = seeds.filter((seed) => referenceValidator(twin.refId)(seed));
    const cases = twin.graft ? graftedCaseArb(seeds.length, donors.length).map((c) => buildGraftedCase(seeds, donors, c, pools)) : caseArb(seeds.length).map((c) => buildCase(seeds, c, pools));
    fc.assert(
      fc.property(cases, (doc) => {
        const v = verdicts(twin, doc);
        t.generated++;
        if (v.ours) t.generatedValid++;
        if (v.ours !== v.reference) throw new Error(`verdicts differ on ${JSON.stringify(doc).slice(0, 2000)}: ${v.detail}`);
      }),
      {seed: FAST_CHECK_SEED, numRuns: GENERATED_PER_SCHEMA},
    );
    // Both outcomes must occur, or the comparison says little about one side of the schema.
    expect(t.generatedValid).toBeGreaterThan(0);
    expect(t.generatedValid).toBeLessThan(t.generated);
  });
});

afterAll(() => {
  const rows = TWINS.map((twin) => {
    const t = tallies.get(twin.ours) ?? {fixtures: 0, fixturesValid: 0, sweep: 0, sweepValid: 0, generated: 0, generatedValid: 0};
    return {
      schema: twin.ours,
      reference: join(twin.refFile) + (twin.excerpt ? ' (excerpt)' : ''),
      fixtures: `${t.fixtures} (${t.fixturesValid} valid)`,
      'boundary sweep': `${t.sweep} (${t.sweepValid} valid)`,
      'fast-check': `${t.generated} (${t.generatedValid} valid)`,
      total: t.fixtures + t.sweep + t.generated,
    };
  });
  const total = rows.reduce((sum, r) => sum + r.total, 0);
  console.log(`\nDifferential cases per schema (fast-check seed ${FAST_CHECK_SEED}), ${total} in all:`);
  console.table(rows);
});

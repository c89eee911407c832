import fc from 'fast-check';

/**
 * Schema-agnostic mutations of valid JSON documents. Each case starts from a seed and applies one to
 * three edits: drop a member, add a key, swap in a value of another type or from an enum elsewhere,
 * strings at boundary lengths, near-miss edits of strings and numbers, duplicated or emptied arrays, and
 * values moved from one place to another. Paths are picked by index modulo the paths available, so the
 * same seed always replays the same documents.
 */

export type Json = null | boolean | number | string | Json[] | {[key: string]: Json};
type Segment = string | number;
type Path = readonly Segment[];

export interface Pools {
  /** Replacement values: wrong types, format edge cases, and every enum/const value found in the schemas. */
  readonly values: readonly Json[];
  /** Keys to add: property names found in the schemas plus plainly unknown ones. */
  readonly keys: readonly string[];
  /** Boundary values for a spot, derived from the schemas that apply there (see schema-walk.ts). */
  readonly guide?: Guide;
}

export interface Guide {
  /** Whether any schema constrains this path; unconstrained paths would waste a boundary edit. */
  constrained(path: readonly (string | number)[]): boolean;
  candidates(path: readonly (string | number)[], current: Json): readonly Json[];
}

const BOUNDARY_LENGTHS = [0, 1, 2, 3, 63, 64, 65, 99, 100, 101, 127, 128, 129, 199, 200, 201, 255, 256, 257, 299, 300, 301, 499, 500, 501, 511, 512, 513, 1023, 1024, 1025, 2000, 2001, 65536, 65537];

const GENERIC_VALUES: Json[] = [
  null,
  true,
  false,
  0,
  -0,
  1,
  -1,
  2,
  3,
  8,
  9,
  10,
  11,
  16,
  17,
  32,
  33,
  50,
  51,
  0.5,
  -0.5,
  1.5,
  999,
  1000,
  262144,
  2 ** 31,
  2 ** 53,
  1e21,
  -1e21,
  '',
  ' ',
  'x',
  'X',
  '0',
  'true',
  'null',
  [],
  [null],
  [1, 1],
  ['a', 'a'],
  {},
  {a: 1},
  'tomorrow',
  '2026-05-18T10:00:00Z',
  '2026-05-18T10:00:00+00:00',
  '2026-05-18T10:00:00',
  '2026-13-01T00:00:00Z',
  '2026-02-30T00:00:00Z',
  '2026-05-18',
  '2026-5-18',
  '10:00:00Z',
  'https://example.com/x',
  'http://localhost:8080/a?b=c#d',
  'not a uri',
  '/relative/path',
  'mailto:a@b.c',
  'urn:isbn:123',
  `sha256-${'A'.repeat(43)}=`,
  `sha256-${'A'.repeat(42)}=`,
  'sha256-abc',
  `sha256:${'a'.repeat(64)}`,
  'OPENWOP-2026-0001',
  'OPENWOP-26-1',
  'CVE-2026-1234',
  'prompt:writer',
  'prompt:writer@1.0.0',
  'prompt:Writer',
  'prompt:writer@1.0',
  '1.0.0',
  '1.0',
  'v1.0.0',
  '1.0.0-rc.1+b.2',
  '1.0.0-',
  'vendor.acme.thing',
  'vendor.acme',
  'core.openwop.flow',
  'community.jane.x.y',
  'private.host.x',
  'local.x.y',
  'Vendor.acme.x',
  'vendor.Acme.x',
  'vendor.acme.X-y_z',
  'node:dns/promises',
  'net.outbound.http',
  'flow',
  'examples',
  'x-host-acme-thing',
  'x-host-acme',
  'x-host-Acme-thing',
  'x-custom',
  'x-',
  'vendor.acme.kind',
  'vendor.acme',
  'a.b',
  'a-b',
  'a_b',
  'A',
  'a b',
  '_x',
  '9x',
];

const UNKNOWN_KEYS = ['unknownKey', 'extra', '__extra', 'x-host-acme-extra', 'reasoning', 'capabilities', 'truncationRetryMultiplier', 'defaultTimeoutMs', 'kind', 'runtime'];

/** Collects enum/const values and property names from schemas so mutations hit the interesting spots. */
export function harvestPools(schemas: readonly unknown[], guide?: Guide): Pools {
  const values = new Map<string, Json>();
  const keys = new Set<string>(UNKNOWN_KEYS);
  const add = (v: Json) => values.set(JSON.stringify(v), v);
  for (const v of GENERIC_VALUES) add(v);
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== 'object') return;
    const obj = node as Record<string, unknown>;
    if (Array.isArray(obj.enum)) for (const v of obj.enum) add(v as Json);
    if ('const' in obj) add(obj.const as Json);
    for (const section of ['properties', 'patternProperties', 'dependentRequired']) {
      const props = obj[section];
      if (props && typeof props === 'object' && !Array.isArray(props)) for (const k of Object.keys(props)) keys.add(k);
    }
    for (const v of Object.values(obj)) walk(v);
  };
  schemas.forEach(walk);
  return {values: [...values.values()], keys: [...keys].sort(), ...(guide ? {guide} : {})};
}

function paths(doc: Json, at: Segment[] = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(doc)) doc.forEach((v, i) => paths(v, [...at, i], out));
  else if (doc !== null && typeof doc === 'object') for (const [k, v] of Object.entries(doc)) paths(v, [...at, k], out);
  return out;
}

function getAt(doc: Json, path: Path): Json {
  let node: Json = doc;
  for (const seg of path) node = (node as Record<string | number, Json>)[seg];
  return node;
}

function setAt(doc: Json, path: Path, value: Json): Json {
  if (path.length === 0) return value;
  const parent = getAt(doc, path.slice(0, -1)) as Record<string | number, Json>;
  parent[path[path.length - 1]] = value;
  return doc;
}

function deleteAt(doc: Json, path: Path): Json {
  if (path.length === 0) return {};
  const parent = getAt(doc, path.slice(0, -1));
  const last = path[path.length - 1];
  if (Array.isArray(parent)) parent.splice(last as number, 1);
  else delete (parent as Record<string, Json>)[last];
  return doc;
}

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length];

function pathsWhere(doc: Json, test: (v: Json) => boolean): Path[] {
  const all = paths(doc);
  const hits = all.filter((p) => test(getAt(doc, p)));
  return hits.length > 0 ? hits : all;
}

const isObject = (v: Json) => v !== null && typeof v === 'object' && !Array.isArray(v);

function tweakString(s: string, how: number): string {
  switch (how % 8) {
    case 0:
      return s.toUpperCase();
    case 1:
      return `${s}x`;
    case 2:
      return s.slice(1);
    case 3:
      return `${s} `;
    case 4:
      return `-${s}`;
    case 5:
      return s.replace(/\./g, '/');
    case 6:
      return s.replace(/[a-z]/, 'Z');
    default:
      return s.slice(0, -1);
  }
}

function tweak(v: Json, how: number, doc: Json): Json {
  if (typeof v === 'string') return tweakString(v, how);
  if (typeof v === 'number') return pick([v + 1, v - 1, -v, v + 0.5, v * 2, Math.trunc(v / 2)], how);
  if (typeof v === 'boolean') return !v;
  if (Array.isArray(v)) return pick<Json>([[], [...v, ...v], [...v, null], v.slice(1)], how);
  if (isObject(v)) return pick<Json>([{}, {...(v as object), nested: doc === v ? null : structuredClone(doc)}, {}], how);
  return pick<Json>(['null', 0, false], how);
}

export type Mutation =
  | {readonly kind: 'drop'; readonly at: number}
  | {readonly kind: 'addKey'; readonly at: number; readonly key: number; readonly value: number}
  | {readonly kind: 'replace'; readonly at: number; readonly value: number}
  | {readonly kind: 'length'; readonly at: number; readonly length: number; readonly char: string}
  | {readonly kind: 'tweak'; readonly at: number; readonly how: number}
  | {readonly kind: 'move'; readonly at: number; readonly from: number}
  | {readonly kind: 'duplicate'; readonly at: number}
  | {readonly kind: 'boundary'; readonly at: number; readonly pick: number};

// Schema-guided boundary edits carry most of the weight: blind edits rarely land on the one spot and value that matter.
export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  {arbitrary: fc.record({kind: fc.constant('boundary' as const), at: fc.nat(), pick: fc.nat()}), weight: 8},
  fc.record({kind: fc.constant('drop' as const), at: fc.nat()}),
  fc.record({kind: fc.constant('addKey' as const), at: fc.nat(), key: fc.nat(), value: fc.nat()}),
  fc.record({kind: fc.constant('replace' as const), at: fc.nat(), value: fc.nat()}),
  fc.record({kind: fc.constant('length' as const), at: fc.nat(), length: fc.nat(), char: fc.constantFrom('a', 'é', '-', ' ', '😀')}),
  fc.record({kind: fc.constant('tweak' as const), at: fc.nat(), how: fc.nat()}),
  fc.record({kind: fc.constant('move' as const), at: fc.nat(), from: fc.nat()}),
  fc.record({kind: fc.constant('duplicate' as const), at: fc.nat()}),
);

/** Applies a mutation to a clone; the input document is never changed. */
export function applyMutation(input: Json, m: Mutation, pools: Pools): Json {
  const doc = structuredClone(input);
  switch (m.kind) {
    case 'drop': {
      const nonRoot = paths(doc).filter((p) => p.length > 0);
      return nonRoot.length === 0 ? {} : deleteAt(doc, pick(nonRoot, m.at));
    }
    case 'addKey': {
      const target = pick(pathsWhere(doc, isObject), m.at);
      const node = getAt(doc, target);
      if (!isObject(node)) return setAt(doc, target, {[pick(pools.keys, m.key)]: pick(pools.values, m.value)});
      (node as Record<string, Json>)[pick(pools.keys, m.key)] = structuredClone(pick(pools.values, m.value));
      return doc;
    }
    case 'replace':
      return setAt(doc, pick(paths(doc), m.at), structuredClone(pick(pools.values, m.value)));
    case 'length':
      // Astral characters count as two UTF-16 units but one code point, which is what JSON Schema lengths use.
      return setAt(
        doc,
        pick(
          pathsWhere(doc, (v) => typeof v === 'string'),
          m.at,
        ),
        m.char.repeat(pick(BOUNDARY_LENGTHS, m.length)),
      );
    case 'tweak': {
      const target = pick(paths(doc), m.at);
      return setAt(doc, target, tweak(getAt(doc, target), m.how, doc));
    }
    case 'move': {
      const all = paths(doc);
      return setAt(doc, pick(all, m.at), structuredClone(getAt(doc, pick(all, m.from))));
    }
    case 'duplicate': {
      const target = pick(pathsWhere(doc, Array.isArray), m.at);
      const node = getAt(doc, target);
      if (!Array.isArray(node)) return setAt(doc, target, [structuredClone(node), structuredClone(node)]);
      node.push(structuredClone(node.length > 0 ? node[0] : null));
      return doc;
    }
    case 'boundary': {
      const guide = pools.guide;
      if (guide === undefined) return doc;
      const all = paths(doc);
      const constrained = all.filter((p) => guide.constrained(p));
      const target = pick(constrained.length > 0 ? constrained : all, m.at);
      const options = guide.candidates(target, getAt(doc, target));
      return options.length === 0 ? doc : setAt(doc, target, structuredClone(pick(options, m.pick)));
    }
  }
}

export interface GeneratedCase {
  readonly seed: number;
  readonly mutations: readonly Mutation[];
}

export function caseArb(seedCount: number): fc.Arbitrary<GeneratedCase> {
  return fc.record({seed: fc.nat({max: seedCount - 1}), mutations: fc.array(mutationArb, {minLength: 1, maxLength: 3})});
}

export function buildCase(seeds: readonly Json[], c: GeneratedCase, pools: Pools): Json {
  return c.mutations.reduce<Json>((doc, m) => applyMutation(doc, m, pools), seeds[c.seed]);
}

/** A case that first copies whole top-level members of donor documents into a seed, then applies at most one mutation. */
export interface GraftedCase extends GeneratedCase {
  readonly grafts: readonly {readonly donor: number; readonly member: number}[];
}

/**
 * For documents whose top-level members are independent of each other (a discovery document's capability records):
 * members copied from valid donors into a valid seed give another valid document, so a fair share of the cases probes
 * the valid side of the schema instead of nearly all of them being refused.
 */
export function graftedCaseArb(seedCount: number, donorCount: number): fc.Arbitrary<GraftedCase> {
  return fc.record({
    seed: fc.nat({max: seedCount - 1}),
    grafts: fc.array(fc.record({donor: fc.nat({max: donorCount - 1}), member: fc.nat()}), {minLength: 1, maxLength: 6}),
    mutations: fc.array(mutationArb, {maxLength: 1}),
  });
}

export function buildGraftedCase(seeds: readonly Json[], donors: readonly Json[], c: GraftedCase, pools: Pools): Json {
  const doc = structuredClone(seeds[c.seed]);
  if (isObject(doc)) {
    for (const graft of c.grafts) {
      const donor = donors[graft.donor];
      const keys = isObject(donor) ? Object.keys(donor as object) : [];
      if (keys.length === 0) continue;
      const key = pick(keys, graft.member);
      (doc as Record<string, Json>)[key] = structuredClone((donor as Record<string, Json>)[key]);
    }
  }
  return c.mutations.reduce<Json>((d, m) => applyMutation(d, m, pools), doc);
}

/**
 * Every single boundary edit of every seed: each constrained path of each seed, set to each candidate value.
 * Deterministic and exhaustive for one-step edits; the fast-check runs add the multi-step combinations.
 */
export function* boundarySweep(seeds: readonly Json[], guide: Guide): Generator<Json> {
  for (const seed of seeds) {
    for (const path of paths(seed)) {
      if (!guide.constrained(path)) continue;
      for (const candidate of guide.candidates(path, getAt(seed, path))) yield setAt(structuredClone(seed), path, structuredClone(candidate));
    }
  }
}

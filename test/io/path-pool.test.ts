import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {keyColons} from '../../src/io/json-key-tokens.js';
import {locateWantedByKeys} from '../../src/io/json-keyed-locate.js';
import {locateWanted, PathPool, WantedPaths} from '../../src/io/json-locate.js';
import {deepKeyCount} from './deep-key-count.js';

function mark(paths: WantedPaths, segmentLists: readonly (readonly string[])[]): WantedPaths {
  for (const segments of segmentLists) paths.addSegments(segments);
  return paths;
}

/** The ranges of `segmentLists` in `text`, by the keyed walk when it takes them, else by the scan. */
function ranges(text: string, paths: WantedPaths): number[] {
  const value: unknown = JSON.parse(text);
  const colons = keyColons(text, deepKeyCount(value));
  return (colons && locateWantedByKeys(text, value, colons, paths)) ?? locateWanted(text, paths);
}

/** Every path to a member of `value`'s objects. */
function memberPaths(value: unknown, path: string[] = [], out: string[][] = []): string[][] {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      out.push([...path, k]);
      memberPaths(v, [...path, k], out);
    }
  }
  return out;
}

/** Documents of a few shapes, so that rounds of one pool ask for many of the same paths. */
// Plain keys mostly, and some that need escaping in a pointer or in JSON, an empty one and an integer-like one.
const key = fc.oneof({arbitrary: fc.constantFrom('type', 'properties', 'a', 'items'), weight: 6}, {arbitrary: fc.constantFrom('a/b', 'm~n', 'x\\y', 'q"', '', '0', '10'), weight: 1});
const doc = fc.letrec<{value: unknown}>((tie) => ({
  value: fc.oneof({depthSize: 'medium', maxDepth: 4}, {arbitrary: fc.constantFrom(1, 'x', null, true), weight: 1}, {arbitrary: fc.dictionary(key, tie('value'), {minKeys: 1, maxKeys: 4}), weight: 3}),
})).value;

describe('PathPool', () => {
  it('gives each round the ranges a tree of its own gives, over many rounds of overlapping paths', () => {
    let reasked = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(doc, fc.array(fc.integer({min: 0, max: 12}), {maxLength: 8}), fc.boolean()), {minLength: 2, maxLength: 12}), (rounds) => {
        const pool = new PathPool();
        const asked = new Set<string>();
        // Some rounds are released once placed (as the lint engine does), the others left for the next round to take over.
        for (const [value, picks, release] of rounds) {
          const text = JSON.stringify(value, null, 2);
          const chosen = memberPaths(value).filter((_, i) => picks.includes(i % 13));
          for (const path of chosen) if (asked.has(path.join('/'))) reasked++;
          for (const path of chosen) asked.add(path.join('/'));
          const round = mark(new WantedPaths(pool), chosen);
          expect(ranges(text, round)).toEqual(ranges(text, mark(new WantedPaths(), chosen)));
          if (release) round.release();
        }
      }),
      {numRuns: 400, seed: 20261126},
    );
    // Paths an earlier round marked must come up again often, or nothing here tests the reuse.
    expect(reasked).toBeGreaterThan(500);
  });

  it('hands a later round the nodes an earlier one made, with none of its marks or children', () => {
    const pool = new PathPool();
    const first = new WantedPaths(pool);
    const a = first.child(first.root, 'a');
    first.mark(first.child(a, 'b'));
    first.mark(first.child(first.root, 'c'));

    const second = new WantedPaths(pool);
    const again = second.child(second.root, 'a');
    expect(again).toBe(a);
    second.mark(again);
    expect(again.first).toBeUndefined();
    expect(second.root.childCount).toBe(1);
    const text = '{"a": {"b": 1}, "c": 2}';
    expect(ranges(text, second)).toEqual([1, 14]);
  });

  it("leaves the pool's nodes holding nothing of a released round", () => {
    const pool = new PathPool();
    const round = new WantedPaths(pool);
    const a = round.child(round.root, 'a');
    round.mark(round.child(a, 'b'));
    round.mark(a);
    round.release();
    expect(pool.root.first).toBeUndefined();
    expect(a.first).toBeUndefined();
    expect(a.ends).toBeUndefined();
    const next = new WantedPaths(pool);
    next.mark(next.child(next.root, 'c'));
    expect(ranges('{"a": {"b": 1}, "c": 2}', next)).toEqual([16, 22]);
  });

  it('says a round is no longer intact once the next one has begun', () => {
    const pool = new PathPool();
    const first = new WantedPaths(pool);
    expect(first.intact()).toBe(true);
    const second = new WantedPaths(pool);
    expect(first.intact()).toBe(false);
    expect(second.intact()).toBe(true);
    expect(new WantedPaths().intact()).toBe(true);
  });

  it("keeps placing right once the pool is full: later paths are the round's own", () => {
    const pool = new PathPool();
    for (let round = 0; round < 4; round++) {
      const value = Object.fromEntries(Array.from({length: 2500}, (_, i) => [`k${round}_${i}`, {type: 'string'}]));
      const text = JSON.stringify(value, null, 2);
      const chosen = Object.keys(value)
        .filter((_, i) => i % 7 === 0)
        .flatMap((k) => [[k], [k, 'type']]);
      expect(ranges(text, mark(new WantedPaths(pool), chosen))).toEqual(ranges(text, mark(new WantedPaths(), chosen)));
    }
  });
});

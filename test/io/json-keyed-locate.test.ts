import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {keyColons} from '../../src/io/json-key-tokens.js';
import {locateWantedByKeys} from '../../src/io/json-keyed-locate.js';
import {locateWanted, WantedPaths} from '../../src/io/json-locate.js';
import {deepKeyCount} from './deep-key-count.js';

function paths(segmentLists: readonly (readonly string[])[]): WantedPaths {
  const wanted = new WantedPaths();
  for (const segments of segmentLists) wanted.addSegments(segments);
  return wanted;
}

/** The keyed ranges, or undefined when the text does not qualify or the keyed locator declines. */
function keyed(text: string, segmentLists: readonly (readonly string[])[]): number[] | undefined {
  const value: unknown = JSON.parse(text);
  const colons = keyColons(text, deepKeyCount(value));
  return colons && locateWantedByKeys(text, value, colons, paths(segmentLists));
}

function scanned(text: string, segmentLists: readonly (readonly string[])[]): number[] {
  return locateWanted(text, paths(segmentLists));
}

/** Every path to an object member in `value`, and every path to an element that is a non-empty object. */
function keyedPaths(value: unknown, path: string[] = [], out: string[][] = []): string[][] {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      if (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0) out.push([...path, String(i)]);
      keyedPaths(v, [...path, String(i)], out);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push([...path, k]);
      keyedPaths(v, [...path, k], out);
    }
  }
  return out;
}

/** Keys that are hard on a text-reading locator: escapes, quotes, colons and brackets in them. */
const hardKey = fc.constantFrom('a', 'type', 'x:y', 'q"uote', 'back\\slash', '{[', ']}', ':', '"', 'k"}:', '', '\u2028', 'é', '0', '10', '2', '1a', '__proto__');
const hardValue = fc.letrec<{value: unknown}>((tie) => ({
  value: fc.oneof(
    {depthSize: 'medium', maxDepth: 6},
    fc.constantFrom(1, -2.5e3, true, false, null, 'x', 'a"b', '\\', '{"k": 1}', '[1, 2]', ':', ''),
    fc.array(tie('value'), {maxLength: 4}),
    fc.dictionary(hardKey, tie('value'), {maxKeys: 4}),
  ),
})).value;

/** `text` with whitespace between some keys and their colons (JSON.stringify never writes any). */
function spacedColons(text: string, picks: readonly number[]): string {
  let i = 0;
  return text.replace(/"(\s*):/g, (_, space: string) => `"${space}${[' ', '\n ', '\t', ''][(picks[i++ % picks.length] ?? 0) % 4]}:`);
}

/** `text` with each key written with a \u escape for its first letter, when it has one: the same keys, other tokens. */
function escapedKeys(text: string): string {
  return text.replace(/"([a-z])([^"\\]*)"(\s*):/g, (_, first: string, rest: string, space: string) => `"\\u00${first.charCodeAt(0).toString(16)}${rest}"${space}:`);
}

describe('locating paths through the parsed value (keyed) agrees with the scan', () => {
  it('on random documents with hard keys and strings, in compact, indented and escaped form', () => {
    let compared = 0;
    fc.assert(
      fc.property(hardValue, fc.constantFrom(0, 1, '\t', ' \r\n'), fc.boolean(), fc.array(fc.nat(), {maxLength: 30}), (value, indent, escape, picks) => {
        let text = JSON.stringify(value, null, indent);
        if (escape) text = escapedKeys(text);
        if (picks.length % 3 === 1) text = spacedColons(text, picks);
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          return; // a colon inside a string was spaced: not a case of this test
        }
        const all = keyedPaths(parsed);
        const chosen = picks.length === 0 ? all : all.filter((_, i) => picks.includes(i % 31));
        // The root, and a path marked twice, now and then.
        if (picks.length % 4 === 2) chosen.push([], ...chosen.slice(0, 1));
        const got = keyed(text, chosen);
        if (got === undefined) return;
        compared++;
        expect(got).toEqual(scanned(text, chosen));
      }),
      {numRuns: 1500, seed: 20261126},
    );
    // The keyed locator must actually take most of these documents (a locator that always declines would pass above).
    expect(compared).toBeGreaterThan(600);
  });

  it('places a member from its key to the end of its value, whatever the value holds', () => {
    const text = '{"a" : {"s": "}\\"{", "t": [1, {"u": [[]]}, "]"]} , "b\\"c": "x\\\\", "d": [{"e": {}}]}';
    const want = [['a'], ['a', 's'], ['a', 't'], ['a', 't', '1'], ['a', 't', '1', 'u'], ['b"c'], ['d'], ['d', '0'], ['d', '0', 'e']];
    const got = keyed(text, want);
    expect(got).toEqual(scanned(text, want));
    const ranges = want.map((_, i) => text.slice((got as number[])[2 * i], (got as number[])[2 * i + 1]));
    expect(ranges).toEqual([
      '"a" : {"s": "}\\"{", "t": [1, {"u": [[]]}, "]"]}',
      '"s": "}\\"{"',
      '"t": [1, {"u": [[]]}, "]"]',
      '{"u": [[]]}',
      '"u": [[]]',
      '"b\\"c": "x\\\\"',
      '"d": [{"e": {}}]',
      '{"e": {}}',
      '"e": {}',
    ]);
  });

  it('declines what it cannot place, and leaves the paths as it found them for the scan', () => {
    const text = '{"a": [1, [2], {}], "b": {"c": 1}}';
    for (const declined of [[['a', '0']], [['a', '1']], [['a', '2']], [['b', 'missing']], [['missing']], [['a', 'x']]]) {
      const wanted = paths(declined);
      const value: unknown = JSON.parse(text);
      expect(locateWantedByKeys(text, value, keyColons(text, deepKeyCount(value)) as readonly number[], wanted), JSON.stringify(declined)).toBeUndefined();
      expect(locateWanted(text, wanted)).toEqual(scanned(text, declined));
    }
    // JSON.parse puts integer-like keys first, so key order and text order differ.
    for (const [text, path] of [
      ['{"b": 1, "0": {"c": 2}}', ['b']],
      ['{"b": 1, "7": 2}', ['b']],
      ['{"a": {"b": 1, "42": 2}, "c": 3}', ['c']],
    ] as const) {
      expect(keyed(text, [path]), text).toBeUndefined();
    }
    expect(keyed('{"b": 1, "c": {"d": 2}}', [['c', 'd']])).toEqual(scanned('{"b": 1, "c": {"d": 2}}', [['c', 'd']]));
  });
});

describe('keyColons', () => {
  it('lists each key colon when the key tokens are exactly the keys', () => {
    const text = '{"a" : 1, "b": {"c":"d:e"}}';
    expect([...(keyColons(text, 3) as readonly number[])]).toEqual([5, 13, 19]);
  });

  it('is undefined when a string holds a colon after a quote, or a key repeats', () => {
    expect(keyColons('{"a": "x\\": y"}', 1)).toBeUndefined();
    expect(keyColons('{"a": 1, "a": 2}', 1)).toBeUndefined();
    expect(keyColons('{"a": 1}', 2)).toBeUndefined();
  });
});

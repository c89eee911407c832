import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {JsonDocument, type Placed} from '../../src/io/json-document.js';
import {PathPool} from '../../src/io/json-locate.js';
import {toPointer} from '../../src/io/json-pointer.js';

/** Every path into a value, plus one missing child per container. */
function paths(value: unknown, path: string[] = [], out: string[][] = []): string[][] {
  out.push(path);
  if (Array.isArray(value)) {
    value.forEach((v, i) => paths(v, [...path, String(i)], out));
    out.push([...path, String(value.length)]);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) paths(v, [...path, k], out);
    out.push([...path, 'no such key']);
  }
  return out;
}

const range = ({line, column, endLine, endColumn}: Placed) => ({line, column, endLine, endColumn});

describe('placing paths gathered segment by segment (as the lint engine does) agrees with placing pointers', () => {
  it('for every path of random documents, in compact and indented form', () => {
    // One pool for every document, as one lint run has.
    const pool = new PathPool();
    fc.assert(
      fc.property(fc.jsonValue({maxDepth: 5}), fc.constantFrom(0, 2, '\t'), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        const all = paths(value);
        const byPointer: Placed[] = all.map((p) => ({pointer: toPointer(p), line: 0, column: 0}));
        JsonDocument.parse(text, {file: 'f.json'}).placeAll(byPointer);
        const doc = JsonDocument.parse(text, {file: 'f.json'});
        const tree = doc.pathsForPlacing(pool);
        if (!tree) throw new Error('a parsed text without repeated keys takes paths');
        // Half gathered a segment at a time, half read from their pointers.
        for (const [i, p] of all.entries()) tree.mark(i % 2 ? p.reduce((at, seg) => tree.child(at, seg), tree.root) : tree.at(toPointer(p)));
        const bySegments = all.map(() => ({line: 0, column: 0}));
        doc.placeAt(bySegments, tree);
        expect(bySegments.map((r) => range(r as Placed))).toEqual(byPointer.map(range));
      }),
      {numRuns: 200, seed: 20261125},
    );
  });

  it('is not offered for a text that repeats a key (placeAll finds which duplicate wins)', () => {
    const pool = new PathPool();
    expect(JsonDocument.parse('{"a": 1, "a": 2}', {file: 'f.json'}).pathsForPlacing(pool)).toBeUndefined();
    expect(JsonDocument.parse('{"a": 1, "b": 2}', {file: 'f.json'}).pathsForPlacing(pool)).toBeDefined();
  });
});

describe('JsonDocument.mayHoldString', () => {
  it('is false only when neither the string nor an escape that could spell it is in the text', () => {
    expect(JsonDocument.parse('{"type": "object", "properties": {}}', {file: 'f.json'}).mayHoldString('$ref')).toBe(false);
    expect(JsonDocument.parse('{"$ref": "#/x"}', {file: 'f.json'}).mayHoldString('$ref')).toBe(true);
    expect(JsonDocument.parse('{"\\u0024ref": "#/x"}', {file: 'f.json'}).mayHoldString('$ref')).toBe(true);
  });
});

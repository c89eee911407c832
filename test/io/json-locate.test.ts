import fc from 'fast-check';
import {createScanner, SyntaxKind} from 'jsonc-parser';
import {describe, expect, it} from 'vitest';
import {JsonDocument, type Placed} from '../../src/io/json-document.js';
import {toPointer} from '../../src/io/json-pointer.js';

/** Every pointer into a value, plus one missing child per container. */
function pointers(value: unknown, path: (string | number)[] = [], out: string[] = []): string[] {
  out.push(toPointer(path));
  if (Array.isArray(value)) {
    value.forEach((v, i) => pointers(v, [...path, i], out));
    out.push(toPointer([...path, value.length]));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) pointers(v, [...path, k], out);
    out.push(toPointer([...path, 'no such key']));
  }
  return out;
}

/** The ranges placeAll gives `pointers` (all at once, as the linter places a document's findings). */
function placeAll(text: string, pointers: readonly string[]) {
  const items: Placed[] = pointers.map((pointer) => ({pointer, line: 0, column: 0}));
  JsonDocument.parse(text, {file: 'f.json'}).placeAll(items);
  return items.map(({line, column, endLine, endColumn}) => ({line, column, endLine, endColumn}));
}

/** A document whose positions come from the full jsonc tree (the path taken after many lookups). */
function treeLocator(text: string) {
  const doc = JsonDocument.parse(text, {file: 'f.json'});
  for (let i = 0; i < 9; i++) doc.locate('');
  return doc;
}

describe('locate by scanning agrees with the position tree', () => {
  it('for every pointer of random documents, in compact and indented form', () => {
    fc.assert(
      fc.property(fc.jsonValue({maxDepth: 5}), fc.constantFrom(0, 1, 2, '\t'), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        const tree = treeLocator(text);
        const shared = JsonDocument.parse(text, {file: 'f.json'}); // reuses members cached by earlier lookups
        for (const p of pointers(value)) {
          expect(JsonDocument.parse(text, {file: 'f.json'}).locate(p), p).toEqual(tree.locate(p));
          expect(shared.locate(p), p).toEqual(tree.locate(p));
        }
      }),
      {numRuns: 300, seed: 20261122},
    );
  });

  it('for all pointers of a document at once (placeAll), in any order', () => {
    fc.assert(
      fc.property(fc.jsonValue({maxDepth: 5}), fc.constantFrom(0, 1, '\t'), fc.boolean(), (value, indent, reversed) => {
        const text = JSON.stringify(value, null, indent);
        const tree = treeLocator(text);
        const all = pointers(value);
        if (reversed) all.reverse();
        expect(placeAll(text, all)).toEqual(all.map((p) => tree.locate(p)));
      }),
      {numRuns: 300, seed: 20261122},
    );
  });

  it('for all pointers at once in texts with any JSON whitespace between any two tokens', () => {
    // The one-pass locator skips values by characters: spacing a serializer never writes must not move a range.
    const spaced = (text: string, picks: number[]) => {
      const scanner = createScanner(text, false);
      const spaces = [' ', '\t', '\n', '\r\n', '', '  \n\t'];
      let out = '';
      let i = 0;
      for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
        if (kind === SyntaxKind.Trivia || kind === SyntaxKind.LineBreakTrivia) continue;
        out += spaces[(picks[i++ % picks.length] ?? 0) % spaces.length] + text.slice(scanner.getTokenOffset(), scanner.getTokenOffset() + scanner.getTokenLength());
      }
      return out + spaces[(picks[0] ?? 0) % spaces.length];
    };
    fc.assert(
      fc.property(fc.jsonValue({maxDepth: 5}), fc.array(fc.nat(), {minLength: 1, maxLength: 40}), (value, picks) => {
        const text = spaced(JSON.stringify(value), picks);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        const tree = treeLocator(text);
        const all = pointers(value);
        expect(placeAll(text, all)).toEqual(all.map((p) => tree.locate(p)));
      }),
      {numRuns: 300, seed: 20261122},
    );
  });

  it('for all pointers at once when keys and strings are full of brackets, quotes and escapes', () => {
    // Brackets and quotes inside keys and strings (some brackets written as \u escapes) must not fool the skipping.
    const tricky = fc.string({unit: fc.constantFrom('{', '}', '[', ']', '"', '\\', ':', ',', 'a', ' ', 'é'), maxLength: 6});
    const value = fc.letrec<{node: unknown}>((tie) => ({
      node: fc.oneof({maxDepth: 4}, tricky, fc.integer(), fc.constant(null), fc.array(tie('node'), {maxLength: 4}), fc.dictionary(tricky, tie('node'), {maxKeys: 4})),
    })).node;
    let escaped = 0;
    fc.assert(
      fc.property(value, fc.constantFrom(0, 2), fc.boolean(), fc.array(fc.nat(9), {minLength: 1, maxLength: 30}), (v, indent, escapeBrackets, picks) => {
        let text = JSON.stringify(v, null, indent);
        // Inside strings only: JSON.stringify escapes every quote in them, so a bracket right after `"` or `\\` is in one.
        if (escapeBrackets) text = text.replace(/(?<=[^\s,:[{])\}(?=[^\s,\]}])/g, '\\u007d');
        expect(JSON.parse(text)).toEqual(v);
        if (text.includes('\\u007d')) escaped++;
        // A few pointers, not all: the values between them are skipped.
        const all = pointers(v);
        const some = picks.map((k) => all[(k * 7919) % all.length]).filter((p, i) => i % 3 === 0 || p.split('/').length > 2);
        expect(placeAll(text, some)).toEqual(some.map((p) => treeLocator(text).locate(p)));
      }),
      {numRuns: 600, seed: 20261122},
    );
    expect(escaped).toBeGreaterThan(20);
  });

  it('takes the last of duplicate keys, as JSON.parse does', () => {
    const text = '{"a": {"x": 1},\n "a": {"y": 2}}';
    expect(JsonDocument.parse(text, {file: 'f'}).locate('/a/y')).toMatchObject({line: 2, column: 8});
    expect(JsonDocument.parse(text, {file: 'f'}).locate('/a')).toEqual(treeLocator(text).locate('/a'));
    expect(placeAll(text, ['/a/y', '/a'])).toEqual([treeLocator(text).locate('/a/y'), treeLocator(text).locate('/a')]);
  });

  it('handles keys that need escaping in a pointer', () => {
    const text = '{"a/b": {"c~d": [true]}}';
    expect(JsonDocument.parse(text, {file: 'f'}).locate('/a~1b/c~0d/0')).toMatchObject({line: 1, column: 18});
  });
});

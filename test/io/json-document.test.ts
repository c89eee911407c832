import {describe, expect, it} from 'vitest';
import {JsonDocument} from '../../src/io/json-document.js';

const parse = (text: string) => JsonDocument.parse(text, {file: 'f.json'});

describe('JsonDocument', () => {
  it('locates a pointer at the property key, 1-based', () => {
    const doc = parse('{\n  "a": {\n    "b": [10, 20]\n  }\n}');
    expect(doc.locate('/a/b/1')).toMatchObject({line: 3, column: 15});
    expect(doc.locate('/a/b')).toMatchObject({line: 3, column: 5});
  });

  it('points a missing property at its nearest existing parent', () => {
    const doc = parse('{"a": {"x": 1}}');
    expect(doc.locate('/a/missing')).toMatchObject({line: 1, column: 2});
  });

  it('reports malformed JSON with line and column', () => {
    const doc = parse('{\n  "a": 1,\n  "b" 2\n}');
    expect(doc.parsed).toBe(false);
    const [f] = doc.problemFindings();
    expect(f).toMatchObject({ruleId: 'json/syntax', line: 3, column: 7});
    expect(f.message).toContain('expected ":"');
  });

  it('says a cut-off document looks truncated', () => {
    expect(parse('{"a": [1, 2').problemFindings()[0].message).toContain('truncated');
  });

  it('reports a duplicate key at its second occurrence, keeping the last value', () => {
    const doc = parse('{"a": 1,\n "a": 2}');
    expect(doc.value).toEqual({a: 2});
    expect(doc.problemFindings()).toEqual([expect.objectContaining({ruleId: 'json/duplicate-key', pointer: '/a', line: 2, column: 2})]);
  });

  it('finds duplicates even when keys are written with a space before the colon', () => {
    expect(parse('{"a" : 1, "b" : {"c": 1, "c" : 2}}').problems.map((p) => p.pointer)).toEqual(['/b/c']);
    // One key written `"a" :` and its duplicate `"a":`: as many `":` pairs as distinct keys, yet a duplicate.
    expect(parse('{"a" : 1, "a": 2}').problems.map((p) => p.pointer)).toEqual(['/a']);
    expect(parse('{"a"\n:1,"b":{"a":1,"a"\t:2}}').problems.map((p) => p.pointer)).toEqual(['/b/a']);
  });

  it('does not mistake ": inside strings for duplicate keys', () => {
    expect(parse('{"a": "x\\": y", "b": "\\":"}').problems).toEqual([]);
  });

  it('warns about __proto__ keys without polluting any prototype', () => {
    const doc = parse('{"payload": {"__proto__": {"polluted": true}}}');
    expect(doc.problemFindings()).toEqual([expect.objectContaining({ruleId: 'json/proto-key', severity: 'warning', pointer: '/payload/__proto__'})]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses 10,000-deep nesting without overflowing the stack', () => {
    for (const text of ['['.repeat(10_000) + ']'.repeat(10_000), '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000), '['.repeat(10_000)]) {
      const doc = parse(text);
      expect(doc.parsed).toBe(false);
      expect(doc.problemFindings()[0]).toMatchObject({ruleId: 'json/too-deep', line: 1});
    }
  });

  it('takes exactly maxDepth levels of nesting, and refuses one more at the bracket past the limit', () => {
    for (const [open, close] of [
      ['[', ']'],
      ['{"a":', '}'],
    ]) {
      const ok = JsonDocument.parse(open.repeat(3) + '1' + close.repeat(3), {file: 'f.json'}, {maxDepth: 3});
      expect(ok.parsed).toBe(true);
      const deep = JsonDocument.parse(open.repeat(4) + '1' + close.repeat(4), {file: 'f.json'}, {maxDepth: 3});
      expect(deep.parsed).toBe(false);
      expect(deep.problemFindings()[0]).toMatchObject({ruleId: 'json/too-deep', line: 1, column: 3 * open.length + 1});
    }
  });

  it('adds the stream line to positions of a line document', () => {
    const doc = JsonDocument.parse('{"a": 1, "a": 2}', {file: 's.ndjson', lineBase: 41});
    expect(doc.problemFindings()[0]).toMatchObject({line: 42, column: 10});
  });

  it('reports control characters in strings, which JSON forbids', () => {
    expect(parse('{"a": "x\u0001"}').problemFindings()[0]).toMatchObject({ruleId: 'json/syntax', message: expect.stringContaining('control character')});
  });
});

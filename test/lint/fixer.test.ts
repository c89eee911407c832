import {readFileSync, readdirSync, statSync, writeFileSync, chmodSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {applyFixes, fixSchemaText} from '../../src/lint/fixer.js';
import {lintSchemaFile} from '../../src/lint/run.js';
import {tempDir} from '../helpers/cli.js';
import {EMPTY_DIR, lintText} from './helpers.js';

const fix = (text: string, options = {}) => fixSchemaText(text, 'x.schema.json', {cwd: EMPTY_DIR, profile: 'strict', ...options});

describe('fixes', () => {
  it('adds additionalProperties: false after the last member, reusing its separator', () => {
    const text = '{\n  "type": "object",\n  "properties": {}\n}\n';
    expect(fix(text).text).toBe('{\n  "type": "object",\n  "properties": {},\n  "additionalProperties": false\n}\n');
  });

  it('keeps 4-space, tab, CRLF and compact styles', () => {
    const four = '{\n    "type": "object",\n    "properties": {\n        "a": {"type": "string"}\n    }\n}\n';
    expect(fix(four).text).toBe('{\n    "type": "object",\n    "properties": {\n        "a": {"type": ["string", "null"]}\n    },\n    "additionalProperties": false,\n    "required": ["a"]\n}\n');
    const tabs = '{\n\t"type": "object",\n\t"properties": {\n\t\t"a": {\n\t\t\t"type": "object",\n\t\t\t"properties": {}\n\t\t}\n\t},\n\t"required": ["a"],\n\t"additionalProperties": false\n}';
    expect(fix(tabs).text).toBe(
      '{\n\t"type": "object",\n\t"properties": {\n\t\t"a": {\n\t\t\t"type": "object",\n\t\t\t"properties": {},\n\t\t\t"additionalProperties": false\n\t\t}\n\t},\n\t"required": ["a"],\n\t"additionalProperties": false\n}',
    );
    const crlf = '{\r\n  "type": "object",\r\n  "properties": {}\r\n}\r\n';
    expect(fix(crlf).text).toBe('{\r\n  "type": "object",\r\n  "properties": {},\r\n  "additionalProperties": false\r\n}\r\n');
    const compact = '{"type":"object","properties":{"a":{"type":"string"}}}';
    expect(fix(compact).text).toBe('{"type":"object","properties":{"a":{"type":["string","null"]}},"additionalProperties":false,"required":["a"]}');
  });

  it("fills an empty object on its own lines at the file's indentation", () => {
    const text =
      '{\n  "type": "object",\n  "properties": {\n    "a": {\n      "type": "object"\n    },\n    "b": {"type": "object"}\n  },\n  "required": ["a", "b"],\n  "additionalProperties": false\n}\n';
    const out = fix(text).text;
    expect(out).toContain('"a": {\n      "type": "object",\n      "additionalProperties": false\n    }');
    expect(out).toContain('"b": {"type": "object", "additionalProperties": false}');
  });

  it('makes optional properties required and nullable (RFC 0030 §D), enums included', () => {
    const text = JSON.stringify(
      {
        type: 'object',
        properties: {a: {type: 'string'}, b: {type: ['integer']}, c: {type: 'string', enum: ['x', 'y']}, d: {enum: ['p']}, e: {description: 'any'}, f: {type: ['string', 'null']}},
        required: [],
        additionalProperties: false,
      },
      null,
      2,
    );
    const out = JSON.parse(fix(text).text);
    expect(out.required).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(out.properties).toEqual({
      a: {type: ['string', 'null']},
      b: {type: ['integer', 'null']},
      c: {type: ['string', 'null'], enum: ['x', 'y', null]},
      d: {enum: ['p', null]},
      e: {description: 'any'},
      f: {type: ['string', 'null']},
    });
  });

  it('leaves unsafe properties optional, and says so', () => {
    const text = JSON.stringify(
      {type: 'object', properties: {r: {$ref: '#/$defs/x'}, k: {const: 'v'}, u: {anyOf: [{type: 'string'}]}, ok: {type: 'string'}}, additionalProperties: false, $defs: {x: {type: 'string'}}},
      null,
      2,
    );
    const out = JSON.parse(fix(text).text);
    expect(out.required).toEqual(['ok']);
    const left = lintText(JSON.stringify(out), {profile: 'strict'}).filter((f) => f.ruleId === 'tier1/all-required');
    expect(left.map((f) => f.pointer)).toEqual(['/properties/r', '/properties/k', '/properties/u']);
    expect(left[0].message).toContain('not auto-fixable: its schema uses "$ref"');
  });

  it('moves reasoning first, in properties and in propertyOrdering, keeping its text', () => {
    const text =
      '{\n  "type": "object",\n  "properties": {\n    "title": {"type": "string"},\n    "reasoning": {\n      "type": "string",\n      "description": "why"\n    }\n  },\n  "propertyOrdering": ["title", "reasoning"]\n}\n';
    const out = fix(text, {profile: 'load-bearing'}).text;
    expect(out).toBe(
      '{\n  "type": "object",\n  "properties": {\n    "reasoning": {\n      "type": "string",\n      "description": "why"\n    },\n    "title": {"type": "string"}\n  },\n  "propertyOrdering": ["reasoning", "title"]\n}\n',
    );
  });

  it('never loosens: pattern, format, bounds and additionalProperties: true stay', () => {
    const text = JSON.stringify(
      {
        type: 'object',
        properties: {a: {type: 'string', pattern: 'x', format: 'uuid', maxLength: 3}, m: {type: 'object', additionalProperties: true}},
        required: ['a', 'm'],
        additionalProperties: false,
      },
      null,
      2,
    );
    const out = fix(text);
    expect(out.fixed).toBe(0);
    expect(out.text).toBe(text);
  });

  it('is idempotent and never touches text that does not parse cleanly', () => {
    const text = JSON.stringify({type: 'object', properties: {z: {type: 'object', properties: {q: {type: 'number'}}}, reasoning: {type: 'string'}}}, null, 2);
    const once = fix(text);
    expect(once.fixed).toBeGreaterThan(0);
    const twice = fix(once.text);
    expect(twice.fixed).toBe(0);
    expect(twice.text).toBe(once.text);
    for (const bad of ['{"type": "object", "properties": {', '{"type":"object","type":"object","properties":{}}', '']) {
      const r = fix(bad);
      expect(r.text).toBe(bad);
      expect(r.fixed).toBe(0);
      expect(r.refused).toMatch(/not fixed/);
    }
  });
});

describe('applyFixes', () => {
  it('shares identical edits, applies non-overlapping ones, defers collisions', () => {
    const text = 'abcdef';
    const r = applyFixes(text, [
      {
        description: '1',
        edits: [
          {offset: 1, length: 1, content: 'B'},
          {offset: 5, length: 0, content: '!'},
        ],
      },
      {
        description: '2',
        edits: [
          {offset: 5, length: 0, content: '!'},
          {offset: 3, length: 1, content: 'D'},
        ],
      },
      {description: '3', edits: [{offset: 1, length: 2, content: 'XX'}]},
      {description: '4', edits: [{offset: 99, length: 0, content: 'x'}]},
    ]);
    expect(r.text).toBe('aBcDe!f');
    expect(r.applied).toBe(2);
  });

  it('joins appends to one array in the order of their fixes; other edits at one offset still wait', () => {
    const text = '["a"]';
    const append = (name: string) => ({description: name, edits: [{offset: 4, length: 0, content: `, "${name}"`, joinable: true as const}]});
    expect(applyFixes(text, [append('b'), append('c'), append('d')])).toEqual({text: '["a", "b", "c", "d"]', applied: 3});
    const plain = {description: 'x', edits: [{offset: 4, length: 0, content: ', "x"'}]};
    expect(applyFixes(text, [append('b'), plain, append('c')])).toEqual({text: '["a", "b", "c"]', applied: 2});
  });

  it('an edit reaching over a neighbour taken earlier, or under one taken later, collides', () => {
    const text = '0123456789';
    const r = applyFixes(text, [
      {description: 'mid', edits: [{offset: 4, length: 2, content: 'MM'}]},
      {description: 'over', edits: [{offset: 2, length: 3, content: 'O'}]},
      {description: 'under', edits: [{offset: 5, length: 0, content: 'U'}]},
      {description: 'after', edits: [{offset: 6, length: 1, content: 'A'}]},
    ]);
    expect(r).toEqual({text: '0123MMA789', applied: 2});
  });
});

describe('tier1/all-required fixes on an object with many optional properties', () => {
  const wide = (n: number) => JSON.stringify({type: 'object', properties: Object.fromEntries(Array.from({length: n}, (_, i) => [`p${i}`, {type: 'string'}])), additionalProperties: false}, null, 2);

  it("each finding's fix names its own property only (n small fixes, not n lists of n names)", () => {
    const findings = lintText(wide(50), {profile: 'strict', withFixes: true}).filter((f) => f.ruleId === 'tier1/all-required');
    expect(findings).toHaveLength(50);
    for (const [i, f] of findings.entries()) {
      expect(f.fix?.description).toBe(`list "p${i}" in "required" and allow null for "p${i}" (RFC 0030 §D)`);
      expect(f.fix?.edits.map((e) => e.content).join('').length).toBeLessThan(60);
    }
  });

  it('--fix still requires all of them, in text order, in two passes (the first creates "required")', () => {
    const out = fix(wide(3000));
    const fixed = JSON.parse(out.text) as {required: string[]; properties: Record<string, {type: unknown}>};
    expect(fixed.required).toEqual(Array.from({length: 3000}, (_, i) => `p${i}`));
    expect(fixed.properties.p2999.type).toEqual(['string', 'null']);
    expect(out.passes).toBe(2);
    expect(lintText(out.text, {profile: 'strict'}).filter((f) => f.ruleId === 'tier1/all-required')).toEqual([]);
  });
});

describe('lintSchemaFile with fixes', () => {
  it('writes atomically, keeps a BOM and the file mode, and reports what is left', async () => {
    const dir = tempDir();
    const file = join(dir, 'vendor.acme.x.schema.json');
    writeFileSync(file, '\uFEFF{\n  "type": "object",\n  "properties": {"a": {"type": "string", "maxLength": 3}}\n}\n');
    chmodSync(file, 0o640);
    const r = await lintSchemaFile(file, {cwd: dir, fix: 'write'});
    expect(r.fixed).toBe(2);
    const written = readFileSync(file, 'utf8');
    expect(written.startsWith('\uFEFF{')).toBe(true);
    expect(written).toContain('"additionalProperties": false');
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(r.findings.map((f) => f.ruleId)).toEqual(['tier1/string-constraint']);
    expect(readdirSync(dir)).toEqual(['vendor.acme.x.schema.json']); // no temp file left behind
    expect(r.kind).toBe('vendor.acme.x');
  });

  it('dry-run reports a diff and leaves the file alone', async () => {
    const dir = tempDir();
    const file = join(dir, 's.json');
    const text = '{\n  "type": "object",\n  "properties": {}\n}\n';
    writeFileSync(file, text);
    const r = await lintSchemaFile(file, {cwd: dir, fix: 'dry-run'});
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(r.diff).toBe('--- a/s.json\n+++ b/s.json\n@@ -1,4 +1,5 @@\n {\n   "type": "object",\n-  "properties": {}\n+  "properties": {},\n+  "additionalProperties": false\n }\n');
    expect(r.findings).toEqual([]);
  });

  it('dry-run places the findings left at their lines in the file as it is, not in the fixed text', async () => {
    const dir = tempDir();
    const file = join(dir, 's.json');
    // The fix for "a" adds a line above "c", whose oneOf no fix removes.
    const lines = [
      '{',
      '  "type": "object",',
      '  "properties": {',
      '    "a": {',
      '      "type": "object",',
      '      "properties": {}',
      '    },',
      '    "c": {"oneOf": [{"type": "string"}, {"type": "number"}]}',
      '  }',
      '}',
      '',
    ];
    writeFileSync(file, lines.join('\n'));
    const r = await lintSchemaFile(file, {cwd: dir, fix: 'dry-run'});
    expect(r.diff).toContain('+      "additionalProperties": false');
    const oneOf = r.findings.find((f) => f.ruleId === 'tier1/forbidden-keyword');
    expect(oneOf).toMatchObject({pointer: '/properties/c/oneOf', line: 8, column: 11, endLine: 8});
    expect(lines[7].slice(10)).toMatch(/^"oneOf"/);
    for (const f of r.findings) expect(f.fix).toBeUndefined();
  });

  it('never writes a file that failed to parse', async () => {
    const dir = tempDir();
    const file = join(dir, 's.json');
    writeFileSync(file, '{"type": "object", ');
    const r = await lintSchemaFile(file, {cwd: dir, fix: 'write'});
    expect(readFileSync(file, 'utf8')).toBe('{"type": "object", ');
    expect(r.findings.map((f) => f.ruleId)).toEqual(['json/syntax']);
  });
});

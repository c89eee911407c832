import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {lintSchemaDocument} from '../../src/lint/engine.js';
import {lintSchemaFile} from '../../src/lint/run.js';
import {walkSchema} from '../../src/lint/walker.js';
import {JsonDocument} from '../../src/io/json-document.js';
import {tempDir} from '../helpers/cli.js';
import {ids, lint, lintText} from './helpers.js';

describe('bad input never crashes the linter', () => {
  it('malformed JSON: one json/syntax finding with line and column', async () => {
    const r = await lintSchemaFile({text: '{\n  "type": "object",\n  "properties": {,}\n}', file: 'bad.json'});
    expect(r.findings.map((f) => [f.ruleId, f.line, f.column])).toEqual([['json/syntax', 3, 18]]);
  });

  it('empty and whitespace-only files', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'empty.json'), '');
    writeFileSync(join(dir, 'blank.json'), '  \n');
    expect(ids((await lintSchemaFile(join(dir, 'empty.json'), {cwd: dir})).findings)).toEqual(['io/empty']);
    expect(ids((await lintSchemaFile(join(dir, 'blank.json'), {cwd: dir})).findings)).toEqual(['io/empty']);
    expect(ids((await lintSchemaFile({text: '', file: 'x.json'})).findings)).toEqual(['json/syntax']);
  });

  it('a UTF-8 BOM is accepted', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'bom.json'), '\uFEFF{"type": "object", "properties": {}, "required": [], "additionalProperties": false}');
    expect((await lintSchemaFile(join(dir, 'bom.json'), {cwd: dir})).findings).toEqual([]);
  });

  it('binary files and missing files are findings, not exceptions', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'bin.json'), Buffer.from([0x7b, 0x00, 0x01, 0x02]));
    expect(ids((await lintSchemaFile(join(dir, 'bin.json'), {cwd: dir})).findings)).toEqual(['io/binary']);
    expect(ids((await lintSchemaFile(join(dir, 'nope.json'), {cwd: dir})).findings)).toEqual(['io/not-found']);
    expect(ids((await lintSchemaFile(dir, {cwd: dir})).findings)).toEqual(['io/unreadable']);
  });

  it('duplicate keys are reported and block --fix', async () => {
    const r = await lintSchemaFile({text: '{"type": "object", "properties": {}, "properties": {}}', file: 'd.json'}, {fix: 'dry-run'});
    expect(ids(r.findings)).toContain('json/duplicate-key');
    expect(r.diff).toBeUndefined();
  });

  it('10,000-deep nesting is refused cleanly (json/too-deep), no stack overflow', () => {
    const deep = '{"properties":'.repeat(10_000) + '{}' + '}'.repeat(10_000);
    expect(ids(lintText(deep))).toEqual(['json/too-deep']);
    const arrays = '['.repeat(10_000) + ']'.repeat(10_000);
    expect(ids(lintText(arrays))).toEqual(['json/too-deep']);
  });

  it('a deep but accepted schema (400 levels) is walked iteratively and reported once', () => {
    let s: unknown = {type: 'string'};
    for (let i = 0; i < 400; i++) s = {type: 'object', properties: {a: s}, required: ['a'], additionalProperties: false};
    const findings = lint(s, {profile: 'strict', targets: ['tier1', 'openai']});
    expect(ids(findings).sort()).toEqual(['openai/max-nesting', 'tier1/max-depth']);
  });

  it('$ref cycles terminate, including mutual ones across files', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.json'), JSON.stringify({type: 'object', properties: {b: {$ref: 'b.json'}}, required: ['b'], additionalProperties: false}));
    writeFileSync(join(dir, 'b.json'), JSON.stringify({type: 'object', properties: {a: {$ref: 'a.json#'}}, required: ['a'], additionalProperties: false}));
    const r = await lintSchemaFile(join(dir, 'a.json'), {cwd: dir, targets: ['tier1', 'anthropic']});
    expect(ids(r.findings).sort()).toEqual(['anthropic/external-ref', 'anthropic/external-ref', 'anthropic/recursion', 'ref/recursive']);
    const self = lint({$ref: '#'});
    expect(ids(self)).toContain('ref/recursive');
  });

  it('a walk limit stops pathological expansion with a warning', () => {
    const doc = JsonDocument.parse(JSON.stringify({type: 'object', properties: Object.fromEntries(Array.from({length: 50}, (_, i) => [`p${i}`, {type: 'string'}]))}), {file: 'x.json'});
    const stats = walkSchema(doc, {maxVisits: 10}, () => {});
    expect(stats.truncated).toBe(true);
    const incomplete = lintSchemaDocument(JsonDocument.parse(`\n  ${doc.text}`, {file: 'x.json'}), {maxVisits: 10}).filter((f) => f.ruleId === 'lint/incomplete');
    expect(incomplete).toEqual([expect.objectContaining({severity: 'warning', pointer: '', line: 2, column: 3, endLine: 2, endColumn: doc.text.length + 3})]);
  });

  it('non-schema values inside a schema are skipped, not crashed on', () => {
    const findings = lint({type: 'object', properties: {a: 5, b: null, c: true, d: [1]}, anyOf: 'x', items: 3, $defs: [], required: 'a', $ref: 7}, {profile: 'strict'});
    expect(findings.every((f) => typeof f.message === 'string')).toBe(true);
  });

  it('__proto__ keys are reported, not followed into the prototype', () => {
    const findings = lintText('{"type": "object", "properties": {"__proto__": {"type": "string"}}, "required": ["__proto__"], "additionalProperties": false}', {profile: 'strict'});
    expect(ids(findings)).toEqual(['json/proto-key']);
  });
});

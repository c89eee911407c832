import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {Readable} from 'node:stream';
import {describe, expect, it} from 'vitest';
import {lintSchemaInputs} from '../../src/lint/run.js';
import {tempDir} from '../helpers/cli.js';

const open = JSON.stringify({type: 'object', properties: {a: {type: 'string'}}}, null, 2);
const clean = JSON.stringify({type: 'object', properties: {a: {type: 'string'}}, required: ['a'], additionalProperties: false}, null, 2);

describe('lintSchemaInputs', () => {
  it('expands folders and globs, honours ignore globs relative to the config folder, and reports missing inputs as fatal', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'schemas', 'generated'), {recursive: true});
    writeFileSync(join(dir, 'schemas', 'a.schema.json'), open);
    writeFileSync(join(dir, 'schemas', 'b.schema.json'), clean);
    writeFileSync(join(dir, 'schemas', 'generated', 'c.schema.json'), open);
    const r = await lintSchemaInputs(['schemas'], {cwd: dir, config: {ignore: ['schemas/generated/**']}, configBaseDir: dir});
    expect(r.results.map((x) => x.file)).toEqual(['schemas/a.schema.json', 'schemas/b.schema.json']);
    expect(r.fatal).toBe(false);
    expect(r.results[0].findings.map((f) => f.ruleId).sort()).toEqual(['tier1/additional-properties', 'tier1/all-required']);
    const missing = await lintSchemaInputs(['nope.json'], {cwd: dir});
    expect(missing.fatal).toBe(true);
    expect(missing.results[0].findings[0].ruleId).toBe('io/not-found');
  });

  it('fixes several files and totals the fixes', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.json'), open);
    writeFileSync(join(dir, 'b.json'), open);
    const r = await lintSchemaInputs(['a.json', 'b.json'], {cwd: dir, fix: 'write'});
    expect(r.summary.fixed).toBe(4);
    expect(r.results.every((x) => x.findings.length === 0)).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'a.json'), 'utf8'))).toEqual({type: 'object', properties: {a: {type: ['string', 'null']}}, additionalProperties: false, required: ['a']});
  });

  it('stdin: a pretty-printed schema, with a dry-run diff; --fix cannot write back', async () => {
    const dir = tempDir();
    const r = await lintSchemaInputs(['-'], {cwd: dir, fix: 'dry-run', stdin: Readable.from([open])});
    expect(r.results[0].file).toBe('<stdin>');
    expect(r.results[0].diff).toContain('+  "additionalProperties": false');
    const w = await lintSchemaInputs(['-'], {cwd: dir, fix: 'write', stdin: Readable.from([open])});
    expect(w.results[0].findings.map((f) => f.ruleId)).toContain('lint/not-fixed');
  });

  it("per-file overrides and CLI flags decide each file's options", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'strict.json'), open);
    writeFileSync(join(dir, 'loose.json'), open);
    const config = {overrides: [{files: ['loose.json'], lint: {profile: 'load-bearing' as const}}]};
    const r = await lintSchemaInputs(['strict.json', 'loose.json'], {cwd: dir, config, configBaseDir: dir});
    expect(r.results.map((x) => x.findings.length)).toEqual([2, 0]);
    const cli = await lintSchemaInputs(['loose.json'], {cwd: dir, config, configBaseDir: dir, cli: {profile: 'strict'}});
    expect(cli.results[0].findings).toHaveLength(2);
  });
});

describe('findings in referenced files', () => {
  it('get their own result, once per run', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'common.json'), JSON.stringify({$defs: {x: {type: 'object', properties: {}}}}, null, 2));
    const user = JSON.stringify({type: 'object', properties: {a: {$ref: 'common.json#/$defs/x'}}, required: ['a'], additionalProperties: false}, null, 2);
    writeFileSync(join(dir, 'one.json'), user);
    writeFileSync(join(dir, 'two.json'), user);
    const r = await lintSchemaInputs(['one.json', 'two.json'], {cwd: dir});
    expect(r.results.map((x) => [x.file, x.findings.map((f) => f.ruleId), x.referencedBy])).toEqual([
      ['one.json', [], undefined],
      ['common.json', ['tier1-ext/additional-properties'], 'one.json'],
      ['two.json', [], undefined],
    ]);
  });
});

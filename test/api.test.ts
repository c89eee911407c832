import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {describe, expect, it} from 'vitest';
import {ROOT} from './helpers/cli.js';

describe('the programmatic API (the built package entry)', () => {
  it('exports each command as a function returning the JSON report shape', async () => {
    const api = await import(pathToFileURL(join(ROOT, 'dist/src/index.js')).href);
    for (const name of ['validateEnvelopes', 'lintSchema', 'validatePack', 'probeHost', 'simulateRetry', 'scaffoldKind']) expect(typeof api[name], name).toBe('function');
    const envelopes = await api.validateEnvelopes(['examples/envelopes/stream.ndjson'], {cwd: ROOT});
    expect(envelopes.results[0].findings.map((f: {line: number}) => f.line)).toEqual([3, 4]);
    const lint = await api.lintSchema(['examples/schemas/violations'], {cwd: ROOT});
    expect(lint.results.some((r: {findings: unknown[]}) => r.findings.length > 0)).toBe(true);
    const report = api.buildReport('validate envelope', '0.0.0', envelopes.results);
    expect(api.exitCodeFor(report, {failOn: 'error', fatal: false})).toBe(1);
  });

  it('lintSchemaDocument lints a JsonDocument, JSON text or a parsed value alike, and names text after options.path', async () => {
    const api = await import(pathToFileURL(join(ROOT, 'dist/src/index.js')).href);
    const schema = {type: 'object', properties: {title: {type: 'string', format: 'email'}}, required: ['title'], additionalProperties: false};
    const text = JSON.stringify(schema, null, 2);
    const brief = (fs: {file: string; ruleId: string; line: number; column: number}[]) => fs.map((f) => `${f.file}:${f.line}:${f.column} ${f.ruleId}`);
    const fromValue = brief(api.lintSchemaDocument(schema));
    expect(fromValue).toEqual(['schema.json:6:7 tier1/string-constraint']);
    expect(brief(api.lintSchemaDocument(text))).toEqual(fromValue);
    expect(brief(api.lintSchemaDocument(api.JsonDocument.parse(text, {file: 'schema.json'})))).toEqual(fromValue);
    expect(brief(api.lintSchemaDocument(text, {cwd: ROOT, path: join(ROOT, 'schemas', 'plan.schema.json')}))).toEqual(['schemas/plan.schema.json:6:7 tier1/string-constraint']);
    // Text that is not JSON is a finding, as a broken file is.
    expect(brief(api.lintSchemaDocument('{"type": '))).toEqual(['schema.json:1:10 json/syntax']);
  });

  it('the package.json entry points at it, with types', async () => {
    const pkg = (await import(pathToFileURL(join(ROOT, 'package.json')).href, {with: {type: 'json'}})).default;
    expect(pkg.exports['.']).toEqual({types: './dist/src/index.d.ts', import: './dist/src/index.js'});
  });
});

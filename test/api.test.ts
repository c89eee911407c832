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

  it('the package.json entry points at it, with types', async () => {
    const pkg = (await import(pathToFileURL(join(ROOT, 'package.json')).href, {with: {type: 'json'}})).default;
    expect(pkg.exports['.']).toEqual({types: './dist/src/index.d.ts', import: './dist/src/index.js'});
  });
});

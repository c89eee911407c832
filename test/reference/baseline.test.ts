// --baseline against the reference material: a baselined run's SARIF log is valid against the official SARIF 2.1.0
// schema (SchemaStore's sarif-2.1.0.json, read from ../shared/reference/schemastore at commit
// 588f3154fb8127d6b78508eedd6bf3dcd7c36c98, Apache-2.0; see PROVENANCE.md there; not copied into the project), and
// adopting openwop on the whole registry snapshot works: record, then a clean run that knows every finding.
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {Ajv} from 'ajv';
import addFormatsModule from 'ajv-formats';
import {describe, expect, it} from 'vitest';
import {runCli, tempDir} from '../helpers/cli.js';
import {readJson, referencePath} from './support/reference.js';

type Any = any;

// draft-07, as the schema's $schema says: Ajv's default draft. Without the u flag: the schema's language pattern
// (^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$) has a stray "]" that only a non-unicode RegExp accepts.
const ajv = new Ajv({allErrors: true, strict: false, unicodeRegExp: false});
addFormatsModule.default(ajv);
const validateSarif = ajv.compile(readJson(referencePath('schemastore', 'sarif-2.1.0.json')) as object);
const problems = (log: unknown) => (validateSarif(log) ? [] : (validateSarif.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));

function project(): string {
  const dir = tempDir('openwop-baseline-ref-');
  mkdirSync(join(dir, '.git'));
  return dir;
}

describe('--baseline and the SARIF 2.1.0 schema', () => {
  it('a log with suppressed (baselined) and open results is valid; a suppression without its kind is not', async () => {
    const dir = project();
    writeFileSync(join(dir, 'a.json'), JSON.stringify({type: 'object', properties: {a: {oneOf: [{type: 'string'}]}}}));
    await runCli(['lint', 'schema', 'a.json', '--baseline', 'base.json', '--update-baseline'], {cwd: dir});
    writeFileSync(join(dir, 'a.json'), JSON.stringify({type: 'object', properties: {a: {oneOf: [{type: 'string'}]}, b: {allOf: [{type: 'string'}]}}}));
    const run = await runCli(['lint', 'schema', 'a.json', '--baseline', 'base.json', '--format', 'sarif'], {cwd: dir});
    expect(run.code).toBe(1);
    const log = JSON.parse(run.stdout);
    const results = log.runs[0].results as Any[];
    expect(results.filter((r) => r.suppressions).length).toBeGreaterThan(0);
    expect(results.filter((r) => !r.suppressions).length).toBeGreaterThan(0);
    expect(problems(log)).toEqual([]);
    // The schema is really applied to suppressions.
    delete results.find((r) => r.suppressions).suppressions[0].kind;
    expect(problems(log).join('\n')).toContain('suppressions/0 must have required property');
  });
});

describe('adopting openwop on the registry snapshot', () => {
  it('validate pack over all packs: --update-baseline records every error and warning; the next run exits 0 with all of them baselined, byte-stable', async () => {
    const dir = project();
    const packs = referencePath('openwop-registry', 'packs');
    const bare = JSON.parse((await runCli(['validate', 'pack', packs, '--format', 'json'], {cwd: dir})).stdout);
    const failing = bare.summary.errors + bare.summary.warnings;
    expect(failing).toBeGreaterThan(0);
    const update = await runCli(['validate', 'pack', packs, '--baseline', 'base.json', '--update-baseline'], {cwd: dir});
    expect(update.code, update.stderr).toBe(0);
    const first = readFileSync(join(dir, 'base.json'));
    const run = await runCli(['validate', 'pack', packs, '--baseline', 'base.json', '--format', 'json'], {cwd: dir});
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).summary).toMatchObject({errors: 0, warnings: 0, baselined: failing, baselineFixed: 0});
    await runCli(['validate', 'pack', packs, '--baseline', 'base.json', '--update-baseline'], {cwd: dir});
    expect(readFileSync(join(dir, 'base.json')).equals(first)).toBe(true);
  });
});

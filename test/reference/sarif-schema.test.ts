import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {Ajv} from 'ajv';
import addFormatsModule from 'ajv-formats';
import type {ValidateFunction} from 'ajv';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {startHost, type TestHost} from '../probe/helpers/host.js';
import {REFERENCE_ROOT, referencePath} from './support/reference.js';

type Any = any;

const addFormats = addFormatsModule.default;

// The official SARIF 2.1.0 schema (OASIS sarif-spec, as SchemaStore publishes it), read where the reference material
// keeps it and never copied into the project. Its `language` pattern ("^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$") is not a
// valid regular expression under the u flag Ajv uses by default, hence unicodeRegExp: false.
let validateSarif: ValidateFunction;
beforeAll(() => {
  const schema = JSON.parse(readFileSync(referencePath('schemastore', 'sarif-2.1.0.json'), 'utf8'));
  const ajv = new Ajv({allErrors: true, strict: false, unicodeRegExp: false});
  addFormats(ajv);
  validateSarif = ajv.compile(schema);
});

const DISCOVERY = referencePath('openwop', 'fixtures', 'discovery');

/** Every checking command over reference data, from the reference folder so in-tree files get %SRCROOT% URIs. */
const RUNS: [string, string[]][] = [
  ['lint schema, every target', ['lint', 'schema', 'openwop/schemas', '--target', 'tier1,openai,anthropic,gemini']],
  ['lint schema, load-bearing', ['lint', 'schema', 'openwop/schemas', '--profile', 'load-bearing']],
  ['validate envelope (openwop)', ['validate', 'envelope', 'openwop/fixtures/envelopes']],
  ['validate envelope (foxctl)', ['validate', 'envelope', 'foxctl/golden', '--protocol', 'foxctl']],
  ['validate pack', ['validate', 'pack', 'openwop/fixtures/pack-manifests', 'openwop/fixtures/examples-packs', 'openwop/fixtures/registry-samples']],
  ...readdirSync(referencePath('openwop', 'fixtures', 'certification-bundles'))
    .sort()
    .map((f): [string, string[]] => [`validate bundle ${f}`, ['validate', 'bundle', `openwop/fixtures/certification-bundles/${f}`]]),
  ['validate bundle (v3 bundle)', ['validate', 'bundle', 'openwop-v2/examples/v2-reference.bundle-v3.json']],
  ['simulate retry (mock-AI programs)', ['simulate', 'retry', 'openwop/fixtures/mock-ai-programs']],
  ['simulate retry (provider bodies)', ['simulate', 'retry', 'providers']],
];

const HOSTS = readdirSync(DISCOVERY)
  .filter((f) => f.endsWith('.well-known-openwop.json'))
  .map((f) => f.replace('.well-known-openwop.json', ''))
  .sort();

/** Parses the log and checks it against the schema and the promises code scanning relies on. */
function checkLog(stdout: string): Any {
  const log = JSON.parse(stdout);
  const valid = validateSarif(log);
  expect(valid ? [] : validateSarif.errors?.slice(0, 5).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`)).toEqual([]);
  const run = log.runs[0];
  const ids = run.tool.driver.rules.map((r: Any) => r.id);
  for (const rule of run.tool.driver.rules) {
    expect(rule.helpUri, `${rule.id} has no helpUri`).toMatch(/^https:\/\/.+\.md$/);
    expect(rule.helpUri).toContain(`/${rule.id}.md`);
    expect(rule.help?.text, `${rule.id} has no help text`).toBeTruthy();
    expect(rule.help?.markdown, `${rule.id} has no help markdown`).toBeTruthy();
  }
  for (const res of run.results) expect(ids[res.ruleIndex]).toBe(res.ruleId);
  return log;
}

describe('SARIF from every command validates against the official SARIF 2.1.0 schema', () => {
  it('compiled the schema, which rejects a broken log', () => {
    expect(validateSarif({version: '2.1.0', runs: [{tool: {driver: {name: 'x', rules: [{id: 'a', helpUri: 'not a uri'}]}}, results: [{message: {}}]}]})).toBe(false);
  });

  const logs: {command: string; log: Any}[] = [];

  it.each(RUNS)('%s', async (_name, args) => {
    const r = await runCli([...args, '--format', 'sarif'], {cwd: REFERENCE_ROOT});
    expect(r.stderr).not.toMatch(/\n\s+at /);
    logs.push({command: args.slice(0, 2).join(' '), log: checkLog(r.stdout)});
  });

  describe("probe host, against the reference hosts' discovery documents served on 127.0.0.1", () => {
    let host: TestHost;
    beforeAll(async () => {
      host = await startHost(Object.fromEntries(HOSTS.map((name) => [`/${name}/.well-known/openwop`, {body: readFileSync(join(DISCOVERY, `${name}.well-known-openwop.json`))}])));
    });
    afterAll(() => host.close());

    it.each(HOSTS)('%s', async (name) => {
      const r = await runCli(['probe', 'host', host.url(`/${name}`), '--format', 'sarif'], {cwd: REFERENCE_ROOT});
      const log = checkLog(r.stdout);
      expect(log.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).toBe(host.url(`/${name}/.well-known/openwop`));
      logs.push({command: 'probe host', log});
    });
  });

  it('between them the logs hold results from every command, fixes among them', () => {
    const withResults = new Set(logs.filter((l) => l.log.runs[0].results.length > 0).map((l) => l.command));
    expect([...withResults].sort()).toEqual(['lint schema', 'probe host', 'simulate retry', 'validate bundle', 'validate envelope', 'validate pack']);
    const results = logs.flatMap((l) => l.log.runs[0].results);
    expect(results.some((r) => r.fixes?.[0]?.artifactChanges?.[0]?.replacements?.length > 0)).toBe(true);
  });
});

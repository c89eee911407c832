import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {ruleDocsUrl} from '../../src/report/rule-docs-url.js';
import {ENVELOPE_RULES} from '../../src/envelope/openwop/rules.js';
import {runCli, tempProject} from '../helpers/cli.js';

// The rule added by following CONTRIBUTING.md "Adding a rule" once: reported, listed, explained, in SARIF and
// configurable with nothing but its table entry, the table (the family's index) and its check.
// test/cli/adding-a-rule.test.ts and test/docs/rule-docs.test.ts hold the listing, --explain and docs page for every rule.

const RULE = ENVELOPE_RULES.mediaMimeMismatch;
const MISMATCHED = {
  type: 'media.image',
  envelopeId: 'e-1',
  correlationId: 'run:n:0:k',
  payload: {bytes: 2048, mimeType: 'image/png', url: 'https://host.example/a/1'},
  meta: {source: 'ai-generation', ts: '2026-11-20T10:00:00Z', rendering: {display: 'image', mimeType: 'image/jpeg'}},
};

describe('validate envelope reports envelope/media-mime-mismatch', () => {
  let cwd: string;
  beforeAll(() => {
    cwd = tempProject({'media.json': MISMATCHED, 'agreed.json': {...MISMATCHED, meta: {...MISMATCHED.meta, rendering: {display: 'image', mimeType: 'image/png'}}}});
  });

  it('as a warning with its messageId and data in the JSON report, and not on an agreeing envelope', async () => {
    const r = await runCli(['validate', 'envelope', 'media.json', 'agreed.json', '--json'], {cwd});
    expect(r.code, r.stderr).toBe(0);
    const results = (JSON.parse(r.stdout) as {results: {file: string; findings: {ruleId: string; severity: string; messageId?: string; data?: unknown}[]}[]}).results;
    expect(results.map((f) => [f.file, f.findings.map((x) => [x.ruleId, x.severity, x.messageId, x.data])])).toEqual([
      ['media.json', [[RULE.id, 'warning', 'mismatch', {kind: 'media.image', payload: 'image/png', rendering: 'image/jpeg'}]]],
      ['agreed.json', []],
    ]);
  });

  it('in SARIF, with the rule in rules[] and its helpUri', async () => {
    const r = await runCli(['validate', 'envelope', 'media.json', '--format', 'sarif', '--output', 'out.sarif'], {cwd});
    expect(r.code, r.stderr).toBe(0);
    const run = JSON.parse(readFileSync(join(cwd, 'out.sarif'), 'utf8')).runs[0];
    const rule = run.tool.driver.rules.find((x: {id: string}) => x.id === RULE.id);
    expect(rule).toMatchObject({shortDescription: {text: RULE.description}, helpUri: ruleDocsUrl(RULE), defaultConfiguration: {level: 'warning'}});
    expect(rule.helpUri).toMatch(/\/docs\/rules\/envelope\/media-mime-mismatch\.md$/);
    expect(run.results.map((x: {ruleId: string; level: string}) => [x.ruleId, x.level])).toEqual([[RULE.id, 'warning']]);
  });

  it('under --rule: off silences it, error fails the run', async () => {
    const off = await runCli(['validate', 'envelope', 'media.json', '--json', '--rule', `${RULE.id}=off`], {cwd});
    expect(JSON.parse(off.stdout).summary.warnings).toBe(0);
    const error = await runCli(['validate', 'envelope', 'media.json', '--json', '--rule', `${RULE.id}=error`], {cwd});
    expect(error.code).toBe(1);
    expect(JSON.parse(error.stdout).summary.errors).toBe(1);
  });

  it('in --list-rules and --explain, with its sources and docs link', async () => {
    const list = await runCli(['validate', 'envelope', '--list-rules', '--json'], {cwd});
    expect((JSON.parse(list.stdout) as {id: string}[]).map((x) => x.id)).toContain(RULE.id);
    const explain = await runCli(['validate', 'envelope', '--explain', RULE.id], {cwd});
    expect(explain.code, explain.stderr).toBe(0);
    for (const bit of [`${RULE.id} — ${RULE.description}`, 'SHOULD match', 'media.file.schema.json', '2026-11', ruleDocsUrl(RULE)]) expect(explain.stdout).toContain(bit);
  });
});

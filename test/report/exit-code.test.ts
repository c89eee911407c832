import {describe, expect, it} from 'vitest';
import {applyQuiet, applyRuleOverrides, applyRuleOverridesToReport, exitCodeFor, type ExitPolicy} from '../../src/report/exit-code.js';
import {defineRule} from '../../src/core/rule.js';
import type {RuleLevel} from '../../src/core/severity.js';
import type {Severity} from '../../src/core/finding.js';
import {buildReport} from '../../src/report/report.js';
import {finding} from './sample.js';

function reportWith(...severities: Severity[]) {
  return buildReport('lint schema', '0.1.0', [{file: 'a.json', findings: severities.map((severity) => finding({file: 'a.json', severity}))}]);
}

describe('exitCodeFor', () => {
  const base: ExitPolicy = {failOn: 'error', fatal: false};
  it.each([
    ['clean', [], base, 0],
    ['infos never fail', ['info', 'info'], {...base, failOn: 'warning', maxWarnings: 0}, 0],
    ['an error', ['error'], base, 1],
    ['warnings under fail-on error', ['warning', 'warning'], base, 0],
    ['a warning under fail-on warning', ['warning'], {...base, failOn: 'warning'}, 1],
    ['--max-warnings 0 fails on one warning', ['warning'], {...base, maxWarnings: 0}, 1],
    ['--max-warnings 2 allows two', ['warning', 'warning'], {...base, maxWarnings: 2}, 0],
    ['--max-warnings 2 fails on three', ['warning', 'warning', 'warning'], {...base, maxWarnings: 2}, 1],
    ['negative max-warnings disables it', ['warning'], {...base, maxWarnings: -1}, 0],
    ['fatal with no findings', [], {...base, fatal: true}, 2],
    ['fatal beats findings', ['error', 'warning'], {...base, fatal: true}, 2],
  ] as const)('%s → %i', (_name, severities, policy, want) => {
    expect(exitCodeFor(reportWith(...severities), policy)).toBe(want);
  });

  it('counts findings, not a stale summary', () => {
    const r = reportWith('error');
    r.summary.errors = 0;
    expect(exitCodeFor(r, base)).toBe(1);
  });
});

describe('applyQuiet', () => {
  it('drops non-errors, keeps every file and the command summary fields, notes what it hid', () => {
    const r = buildReport(
      'lint schema',
      '0.1.0',
      [
        {file: 'a.json', findings: [finding({file: 'a.json'}), finding({file: 'a.json', severity: 'warning'}), finding({file: 'a.json', severity: 'info'})], extra: 1},
        {file: 'b.json', findings: [finding({file: 'b.json', severity: 'warning'})]},
      ],
      {targets: ['tier1']},
    );
    const q = applyQuiet(r);
    expect(q.results.map((x) => x.findings.map((f) => f.severity))).toEqual([['error'], []]);
    expect(q.results[0].extra).toBe(1);
    expect(q.summary).toEqual({files: 2, errors: 1, warnings: 0, infos: 0, targets: ['tier1'], hiddenByQuiet: {warnings: 2, infos: 1}});
    expect(r.results[0].findings).toHaveLength(3);
  });

  it('adds nothing when nothing was hidden', () => {
    expect(applyQuiet(reportWith('error')).summary).toEqual({files: 1, errors: 1, warnings: 0, infos: 0});
  });

  it('does not change the verdict when computed on the full report', () => {
    const r = reportWith('warning');
    expect(exitCodeFor(r, {failOn: 'warning', fatal: false})).toBe(1);
    expect(applyQuiet(r).results[0].findings).toEqual([]);
  });
});

describe('applyRuleOverrides', () => {
  const findings = [
    finding({file: 'a', ruleId: 'tier1/forbidden-keyword', severity: 'error'}),
    finding({file: 'a', ruleId: 'tier1/max-nesting-depth-5', severity: 'error'}),
    finding({file: 'a', ruleId: 'reasoning/first', severity: 'warning'}),
    finding({file: 'a', ruleId: 'tier1x/other', severity: 'error'}),
  ];
  const run = (entries: [string, RuleLevel][]) => applyRuleOverrides(findings, Object.fromEntries(entries), []).map((f) => `${f.ruleId}=${f.severity}`);

  it('re-severities and removes by exact id', () => {
    expect(
      run([
        ['reasoning/first', 'error'],
        ['tier1/forbidden-keyword', 'off'],
        ['tier1/max-nesting-depth-5', 'warn'],
      ]),
    ).toEqual(['tier1/max-nesting-depth-5=warning', 'reasoning/first=error', 'tier1x/other=error']);
  });

  it('supports prefix wildcards, with the most specific key winning', () => {
    expect(run([['tier1/*', 'off']])).toEqual(['reasoning/first=warning', 'tier1x/other=error']);
    expect(
      run([
        ['tier1/*', 'off'],
        ['tier1/max-nesting-depth-5', 'error'],
      ]),
    ).toEqual(['tier1/max-nesting-depth-5=error', 'reasoning/first=warning', 'tier1x/other=error']);
    expect(
      run([
        ['*', 'warn'],
        ['tier1/*', 'info'],
      ]),
    ).toEqual(['tier1/forbidden-keyword=info', 'tier1/max-nesting-depth-5=info', 'reasoning/first=warning', 'tier1x/other=warning']);
  });

  it('leaves the input alone', () => {
    const before = JSON.stringify(findings);
    run([['*', 'off']]);
    expect(JSON.stringify(findings)).toBe(before);
  });

  it('recomputes the summary when applied to a report', () => {
    const r = applyRuleOverridesToReport(reportWith('error', 'warning'), {'tier1/*': 'warn'}, []);
    expect(r.summary).toMatchObject({errors: 0, warnings: 2});
  });

  describe('a rule known by aliases and an upstream code', () => {
    const rules = [
      defineRule({id: 'envelope/cap-schema-rounds', code: 'cap.breached', aliases: ['cap.breached/schema'], description: 'x'}),
      defineRule({id: 'envelope/duplicate-id', aliases: ['envelope-duplicate-id'], description: 'x'}),
    ];
    const capped = [finding({file: 'a', ruleId: 'envelope/cap-schema-rounds', severity: 'error'}), finding({file: 'a', ruleId: 'envelope/duplicate-id', severity: 'error'})];
    const settle = (settings: Record<string, RuleLevel>) => applyRuleOverrides(capped, settings, rules).map((f) => `${f.ruleId}=${f.severity}`);

    it('stamps the code on each finding of the rule, with or without settings', () => {
      expect(applyRuleOverrides(capped, {}, rules).map((f) => f.code)).toEqual(['cap.breached', undefined]);
    });

    it('reaches it by its id, an old id, an old-id wildcard, the code and a new-family wildcard', () => {
      expect(settle({'cap.breached/schema': 'warn'})).toEqual(['envelope/cap-schema-rounds=warning', 'envelope/duplicate-id=error']);
      expect(settle({'cap.breached/*': 'info'})).toEqual(['envelope/cap-schema-rounds=info', 'envelope/duplicate-id=error']);
      expect(settle({'cap.breached': 'off'})).toEqual(['envelope/duplicate-id=error']);
      expect(settle({'envelope-duplicate-id': 'off'})).toEqual(['envelope/cap-schema-rounds=error']);
      expect(settle({'envelope/*': 'off', 'cap.breached': 'warn'})).toEqual(['envelope/cap-schema-rounds=warning']);
    });
  });
});

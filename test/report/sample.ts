import type {FileResult, Finding, Report} from '../../src/core/finding.js';
import {defineRule} from '../../src/core/rule.js';
import {buildReport} from '../../src/report/report.js';
import {makeFormatContext, type FormatContext} from '../../src/report/format-context.js';

/** A fake checkout root: formatters are pure, so nothing here touches the file system. */
export const CWD = '/work/proj';

export function finding(over: Partial<Finding> & Pick<Finding, 'file'>): Finding {
  return {ruleId: 'tier1/forbidden-keyword', severity: 'error', message: 'Keyword "oneOf" is not in the Tier-1 subset', pointer: '/properties/a/oneOf', line: 3, column: 7, ...over};
}

/** Every severity, a clean file, stdin, a file outside the checkout, awkward characters. */
export function sampleReport(): Report {
  const a = 'schemas/a b.json';
  const results: FileResult[] = [
    {
      file: a,
      findings: [
        finding({file: a, line: 12, column: 15, endLine: 12, endColumn: 21, docsUrl: 'https://example.test/rules/forbidden-keyword'}),
        finding({
          file: a,
          ruleId: 'reasoning/first',
          severity: 'warning',
          docsUrl: 'https://example.test/rules/reasoning-first',
          message: '"reasoning" should be the first property',
          pointer: '/properties',
          line: 2,
          column: 3,
        }),
        finding({file: a, ruleId: 'tier1/max-nesting-depth-5', severity: 'info', message: 'Nesting depth is 5 (the limit)', pointer: '/properties/x~1y', line: 140, column: 1}),
      ],
    },
    {file: 'schemas/clean.json', findings: []},
    {
      file: '-',
      findings: [finding({file: '-', ruleId: 'envelope/duplicate-id', message: 'Duplicate envelopeId "e1"\nfirst seen on line 1', pointer: '/envelopeId', line: 4, column: 1})],
    },
    {
      file: '/elsewhere/b.json',
      findings: [finding({file: '/elsewhere/b.json', severity: 'warning', ruleId: 'pack/missing-schema', message: 'Schema "node:a,b" 100% missing', pointer: '', line: 1, column: 1})],
    },
  ];
  return buildReport('lint schema', '0.1.0', results);
}

/** A rule with every field SARIF renders; `reasoning/first`, `pack/…` and `envelope/…` are left unknown on purpose. */
export const FORBIDDEN_KEYWORD = defineRule({
  id: 'tier1/forbidden-keyword',
  description: 'Keywords outside the Tier-1 subset',
  code: 'forbidden-keyword',
  aliases: ['tier1-forbidden'],
  commands: ['lint schema', 'validate pack'],
  profiles: ['strict'],
  targets: ['tier1', 'openai'],
  explanation: 'Structured-output engines reject these keywords.',
  examples: {invalid: ['{"oneOf": []}'], valid: []},
});

export function sampleContext(over: Partial<FormatContext> = {}): FormatContext {
  return makeFormatContext({
    cwd: CWD,
    toolVersion: '0.1.0',
    informationUri: 'https://example.test/openwop',
    rules: new Map([[FORBIDDEN_KEYWORD.id, FORBIDDEN_KEYWORD]]),
    ...over,
  });
}

export const ANSI = /\u001b\[[0-9;]*m/g;

import {describe, expect, it} from 'vitest';
import type {Finding, Report} from '../../src/core/finding.js';
import {FORMATS, getFormatter} from '../../src/report/formatters/index.js';
import {clipLine, MAX_LINE} from '../../src/report/printable.js';
import {buildReport} from '../../src/report/report.js';
import {sampleContext} from '../report/sample.js';
import {growth, MAX_GROWTH} from './helpers/growth.js';

// Every formatter stays linear and bounded: no crash on a huge report, no row as wide as the widest message, no
// megabyte-long value printed whole to a person.

const FILE = 'schemas/big.schema.json';
const HUMAN = ['stylish', 'github', 'junit'] as const;

function findings(n: number, message = (i: number) => `property "field_${i}" is not in "required"`): Finding[] {
  return Array.from({length: n}, (_, i) => ({
    ruleId: i % 2 ? 'tier1/all-required' : 'tier1/forbidden-keyword',
    severity: i % 3 ? 'error' : 'warning',
    message: message(i),
    file: FILE,
    pointer: `/properties/field_${i}`,
    line: 2 + i,
    column: 5,
  }));
}

const report = (list: Finding[], file = FILE): Report => buildReport('lint schema', '0.1.0', [{file, findings: list.map((f) => ({...f, file}))}]);

describe('formatters at scale', () => {
  it('200,000 findings in one file: stylish (which used to overflow the call stack) and github complete', () => {
    // The other formats are held to linear growth below; their size, not their code, is what 200k findings test.
    const big = report(findings(200_000));
    expect(getFormatter('stylish')(big, sampleContext()).split('\n')).toHaveLength(200_000 + 4);
    expect(getFormatter('github')(big, sampleContext()).split('\n')).toHaveLength(200_000 + 1);
  });

  it('a 1 MB key quoted in a message is cut in every human-readable format, and no row is padded to it', () => {
    const key = 'k'.repeat(1 << 20);
    const list = findings(2_000);
    list[7] = {...list[7], message: `duplicate key "${key}" in /properties; the later one wins`};
    for (const name of HUMAN) {
      const out = getFormatter(name)(report(list), sampleContext());
      expect(out.length, name).toBeLessThan(2_000 * 400);
      expect(out, name).toMatch(/k…\(\+1047\d{3} bytes\)…k+" in \/properties; the later one wins/);
    }
    const rows = getFormatter('stylish')(report(list), sampleContext()).split('\n');
    const ordinary = rows.filter((r) => r.includes('field_'));
    expect(Math.max(...ordinary.map((r) => r.length))).toBeLessThan(200);
    // Machine formats carry the whole value: a program reading JSON wants the data, not a preview.
    expect(getFormatter('json')(report(list), sampleContext())).toContain(key);
  });

  it('a 1 MB file name is cut the same way wherever it is shown', () => {
    const name = `dir/${'n'.repeat(1 << 20)}.json`;
    for (const format of HUMAN) {
      const out = getFormatter(format)(report(findings(3), name), sampleContext({cwd: '/'}));
      expect(out.length, format).toBeLessThan(20_000);
      expect(out, format).toContain('bytes)…');
    }
  });

  it('the cut keeps both ends, counts bytes not characters, and never splits a surrogate pair', () => {
    expect(clipLine('short')).toBe('short');
    const emoji = '😀'.repeat(2_000);
    const cut = clipLine(emoji);
    expect(cut.length).toBeLessThan(MAX_LINE + 40);
    expect(cut).toMatch(/^(😀)+…\(\+\d+ bytes\)…(😀)+$/u);
    const kept = (cut.match(/😀/gu) ?? []).length;
    expect(cut).toContain(`…(+${(2_000 - kept) * 4} bytes)…`);
  });

  it('a message made of a megabyte of blanks and line breaks folds in linear time', () => {
    const list = findings(10);
    list[0] = {...list[0], message: `a${' '.repeat(1 << 20)}b\n${' \n'.repeat(1 << 18)}c`};
    const start = performance.now();
    const out = getFormatter('stylish')(report(list), sampleContext());
    expect(performance.now() - start).toBeLessThan(2_000);
    expect(out).toContain('bytes)…');
  });

  it.each(FORMATS)('%s grows linearly: 40,000 findings take about 16 times as long as 2,500', (name) => {
    const format = getFormatter(name);
    const ratio = growth((n) => {
      const input = report(findings(n));
      return () => format(input, sampleContext());
    }, 2_500);
    expect(ratio).toBeLessThan(MAX_GROWTH);
  });
});

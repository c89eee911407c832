import {describe, expect, it} from 'vitest';
import {FORMATS, getFormatter, isFormatName} from '../../src/report/formatters/index.js';
import stringWidth from 'string-width';
import {format as stylish} from '../../src/report/formatters/stylish.js';
import {format as json} from '../../src/report/formatters/json.js';
import {buildReport} from '../../src/report/report.js';
import {applyQuiet} from '../../src/report/exit-code.js';
import {ANSI, finding, sampleContext, sampleReport} from './sample.js';

describe('format registry', () => {
  it('lists the eight formats, stylish first, each a function', () => {
    expect(FORMATS).toEqual(['stylish', 'json', 'sarif', 'github', 'junit', 'gitlab', 'markdown', 'html']);
    for (const name of FORMATS) {
      expect(isFormatName(name)).toBe(true);
      expect(typeof getFormatter(name)(sampleReport(), sampleContext())).toBe('string');
    }
  });

  it('rejects an unknown format with the list of known ones', () => {
    expect(isFormatName('checkstyle')).toBe(false);
    expect(() => getFormatter('checkstyle')).toThrow(/stylish, json, sarif, github, junit, gitlab/);
  });
});

describe('stylish', () => {
  const plain = stylish(sampleReport(), sampleContext({color: false}));
  const lines = plain.split('\n');

  it('has no ANSI codes without colour', () => {
    expect(plain).not.toMatch(ANSI);
  });

  it('colours with color=true, and is otherwise identical (so alignment holds in colour too)', () => {
    const coloured = stylish(sampleReport(), sampleContext({color: true}));
    expect(coloured).toMatch(ANSI);
    expect(coloured.replace(ANSI, '')).toBe(plain);
  });

  it('prints a header per file with findings, rows sorted by position, aligned columns', () => {
    const start = lines.indexOf('schemas/a b.json');
    expect(start).toBeGreaterThanOrEqual(0);
    const rows = lines.slice(start + 1, start + 4);
    expect(rows.map((r) => r.trim().split(/\s+/)[0])).toEqual(['2:3', '12:15', '140:1']);
    const severityAt = rows.map((r) => r.search(/error|warning|info/));
    expect(new Set(severityAt).size).toBe(1);
    const messageAt = rows.map((r, k) => r.indexOf(['"reasoning"', 'Keyword', 'Nesting'][k]));
    expect(new Set(messageAt).size).toBe(1);
    const ruleAt = rows.map((r, k) => r.lastIndexOf(['reasoning/first', 'tier1/forbidden-keyword', 'tier1/max-nesting-depth-5'][k]));
    expect(new Set(ruleAt).size).toBe(1);
    expect(rows[0]).toMatch(/^ {2}2:3 {4}warning {2}"reasoning" should be the first property +reasoning\/first$/);
  });

  it('skips clean files and folds multi-line messages onto one row', () => {
    expect(plain).not.toContain('clean.json');
    expect(plain).toContain('Duplicate envelopeId "e1" first seen on line 1');
  });

  it('ends with the ESLint-style summary', () => {
    expect(lines.at(-2)).toBe('✖ 5 problems (2 errors, 2 warnings, 1 info)');
    expect(plain.endsWith('\n')).toBe(true);
  });

  it('says so on a clean run', () => {
    const clean = buildReport('lint schema', '0.1.0', [
      {file: 'a.json', findings: []},
      {file: 'b.json', findings: []},
    ]);
    expect(stylish(clean, sampleContext())).toBe('✔ 2 files checked, no problems\n');
    const one = buildReport('lint schema', '0.1.0', [{file: 'a.json', findings: []}]);
    expect(stylish(one, sampleContext())).toBe('✔ 1 file checked, no problems\n');
  });

  it('does not give an info-only run the red cross', () => {
    const r = buildReport('lint schema', '0.1.0', [{file: 'a.json', findings: [finding({file: 'a.json', severity: 'info'})]}]);
    expect(stylish(r, sampleContext()).trimEnd().split('\n').at(-1)).toBe('✔ 1 file checked, no errors or warnings (1 info)');
  });

  it('mentions fixable findings and warnings hidden by --quiet', () => {
    const fix = {description: 'drop it', edits: [{offset: 0, length: 1, content: ''}]};
    const r = buildReport('lint schema', '0.1.0', [{file: 'a.json', findings: [finding({file: 'a.json', fix}), finding({file: 'a.json', severity: 'warning'})]}]);
    expect(stylish(r, sampleContext())).toContain('1 error and 0 warnings potentially fixable with the `--fix` option.');
    expect(stylish(applyQuiet(r), sampleContext())).toContain('(1 warning hidden by --quiet)');
  });

  it('escapes control characters from untrusted input instead of sending them to the terminal', () => {
    const r = buildReport('validate envelope', '0.1.0', [{file: 'a.json', findings: [finding({file: 'a.json', message: 'key "\u001b[2Jboom"'})]}]);
    const out = stylish(r, sampleContext());
    expect(out).not.toContain('\u001b');
    expect(out).toContain('key "\\u001b[2Jboom"');
  });

  it('prints command extras under the file, even for a file without findings', () => {
    const r = buildReport('simulate retry', '0.1.0', [{file: 'rec.json', findings: [], outcome: 'accepted'}]);
    const out = stylish(r, sampleContext({renderExtras: (res) => [`outcome: ${String(res.outcome)}`, 'attempt 1  stop  200 tokens']}));
    expect(out).toBe('✔ rec.json\n  outcome: accepted\n  attempt 1  stop  200 tokens\n\n✔ 1 file checked, no problems\n');
  });

  it('with --quiet leaves out files with nothing left to show, their extras too, and never says "no problems" over hidden warnings', () => {
    const w = finding({file: 'a.json', severity: 'warning'});
    const r = buildReport('validate pack', '0.1.0', [
      {file: 'a.json', findings: [w]},
      {file: 'b.json', findings: []},
      {file: 'c.json', findings: [finding({file: 'c.json'})]},
    ]);
    const extras = {renderExtras: (res: {file: string}) => [`pack ${res.file}`]};
    const quiet = stylish(applyQuiet(r), sampleContext({...extras, quiet: true}));
    expect(quiet).not.toContain('a.json');
    expect(quiet).not.toContain('b.json');
    expect(quiet).toContain('pack c.json');
    expect(quiet.trimEnd().split('\n').at(-1)).toBe('✖ 1 error (1 warning hidden by --quiet)');
    const noErrors = buildReport('validate pack', '0.1.0', [{file: 'a.json', findings: [w]}]);
    const clean = stylish(applyQuiet(noErrors), sampleContext({...extras, quiet: true}));
    expect(clean).toBe('✔ 1 file checked, 0 errors (1 warning hidden by --quiet)\n');
  });

  it('wraps to the terminal width when given one, by visible width, and keeps every line whole without one', () => {
    const long = `${'字'.repeat(30)} ${'word '.repeat(60)}end`;
    const r = buildReport('lint schema', '0.1.0', [{file: 'a.json', findings: [finding({file: 'a.json', message: long}), finding({file: 'a.json', line: 9, message: 'short'})]}]);
    const narrow = stylish(r, sampleContext({width: 80, color: true, renderExtras: () => ['x'.repeat(200)]}));
    const visible = narrow.replace(/\u001b\[\d+(;\d+)*m/g, '');
    for (const line of visible.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(80);
    // Nothing is lost on the way: every character of the message is still there.
    expect(visible.match(/字/g)).toHaveLength(30);
    expect(visible.match(/\bword\b/g)).toHaveLength(60);
    expect(visible).toMatch(/\bend\b/);
    const rows = visible.split('\n').filter((l) => l.includes('tier1/forbidden-keyword'));
    expect(rows).toHaveLength(2);
    // The message column lines up, and continuation lines start under it.
    const at = rows[0].indexOf('字');
    expect(rows[1].indexOf('short')).toBe(at);
    expect(visible.split('\n')[2].search(/\S/)).toBe(at);
    const whole = stylish(r, sampleContext());
    expect(whole.split('\n').some((l) => l.includes(long))).toBe(true);
  });

  it('shows the JSON pointer under the message of a position far along line 1 (a one-line document), not of a useful one', () => {
    const r = buildReport('probe host', '0.1.0', [
      {file: 'caps.json', findings: [finding({file: 'caps.json', line: 1, column: 1243, pointer: '/kinds/3'}), finding({file: 'caps.json', line: 4, column: 1243, pointer: '/x'})]},
    ]);
    const lines = stylish(r, sampleContext()).split('\n');
    const first = lines.findIndex((l) => l.startsWith('  1:1243  error'));
    expect(lines[first + 1]).toBe(`${' '.repeat(lines[first].indexOf('error') + 'error'.length + 2)}at /kinds/3`);
    expect(lines.some((l) => /^ {2}4:1243 {2}error/.test(l))).toBe(true);
    expect(lines.join('\n')).not.toContain('at /x');
  });

  it('a long pointer on a one-line document leaves the message column where line:col puts it, at a given width', () => {
    const pointer = `/$defs/${'k'.repeat(300)}/properties/code/minLength`;
    const message = '"minLength" on a string is outside the strict Tier-1 subset of JSON Schema';
    const r = buildReport('lint schema', '0.1.0', [
      {file: 'min.json', findings: [finding({file: 'min.json', line: 1, column: 1046, pointer, message}), finding({file: 'min.json', line: 1, column: 2, pointer: '', message: 'short'})]},
    ]);
    const lines = stylish(r, sampleContext({width: 120})).split('\n');
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(120);
    const row = lines.find((l) => l.startsWith('  1:1046')) as string;
    // The message starts right after `line:col` and the severity, and is not wrapped on a 120-column terminal.
    expect(row.indexOf(message)).toBe('  1:1046  error  '.length);
    expect(lines.filter((l) => l.includes('k'.repeat(50))).length).toBeGreaterThan(1);
    expect(lines.join('').replace(/\s+/g, '')).toContain(`at${pointer}`);
  });
});

describe('json', () => {
  it('is exactly the report, 2-space indented, newline-terminated', () => {
    const report = sampleReport();
    const out = json(report, sampleContext());
    expect(JSON.parse(out)).toEqual(report);
    expect(out).toBe(`${JSON.stringify(report, null, 2)}\n`);
  });

  it('carries command-specific fields next to the findings', () => {
    const report = buildReport('simulate retry', '0.1.0', [{file: 'r.json', findings: [], outcome: 'failed', totalCalls: 3}], {recordings: 1});
    const parsed = JSON.parse(json(report, sampleContext()));
    expect(parsed).toMatchObject({tool: 'openwop', command: 'simulate retry', summary: {files: 1, errors: 0, recordings: 1}, results: [{outcome: 'failed', totalCalls: 3}]});
  });
});

import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {applyBaseline, updatedSection, type BaselineScope} from '../../src/report/baseline.js';
import {parseBaseline, serializeBaseline, type BaselineFile, type BaselineSection} from '../../src/report/baseline-file.js';
import type {FileResult, Finding, Report} from '../../src/core/finding.js';
import {buildReport} from '../../src/report/report.js';
import {CWD, finding} from './sample.js';

const SCOPE: BaselineScope = {folder: CWD, cwd: CWD, inputs: ['schemas']};

function report(findings: Finding[], files = [...new Set(findings.map((f) => f.file))]): Report {
  const results: FileResult[] = files.map((file) => ({file, findings: findings.filter((f) => f.file === file)}));
  return buildReport('lint schema', '0.1.0', results, {skipped: 2});
}

function section(entries: [file: string, rule: string, pointer: string, count: number][]): BaselineSection {
  const s: BaselineSection = new Map();
  for (const [file, rule, pointer, count] of entries) {
    if (!s.has(file)) s.set(file, new Map());
    const rules = s.get(file)!;
    if (!rules.has(rule)) rules.set(rule, new Map());
    rules.get(rule)!.set(pointer, count);
  }
  return s;
}

const A = 'schemas/a.json';
const oneOf = (over: Partial<Finding> = {}) => finding({file: A, ...over});

describe('applyBaseline: matching and counting', () => {
  it('moves a known finding to "baselined", keeps the new ones, and recounts the summary from what is left', () => {
    const r = report([oneOf(), oneOf({ruleId: 'reasoning/first', severity: 'warning', pointer: '/properties'}), oneOf({pointer: '/properties/b/oneOf'})]);
    const out = applyBaseline(r, section([[A, 'tier1/forbidden-keyword', '/properties/a/oneOf', 1]]), SCOPE);
    expect(out.report.results[0].findings.map((f) => f.pointer)).toEqual(['/properties', '/properties/b/oneOf']);
    expect(out.report.results[0].baselined?.map((f) => f.pointer)).toEqual(['/properties/a/oneOf']);
    expect(out.report.summary).toMatchObject({errors: 1, warnings: 1, infos: 0, baselined: 1, baselineFixed: 0, skipped: 2});
  });

  it('counts: two identical findings at one pointer need a count of 2; past the count the rest are new', () => {
    const r = report([oneOf(), oneOf({line: 40})]);
    const once = applyBaseline(r, section([[A, 'tier1/forbidden-keyword', '/properties/a/oneOf', 1]]), SCOPE);
    expect(once.report.results[0].findings).toHaveLength(1);
    expect(once.report.summary).toMatchObject({errors: 1, baselined: 1});
    const twice = applyBaseline(r, section([[A, 'tier1/forbidden-keyword', '/properties/a/oneOf', 2]]), SCOPE);
    expect(twice.report.results[0].findings).toEqual([]);
    expect(twice.report.summary).toMatchObject({errors: 0, baselined: 2, baselineFixed: 0});
  });

  it('never looks at line or column: a finding that moved in its file is still known', () => {
    const out = applyBaseline(report([oneOf({line: 900, column: 2})]), section([[A, 'tier1/forbidden-keyword', '/properties/a/oneOf', 1]]), SCOPE);
    expect(out.baselined).toBe(1);
  });

  it('findings sharing a pointer are told apart by their subject: trading one undeclared primitive for another is new', () => {
    const undeclared = (subject: string) => finding({file: 'p/pack.json', ruleId: 'pack/undeclared-requirement', severity: 'warning', pointer: '/runtime', subject});
    const recorded = updatedSection(report([undeclared('env.read')]), undefined, {...SCOPE, inputs: ['p']});
    expect([...(recorded.get('p/pack.json')?.get('pack/undeclared-requirement')?.keys() ?? [])]).toEqual(['/runtime#env.read']);
    const swapped = applyBaseline(report([undeclared('subprocess')]), recorded, {...SCOPE, inputs: ['p']});
    expect(swapped.baselined).toBe(0);
    expect(swapped.fixed).toBe(1);
    expect(applyBaseline(report([undeclared('env.read')]), recorded, {...SCOPE, inputs: ['p']}).baselined).toBe(1);
  });

  it('rule, file and pointer must all match', () => {
    const base = section([[A, 'tier1/forbidden-keyword', '/properties/a/oneOf', 1]]);
    for (const other of [oneOf({ruleId: 'tier1/other'}), oneOf({pointer: '/properties/a'}), finding({file: 'schemas/b.json'})]) {
      expect(applyBaseline(report([other]), base, SCOPE).baselined).toBe(0);
    }
  });

  it('never baselines an info (it cannot fail a run), and --update-baseline does not record one', () => {
    const info = oneOf({severity: 'info'});
    expect(applyBaseline(report([info]), section([[A, 'tier1/forbidden-keyword', '/properties/a/oneOf', 1]]), SCOPE).baselined).toBe(0);
    expect(updatedSection(report([info]), undefined, SCOPE).size).toBe(0);
  });

  it('names files relative to the baseline folder with "/" separators, and stdin as <stdin>', () => {
    const sub = {...SCOPE, folder: `${CWD}/schemas`};
    const s = updatedSection(report([oneOf(), finding({file: '-'}), finding({file: '/elsewhere/b.json'})]), undefined, sub);
    expect([...s.keys()].sort()).toEqual(['../../../elsewhere/b.json', '<stdin>', 'a.json']);
    expect(applyBaseline(report([oneOf()]), section([['a.json', 'tier1/forbidden-keyword', '/properties/a/oneOf', 1]]), sub).baselined).toBe(1);
  });
});

describe('fixed entries and scope', () => {
  const base = section([
    [A, 'tier1/forbidden-keyword', '/properties/a/oneOf', 3],
    ['schemas/gone.json', 'reasoning/first', '/properties', 1],
    ['other/c.json', 'reasoning/first', '/properties', 5],
  ]);

  it('counts unmatched entries of files the run checked (reported, or under a path it was given) as fixed; others are not its business', () => {
    const out = applyBaseline(report([oneOf()]), base, SCOPE);
    // a.json: 3 known, 1 found → 2 fixed; gone.json lies under "schemas" → 1 fixed; other/c.json was not checked.
    expect(out.fixed).toBe(3);
    expect(out.report.summary.baselineFixed).toBe(3);
    expect(applyBaseline(report([oneOf()]), base, {...SCOPE, inputs: ['schemas/**/*.json']}).fixed).toBe(3);
    expect(applyBaseline(report([oneOf()]), base, {...SCOPE, inputs: [A]}).fixed).toBe(2);
    expect(applyBaseline(report([oneOf()]), base, {...SCOPE, inputs: ['.']}).fixed).toBe(8);
  });

  it('a result may stand for its whole folder (a pack.json for its pack): entries of files in it are checked with it', () => {
    const packReport = buildReport('validate pack', '0.1.0', [{file: 'packs/a/pack.json', findings: []}]);
    const entries = section([
      ['packs/a/schemas/x.json', 'tier1/x', '/p', 1],
      ['packs/b/schemas/y.json', 'tier1/x', '/p', 1],
    ]);
    const scope = {...SCOPE, inputs: ['packs/a/pack.json']};
    expect(applyBaseline(packReport, entries, scope).fixed).toBe(0);
    const folderOf = (file: string) => (file.endsWith('/pack.json') ? file.slice(0, -'/pack.json'.length) : undefined);
    expect(applyBaseline(packReport, entries, {...scope, folderOf}).fixed).toBe(1);
    expect([...updatedSection(packReport, entries, {...scope, folderOf}).keys()]).toEqual(['packs/b/schemas/y.json']);
  });

  it("--update-baseline: the run's findings replace the entries of checked files; entries of unchecked files stay", () => {
    const next = updatedSection(report([oneOf(), oneOf()]), base, SCOPE);
    expect(serializeBaseline({commands: new Map([['lint schema', next]])})).toBe(
      serializeBaseline({
        commands: new Map([
          [
            'lint schema',
            section([
              [A, 'tier1/forbidden-keyword', '/properties/a/oneOf', 2],
              ['other/c.json', 'reasoning/first', '/properties', 5],
            ]),
          ],
        ]),
      }),
    );
  });
});

describe('the baseline file', () => {
  const file = (s: BaselineSection, command = 'lint schema'): BaselineFile => ({commands: new Map([[command, s]])});

  it('is sorted by code unit at every level, 2-space indented, newline-terminated; integer-like keys too', () => {
    const text = serializeBaseline(
      file(
        section([
          ['b/9', 'r', '/1', 1],
          ['b/10', 'r', '', 2],
          ['a', 'z/x', '/b', 1],
          ['a', 'a/y', '/a', 4],
        ]),
      ),
    );
    expect(text).toBe(
      [
        '{',
        '  "openwopBaseline": 1,',
        '  "commands": {',
        '    "lint schema": {',
        '      "a": {',
        '        "a/y": {',
        '          "/a": 4',
        '        },',
        '        "z/x": {',
        '          "/b": 1',
        '        }',
        '      },',
        '      "b/10": {',
        '        "r": {',
        '          "": 2',
        '        }',
        '      },',
        '      "b/9": {',
        '        "r": {',
        '          "/1": 1',
        '        }',
        '      }',
        '    }',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    const numeric = serializeBaseline(
      file(
        section([
          ['9', 'r', '/x', 1],
          ['10', 'r', '/x', 1],
        ]),
      ),
    );
    expect(numeric.indexOf('"10"')).toBeLessThan(numeric.indexOf('"9"'));
  });

  it('round-trips through parse, and an empty section writes no entries', () => {
    const f = file(
      section([
        ['schemas/a b.json', 'tier1/x', '/properties/~1a', 2],
        ['__proto__', 'r', '/p', 1],
      ]),
    );
    const parsed = parseBaseline(serializeBaseline(f));
    expect(parsed.ok && serializeBaseline(parsed.baseline)).toBe(serializeBaseline(f));
    expect(parsed.ok && parsed.baseline.commands.get('lint schema')?.get('__proto__')?.get('r')?.get('/p')).toBe(1);
    expect(serializeBaseline(file(new Map()))).toBe('{\n  "openwopBaseline": 1,\n  "commands": {}\n}\n');
  });

  it('the same findings in any order give the same bytes', () => {
    const findings = [oneOf(), oneOf(), oneOf({pointer: '/x'}), finding({file: 'schemas/b.json', ruleId: 'reasoning/first', severity: 'warning'}), finding({file: 'schemas/10.json'})];
    const bytes = (list: Finding[]) => serializeBaseline(file(updatedSection(report(list), undefined, SCOPE)));
    const expected = bytes(findings);
    fc.assert(
      fc.property(fc.shuffledSubarray(findings, {minLength: findings.length}), (shuffled) => {
        expect(bytes(shuffled)).toBe(expected);
      }),
    );
  });

  it('tells a file that is no baseline (anything without the marker) from a broken baseline', () => {
    expect(parseBaseline('not json')).toMatchObject({ok: false, notBaseline: true});
    expect(parseBaseline('{"type": "object"}')).toMatchObject({ok: false, notBaseline: true});
    expect(parseBaseline('[1]')).toMatchObject({ok: false, notBaseline: true});
    for (const broken of [
      '{"openwopBaseline": 2, "commands": {}}',
      '{"openwopBaseline": 1}',
      '{"openwopBaseline": 1, "commands": {"lint schema": []}}',
      '{"openwopBaseline": 1, "commands": {"lint schema": {"a": {"r": {"/p": 0}}}}}',
      '{"openwopBaseline": 1, "commands": {"lint schema": {"a": {"r": {"/p": 1.5}}}}}',
      '{"openwopBaseline": 1, "commands": {"lint schema": {"a": {"r": {"/p": "1"}}}}}',
      '{"openwopBaseline": 1, "commands": {"lint schema": {"a": {"r": ["/p"]}}}}',
    ]) {
      expect(parseBaseline(broken), broken).toMatchObject({ok: false, notBaseline: false});
    }
  });
});

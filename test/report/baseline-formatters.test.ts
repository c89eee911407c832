import {describe, expect, it} from 'vitest';
import {applyBaseline} from '../../src/report/baseline.js';
import type {BaselineSection} from '../../src/report/baseline-file.js';
import {getFormatter} from '../../src/report/formatters/index.js';
import {CWD, sampleContext, sampleReport} from './sample.js';
import {assertSarifStructure} from './sarif-structure.js';

type Any = any;

// The sample's error in "schemas/a b.json" is known; its warning and the other files' findings are not.
const known: BaselineSection = new Map([['schemas/a b.json', new Map([['tier1/forbidden-keyword', new Map([['/properties/a/oneOf', 1]])]])]]);
const baselined = () => applyBaseline(sampleReport(), known, {folder: CWD, cwd: CWD, inputs: ['schemas']}).report;
const run = (format: string) => getFormatter(format)(baselined(), sampleContext());

describe('formatters with baselined findings', () => {
  it('sarif keeps a baselined finding as a result suppressed externally, with its rule listed, and stays structurally valid', () => {
    const log = JSON.parse(run('sarif'));
    assertSarifStructure(log);
    const results = log.runs[0].results as Any[];
    const suppressed = results.filter((r) => r.suppressions);
    expect(suppressed).toHaveLength(1);
    expect(suppressed[0]).toMatchObject({ruleId: 'tier1/forbidden-keyword', level: 'error', suppressions: [{kind: 'external', status: 'accepted'}]});
    expect(log.runs[0].tool.driver.rules.map((r: Any) => r.id)).toContain('tier1/forbidden-keyword');
    // The log holds every finding: baselined ones are not lost, only marked.
    expect(results).toHaveLength(sampleReport().results.reduce((n, r) => n + r.findings.length, 0));
  });

  it('json moves it to the result\'s "baselined" and counts it in the summary', () => {
    const report = JSON.parse(run('json'));
    expect(report.results[0].findings.map((f: Any) => f.ruleId)).not.toContain('tier1/forbidden-keyword');
    expect(report.results[0].baselined.map((f: Any) => f.ruleId)).toEqual(['tier1/forbidden-keyword']);
    expect(report.summary).toMatchObject({baselined: 1, baselineFixed: 0});
  });

  it('stylish leaves it out of the rows and counts it in the summary line; fixed entries get a line of their own', () => {
    const text = run('stylish');
    expect(text).not.toContain('"oneOf" is not in the Tier-1 subset  tier1/forbidden-keyword');
    expect(text).toMatch(/✖ 4 problems \(1 error, 2 warnings, 1 info; 1 baselined\)/);
    expect(text).not.toContain('no longer found');
    const fixed = applyBaseline(sampleReport(), new Map([['schemas/gone.json', new Map([['r', new Map([['', 2]])]])]]), {folder: CWD, cwd: CWD, inputs: ['schemas']}).report;
    expect(getFormatter('stylish')(fixed, sampleContext())).toContain('2 baseline entries no longer found (fixed): --update-baseline drops them');
  });

  it('stylish on a run whose every problem is baselined: a clean tick with the count', () => {
    const clean = applyBaseline(
      {...sampleReport(), results: [sampleReport().results[0]]},
      new Map([
        [
          'schemas/a b.json',
          new Map([
            ['tier1/forbidden-keyword', new Map([['/properties/a/oneOf', 1]])],
            ['reasoning/first', new Map([['/properties', 1]])],
          ]),
        ],
      ]),
      {folder: CWD, cwd: CWD, inputs: []},
    ).report;
    expect(getFormatter('stylish')(clean, sampleContext())).toMatch(/✔ \d+ files? checked, no errors or warnings \(1 info; 2 baselined\)/);
  });

  it('github and junit leave it out', () => {
    expect(run('github')).not.toContain('title=tier1/forbidden-keyword');
    expect(run('junit')).not.toContain('classname="tier1/forbidden-keyword"');
    expect(getFormatter('github')(sampleReport(), sampleContext())).toContain('title=tier1/forbidden-keyword');
  });
});

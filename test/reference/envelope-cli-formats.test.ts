// The CLI on every upstream envelope fixture, in every format: exit code, report shape, positions. A reference test:
// it reads ../shared/reference, which unit tests must not need.
import {readdirSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {REFERENCE, runCli} from '../helpers/cli.js';
import {assertSarifStructure} from '../report/sarif-structure.js';

const FIXTURES = join(REFERENCE, 'openwop/fixtures/envelopes');
const FORMATS = ['stylish', 'json', 'sarif', 'github', 'junit'];

describe('validate envelope on the reference fixtures', () => {
  for (const [dir, want] of [
    ['positive', 0],
    ['negative', 1],
  ] as const) {
    for (const file of readdirSync(join(FIXTURES, dir))) {
      it(`${dir}/${file} exits ${want} in every format`, async () => {
        const runs = await Promise.all(FORMATS.map((format) => runCli(['validate', 'envelope', join(FIXTURES, dir, file), '--format', format])));
        for (const [i, format] of FORMATS.entries()) {
          const r = runs[i];
          expect(r.code, `${format}: ${r.stderr}`).toBe(want);
          if (format === 'sarif') assertSarifStructure(JSON.parse(r.stdout));
          if (format === 'json') {
            const report = JSON.parse(r.stdout);
            expect(report).toMatchObject({tool: 'openwop', command: 'validate envelope', summary: {files: 1}});
            if (want) expect(report.results[0].findings.every((f: {line: number; column: number}) => f.line >= 1 && f.column >= 1)).toBe(true);
            else expect(report.results[0].findings).toEqual([]);
          }
        }
      });
    }
  }

  it('names the failing stage with the upstream code and points into the file', async () => {
    const r = await runCli(['validate', 'envelope', join(FIXTURES, 'negative/non-iso-ts.json'), '--json']);
    const [finding] = JSON.parse(r.stdout).results[0].findings;
    expect(finding).toMatchObject({ruleId: 'envelope/shape', pointer: '/meta/ts'});
    expect(finding.message).toContain('date-time');
    const missing = await runCli(['validate', 'envelope', join(FIXTURES, 'negative/clarification-missing-questions.json'), '--json']);
    expect(JSON.parse(missing.stdout).results[0].findings[0]).toMatchObject({ruleId: 'envelope/payload-invalid', pointer: '/payload'});
  });
});

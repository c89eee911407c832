import {readdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {REFERENCE, runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';
import {assertSarifStructure} from '../report/sarif-structure.js';

const FIXTURES = join(REFERENCE, 'openwop/fixtures/envelopes');
const FORMATS = ['stylish', 'json', 'sarif', 'github', 'junit'];

const ENVELOPE = {
  type: 'error',
  envelopeId: 'e-1',
  correlationId: 'run:n:0:k',
  payload: {code: 'ambiguous_intent', message: 'Two goals conflict.'},
  meta: {source: 'ai-generation', ts: '2026-11-20T10:00:00Z'},
};

describe('validate envelope on the reference fixtures', () => {
  for (const [dir, want] of [['positive', 0], ['negative', 1]] as const) {
    for (const file of readdirSync(join(FIXTURES, dir))) {
      it(`${dir}/${file} exits ${want} in every format`, async () => {
        for (const format of FORMATS) {
          const r = await runCli(['validate', 'envelope', join(FIXTURES, dir, file), '--format', format]);
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
    expect(finding).toMatchObject({ruleId: 'invalid_envelope_shape', pointer: '/meta/ts'});
    expect(finding.message).toContain('date-time');
    const missing = await runCli(['validate', 'envelope', join(FIXTURES, 'negative/clarification-missing-questions.json'), '--json']);
    expect(JSON.parse(missing.stdout).results[0].findings[0]).toMatchObject({ruleId: 'envelope_invalid', pointer: '/payload'});
  });
});

describe('validate envelope inputs', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir();
    writeFileSync(join(dir, 'array.json'), JSON.stringify([ENVELOPE, {...ENVELOPE, envelopeId: 'e-2', payload: {code: 'x'}}], null, 2));
    writeFileSync(join(dir, 'stream.ndjson'), [ENVELOPE, '{"type": "error",', {...ENVELOPE, envelopeId: 'e-3'}].map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\r\n') + '\r\n');
  });

  it('checks each envelope of a JSON array at its index', async () => {
    const r = await runCli(['validate', 'envelope', 'array.json', '--json'], {cwd: dir});
    const report = JSON.parse(r.stdout);
    expect(r.code).toBe(1);
    expect(report.summary).toMatchObject({envelopes: 2, valid: 1, invalid: 1});
    expect(report.results[0].findings).toEqual([expect.objectContaining({pointer: '/1/payload', line: 19, message: expect.stringContaining('missing required property "message" in /1/payload')})]);
  });

  it('reports a malformed line in the middle of a stream by its line number and checks the rest', async () => {
    const r = await runCli(['validate', 'envelope', 'stream.ndjson', '--json'], {cwd: dir});
    const report = JSON.parse(r.stdout);
    expect(report.summary).toMatchObject({envelopes: 3, valid: 2, invalid: 1});
    expect(report.results[0].findings).toEqual([expect.objectContaining({ruleId: 'json/syntax', line: 2})]);
  });

  it('reads NDJSON and single documents from stdin', async () => {
    const stream = await runCli(['validate', 'envelope', '-', '--json'], {input: `${JSON.stringify(ENVELOPE)}\n${JSON.stringify({...ENVELOPE, meta: {}})}\n`});
    const result = JSON.parse(stream.stdout).results[0];
    expect(result.file).toBe('<stdin>');
    expect(result.findings.map((f: {line: number; pointer: string}) => [f.line, f.pointer])).toEqual([[2, '/meta'], [2, '/meta']]);
    const pretty = await runCli(['validate', 'envelope', '-'], {input: JSON.stringify(ENVELOPE, null, 2)});
    expect(pretty.code).toBe(0);
  });

  it('exits 2 for a missing file, with a message and no stack trace', async () => {
    const r = await runCli(['validate', 'envelope', 'nope.json'], {cwd: dir});
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('no such file or folder: nope.json');
    expect(r.stderr + r.stdout).not.toMatch(STACK_TRACE);
  });

  it('exits 2 on an unknown flag value without a stack trace', async () => {
    const r = await runCli(['validate', 'envelope', 'array.json', '--format', 'xml'], {cwd: dir});
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--format');
    expect(r.stderr).not.toMatch(STACK_TRACE);
  });

  it('--fail-on warning and --max-warnings turn warnings into exit 1; --quiet hides them but keeps the verdict', async () => {
    writeFileSync(join(dir, 'vendor.json'), JSON.stringify({...ENVELOPE, type: 'vendor.acme.plan.create', payload: {}}));
    expect((await runCli(['validate', 'envelope', 'vendor.json'], {cwd: dir})).code).toBe(0);
    expect((await runCli(['validate', 'envelope', 'vendor.json', '--fail-on', 'warning'], {cwd: dir})).code).toBe(1);
    expect((await runCli(['validate', 'envelope', 'vendor.json', '--max-warnings', '0'], {cwd: dir})).code).toBe(1);
    const quiet = await runCli(['validate', 'envelope', 'vendor.json', '--quiet', '--max-warnings', '0', '--json'], {cwd: dir});
    expect(quiet.code).toBe(1);
    expect(JSON.parse(quiet.stdout).results[0].findings).toEqual([]);
    expect((await runCli(['validate', 'envelope', 'vendor.json', '--rule', 'unknown_envelope_kind=error'], {cwd: dir})).code).toBe(1);
  });

  it('--output writes the report to a file and nothing to stdout', async () => {
    const r = await runCli(['validate', 'envelope', 'array.json', '--format', 'sarif', '--output', 'out.sarif'], {cwd: dir});
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const {readFileSync} = await import('node:fs');
    assertSarifStructure(JSON.parse(readFileSync(join(dir, 'out.sarif'), 'utf8')));
  });
});

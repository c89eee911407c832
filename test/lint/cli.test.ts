import {copyFileSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {commandDocs, ROOT, runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';
import {UPSTREAM_COUNTS, UPSTREAM_STRICT_IDS} from './helpers.js';

// Runs the built CLI (bin/run.js), as the other CLI tests do.
interface Report {
  command: string;
  summary: Record<string, unknown>;
  results: {file: string; findings: {ruleId: string; severity: string; pointer: string; line: number; column: number}[]; diff?: string; fixed?: number; kind?: string}[];
}
const json = (s: string) => JSON.parse(s) as Report;
const BUNDLED = join(ROOT, 'schemas', 'envelopes');
const VIOLATIONS = join(ROOT, 'examples', 'schemas', 'violations', 'vendor.acme.ticket.triage.schema.json');

describe('openwop lint schema', () => {
  it('help documents profiles, targets, examples and exit codes', async () => {
    const r = await runCli(['lint', 'schema', '--help']);
    expect(r.code).toBe(0);
    for (const s of ['--profile', '--target', '--fix-dry-run', '--explain', '--list-rules', '--allow-remote-refs', 'EXAMPLES', 'load-bearing']) expect(r.stdout).toContain(s);
    const docs = commandDocs('lint-schema');
    expect(docs).toContain('## Kind detection');
    expect(docs).toMatch(/## Exit codes .*0 nothing at or above --fail-on.*1 findings.*2 the command could not do its job/);
  });

  it.each(Object.entries(UPSTREAM_COUNTS))('bundled %s: load-bearing exits 0, strict gives %i upstream findings', async (kind, n) => {
    const file = join(BUNDLED, `${kind}.schema.json`);
    expect((await runCli(['lint', 'schema', file, '--profile', 'load-bearing'])).code).toBe(0);
    const r = await runCli(['lint', 'schema', file, '--format', 'json']);
    expect(r.code).toBe(1);
    const report = json(r.stdout);
    expect(report.command).toBe('lint schema');
    expect(report.results[0].findings.filter((f) => UPSTREAM_STRICT_IDS.test(f.ruleId))).toHaveLength(n);
  });

  it('reads stdin', async () => {
    const r = await runCli(['lint', 'schema', '-', '--format', 'json'], {input: '{"type":"object","properties":{"a":{"oneOf":[{"type":"string"}]}}}'});
    expect(r.code).toBe(1);
    expect(json(r.stdout).results[0].findings.map((f) => f.ruleId)).toContain('tier1/forbidden-keyword');
  });

  it('exit 2 for missing input, no input, bad flags and unknown rules, without a stack trace', async () => {
    for (const args of [
      ['lint', 'schema', join(tempDir(), 'none.json')],
      ['lint', 'schema'],
      ['lint', 'schema', VIOLATIONS, '--profile', 'lax'],
      ['lint', 'schema', VIOLATIONS, '--rule', 'tier1/all-requird=off'],
      ['lint', 'schema', '--explain', 'nope/nope'],
      ['lint', 'schema', '-', '--fix'],
    ]) {
      const r = await runCli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).not.toMatch(STACK_TRACE);
    }
    expect((await runCli(['lint', 'schema', VIOLATIONS, '--rule', 'tier1/all-requird=off'])).stderr).toContain('did you mean tier1/all-required');
  });

  it('malformed JSON is a finding with line and column (exit 1)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'bad.json'), '{\n  "type": "object",\n  "properties": {,}\n}\n');
    const r = await runCli(['lint', 'schema', 'bad.json', '--format', 'json'], {cwd: dir});
    expect(r.code).toBe(1);
    expect(json(r.stdout).results[0].findings[0]).toMatchObject({ruleId: 'json/syntax', line: 3, column: 18});
  });

  it('--explain and --list-rules', async () => {
    const e = await runCli(['lint', 'schema', '--explain', 'anthropic/union-params']);
    expect(e.code).toBe(0);
    expect(e.stdout).toContain('verified 2026-11');
    const l = await runCli(['lint', 'schema', '--list-rules', '--json']);
    expect(l.code).toBe(0);
    expect(JSON.parse(l.stdout).map((r: {id: string}) => r.id)).toContain('tier1/max-depth');
  });

  it('--target is repeatable and comma-separated; --rule changes severities', async () => {
    const a = json((await runCli(['lint', 'schema', VIOLATIONS, '--target', 'openai,anthropic', '--format', 'json'])).stdout);
    const ids = a.results[0].findings.map((f) => f.ruleId);
    expect(ids.some((i) => i.startsWith('openai/'))).toBe(true);
    expect(ids.some((i) => i.startsWith('anthropic/'))).toBe(true);
    expect(ids.some((i) => i.startsWith('tier1/'))).toBe(false);
    const quiet = await runCli(['lint', 'schema', VIOLATIONS, '--rule', 'tier1/*=off', '--rule', 'tier1-ext/*=off', '--rule', 'reasoning/*=warn', '--format', 'json']);
    expect(quiet.code).toBe(0);
    expect(json(quiet.stdout).results[0].findings.every((f) => f.severity === 'warning')).toBe(true);
  });

  it('config overrides apply per glob, and the command line wins', async () => {
    const dir = tempDir();
    copyFileSync(VIOLATIONS, join(dir, 'legacy.schema.json'));
    writeFileSync(
      join(dir, 'openwop.config.json'),
      JSON.stringify({overrides: [{files: ['legacy.*'], lint: {profile: 'load-bearing'}, rules: {'tier1/forbidden-keyword': 'warn', 'reasoning/first-property': 'off'}}]}),
    );
    const r = await runCli(['lint', 'schema', 'legacy.schema.json', '--format', 'json'], {cwd: dir});
    expect(r.code).toBe(0);
    expect(json(r.stdout).results[0].findings.map((f) => `${f.ruleId}=${f.severity}`)).toEqual(['tier1/forbidden-keyword=warning']);
    const strict = await runCli(['lint', 'schema', 'legacy.schema.json', '--profile', 'strict'], {cwd: dir});
    expect(strict.code).toBe(1);
  });

  it('--fix-dry-run reports the diff; --fix writes it once; a second --fix changes nothing', async () => {
    const dir = tempDir();
    const file = join(dir, 'vendor.acme.ticket.triage.schema.json');
    copyFileSync(VIOLATIONS, file);
    const original = readFileSync(file, 'utf8');
    const dry = json((await runCli(['lint', 'schema', file, '--fix-dry-run', '--format', 'json'])).stdout);
    expect(dry.results[0].diff).toMatch(/^--- a\/.*\n\+\+\+ b\//);
    expect(readFileSync(file, 'utf8')).toBe(original);
    const stylish = await runCli(['lint', 'schema', file, '--fix-dry-run']);
    expect(stylish.stdout).toContain('+  "required": [');
    // What is left is shown where it is in the file on disk: the same places a plain lint gives.
    const plain = json((await runCli(['lint', 'schema', file, '--format', 'json'])).stdout);
    const where = (findings: {ruleId: string; pointer: string; line: number; column: number}[]) => new Map(findings.map((f) => [`${f.ruleId} ${f.pointer}`, `${f.line}:${f.column}`]));
    const before = where(plain.results[0].findings);
    const left = [...where(dry.results[0].findings)];
    expect(left.length).toBeGreaterThan(0);
    for (const [key, pos] of left) expect(pos, key).toBe(before.get(key));
    const fixed = await runCli(['lint', 'schema', file, '--fix', '--format', 'json']);
    expect(fixed.code).toBe(1); // what needs a decision is still reported
    const after = readFileSync(file, 'utf8');
    expect(after).not.toBe(original);
    expect(json(fixed.stdout).summary.fixed).toBe(dry.results[0].fixed);
    const again = json((await runCli(['lint', 'schema', file, '--fix', '--format', 'json'])).stdout);
    expect(again.results[0].fixed).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(after);
  });

  it('SARIF output carries the lint rules', async () => {
    const r = await runCli(['lint', 'schema', VIOLATIONS, '--format', 'sarif']);
    const sarif = JSON.parse(r.stdout);
    expect(sarif.version).toBe('2.1.0');
    expect(JSON.stringify(sarif.runs[0].tool.driver.rules)).toContain('tier1/all-required');
  });

  it('the example schemas: clean passes every strict target, violations fail', async () => {
    expect((await runCli(['lint', 'schema', 'examples/schemas/clean', '--target', 'tier1,openai,anthropic'])).code).toBe(0);
    expect((await runCli(['lint', 'schema', 'examples/schemas/violations'])).code).toBe(1);
  });
});

import {readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {ROOT, runCli, tempProject} from '../helpers/cli.js';

const ex = (...parts: string[]) => join(ROOT, 'examples', ...parts);
const BASE = JSON.parse(readFileSync(ex('envelopes', 'clarification.json'), 'utf8')) as Record<string, unknown>;
const at = (id: string, turn: number, extra: Record<string, unknown> = {}) => ({...BASE, schemaVersion: 1, envelopeId: id, correlationId: `run-1:plan-node:${turn}:k${id}`, ...extra});

/** Each of the three limits breached once (capabilities: 5 per turn, 3 clarification rounds, 2 schema rounds), and one envelopeId repeated. */
const STREAM = [
  ...[0, 1, 2, 3, 4, 5].map((i) => at(`t${i}`, 0)),
  at('t0', 1),
  ...[0, 1, 2].map((i) => at(`s${i}`, 10 + i, {type: 'schema.request', payload: {envelopeType: 'vendor.acme.ticket.extract', reason: 'need it'}})),
];
const FOXCTL = {version: 1, status: 'ok', command: 'agentctl.example.run', data: {}, meta: {ts: '2026-11-20T10:00:00Z', duration_ms: 1}, error: {}};

interface Finding {
  ruleId: string;
  severity: string;
  code?: string;
}

describe('rule settings by earlier ids, upstream codes and globs', () => {
  let dir: string;
  const run = async (argv: string[], cwd = dir) => {
    const r = await runCli(argv, {cwd});
    return {...r, findings: r.stdout.startsWith('{') ? (JSON.parse(r.stdout) as {results: {findings: Finding[]}[]}).results.flatMap((x) => x.findings) : []};
  };
  const envelopes = (...rule: string[]) =>
    run(['validate', 'envelope', 'stream.ndjson', '--capabilities', ex('recordings', 'capabilities.json'), '--format', 'json', ...rule.flatMap((r) => ['--rule', r])]);
  const levels = (findings: Finding[]) => [...new Set(findings.map((f) => `${f.ruleId}=${f.severity}`))].sort();

  beforeAll(() => {
    dir = tempProject({'stream.ndjson': `${STREAM.map((e) => JSON.stringify(e)).join('\n')}\n`, 'foxctl.json': FOXCTL});
  });

  it('reports the new ids, each finding of a rule with an upstream code carrying it', async () => {
    const {findings} = await envelopes();
    expect(levels(findings)).toEqual(['envelope/cap-clarification-rounds=error', 'envelope/cap-envelopes-per-turn=error', 'envelope/cap-schema-rounds=error', 'envelope/duplicate-id=error']);
    expect(new Set(findings.map((f) => `${f.ruleId} ${f.code}`))).toEqual(
      new Set(['envelope/cap-clarification-rounds cap.breached', 'envelope/cap-envelopes-per-turn cap.breached', 'envelope/cap-schema-rounds cap.breached', 'envelope/duplicate-id undefined']),
    );
  });

  it('an old id, the upstream code shared by three rules, and a glob over the new family', async () => {
    expect(levels((await envelopes('envelope-duplicate-id=off')).findings)).not.toContain('envelope/duplicate-id=error');
    expect(levels((await envelopes('cap.breached/schema=warn')).findings)).toContain('envelope/cap-schema-rounds=warning');
    expect(levels((await envelopes('cap.breached=info')).findings)).toEqual([
      'envelope/cap-clarification-rounds=info',
      'envelope/cap-envelopes-per-turn=info',
      'envelope/cap-schema-rounds=info',
      'envelope/duplicate-id=error',
    ]);
    const off = await envelopes('envelope/*=off');
    expect(off.findings).toEqual([]);
    expect(off.code).toBe(0);
    // The most specific name wins whichever kind of name it is: an exact old id beats the new family's glob.
    expect(levels((await envelopes('envelope/*=off', 'envelope-duplicate-id=warn')).findings)).toEqual(['envelope/duplicate-id=warning']);
  });

  it('an old-id glob reaches the renamed drift rules', async () => {
    const strict = await run(['validate', 'envelope', 'foxctl.json', '--protocol', 'foxctl', '--strict', '--format', 'json']);
    expect(levels(strict.findings)).toContain('foxctl/drift-command=error');
    const relaxed = await run(['validate', 'envelope', 'foxctl.json', '--protocol', 'foxctl', '--strict', '--format', 'json', '--rule', 'foxctl/drift/*=off']);
    expect(relaxed.findings.filter((f) => f.ruleId.startsWith('foxctl/drift-'))).toEqual([]);
    expect(relaxed.findings.length).toBeLessThan(strict.findings.length);
  });

  it('a config naming the upstream code (invalid_manifest=warn) still demotes the renamed rule', async () => {
    const pack = {'pack.json': {name: 'vendor.acme.x', version: '1.0.0', engines: {openwop: '>=1.1 <2.0.0'}, nodes: 'not a list'}};
    const plain = await run(['validate', 'pack', 'pack.json', '--format', 'json'], tempProject(pack));
    expect(levels(plain.findings)).toContain('pack/invalid-manifest=error');
    expect(plain.findings.find((f) => f.ruleId === 'pack/invalid-manifest')?.code).toBe('invalid_manifest');
    const configured = await run(['validate', 'pack', 'pack.json', '--format', 'json'], tempProject({...pack, 'openwop.config.json': {rules: {invalid_manifest: 'warn'}}}));
    expect(configured.stderr).toBe('');
    expect(levels(configured.findings)).toContain('pack/invalid-manifest=warning');
    expect(levels(configured.findings)).not.toContain('pack/invalid-manifest=error');
  });

  it('info is a level everywhere: --rule, config rules and overrides[].rules', async () => {
    expect(levels((await envelopes('envelope/duplicate-id=info')).findings)).toContain('envelope/duplicate-id=info');
    const schema = {'s.json': {type: 'object', properties: {a: {type: 'string', maxLength: 3}}, required: ['a'], additionalProperties: false}};
    const plain = await run(['lint', 'schema', 's.json', '--format', 'json'], tempProject(schema));
    expect(plain.findings.some((f) => f.severity === 'error')).toBe(true);
    const byCli = await run(['lint', 'schema', 's.json', '--format', 'json', '--rule', 'tier1/*=info'], tempProject(schema));
    expect(byCli.code).toBe(0);
    expect(byCli.findings.map((f) => f.severity)).toEqual(plain.findings.map(() => 'info'));
    const byConfig = await run(['lint', 'schema', 's.json', '--format', 'json'], tempProject({...schema, 'openwop.config.json': {rules: {'tier1/*': 'info'}}}));
    expect(byConfig.stderr).toBe('');
    expect(byConfig.code).toBe(0);
    expect(byConfig.findings.map((f) => f.severity)).toEqual(plain.findings.map(() => 'info'));
    const byOverride = await run(['lint', 'schema', 's.json', '--format', 'json'], tempProject({...schema, 'openwop.config.json': {overrides: [{files: ['*.json'], rules: {'tier1/*': 'info'}}]}}));
    expect(byOverride.stderr).toBe('');
    expect(byOverride.findings.map((f) => f.severity)).toEqual(byConfig.findings.map((f) => f.severity));
  });

  it('an unknown name or level is still exit 2, with a did-you-mean for the name', async () => {
    const misspelt = await envelopes('envelope/duplicate-idd=off');
    expect(misspelt.code).toBe(2);
    expect(misspelt.stderr).toMatch(/unknown rule "envelope\/duplicate-idd"; did you mean envelope\/duplicate-id/);
    const level = await envelopes('envelope/duplicate-id=loud');
    expect(level.code).toBe(2);
    expect(level.stderr).toMatch(/expected RULE=off\|info\|warn\|error/);
  });

  it('a baseline written under the old ids still settles the findings, and --update-baseline rewrites it under the new ids', async () => {
    const base = join(dir, 'openwop-baseline.json');
    const baselined = (...flags: string[]) =>
      run(['validate', 'envelope', 'stream.ndjson', '--capabilities', ex('recordings', 'capabilities.json'), '--format', 'json', '--baseline', 'openwop-baseline.json', ...flags]);
    const written = await baselined('--update-baseline');
    expect(written.code).toBe(0);
    const text = readFileSync(base, 'utf8');
    expect(text).toContain('"envelope/duplicate-id"');
    // What the earlier release wrote: the same entries under the ids it used.
    const old = text
      .replaceAll('"envelope/duplicate-id"', '"envelope-duplicate-id"')
      .replaceAll('"envelope/cap-envelopes-per-turn"', '"cap.breached/envelopes"')
      .replaceAll('"envelope/cap-clarification-rounds"', '"cap.breached/clarification"')
      .replaceAll('"envelope/cap-schema-rounds"', '"cap.breached/schema"');
    expect(old).not.toContain('envelope/');
    writeFileSync(base, old);
    const settled = await baselined();
    expect(settled.code, settled.stderr).toBe(0);
    expect(settled.findings).toEqual([]);
    const rewritten = await baselined('--update-baseline');
    expect(rewritten.code).toBe(0);
    expect(readFileSync(base, 'utf8')).toBe(text);
  });

  it('lint schema takes --rule for every rule it lists, not only its own table (schema/pattern-unsupported)', async () => {
    const lintDir = tempProject({'s.schema.json': {type: 'object', properties: {a: {type: 'string'}}, required: ['a'], additionalProperties: false}});
    const listed = await run(['lint', 'schema', '--list-rules', '--json'], lintDir);
    expect(listed.stdout).toContain('"schema/pattern-unsupported"');
    const r = await run(['lint', 'schema', 's.schema.json', '--rule', 'schema/pattern-unsupported=off', '--format', 'json'], lintDir);
    expect(r.code, r.stderr).toBe(0);
  });
});

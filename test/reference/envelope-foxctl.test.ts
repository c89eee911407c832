import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {check, type Json, ndjson} from '../envelope/helpers.js';
import {REFERENCE, runCli} from '../helpers/cli.js';

const GOLDEN = join(REFERENCE, 'foxctl/golden');
const ENVELOPES = join(GOLDEN, 'envelopes');
const FILES = readdirSync(ENVELOPES)
  .filter((f) => f.endsWith('.json'))
  .sort();
const golden = (name: string): Json => JSON.parse(readFileSync(join(ENVELOPES, name), 'utf8'));

interface Result {
  file: string;
  findings: {ruleId: string; severity: string}[];
  kinds: Record<string, number>;
}

async function runFolder(args: string[]): Promise<{code: number | null; results: Map<string, Result>}> {
  const r = await runCli(['validate', 'envelope', ENVELOPES, '--json', ...args]);
  const results = new Map<string, Result>((JSON.parse(r.stdout).results as Result[]).map((x) => [x.file.split('/').pop() as string, x]));
  return {code: r.code, results};
}

describe('foxctl goldens', () => {
  for (const protocol of ['foxctl', 'auto']) {
    it(`every golden exits 0 with --protocol ${protocol}, drift reported as foxctl/drift-* warnings`, async () => {
      const {code, results} = await runFolder(['--protocol', protocol]);
      expect(code).toBe(0);
      expect([...results.keys()].sort()).toEqual(FILES);
      for (const [file, result] of results) {
        expect(
          result.findings.filter((f) => f.severity === 'error'),
          file,
        ).toEqual([]);
        expect(
          result.findings.every((f) => f.ruleId.startsWith('foxctl/drift-')),
          file,
        ).toBe(true);
        expect(Object.keys(result.kinds), file).toEqual([`foxctl:${String(golden(file).status)}`]);
      }
      const rules = (file: string) => results.get(file)?.findings.map((f) => f.ruleId) ?? [];
      expect(rules('error-EARG.json')).toEqual(['foxctl/drift-command']);
      expect(rules('error-EAUTH.json')).toEqual([]);
      expect(rules('error-PROVIDER_CONFIG_INVALID.json')).toEqual(
        expect.arrayContaining(['foxctl/drift-error-code', 'foxctl/drift-meta-source', 'foxctl/drift-missing-duration', 'foxctl/drift-unknown-field']),
      );
      expect(rules('error-ERUNTIME_RESTART.json')).toContain('foxctl/drift-error-code');
      expect(rules('ok-review_request.json')).toEqual(['foxctl/drift-ok-error-fields']);
      expect(rules('ok-cas.json')).toEqual(expect.arrayContaining(['foxctl/drift-artifact-summary', 'foxctl/drift-ok-error-fields']));
    });
  }

  it('each golden exits 0 on its own (the contract check runs them one by one)', async () => {
    for (const file of ['ok-cas.json', 'error-EMBEDDING_PROVIDER_FAILURE.json', 'error-review_request-pending.json']) {
      expect((await runCli(['validate', 'envelope', join(ENVELOPES, file), '--protocol', 'foxctl'])).code, file).toBe(0);
    }
  });

  it("--strict turns drift into errors, as upstream's --strict refuses unknown fields", async () => {
    const {code, results} = await runFolder(['--protocol', 'foxctl', '--strict']);
    expect(code).toBe(1);
    expect(results.get('error-EAUTH.json')?.findings).toEqual([]);
    expect(results.get('error-EMBEDDING_PROVIDER_FAILURE.json')?.findings.every((f) => f.severity === 'error')).toBe(true);
  });

  it('the other golden folders (skills, openapi) pass too', async () => {
    const r = await runCli(['validate', 'envelope', join(GOLDEN, 'skills'), join(GOLDEN, 'openapi'), '--protocol', 'auto', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).summary).toMatchObject({envelopes: 4, valid: 4});
  });
});

// Each variant breaks one rule of a golden; the finding must carry that rule's id, as an error.
const ts = '2025-11-12T10:31:00Z';
const okInline = () => golden('ok-inline.json');
const okCas = () => golden('ok-cas.json');
const earg = () => golden('error-EARG.json');
const progressLine = (seq: number, pct = 10): Json => ({version: 1, status: 'progress', command: 'fs/read', data: {stage: 'read', pct}, meta: {ts, seq}, error: {code: null, message: null}});
const terminal = (): Json => ({...okInline(), command: 'fs/read'});

const VARIANTS: [string, string, () => Json[], {strict?: boolean; json?: boolean}?][] = [
  ['foxctl/envelope-shape', 'version 2', () => [{...okInline(), version: 2}]],
  ['foxctl/envelope-shape', 'status "done"', () => [{...okInline(), status: 'done'}]],
  ['foxctl/command', 'an upper-case command', () => [{...okInline(), command: 'FS/Read'}]],
  ['foxctl/command', 'a command with spaces', () => [{...earg(), command: 'agentctl example run'}]],
  ['foxctl/meta-ts', 'a local-time ts', () => [{...earg(), meta: {...(earg().meta as Json), ts: '2025-11-12T10:31:00+01:00'}}]],
  ['foxctl/duration', 'a fractional duration', () => [{...earg(), meta: {...(earg().meta as Json), duration_ms: 4.5}}]],
  ['foxctl/meta-runner', 'runner "docker"', () => [{...earg(), meta: {...(earg().meta as Json), runner: 'docker'}}]],
  ['foxctl/error-fields', 'an error without a message', () => [{...earg(), error: {code: 'EARG'}}]],
  ['foxctl/error-fields', 'ok with an error code', () => [{...okInline(), error: {code: 'EARG', message: 'x'}}]],
  ['foxctl/error-code', 'a code in prose', () => [{...earg(), error: {code: 'missing path', message: 'x'}}]],
  ['foxctl/error-status-code', 'EAUTH with status 200', () => [{...golden('error-EAUTH.json'), data: {summary: {status_code: 200}}}]],
  ['foxctl/retry-details', 'attempts as text', () => [{...earg(), error: {code: 'ERATELIMIT', message: '429', details: {attempts: 'many'}}}]],
  ['foxctl/cas-digest', 'a digest that differs from the artifact', () => [{...okCas(), meta: {...(okCas().meta as Json), cas_digest: `sha256:${'0'.repeat(64)}`}}]],
  ['foxctl/cas-digest', 'an artifact without cas_digest, under --strict', () => [{...okCas(), meta: {...(okCas().meta as Json), cas_digest: undefined}}], {strict: true}],
  ['foxctl/artifact', 'an artifact that is not sha256', () => [{...okCas(), data: {...(okCas().data as Json), artifact: 'md5:abc'}, meta: {...(okCas().meta as Json), cas_digest: 'md5:abc'}}]],
  ['foxctl/artifact-required', '40 KB of inline data', () => [{...okInline(), data: {message: 'x'.repeat(40 * 1024)}}]],
  ['foxctl/artifact-summary', 'an artifact with no size, kind or preview', () => [{...okCas(), data: {artifact: (okCas().data as Json).artifact}}]],
  ['foxctl/cache-key', 'source cache without cache_key', () => [{...okInline(), meta: {...(okInline().meta as Json), source: 'cache'}}]],
  ['foxctl/secret-not-redacted', 'a bearer token in data', () => [{...okInline(), data: {header: `Bearer ${'a1B2c3D4'.repeat(4)}`}}]],
  ['foxctl/secret-not-redacted', 'an api_key value', () => [{...okInline(), data: {api_key: 'live-value'}}]],
  ['foxctl/progress-seq', 'a first seq of 1', () => [progressLine(1), terminal()]],
  ['foxctl/progress-seq', 'seq out of order', () => [progressLine(0), progressLine(2), progressLine(1), terminal()]],
  ['foxctl/progress-seq', 'a progress line without seq', () => [{...progressLine(0), meta: {ts}}, terminal()]],
  ['foxctl/progress-pct', 'pct going down', () => [progressLine(0, 60), progressLine(1, 30), terminal()]],
  ['foxctl/stream-terminal', 'two terminals', () => [progressLine(0), terminal(), terminal()]],
  ['foxctl/stream-terminal', 'a terminal that is not last', () => [terminal(), progressLine(0)]],
  ['foxctl/stream-terminal', 'no terminal', () => [progressLine(0), progressLine(1)]],
  ['foxctl/stream-final', 'final on a progress line', () => [{...progressLine(0), meta: {ts, seq: 0, final: true}}, terminal()]],
  ['foxctl/drift-command', 'a dotted command, under --strict', () => [earg()], {strict: true}],
  ['foxctl/drift-error-code', 'a code outside the catalog, under --strict', () => [golden('error-PROVIDER_CONFIG_INVALID.json')], {strict: true}],
  ['foxctl/drift-ok-error-fields', 'error: {} on ok, under --strict', () => [golden('ok-review_request.json')], {strict: true}],
  ['foxctl/drift-meta-source', 'source "proto", under --strict', () => [golden('error-EENVELOPE.json')], {strict: true}],
  ['foxctl/drift-missing-duration', 'no duration_ms, under --strict', () => [golden('error-EMBEDDING_PROVIDER_FAILURE.json')], {strict: true}],
  ['foxctl/drift-unknown-field', 'error.hint, under --strict', () => [golden('error-PROVIDER_CONFIG_INVALID.json')], {strict: true}],
  ['foxctl/drift-artifact-summary', 'artifact fields beside the summary, under --strict', () => [okCas()], {strict: true}],
];

describe('made-invalid variants of the goldens fail with the rule they break', () => {
  it('covers every foxctl rule that can be an error', async () => {
    const {FOXCTL_RULES} = await import('../../src/envelope/foxctl/rules.js');
    const covered = new Set(VARIANTS.map(([rule]) => rule));
    const warningOnly = ['foxctl/artifact-preview', 'foxctl/stream-command', 'foxctl/trailing-data'];
    expect(
      Object.values(FOXCTL_RULES)
        .map((r) => r.id)
        .filter((id) => !covered.has(id) && !warningOnly.includes(id)),
    ).toEqual([]);
  });

  for (const [rule, what, build, options] of VARIANTS) {
    it(`${rule}: ${what}`, async () => {
      const {findings, result} = await check(ndjson(build()), {protocol: 'foxctl', strict: options?.strict ?? false});
      expect(findings.filter((f) => f.severity === 'error').map((f) => f.ruleId)).toContain(rule);
      expect(result.invalid).toBeGreaterThan(0);
    });
  }
});

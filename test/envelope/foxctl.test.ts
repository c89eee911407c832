import {describe, expect, it} from 'vitest';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {looksLikeFoxctl} from '../../src/envelope/foxctl/detect.js';
import {brief, check, envelope, foxctl, type Json, ndjson, SAMPLE_SECRETS} from './helpers.js';

const run = (values: unknown[], options = {}) => check(ndjson(values), {protocol: 'foxctl', ...options});
const progress = (seq: number, pct?: number, over: Json = {}) => foxctl('progress', {meta: {ts: '2025-11-15T12:34:56Z', seq}, data: pct === undefined ? {stage: 'x'} : {stage: 'x', pct}, ...over});

describe('--protocol auto', () => {
  it('tells foxctl from OpenWOP per value', () => {
    expect(looksLikeFoxctl(foxctl('ok'))).toBe(true);
    expect(looksLikeFoxctl({status: 'ok', command: 'fs/ls'})).toBe(true);
    expect(looksLikeFoxctl(envelope(1))).toBe(false);
    expect(looksLikeFoxctl({status: 'ok', version: 1, type: 'error'})).toBe(false);
    expect(looksLikeFoxctl([foxctl('ok')])).toBe(false);
  });

  it('checks a mixed stream with the right validator for each line', async () => {
    const {findings, result} = await check(ndjson([envelope(1), foxctl('ok')]));
    expect(findings).toEqual([]);
    expect(result.kinds).toEqual({error: 1, 'foxctl:ok': 1});
  });
});

describe('foxctl envelope rules', () => {
  it('a spec-form envelope has no findings', async () => {
    expect((await run([foxctl('ok')])).findings).toEqual([]);
    expect((await run([foxctl('error')])).findings).toEqual([]);
  });

  it.each([
    ['version 2', {version: 2}, 'foxctl/envelope-shape'],
    ['no data', {data: undefined}, 'foxctl/envelope-shape'],
    ['upper-case command', {command: 'FS/Read'}, 'foxctl/command'],
    ['command with a space', {command: 'fs read'}, 'foxctl/command'],
    ['non-UTC ts', {meta: {ts: '2025-11-15T12:34:56+02:00', duration_ms: 1}}, 'foxctl/meta-ts'],
    ['negative duration', {meta: {ts: '2025-11-15T12:34:56Z', duration_ms: -1}}, 'foxctl/duration'],
    ['unknown runner', {meta: {ts: '2025-11-15T12:34:56Z', duration_ms: 1, runner: 'docker'}}, 'foxctl/meta-runner'],
    ['ok with an error code', {error: {code: 'EARG', message: null}}, 'foxctl/error-fields'],
    ['cache without cache_key', {meta: {ts: '2025-11-15T12:34:56Z', duration_ms: 1, source: 'cache'}}, 'foxctl/cache-key'],
    ['digest without matching artifact', {meta: {ts: '2025-11-15T12:34:56Z', duration_ms: 1, cas_digest: `sha256:${'a'.repeat(64)}`}}, 'foxctl/cas-digest'],
  ])('ok envelope with %s: %s', async (_, over, rule) => {
    const {findings} = await run([foxctl('ok', over)]);
    expect(findings.filter((f) => f.severity === 'error').map((f) => f.ruleId)).toContain(rule);
  });

  it.each([
    ['no message', {error: {code: 'EARG'}}, 'foxctl/error-fields'],
    ['a code that is not a code', {error: {code: 'bad thing', message: 'x'}}, 'foxctl/error-code'],
    ['a 2xx status_code', {data: {summary: {status_code: 200}}}, 'foxctl/error-status-code'],
    ['attempts that are not a count', {error: {code: 'ERUNTIME', message: 'x', details: {attempts: 'three'}}}, 'foxctl/retry-details'],
  ])('error envelope with %s: %s', async (_, over, rule) => {
    const {findings} = await run([foxctl('error', over)]);
    expect(findings.filter((f) => f.severity === 'error').map((f) => f.ruleId)).toContain(rule);
  });

  it('ERATELIMIT without attempts is a retry-transparency warning', async () => {
    expect(brief((await run([foxctl('error', {error: {code: 'ERATELIMIT', message: '429'}})])).findings)).toEqual(['1 warning foxctl/retry-details']);
  });

  it('artifactization: inline data over 32 KB, bad digests, summaries and previews', async () => {
    const digest = `sha256:${'b'.repeat(64)}`;
    const meta = {ts: '2025-11-15T12:34:56Z', duration_ms: 1, cas_digest: digest};
    const summary = {size_bytes: 10, kind: 'text/plain', preview: 'hello'};
    const cases: [Json, string, string][] = [
      [{data: {body: 'x'.repeat(33 * 1024)}}, 'error', 'foxctl/artifact-required'],
      [{data: {summary, artifact: 'sha256:short'}, meta: {...meta, cas_digest: 'sha256:short'}}, 'error', 'foxctl/artifact'],
      [{data: {artifact: digest}, meta}, 'error', 'foxctl/artifact-summary'],
      [{data: {summary: {...summary, preview: 'p'.repeat(2000)}, artifact: digest}, meta}, 'warning', 'foxctl/artifact-preview'],
      [{data: {summary, artifact: digest}, meta: {...meta, cas_digest: `sha256:${'c'.repeat(64)}`}}, 'error', 'foxctl/cas-digest'],
      [{data: {summary, artifact: digest}, meta: {ts: meta.ts, duration_ms: 1}}, 'warning', 'foxctl/cas-digest'],
      [{data: {artifact: digest, artifact_size_bytes: 10, artifact_kind: 'text/plain', preview: 'x'}, meta}, 'warning', 'foxctl/drift-artifact-summary'],
    ];
    for (const [over, severity, rule] of cases) {
      const {findings} = await run([foxctl('ok', over)]);
      expect(
        findings.map((f) => `${f.severity} ${f.ruleId}`),
        rule,
      ).toContain(`${severity} ${rule}`);
    }
    expect((await run([foxctl('ok', {data: {summary, artifact: digest}, meta})])).findings).toEqual([]);
  });

  it('secrets must be redacted as "***": key formats anywhere, and credential-named keys', async () => {
    const key = SAMPLE_SECRETS['an AWS access key id'];
    const {findings} = await run([foxctl('ok', {data: {note: `used ${key}`, config: {api_key: 'hunter2hunter2', token: 'page-2', password: '***'}}})]);
    expect(brief(findings)).toEqual(['1 error foxctl/secret-not-redacted', '1 error foxctl/secret-not-redacted']);
    expect(findings.map((f) => f.pointer)).toEqual(['/data/note', '/data/config/api_key']);
    expect(JSON.stringify(findings)).not.toContain(key.slice(4, -4));
    expect(JSON.stringify(findings)).not.toContain('hunter2');
  });
});

describe('drift', () => {
  const drifting = foxctl('ok', {command: 'agentctl.example.run', error: {}, meta: {ts: '2025-11-15T12:34:56Z', source: 'cli', job: 'x'}});

  it('is a warning that names what drifted, by default', async () => {
    const {findings, result} = await run([drifting]);
    expect(findings.map((f) => `${f.severity} ${f.ruleId}`).sort()).toEqual([
      'warning foxctl/drift-command',
      'warning foxctl/drift-meta-source',
      'warning foxctl/drift-missing-duration',
      'warning foxctl/drift-ok-error-fields',
      'warning foxctl/drift-unknown-field',
    ]);
    expect(result.valid).toBe(1);
  });

  it('is an error under --strict', async () => {
    const {findings, result} = await run([drifting], {strict: true});
    expect(findings.every((f) => f.severity === 'error')).toBe(true);
    expect(findings).toHaveLength(5);
    expect(result.invalid).toBe(1);
  });

  it('codes outside the catalog are drift when they look like codes, and named as foxctl-only when foxctl uses them', async () => {
    const {findings} = await run([foxctl('error', {error: {code: 'ERUNTIME_RESTART', message: 'x'}})]);
    expect(brief(findings)).toEqual(['1 warning foxctl/drift-error-code']);
    expect(findings[0].message).toContain("foxctl's code uses it");
  });
});

describe('foxctl streams', () => {
  it('a valid progress stream: seq 0.., pct rising, one terminal last', async () => {
    const {findings, result} = await run([progress(0, 0), progress(1, 40), progress(5, 40), foxctl('ok', {meta: {ts: '2025-11-15T12:34:58Z', duration_ms: 9, final: true}})]);
    expect(findings).toEqual([]);
    expect(result.kinds).toEqual({'foxctl:progress': 3, 'foxctl:ok': 1});
  });

  it('out-of-order seq, a first seq other than 0, and falling pct', async () => {
    expect(brief((await run([progress(1), foxctl('ok')])).findings)).toEqual(['1 error foxctl/progress-seq']);
    expect(brief((await run([progress(0), progress(2), progress(2), foxctl('ok')])).findings)).toEqual(['3 error foxctl/progress-seq']);
    expect(brief((await run([progress(0, 50), progress(1, 20), foxctl('ok')])).findings)).toEqual(['2 error foxctl/progress-pct']);
    expect(brief((await run([progress(0, 150), foxctl('ok')])).findings)).toEqual(['1 error foxctl/progress-pct']);
  });

  it('two terminals, a terminal that is not last, and no terminal', async () => {
    expect(brief((await run([progress(0), foxctl('ok'), foxctl('ok')])).findings)).toEqual(['3 error foxctl/stream-terminal']);
    expect(brief((await run([progress(0), foxctl('ok'), progress(1)])).findings)).toEqual(['3 error foxctl/stream-terminal']);
    const missing = await run([progress(0), progress(1)]);
    expect(brief(missing.findings)).toEqual(['2 error foxctl/stream-terminal']);
    expect(missing.findings[0].message).toContain('without its terminal');
  });

  it('meta.final only on the terminal envelope; one command per stream', async () => {
    expect(brief((await run([progress(0, undefined, {meta: {ts: '2025-11-15T12:34:56Z', seq: 0, final: true}}), foxctl('ok')])).findings)).toEqual(['1 error foxctl/stream-final']);
    expect(brief((await run([progress(0), foxctl('ok', {command: 'fs/ls'})])).findings)).toEqual(['2 warning foxctl/stream-command']);
  });

  it('--strict refuses trailing data in a .json input, as upstream does; an .ndjson stream is fine', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fox-'));
    writeFileSync(join(dir, 'two.json'), ndjson([progress(0), foxctl('ok')]));
    writeFileSync(join(dir, 'two.ndjson'), ndjson([progress(0), foxctl('ok')]));
    const {validateEnvelopeInputs} = await import('../../src/envelope/index.js');
    const strict = await validateEnvelopeInputs(['two.json', 'two.ndjson'], {cwd: dir, protocol: 'foxctl', strict: true});
    expect(brief(strict.results[0].findings)).toEqual(['2 error foxctl/trailing-data']);
    expect(strict.results[1].findings).toEqual([]);
    const loose = await validateEnvelopeInputs(['two.json'], {cwd: dir, protocol: 'foxctl'});
    expect(loose.results[0].findings).toEqual([]);
  });
});

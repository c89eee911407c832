import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {Readable} from 'node:stream';
import {validateEnvelopeInputs, type ValidateEnvelopeOptions} from '../../src/envelope/index.js';
import type {Finding} from '../../src/core/finding.js';
import {tempDir} from '../helpers/cli.js';

export type Json = Record<string, unknown>;

export const TS = '2026-05-18T10:00:00Z';

/** A valid AIEnvelope of kind `error`, schemaVersion 1; `over` replaces top-level fields (undefined drops one). */
export function envelope(n: number | string, over: Json = {}): Json {
  return {
    type: 'error',
    schemaVersion: 1,
    envelopeId: `env-${n}`,
    correlationId: `run-1:node-1:0:k${n}`,
    payload: {code: 'validation_failed', message: 'no go'},
    meta: {source: 'ai-generation', ts: TS},
    ...over,
  };
}

/** A valid foxctl Protocol v1 envelope (spec form, so no drift); `over` replaces top-level fields. */
export function foxctl(status: 'ok' | 'error' | 'progress', over: Json = {}): Json {
  const meta: Json = status === 'progress' ? {ts: '2025-11-15T12:34:56Z', seq: 0} : {ts: '2025-11-15T12:34:56Z', duration_ms: 12, source: 'run', runner: 'exec'};
  const error = status === 'error' ? {code: 'EARG', message: 'bad argument', details: {}} : {code: null, message: null};
  return {version: 1, status, command: 'fs/read', data: status === 'progress' ? {stage: 'read', pct: 0} : {path: '/w/a.txt'}, meta, error, ...over};
}

export const ndjson = (values: unknown[]): string => `${values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join('\n')}\n`;

function chunks(text: string): Readable {
  return Readable.from([Buffer.from(text)]);
}

/** Runs the library on `text` as stdin: one input, its findings and tally. */
export async function check(text: string, options: Partial<ValidateEnvelopeOptions> = {}) {
  const outcome = await validateEnvelopeInputs(['-'], {cwd: options.cwd ?? tempDir(), stdin: chunks(text), ...options});
  const [result] = outcome.results;
  return {outcome, result, findings: result.findings};
}

/** Findings as `line severity ruleId` strings: compact to assert on. */
export const brief = (findings: Finding[]): string[] => findings.map((f) => `${f.line} ${f.severity} ${f.ruleId}`);

export const ofRule = (findings: Finding[], ruleId: string): Finding[] => findings.filter((f) => f.ruleId === ruleId);

/** Writes a capabilities document into a fresh folder; returns its path. */
export function capabilitiesFile(doc: Json): string {
  const file = join(tempDir(), 'openwop.json');
  writeFileSync(file, JSON.stringify(doc));
  return file;
}

export const HOST: Json = {
  protocolVersion: '1.0',
  supportedEnvelopes: ['clarification.request', 'schema.request', 'schema.response', 'error', 'vendor.acme.plan.create'],
  schemaVersions: {'clarification.request': 1, 'schema.request': 1, 'schema.response': 1, error: 1},
  limits: {clarificationRounds: 3, schemaRounds: 2, envelopesPerTurn: 5},
};

// Built at run time so no secret-shaped literal sits in the repository.
const secretBody = (n: number, alphabet = 'aB3dE5gH7jK9mN1pQ2sT4vW6xY8zC0') => Array.from({length: n}, (_, i) => alphabet[(i * 7) % alphabet.length]).join('');
export const SAMPLE_SECRETS: Record<string, string> = {
  'an OpenAI API key': `sk-${secretBody(48)}`,
  'an OpenAI project key': `sk-proj-${secretBody(100)}`,
  'an Anthropic API key': `sk-ant-api03-${secretBody(93)}`,
  'a Google API key': `AIza${secretBody(35)}`,
  'an AWS access key id': `AKIA${secretBody(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}`,
  'a GitHub token': `ghp_${secretBody(36)}`,
  'a GitHub fine-grained token': `github_pat_${secretBody(82)}`,
  'a Slack token': `xoxb-${secretBody(12, '0123456789')}-${secretBody(24)}`,
  'a secret: value': `secret:${secretBody(20)}`,
  'a bearer token': `Bearer ${secretBody(40)}`,
};

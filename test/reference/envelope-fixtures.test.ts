import {readdirSync, readFileSync} from 'node:fs';
import {basename, join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {brief, capabilitiesFile, check, HOST, ndjson} from '../envelope/helpers.js';
import {REFERENCE, runCli} from '../helpers/cli.js';

const ENVELOPES = join(REFERENCE, 'openwop/fixtures/envelopes');
const SEAM = join(REFERENCE, 'openwop/fixtures/accept-seam');
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

describe('openwop reference envelopes get the verdict their folder names', () => {
  for (const [dir, want] of [
    ['positive', 0],
    ['negative', 1],
  ] as const) {
    for (const file of readdirSync(join(ENVELOPES, dir)).sort()) {
      it(`${dir}/${file} exits ${want}`, async () => {
        const r = await runCli(['validate', 'envelope', join(ENVELOPES, dir, file), '--json']);
        expect(r.code, r.stderr).toBe(want);
        const [result] = JSON.parse(r.stdout).results;
        expect(result).toMatchObject({envelopes: 1, valid: 1 - want, invalid: want});
        if (want) expect(result.findings.some((f: {severity: string}) => f.severity === 'error')).toBe(true);
        else expect(result.findings).toEqual([]);
      });
    }
  }
});

describe('openwop reference payloads (bare, via --kind) get the verdict their file names', () => {
  for (const file of readdirSync(join(ENVELOPES, 'payloads')).sort()) {
    const [, kind, want] = /^(.+?)\.[^.]+\.(valid|invalid)\.json$/.exec(file) ?? [];
    it(`${file}: --kind ${kind} → ${want}`, async () => {
      expect(kind).toBeTruthy();
      const r = await runCli(['validate', 'envelope', join(ENVELOPES, 'payloads', file), '--kind', kind, '--json']);
      expect(r.code, r.stderr).toBe(want === 'valid' ? 0 : 1);
      const [result] = JSON.parse(r.stdout).results;
      expect(result.kinds).toEqual({[kind]: 1});
      if (want === 'invalid') expect(result.findings.map((f: {ruleId: string}) => f.ruleId)).toContain('envelope/payload-invalid');
    });
  }
});

describe('accept-seam requests replayed as streams against a host', () => {
  it('an unadvertised vendor kind is refused with envelope/unknown-kind', async () => {
    const seam = read(join(SEAM, 'gated-unadvertised-vendor-kind.request.json'));
    const host = capabilitiesFile({...HOST, supportedEnvelopes: seam.hostSupportedEnvelopes});
    const {findings} = await check(ndjson([seam.envelope]), {capabilities: host});
    expect(brief(findings)).toEqual(['1 error envelope/unknown-kind']);
  });

  it('the envelope past envelopesPerTurn breaches the cap', async () => {
    const seam = read(join(SEAM, 'breached-envelopesPerTurn.request.json'));
    const {current, cap} = (seam.counters as {envelopesPerTurn: {current: number; cap: number}}).envelopesPerTurn;
    const envelope = seam.envelope as {correlationId: string; envelopeId: string};
    const turn = envelope.correlationId.slice(0, envelope.correlationId.lastIndexOf(':'));
    const earlier = Array.from({length: current}, (_, i) => ({...envelope, envelopeId: `${envelope.envelopeId}-${i}`, correlationId: `${turn}:earlier${i}`}));
    const host = capabilitiesFile({...HOST, limits: {clarificationRounds: 3, schemaRounds: 2, envelopesPerTurn: cap}});
    const {findings} = await check(ndjson([...earlier, envelope]), {capabilities: host});
    expect(brief(findings)).toEqual([`${current + 1} error envelope/cap-envelopes-per-turn`]);
  });

  it('universal kinds and trust wrappers pass a host that advertises them', async () => {
    const envelopes = ['universal-allowed-despite-node-allowlist', 'trust-envelope-wins', 'trust-normalization-untrusted'].map((name) => read(join(SEAM, `${name}.request.json`)).envelope);
    const {findings} = await check(ndjson(envelopes), {capabilities: capabilitiesFile(HOST)});
    expect(findings).toEqual([]);
    expect(basename(SEAM)).toBe('accept-seam');
  });
});

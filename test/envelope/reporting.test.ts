import {PassThrough} from 'node:stream';
import {describe, expect, it, onTestFinished} from 'vitest';
import {FindingSink} from '../../src/envelope/finding-sink.js';
import {createProgress} from '../../src/envelope/progress.js';
import {describeTally, emptyTally, countKind, MAX_KINDS, OTHER_KINDS} from '../../src/envelope/tally.js';
import type {Finding} from '../../src/core/finding.js';
import {brief, check, envelope, ndjson, SAMPLE_SECRETS} from './helpers.js';

const finding = (ruleId: string, line: number, severity: Finding['severity'] = 'error', message = 'm'): Finding => ({ruleId, severity, message, file: 'f', pointer: '', line, column: 1});

describe('FindingSink', () => {
  it('lists up to N findings per rule, then one closing finding with the count and the highest dropped severity', () => {
    const sink = new FindingSink(2);
    sink.add(finding('a', 1, 'warning'));
    sink.add(finding('a', 2, 'warning'));
    sink.add(finding('a', 3, 'warning'));
    sink.add(finding('a', 4, 'error'));
    sink.add(finding('b', 5));
    expect(sink.errors).toBe(2);
    const out = sink.findings();
    expect(brief(out)).toEqual(['1 warning a', '2 warning a', '5 error b', '3 error a']);
    expect(out[3].message).toMatch(/^2 more "a" findings/);
  });

  it('0 lists everything', () => {
    const sink = new FindingSink(0);
    for (let i = 0; i < 3000; i++) sink.add(finding('a', i));
    expect(sink.findings()).toHaveLength(3000);
  });

  it('masks secrets in every message and pointer it keeps', () => {
    const key = SAMPLE_SECRETS['a Google API key'];
    const sink = new FindingSink();
    sink.add({...finding('x', 1, 'error', `got "${key}"`), pointer: `/payload/${key}`});
    expect(JSON.stringify(sink.findings())).not.toContain(key);
  });

  it('--max-findings-per-rule applies per input', async () => {
    const lines = Array.from({length: 30}, (_, i) => envelope(i, {payload: {code: ''}}));
    const {findings, result} = await check(ndjson(lines), {maxFindingsPerRule: 5});
    expect(findings.filter((f) => f.ruleId === 'envelope/payload-invalid')).toHaveLength(6);
    expect(result.invalid).toBe(30);
  });
});

describe('tally', () => {
  it('describes counts and kinds in name order', () => {
    const t = emptyTally();
    Object.assign(t, {envelopes: 3, valid: 2, invalid: 1});
    countKind(t, 'error');
    countKind(t, 'clarification.request');
    countKind(t, 'error');
    expect(describeTally(t)).toBe('3 envelopes: 2 valid, 1 invalid (clarification.request 1, error 2)');
  });

  it('lumps kinds past the cap together and never keeps a secret as a kind name', () => {
    const t = emptyTally();
    for (let i = 0; i < MAX_KINDS + 5; i++) countKind(t, `vendor.a.k${i}`);
    expect(Object.keys(t.kinds)).toHaveLength(MAX_KINDS + 1);
    expect(t.kinds[OTHER_KINDS]).toBe(5);
    const u = emptyTally();
    countKind(u, SAMPLE_SECRETS['a Slack token']);
    expect(JSON.stringify(u)).not.toContain(SAMPLE_SECRETS['a Slack token']);
  });
});

describe('progress', () => {
  const tty = () => Object.assign(new PassThrough(), {isTTY: true, columns: 80, clearLine: () => true, cursorTo: () => true, moveCursor: () => true});

  it('stays silent on a stream that is not a TTY, or when not wanted', async () => {
    for (const [stream, wanted] of [
      [new PassThrough(), true],
      [tty(), false],
    ] as const) {
      const written: string[] = [];
      stream.on('data', (d: Buffer) => written.push(d.toString()));
      const p = createProgress(stream, wanted, 0);
      p.tick(4096, 'a.ndjson');
      await new Promise((r) => setTimeout(r, 50));
      p.tick(8192, 'a.ndjson');
      p.stop();
      expect(written.join('')).toBe('');
    }
  });

  it('on a TTY, shows a spinner with the count once the run is long enough, and clears it on stop', async () => {
    // ora itself stays quiet on dumb terminals and under CI; pin both so the test means the same everywhere.
    const saved = {CI: process.env.CI, TERM: process.env.TERM};
    delete process.env.CI;
    process.env.TERM = 'xterm';
    onTestFinished(() => {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    });
    const stream = tty();
    const written: string[] = [];
    stream.on('data', (d: Buffer) => written.push(d.toString()));
    const p = createProgress(stream, true, 0);
    p.tick(4096, 'a.ndjson');
    await new Promise((r) => setTimeout(r, 200));
    p.tick(8192, 'a.ndjson');
    await new Promise((r) => setTimeout(r, 200));
    p.stop();
    expect(written.join('')).toContain('envelopes checked in a.ndjson');
  });
});

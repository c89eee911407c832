import {describe, expect, it} from 'vitest';
import {Fingerprint} from '../../src/envelope/stream/fingerprint.js';
import {FingerprintTable} from '../../src/envelope/stream/fingerprint-table.js';
import {GENERATION} from '../../src/envelope/openwop/stream-state.js';

const fp = new Fingerprint();
const key = (s: string): [number, number] => {
  fp.of(s);
  return [fp.hi, fp.lo];
};

describe('Fingerprint', () => {
  it('is deterministic, never the empty-slot key 0:0, and differs for near-identical ids', () => {
    expect(key('env-1')).toEqual(key('env-1'));
    expect(key('env-1')).not.toEqual(key('env-2'));
    expect(key('')).not.toEqual([0, 0]);
    const seen = new Set<string>();
    for (let i = 0; i < 200_000; i++) seen.add(key(`run-${i}:node:${i % 7}:k`).join(':'));
    expect(seen.size).toBe(200_000);
  });
});

describe('FingerprintTable', () => {
  it('inserts once, finds again, and keeps column values', () => {
    const t = new FingerprintTable(2, 1000);
    const h = t.upsert(...key('a'));
    expect(t.inserted).toBe(true);
    t.set(h, 0, 7);
    t.set(h, 1, 9);
    const again = t.upsert(...key('a'));
    expect(t.inserted).toBe(false);
    expect([t.get(again, 0), t.get(again, 1)]).toEqual([7, 9]);
  });

  it('keeps keys and values across growth', () => {
    const t = new FingerprintTable(1, 100_000);
    for (let i = 0; i < 50_000; i++) t.set(t.upsert(...key(`k${i}`)), 0, i + 1);
    for (let i = 0; i < 50_000; i += 997) {
      const h = t.upsert(...key(`k${i}`));
      expect(t.inserted).toBe(false);
      expect(t.get(h, 0)).toBe(i + 1);
    }
  });

  it('remembers at least the last generation and forgets what is two generations old', () => {
    const g = 5000;
    const t = new FingerprintTable(1, g);
    for (let i = 0; i < 3 * g; i++) t.set(t.upsert(...key(`k${i}`)), 0, i);
    // The last g keys are always there, with their values.
    const h = t.upsert(...key(`k${2 * g}`));
    expect(t.inserted).toBe(false);
    expect(t.get(h, 0)).toBe(2 * g);
    // The first generation was dropped when the third began.
    t.upsert(...key('k0'));
    expect(t.inserted).toBe(true);
  });

  it('stays within its bound however many keys go through it', () => {
    const g = 3 * 2 ** 10;
    const t = new FingerprintTable(2, g);
    for (let i = 0; i < 20 * g; i++) t.upsert(...key(`k${i}`));
    // Two generations at most, each a power of two keeping ≤ 3/4 load: 2 × 4096 slots × 4 words × 4 bytes.
    expect(t.bytes()).toBeLessThanOrEqual(2 * 4096 * 4 * 4);
  });

  it('the stream-state tables keep the bound the help text states: 12 MiB (ids) and 16 MiB (correlations)', () => {
    const ids = new FingerprintTable(1, GENERATION);
    const correlations = new FingerprintTable(2, GENERATION);
    for (let i = 0; i < 2.5 * GENERATION; i++) {
      const [hi, lo] = key(`e${i}`);
      ids.upsert(hi, lo);
      correlations.upsert(hi, lo);
    }
    expect(ids.bytes()).toBeLessThanOrEqual(12 * 2 ** 20);
    expect(correlations.bytes()).toBeLessThanOrEqual(16 * 2 ** 20);
  });
});

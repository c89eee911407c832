import {describe, expect, it} from 'vitest';
import {ReadAhead} from '../../src/io/read-ahead.js';

/** A read-ahead over `sizes` (each input's characters; undefined: not loaded ahead) that records every read and parse. */
function over(sizes: readonly (number | undefined)[], maxItems: number, maxChars: number) {
  const loads: number[] = [];
  const steps: string[] = [];
  const ahead = new ReadAhead(
    sizes.length,
    (i) => {
      loads.push(i);
      steps.push(`read ${i}`);
      const size = sizes[i];
      return size === undefined ? undefined : {index: i, size};
    },
    (read) => read.size,
    (read) => {
      steps.push(`parse ${read.index}`);
      return {...read, parsed: true};
    },
    maxItems,
    maxChars,
  );
  return {ahead, loads, steps};
}

describe('ReadAhead', () => {
  it('loads a stretch of inputs at the first take, and the next stretch only once the taker reaches it', () => {
    const {ahead, loads} = over([1, 1, 1, 1, 1], 2, 100);
    expect(ahead.take(0)).toEqual({index: 0, size: 1, parsed: true});
    expect(loads).toEqual([0, 1]);
    expect(ahead.take(1)).toEqual({index: 1, size: 1, parsed: true});
    expect(loads).toEqual([0, 1]);
    expect(ahead.take(2)).toEqual({index: 2, size: 1, parsed: true});
    expect(loads).toEqual([0, 1, 2, 3]);
    ahead.take(3);
    expect(ahead.take(4)).toEqual({index: 4, size: 1, parsed: true});
    expect(loads).toEqual([0, 1, 2, 3, 4]);
  });

  it('reads a whole stretch before it parses any of it', () => {
    const {ahead, steps} = over([1, undefined, 1, 1], 3, 100);
    ahead.take(0);
    expect(steps).toEqual(['read 0', 'read 1', 'read 2', 'parse 0', 'parse 2']);
  });

  it('ends a stretch once it holds the characters allowed, the input that crosses the bound included', () => {
    const {ahead, loads} = over([40, 70, 10, 10], 10, 100);
    ahead.take(0);
    expect(loads).toEqual([0, 1]);
    ahead.take(1);
    ahead.take(2);
    expect(loads).toEqual([0, 1, 2, 3]);
  });

  it('loads an input larger than the bound alone', () => {
    const {ahead, loads} = over([500, 1, 1], 10, 100);
    expect(ahead.take(0)).toEqual({index: 0, size: 500, parsed: true});
    expect(loads).toEqual([0]);
    ahead.take(1);
    expect(loads).toEqual([0, 1, 2]);
  });

  it('hands each input over once, and refuses one taken again, one before the stretch held, or one past the last', () => {
    const {ahead, loads} = over([1, 1, 1], 2, 100);
    expect(ahead.take(0)).toEqual({index: 0, size: 1, parsed: true});
    expect(() => ahead.take(0)).toThrow(/taken already/);
    expect(ahead.take(2)).toEqual({index: 2, size: 1, parsed: true});
    expect(() => ahead.take(1)).toThrow(/out of order/);
    expect(() => ahead.take(3)).toThrow(/out of order/);
    expect(loads).toEqual([0, 1, 2]);
  });

  it('counts an input not loaded ahead in the stretch, and refuses to hand it over', () => {
    const {ahead, loads} = over([1, undefined, 1], 2, 100);
    ahead.take(0);
    expect(() => ahead.take(1)).toThrow(/not read ahead/);
    expect(loads).toEqual([0, 1]);
    expect(ahead.take(2)).toEqual({index: 2, size: 1, parsed: true});
  });
});

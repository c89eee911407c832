import {describe, expect, it} from 'vitest';
import {countArrayItems, MAX_VALIDATED_ARRAY_ITEMS, tooManyArrayItems} from '../../src/io/array-items.js';

describe('countArrayItems / tooManyArrayItems', () => {
  it('counts the items of every array, nested ones included, and names the longest', () => {
    expect(countArrayItems({a: [1, [2, 3]], b: {c: [4, 5, 6]}})).toEqual({total: 7, longest: {length: 3, pointer: '/b/c'}});
    expect(countArrayItems('text')).toEqual({total: 0, longest: {length: 0, pointer: ''}});
  });

  it('the bound is inclusive: exactly MAX_VALIDATED_ARRAY_ITEMS items pass, one more does not', () => {
    const items = (n: number) => ({list: Array.from({length: n}, (_, i) => i)});
    expect(tooManyArrayItems(items(MAX_VALIDATED_ARRAY_ITEMS))).toBeUndefined();
    expect(tooManyArrayItems(items(MAX_VALIDATED_ARRAY_ITEMS + 1))).toEqual({message: expect.stringMatching(/hold 5,001 items in all \(the longest, at \/list, 5,001\)/), pointer: '/list'});
  });

  it('many short arrays add up like one long one', () => {
    const doc = Object.fromEntries(Array.from({length: 60}, (_, i) => [`k${i}`, Array.from({length: 100}, () => 0)]));
    expect(tooManyArrayItems(doc)?.message).toMatch(/hold 6,000 items in all \(the longest, at \/k\d+, 100\)/);
  });

  it('a deeply nested document does not overflow the stack', () => {
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(countArrayItems(deep).total).toBe(100_000);
  });
});

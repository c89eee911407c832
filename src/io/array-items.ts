import {childPointer} from './json-pointer.js';

/**
 * How many array items a document may hold in all before nothing validates it. Some schema checks cost the square of
 * an array's length: `uniqueItems` over items Ajv cannot hash (objects in a v2 enum list) takes ~0.4 s for 5,000 items,
 * 1.6 s for 10,000 and minutes for 100,000. The real documents seen hold under 200 items in all, so 5,000 is a bound no
 * honest document reaches and no hostile one can turn into more than half a second. It counts every array, so many
 * long arrays cannot add up either.
 */
export const MAX_VALIDATED_ARRAY_ITEMS = 5_000;

export interface ArrayItems {
  /** Items in all the value's arrays, nested ones included. */
  total: number;
  /** The longest array, and where it is. */
  longest: {length: number; pointer: string};
}

export function countArrayItems(value: unknown): ArrayItems {
  const found: ArrayItems = {total: 0, longest: {length: 0, pointer: ''}};
  // A stack, not recursion: a deeply nested document must not overflow it.
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [v, pointer] = stack.pop() as [unknown, string];
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      found.total += v.length;
      if (v.length > found.longest.length) found.longest = {length: v.length, pointer};
      v.forEach((item, i) => stack.push([item, childPointer(pointer, i)]));
    } else for (const [key, item] of Object.entries(v)) stack.push([item, childPointer(pointer, key)]);
  }
  return found;
}

/** Why `value` is too large to validate, or undefined when it is within MAX_VALIDATED_ARRAY_ITEMS. */
export function tooManyArrayItems(value: unknown): {message: string; pointer: string} | undefined {
  const {total, longest} = countArrayItems(value);
  if (total <= MAX_VALIDATED_ARRAY_ITEMS) return undefined;
  const fmt = (n: number) => n.toLocaleString('en-US');
  return {
    message: `the document's arrays hold ${fmt(total)} items in all (the longest, at ${longest.pointer || '(root)'}, ${fmt(longest.length)}), more than the ${fmt(MAX_VALIDATED_ARRAY_ITEMS)} that are validated: some schema checks cost the square of an array's length, so the document is not checked`,
    pointer: longest.pointer,
  };
}

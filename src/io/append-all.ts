/**
 * `target.push(...items)` without the spread: a spread passes every item as an argument on the stack, and V8 throws
 * RangeError past ~120k of them — a count of findings (or keys, or array elements) that hostile input reaches.
 */
export function appendAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}

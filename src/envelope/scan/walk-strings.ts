import {childPointer} from '../../io/json-pointer.js';

/**
 * Calls `visit` for every string value under `root` (not keys), with its JSON pointer. Iterative, so nesting depth
 * cannot overflow the stack; pointers are built as the walk goes, so call it only when a cheap test said it may find
 * something.
 */
export function walkStrings(root: unknown, base: string, visit: (text: string, pointer: string) => void): void {
  const values: unknown[] = [root];
  const pointers: string[] = [base];
  while (values.length > 0) {
    const value = values.pop();
    const pointer = pointers.pop() as string;
    if (typeof value === 'string') visit(value, pointer);
    else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) {
        values.push(value[i]);
        pointers.push(`${pointer}/${i}`);
      }
    } else if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        values.push((value as Record<string, unknown>)[keys[i]]);
        pointers.push(childPointer(pointer, keys[i]));
      }
    }
  }
}

/**
 * A deep copy of JSON-shaped data with every string value and every key passed through a function. `text` also gets
 * the property name a value sits under (undefined in arrays), so a value can be judged by its key.
 * Iterative, so a 10,000-deep host document cannot overflow the stack; key order is kept; a key such as `__proto__`
 * stays an ordinary property.
 */
export function mapStrings(root: unknown, text: (value: string, key: string | undefined) => string, key: (name: string) => string): unknown {
  const holder: {value?: unknown} = {};
  const values: unknown[] = [root];
  const parents: Record<string | number, unknown>[] = [holder];
  const slots: (string | number)[] = ['value'];
  const names: (string | undefined)[] = [undefined];
  while (values.length > 0) {
    const value = values.pop();
    const parent = parents.pop() as Record<string | number, unknown>;
    const slot = slots.pop() as string | number;
    const name = names.pop();
    let copy: unknown = value;
    if (typeof value === 'string') copy = text(value, name);
    else if (Array.isArray(value)) {
      const list: unknown[] = new Array(value.length);
      for (let i = value.length - 1; i >= 0; i--) {
        values.push(value[i]);
        parents.push(list as unknown as Record<number, unknown>);
        slots.push(i);
        names.push(undefined);
      }
      copy = list;
    } else if (value !== null && typeof value === 'object') {
      const object: Record<string, unknown> = {};
      const own = Object.keys(value);
      const renamed = own.map(key);
      // Every property is created now, in order; the values arrive later, in any order.
      for (const k of renamed) Object.defineProperty(object, k, {value: undefined, enumerable: true, writable: true, configurable: true});
      for (let i = own.length - 1; i >= 0; i--) {
        values.push((value as Record<string, unknown>)[own[i]]);
        parents.push(object);
        slots.push(renamed[i]);
        names.push(own[i]);
      }
      copy = object;
    }
    parent[slot] = copy;
  }
  return holder.value;
}

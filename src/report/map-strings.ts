/**
 * JSON-shaped data with every string value and every key passed through a function. `text` also gets the property
 * name a value sits under (undefined in arrays), so a value can be judged by its key.
 * Copy on write: an object or array is copied only when something inside it changed, so a clean 200,000-finding
 * report costs one read-only walk and no allocation. Iterative, so a 10,000-deep host document cannot overflow the
 * stack; key order is kept; a key such as `__proto__` stays an ordinary property.
 */
export function mapStrings(root: unknown, text: (value: string, key: string | undefined) => string, mapKey: (name: string) => string): unknown {
  const key = remembered(mapKey);
  if (!isContainer(root)) return typeof root === 'string' ? text(root, undefined) : root;
  const stack: Frame[] = [frame(root, key, -1)];
  for (;;) {
    const top = stack[stack.length - 1];
    if (top.next < top.size) {
      const at = top.next++;
      const child = childAt(top, at);
      if (isContainer(child)) stack.push(frame(child, key, at));
      else if (typeof child === 'string') put(top, at, text(child, top.names?.[at]));
      continue;
    }
    stack.pop();
    const done = top.copy ?? (top.renamed ? copyOf(top) : top.source);
    if (stack.length === 0) return done;
    put(stack[stack.length - 1], top.slot, done);
  }
}

interface Frame {
  source: object;
  size: number;
  /** An object's own keys and what each becomes; undefined for an array. */
  names: string[] | undefined;
  mapped: string[];
  renamed: boolean;
  next: number;
  /** Made on the first change. */
  copy: Record<string, unknown> | unknown[] | undefined;
  /** Where the result goes in the parent. */
  slot: number;
}

function isContainer(value: unknown): value is object {
  return value !== null && typeof value === 'object';
}

function frame(source: object, key: (name: string) => string, slot: number): Frame {
  if (Array.isArray(source)) return {source, size: source.length, names: undefined, mapped: [], renamed: false, next: 0, copy: undefined, slot};
  const names = Object.keys(source);
  const mapped = names.map(key);
  return {source, size: names.length, names, mapped, renamed: mapped.some((m, i) => m !== names[i]), next: 0, copy: undefined, slot};
}

function childAt(f: Frame, at: number): unknown {
  return f.names === undefined ? (f.source as unknown[])[at] : (f.source as Record<string, unknown>)[f.names[at]];
}

function put(f: Frame, at: number, value: unknown): void {
  if (f.copy === undefined) {
    if (value === childAt(f, at)) return;
    f.copy = copyOf(f);
  }
  if (Array.isArray(f.copy)) f.copy[at] = value;
  else define(f.copy, f.mapped[at], value);
}

/** A shallow copy under the mapped keys, in the original order. */
function copyOf(f: Frame): Record<string, unknown> | unknown[] {
  if (f.names === undefined) return (f.source as unknown[]).slice();
  const copy: Record<string, unknown> = {};
  for (let i = 0; i < f.names.length; i++) define(copy, f.mapped[i], (f.source as Record<string, unknown>)[f.names[i]]);
  return copy;
}

function define(object: Record<string, unknown>, name: string, value: unknown): void {
  if (name === '__proto__') Object.defineProperty(object, name, {value, enumerable: true, writable: true, configurable: true});
  else object[name] = value;
}

/**
 * `fn` with its answers kept for names seen before, up to `bound` names: keys repeat (every finding has the same ten),
 * while a hostile document's thousands of distinct keys are not all kept.
 */
export function remembered<T>(fn: (name: string) => T, bound = 10_000): (name: string) => T {
  const seen = new Map<string, T>();
  return (name) => {
    let out = seen.get(name);
    if (out === undefined) {
      out = fn(name);
      if (seen.size < bound) seen.set(name, out);
    }
    return out;
  };
}

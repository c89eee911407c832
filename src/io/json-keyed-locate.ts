import {restEnd, skipWhitespace, valueEnd} from './json-skip.js';
import {childNamed, rootEnd, type WantedPath, type WantedPaths} from './json-locate.js';

const SPACE = 0x20;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;

/**
 * The ranges {@link locateWanted} gives, found through the parsed value rather than by scanning the text: in a text
 * whose key tokens are exactly the parsed value's keys (no duplicate, no `":` inside a string) and whose objects have no
 * integer-like key (JSON.parse moves those first), the n-th key of a pre-order walk of the value is the n-th key token
 * of the text. A walk of parsed objects counts keys several times faster than characters can be scanned, and the text
 * is then read only around the keys asked for and from the last key of a value asked for to its end.
 *
 * Undefined when a path cannot be placed this way (it ends at an array element that is not a non-empty object, it
 * does not exist, or a key starts with a digit): the caller then scans ({@link locateWanted}). `paths` is not changed.
 */
export function locateWantedByKeys(text: string, value: unknown, colons: readonly number[], paths: WantedPaths): number[] | undefined {
  return new KeyWalk(text, colons, paths).run(value, paths.root);
}

class KeyWalk {
  private readonly out: number[];
  /** Nodes with a range to give that have none yet. */
  private unplaced: number;
  private failed = false;
  /** Keys passed so far in the walk's pre-order. */
  private ordinal = 0;
  /** Containers open around the last key passed. */
  private lastDepth = 0;

  constructor(
    private readonly text: string,
    private readonly colons: readonly number[],
    paths: WantedPaths,
  ) {
    this.out = new Array<number>(2 * paths.count).fill(0);
    this.unplaced = paths.ranged;
  }

  run(value: unknown, root: WantedPath): number[] | undefined {
    if (root.ends !== undefined) {
      const start = skipWhitespace(this.text, 0);
      this.set(root, start, rootEnd(this.text, start));
    }
    if (root.first !== undefined) this.children(value, root, 1);
    return this.failed || this.unplaced > 0 ? undefined : this.out;
  }

  private set(node: WantedPath, start: number, end: number): void {
    const {out} = this;
    const {ends} = node;
    if (typeof ends === 'number') {
      out[2 * ends] = start;
      out[2 * ends + 1] = end;
    } else if (ends !== undefined) {
      for (const i of ends) {
        out[2 * i] = start;
        out[2 * i + 1] = end;
      }
    }
    this.unplaced--;
  }

  /**
   * Walks `value`, whose direct members sit inside `depth` open containers, finding the children of `node` in it; under
   * no wanted path (`node` undefined) its keys are counted, nothing more.
   */
  private children(value: unknown, node: WantedPath | undefined, depth: number): void {
    if (value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        // Most arrays in a schema hold strings ("required", "enum", a type list): no call for those.
        if (node === undefined && (item === null || typeof item !== 'object')) continue;
        const child = node === undefined ? undefined : childNamed(node, String(i));
        if (child === undefined) this.children(item, undefined, depth + 1);
        else this.element(child, item, depth + 1);
        if (this.failed || this.unplaced === 0) return;
      }
      return;
    }
    const obj = value as Record<string, unknown>;
    for (const k in obj) {
      const c = k.charCodeAt(0);
      if (c >= DIGIT_0 && c <= DIGIT_9) {
        this.failed = true;
        return;
      }
      const ordinal = this.ordinal++;
      this.lastDepth = depth;
      const child = node === undefined ? undefined : childNamed(node, k);
      if (child === undefined) this.children(obj[k], undefined, depth + 1);
      else this.member(child, obj[k], depth + 1, ordinal);
      // Once every range is known, the keys left cannot move one (integer-like keys come first in their own object).
      if (this.failed || this.unplaced === 0) return;
    }
  }

  /** `value` is the member `node` names, the key token with `ordinal`. */
  private member(node: WantedPath, value: unknown, depth: number, ordinal: number): void {
    if (node.ends === undefined) {
      this.children(value, node.first === undefined ? undefined : node, depth);
      return;
    }
    const colon = this.colons[ordinal];
    const start = this.keyStart(colon);
    let valueStart = colon + 1;
    while (this.text.charCodeAt(valueStart) <= SPACE) valueStart++;
    const firstInside = this.ordinal;
    this.children(value, node.first === undefined ? undefined : node, depth);
    this.set(node, start, this.valueEnd(value, valueStart, depth, firstInside));
  }

  /** `value` is the element `node` names: its start is known only through its first key. */
  private element(node: WantedPath, value: unknown, depth: number): void {
    if (node.ends === undefined) {
      this.children(value, node.first === undefined ? undefined : node, depth);
      return;
    }
    if (!hasKey(value)) {
      this.failed = true;
      return;
    }
    const firstInside = this.ordinal;
    const colon = this.colons[firstInside];
    let start = this.keyStart(colon) - 1;
    while (start > 0 && this.text.charCodeAt(start) <= SPACE) start--;
    if (this.text.charCodeAt(start) !== OPEN_BRACE) {
      this.failed = true;
      return;
    }
    this.children(value, node.first === undefined ? undefined : node, depth);
    this.set(node, start, this.valueEnd(value, start, depth, firstInside));
  }

  /**
   * The offset past `value`, which starts at `valueStart` and whose members sit inside `depth` containers: from the
   * last key inside it when it has one (only that key's value and the closing brackets are left to read), else read
   * from its start (a scalar, or a container of scalars, as short as such values are in schemas).
   */
  private valueEnd(value: unknown, valueStart: number, depth: number, firstInside: number): number {
    if (this.ordinal === firstInside || value === null || typeof value !== 'object') return valueEnd(this.text, valueStart);
    return restEnd(this.text, this.colons[this.ordinal - 1] + 1, false, this.lastDepth - depth + 1);
  }

  /** The opening quote of the key token whose colon is at `colon` (a key colon: a quote comes before it). */
  private keyStart(colon: number): number {
    const {text} = this;
    let close = colon - 1;
    while (close > 0 && text.charCodeAt(close) !== QUOTE) close--;
    for (let at = text.lastIndexOf('"', close - 1); at > 0; at = text.lastIndexOf('"', at - 1)) if (!escaped(text, at)) return at;
    return 0;
  }
}

function hasKey(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  for (const _ in value) return true;
  return false;
}

/** The character at `at` follows an odd run of backslashes. */
function escaped(text: string, at: number): boolean {
  let slashes = 0;
  while (text.charCodeAt(at - 1 - slashes) === BACKSLASH) slashes++;
  return slashes % 2 === 1;
}

import {isWhitespace} from './json-skip.js';

const QUOTE = 0x22;

/**
 * The offsets of the text's key tokens' colons, in order, when there are exactly `keys` of them (the parsed value's key
 * count); undefined otherwise. A colon counts when a string token comes before it (across any whitespace): every key's
 * does, and string content can only add to them. Exactly `keys` therefore proves no key repeats and no such colon sits
 * inside a string.
 */
export function keyColons(text: string, keys: number): number[] | undefined {
  // A plain array: a typed array past a few dozen entries is allocated outside the heap, which costs more than its scan.
  const colons = new Array<number>(keys);
  let n = 0;
  // A one-character search: several times faster in V8 than searching for `":`, which would also miss `"a" :`.
  for (let i = text.indexOf(':'); i !== -1; i = text.indexOf(':', i + 1)) {
    let before = i - 1;
    while (before >= 0 && isWhitespace(text.charCodeAt(before))) before--;
    if (text.charCodeAt(before) !== QUOTE) continue;
    if (n === keys) return undefined;
    colons[n++] = i;
  }
  return n === keys ? colons : undefined;
}

/*
 * Character-level steps through a text that JSON.parse accepted. A valid text has no error cases to recover from, so a
 * plain character loop can skip values several times faster than a tokenizer: strings end at the first unescaped
 * quote, containers at the bracket that balances them, and scalars at the next delimiter.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

export function isWhitespace(c: number): boolean {
  return c === SPACE || c === LF || c === CR || c === TAB;
}

/** The offset of the first non-whitespace character at or after `at`. */
export function skipWhitespace(text: string, at: number): number {
  while (at < text.length && isWhitespace(text.charCodeAt(at))) at++;
  return at;
}

/** `at` is on a string's opening quote: the offset just past its closing quote. */
export function stringEnd(text: string, at: number): number {
  // A loop, not indexOf: most strings in JSON are a few characters long, shorter than the call costs.
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i + 1;
    if (c === BACKSLASH) i++;
  }
  return text.length;
}

/** `at` is on the first character of a value: the offset just past the value. */
export function valueEnd(text: string, at: number): number {
  const c = text.charCodeAt(at);
  if (c === QUOTE) return stringEnd(text, at);
  if (c === OPEN_BRACE || c === OPEN_BRACKET) return containerEnd(text, at);
  let end = at + 1;
  while (end < text.length) {
    const d = text.charCodeAt(end);
    if (d === COMMA || d === CLOSE_BRACE || d === CLOSE_BRACKET || isWhitespace(d)) break;
    end++;
  }
  return end;
}

function containerEnd(text: string, at: number): number {
  return restEnd(text, at + 1, false);
}

/**
 * `at` is inside `open` containers (one: past its opening bracket or a member): the offset just past the bracket that
 * closes the outermost, found by balancing brackets with strings skipped (this loop is where positions spend their
 * time). In a `plain` text (no backslash anywhere) a string ends at the next quote, which indexOf finds faster than a
 * loop.
 */
export function restEnd(text: string, at: number, plain: boolean, open = 1): number {
  const length = text.length;
  let depth = open;
  for (let i = at; i < length; i++) {
    const c = text.charCodeAt(i);
    // Whitespace, about half of an indented text, is passed over with one comparison.
    if (c <= SPACE) continue;
    if (c === QUOTE) {
      if (plain) {
        i = text.indexOf('"', i + 1);
        if (i === -1) return length;
        continue;
      }
      for (i++; i < length; i++) {
        const d = text.charCodeAt(i);
        if (d === QUOTE) break;
        if (d === BACKSLASH) i++;
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && --depth === 0) return i + 1;
  }
  return length;
}

/** The string token from `at` to `end` holds an escape. */
export function hasEscape(text: string, at: number, end: number): boolean {
  for (let i = at + 1; i < end - 1; i++) if (text.charCodeAt(i) === BACKSLASH) return true;
  return false;
}

/** The value of the string token from `at` (its opening quote) to `end` (just past its closing quote). */
export function stringAt(text: string, at: number, end: number): string {
  const raw = text.slice(at + 1, end - 1);
  return raw.includes('\\') ? (JSON.parse(text.slice(at, end)) as string) : raw;
}

import {mapStrings} from './map-strings.js';
import {redactText, redactValueText} from './redact.js';

// Everything a person reads (stylish, github, junit, error messages, spinners) quotes untrusted input: file names,
// keys, values, host documents, recordings. Before it is shown it is redacted, cut to a bounded length, and stripped
// of the characters that drive a terminal or reorder text, which are shown as visible `\u001b`-style escapes.

/**
 * C0 controls (NUL, BEL, BS, ESC, …) except tab, DEL, C1 controls (CSI U+009B and friends), the bidi marks and
 * overrides (Trojan Source), and the Unicode line and paragraph separators. Line feed and carriage return are
 * escaped too, unless the caller lays out lines itself.
 */
const UNSAFE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;
const UNSAFE_KEEP_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

/** A character as the `\\uXXXX` escape that shows it. */
export const unicodeEscape = (ch: string) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;

export function escapeControls(text: string, keepLineBreaks = false): string {
  return text.replace(keepLineBreaks ? UNSAFE_KEEP_BREAKS : UNSAFE, unicodeEscape);
}

/**
 * The JSON text with the characters JSON.stringify leaves raw (DEL, C1, bidi, U+2028/2029) written as `\uXXXX`
 * escapes. They can only occur inside strings, where the escape means exactly the same character, so the document
 * parses to the same value and is safe to `cat`.
 */
export function escapeJsonText(json: string): string {
  return json.replace(/[\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g, unicodeEscape);
}

/** Longest line shown; a longer one keeps its head and tail around a count of what was left out. */
export const MAX_LINE = 1024;
const HEAD = 768;
const TAIL = 192;

/** `…(+N bytes)…` in the middle of an overlong line, so both the start and the end of a message stay readable. */
export function clipLine(line: string): string {
  if (line.length <= MAX_LINE) return line;
  const head = pairSafe(line, HEAD);
  const tail = pairSafe(line, line.length - TAIL);
  return `${line.slice(0, head)}…(+${Buffer.byteLength(line.slice(head, tail), 'utf8')} bytes)…${line.slice(tail)}`;
}

/** Never cut between the two halves of a surrogate pair. */
function pairSafe(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return code >= 0xdc00 && code <= 0xdfff ? at - 1 : at;
}

function clipLines(text: string): string {
  if (text.length <= MAX_LINE) return text;
  return text.includes('\n') ? text.split('\n').map(clipLine).join('\n') : clipLine(text);
}

/** One line of text for a person: redacted, cut, every control character (line breaks too) escaped. */
export function displayText(text: string): string {
  return showLine(redactText(text));
}

/** A text of several lines (oclif's messages, a stack trace, scaffold's summary): redacted whole, then line by line. */
export function displayLines(text: string): string {
  return redactText(text).split('\n').map(showLine).join('\n');
}

function showLine(line: string): string {
  return neutraliseLogCommands(escapeControls(clipLine(line)));
}

/** A string kept for a formatter that lays out lines itself: line breaks stay, everything else as displayText. */
export function displayString(text: string, key?: string): string {
  return escapeControls(clipLines(redactValueText(text, key)), true);
}

/** A deep copy of a report (or any JSON-shaped value) ready for a human-readable format. */
export function displayValue<T>(value: T): T {
  return mapStrings(value, displayString, (k) => displayString(k)) as T;
}

/**
 * A GitHub Actions runner reads every log line as a possible workflow command: `::name …::` after leading spaces,
 * and the older `##[name]` anywhere. Output a stranger controls (a file name at the start of a line) must not issue
 * one, so the first character of such a marker is shown escaped.
 */
export function neutraliseLogCommands(line: string): string {
  const lead = /^(\s*):/.exec(line);
  const out = lead && line.startsWith('::', lead[1].length) ? `${lead[1]}\\u003a${line.slice(lead[0].length)}` : line;
  return out.includes('##[') ? out.replace(/##\[/g, '#\\u0023[') : out;
}

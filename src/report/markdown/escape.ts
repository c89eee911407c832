// Markdown that a stranger's text cannot steer. Every string from input (messages, file names, pack names, recorded
// stop reasons) reaches the page through one of these: as plain text, as a code span, or inside a Mermaid block. The
// callers hand over text already redacted and control-escaped (displayValue); here it only loses its markup.

/** Line breaks (and the blanks around them) become one space: a table row is one line, and so is a Mermaid statement. */
function oneLine(text: string): string {
  return text.includes('\n') || text.includes('\r') ? text.split(/\r\n|\r|\n/).join(' ') : text;
}

/**
 * Characters with a meaning inline in GitHub Flavored Markdown: emphasis, code, links and images, table cells,
 * strikethrough, math (`$`), and what starts an autolink without brackets (`https:`, `www.`, `user@host`). Each is
 * backslash-escaped, which CommonMark allows for any ASCII punctuation.
 */
const INLINE = /[\\`*_[\]!|~:.@$]/g;
/** As entities, so no tag or entity of the input's own can open. */
const ENTITIES: Record<string, string> = {'<': '&lt;', '>': '&gt;', '&': '&amp;'};

/** Input as inline text (a paragraph or a table cell): shown as written, never as markup. */
export function mdText(text: string): string {
  return oneLine(text)
    .replace(/[<>&]/g, (ch) => ENTITIES[ch])
    .replace(INLINE, '\\$&');
}

/**
 * Input as a code span: a backtick fence longer than any run inside it, padded when the text starts or ends with a
 * backtick. A `|` is escaped even here: GitHub splits table cells before it reads code spans, and reads each `\x` as
 * one escaped character, so an odd run of backslashes before a `|` gets one more (shown, but the cell holds).
 */
export function codeSpan(text: string): string {
  const flat = oneLine(text).replace(/(\\*)\|/g, (_, slashes: string) => `${slashes}${slashes.length % 2 === 1 ? '\\' : ''}\\|`);
  if (flat === '') return '` `';
  const fence = '`'.repeat(longestBacktickRun(flat) + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') || (flat.startsWith(' ') && flat.endsWith(' ') && flat.trim() !== '') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** A fence for a block holding `content`: longer than any backtick run in it, so nothing inside can close it. */
export function fenceFor(content: string): string {
  return '`'.repeat(Math.max(3, longestBacktickRun(content) + 1));
}

/** A loop, not `Math.max(...runs)`: a text of a million runs would overflow the call stack as arguments. */
function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const run of text.matchAll(/`+/g)) longest = Math.max(longest, run[0].length);
  return longest;
}

/**
 * Characters Mermaid may show as they are inside a message or note. Everything else, `:` `;` `#` `%` `<` `>` and the
 * backtick among them, becomes a Mermaid entity code (`#60;`): input can then neither end a statement, start a comment
 * or an arrow, write HTML into the diagram, nor close the code fence around it.
 */
const MERMAID_UNSAFE = /[^\p{L}\p{N} .,_/=+?()'-]/gu;

/** Input inside a Mermaid sequence diagram's message or note text. */
export function mermaidText(text: string): string {
  return oneLine(text).replace(MERMAID_UNSAFE, (ch) => `#${ch.codePointAt(0)};`);
}

/** A GitHub Flavored Markdown table; the cells are already escaped. */
export function mdTable(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return [mdRow(header), mdRow(header.map(() => '---')), ...rows.map(mdRow)];
}

/** One row of a table; the cells are already escaped. */
export function mdRow(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

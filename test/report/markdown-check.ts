import {Parser} from 'commonmark';
import {expect} from 'vitest';

// What a Markdown report must be, checked with a CommonMark parser. GFM tables are not CommonMark, so a table is
// checked as lines: every row of one table has the header's cell count. The parser checks the rest: no HTML node at
// all (the report writes none of its own, so any would come from input), links only to our docs, and each Mermaid
// block one fenced code block with the info string `mermaid`.

export interface CheckedMarkdown {
  /** The content of each ```mermaid block. */
  mermaid: string[];
  /** Every link destination. */
  links: string[];
  /** The text a reader sees: every text and code span the parser found, in order. */
  text: string;
  tables: string[][];
}

const DOCS = 'https://github.com/openwop/openwop-cli/blob/main/docs/rules/';

export function checkMarkdown(md: string): CheckedMarkdown {
  const doc = new Parser().parse(md);
  const walker = doc.walker();
  const mermaid: string[] = [];
  const links: string[] = [];
  const html: string[] = [];
  const texts: string[] = [];
  for (let step = walker.next(); step; step = walker.next()) {
    const node = step.node;
    if (!step.entering) continue;
    if (node.type === 'html_inline' || node.type === 'html_block') html.push(node.literal ?? '');
    if (node.type === 'link' || node.type === 'image') links.push(node.destination ?? '');
    if (node.type === 'code_block' && node.info === 'mermaid') mermaid.push(node.literal ?? '');
    if (node.type === 'text' || node.type === 'code') texts.push(node.literal ?? '');
  }
  expect(html, 'raw HTML in the Markdown').toEqual([]);
  for (const link of links) expect(link.startsWith(DOCS), `a link that is not a rule's docs page: ${link}`).toBe(true);
  const tables = tablesOf(md);
  for (const table of tables) {
    const cells = table.map(cellCount);
    expect(
      cells.every((n) => n === cells[0]),
      `a table whose rows differ in cell count (${cells.join(', ')}):\n${table.join('\n')}`,
    ).toBe(true);
    expect(/^\|( --- \|)+$/.test(table[1]), `a table without its delimiter row:\n${table.join('\n')}`).toBe(true);
  }
  return {mermaid, links, text: texts.join(''), tables};
}

/** Runs of lines starting with `|`, outside fenced code. */
function tablesOf(md: string): string[][] {
  const tables: string[][] = [];
  let current: string[] | undefined;
  let fence: string | undefined;
  for (const line of md.split('\n')) {
    const opens = /^(`{3,})/.exec(line);
    if (fence === undefined && opens) fence = opens[1];
    else if (fence !== undefined && line.startsWith(fence) && line.trim() === fence) fence = undefined;
    if (fence === undefined && line.startsWith('|')) (current ??= []).push(line);
    else if (current) {
      tables.push(current);
      current = undefined;
    }
  }
  if (current) tables.push(current);
  return tables;
}

/** Cells of a GFM table row: split at every `|` not escaped by a backslash (inside code spans too, as GitHub does). */
export function cellCount(row: string): number {
  let cells = 0;
  for (let i = 0; i < row.length; i++) {
    if (row[i] === '\\') i++;
    else if (row[i] === '|') cells++;
  }
  return cells - 1;
}

import type {Finding} from '../../core/finding.js';
import {escapeControls} from '../printable.js';
import {escapeText} from './escape.js';
import type {ExcerptLine} from './excerpt.js';

/**
 * One finding as a list item, in as little markup as reads well: a 10,000-finding page must stay under 5 MB. The
 * filter script reads the severity and the rule's and file's indices from `data-` attributes (nothing from input goes
 * into an attribute: indices are numbers, severities one of three words) and the text it matches from the head's
 * textContent. The file is named by the group around the item; `otherFile` is given for a finding about another file
 * than its group's (a pack's node schema), and the script names the file itself when it groups by rule.
 */
export function findingItem(f: Finding, ids: {rule: number; file: number; otherFile?: string}, excerpt: readonly ExcerptLine[]): string {
  const pointer = f.pointer ? `<p class="ptr">at ${escapeText(f.pointer)}</p>` : '';
  const sev = f.severity === 'error' || f.severity === 'warning' ? f.severity : 'info';
  const other = ids.otherFile === undefined ? '' : `<span class="fname">${escapeText(ids.otherFile)}</span>`;
  return (
    `<li class="finding" data-sev="${sev}" data-rule="${ids.rule}" data-file="${ids.file}"><p class="head"><b>${sev}</b>${other}<code>${f.line}:${f.column}</code>` +
    `<span class="msg">${escapeText(f.message)}</span><small>${escapeText(f.ruleId)}</small></p>${pointer}${excerptBlock(excerpt)}</li>`
  );
}

function excerptBlock(lines: readonly ExcerptLine[]): string {
  if (lines.length === 0) return '';
  return `<pre class="src">${lines.map(excerptRow).join('\n')}</pre>`;
}

function excerptRow(line: ExcerptLine): string {
  const piece = (s: string) => escapeText(escapeControls(s));
  const before = line.cutBefore ? '<span class="cut">…</span>' : '';
  const after = line.cutAfter ? '<span class="cut">…</span>' : '';
  const {mark} = line;
  const body = mark ? `${piece(line.text.slice(0, mark.start))}<mark>${piece(line.text.slice(mark.start, mark.end))}</mark>${piece(line.text.slice(mark.end))}` : piece(line.text);
  return `${mark || line.inRange ? '<i class="hit">' : '<i>'}${line.number}</i>${before}${body}${after}`;
}

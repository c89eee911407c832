import type {Finding} from '../../core/finding.js';
import {escapeControls} from '../printable.js';
import {escapeText} from './escape.js';
import type {ExcerptLine} from './excerpt.js';

/**
 * One finding as a list item. The filter script reads the severity and the rule's and file's indices from `data-`
 * attributes (nothing from input goes into an attribute: indices are numbers, severities one of three words) and the
 * text it matches from the head's textContent.
 */
export function findingItem(f: Finding, ids: {rule: number; file: number; fileName: string}, excerpt: readonly ExcerptLine[]): string {
  const pointer = f.pointer ? `<div class="ptr">at ${escapeText(f.pointer)}</div>` : '';
  const sev = f.severity === 'error' || f.severity === 'warning' ? f.severity : 'info';
  return (
    `<li class="finding sev-${sev}" data-sev="${sev}" data-rule="${ids.rule}" data-file="${ids.file}"><div class="head">` +
    `<span class="sev">${sev}</span><span class="fname">${escapeText(ids.fileName)}</span><span class="pos">${f.line}:${f.column}</span>` +
    `<span class="msg">${escapeText(f.message)}</span><span class="rule">${escapeText(f.ruleId)}</span></div>${pointer}${excerptBlock(excerpt)}</li>`
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
  return `<span class="${mark || line.inRange ? 'ln hit' : 'ln'}">${line.number}</span>${before}${body}${after}`;
}

import type {Finding} from '../../core/finding.js';
import {credentialSpans, type CredentialSpan} from '../redact.js';
import {findSecrets} from '../secrets.js';

/** One line of a source excerpt, ready to escape: `mark` is the part of `text` the finding is about. */
export interface ExcerptLine {
  number: number;
  text: string;
  mark?: {start: number; end: number};
  /** The line lies inside a range that started on an earlier line: marking it whole would drown the start. */
  inRange: boolean;
  /** Text was left out before / after what is shown (a long line is cut around the finding). */
  cutBefore: boolean;
  cutAfter: boolean;
}

/** How much of the text an excerpt shows: lines before and after the range, and at most this many lines of the range. */
export interface ExcerptShape {
  context: number;
  rangeLines: number;
}

/** A range spanning many lines shows its first four: its start is what the reader needs. */
export const FULL_EXCERPT: ExcerptShape = {context: 2, rangeLines: 4};
/** The finding's first line alone: for a report of many findings, which must stay a page a browser opens. */
export const COMPACT_EXCERPT: ExcerptShape = {context: 0, rangeLines: 1};
/** Longest part of a line shown; a longer one is cut around the marked range. */
export const MAX_EXCERPT_COLUMNS = 160;
/** What is kept on each side of a marked range on a cut line. */
const LEAD = 40;

/**
 * A file's text split once for the excerpts of all its findings. Secrets are found over the whole text (a PEM block
 * spans lines), with every string under a credential-named key (`apiKey`, `password`: the key says what it is), and
 * masked in every line shown; a masked line is marked whole, since its columns no longer line up.
 */
export class SourceLines {
  private readonly lines: string[];
  private readonly starts: number[];
  private readonly secrets: CredentialSpan[];

  constructor(text: string) {
    this.lines = text.split('\n');
    this.starts = new Array<number>(this.lines.length);
    let at = 0;
    for (let i = 0; i < this.lines.length; i++) {
      this.starts[i] = at;
      at += this.lines[i].length + 1;
      if (this.lines[i].endsWith('\r')) this.lines[i] = this.lines[i].slice(0, -1);
    }
    this.secrets = masks(text);
  }

  /** The lines around `finding` (empty when its line is not in the text: the file changed since, or it is another text). */
  excerpt(finding: Pick<Finding, 'line' | 'column' | 'endLine' | 'endColumn'>, {context, rangeLines}: ExcerptShape = FULL_EXCERPT): ExcerptLine[] {
    const first = finding.line;
    if (!(first >= 1 && first <= this.lines.length)) return [];
    const endLine = finding.endLine !== undefined && finding.endLine >= first ? Math.min(finding.endLine, this.lines.length) : first;
    const lastMarked = Math.min(endLine, first + rangeLines - 1);
    const out: ExcerptLine[] = [];
    for (let n = Math.max(1, first - context); n <= Math.min(this.lines.length, lastMarked + context); n++) {
      const line = this.lines[n - 1];
      let mark: {start: number; end: number} | undefined;
      if (n === first) {
        const start = Math.min(Math.max(finding.column - 1, 0), line.length);
        const end = endLine > first ? line.length : finding.endColumn !== undefined ? Math.min(finding.endColumn - 1, line.length) : start + 1;
        mark = {start, end: Math.max(end, start)};
      }
      out.push({...this.shown(n, line, mark), inRange: n > first && n <= lastMarked});
    }
    return out;
  }

  private shown(n: number, raw: string, mark: {start: number; end: number} | undefined): Omit<ExcerptLine, 'inRange'> {
    const masked = this.masked(n, raw);
    const line = masked ?? raw;
    let range = masked !== undefined && mark ? {start: 0, end: line.length} : mark;
    let from = 0;
    let to = line.length;
    if (line.length > MAX_EXCERPT_COLUMNS) {
      from = range ? Math.max(0, range.start - LEAD) : 0;
      to = Math.min(line.length, from + MAX_EXCERPT_COLUMNS);
    }
    if (range) range = {start: Math.max(range.start, from) - from, end: Math.min(Math.max(range.end, range.start), to) - from};
    const text = line.slice(from, to);
    return {number: n, text, ...(range ? {mark: range} : {}), cutBefore: from > 0, cutAfter: to < line.length};
  }

  /** Line `n` with the secrets on it masked, or undefined when none touches it. */
  private masked(n: number, line: string): string | undefined {
    const start = this.starts[n - 1];
    const end = start + line.length;
    let out = '';
    let at = start;
    const {secrets} = this;
    // The spans are in text order and do not overlap: the first that ends past the line's start, up to the line's end.
    let lo = 0;
    for (let hi = secrets.length; lo < hi;) {
      const mid = (lo + hi) >> 1;
      if (secrets[mid].index + secrets[mid].length <= start) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < secrets.length && secrets[i].index < end; i++) {
      const hit = secrets[i];
      const hitEnd = hit.index + hit.length;
      const from = Math.max(hit.index, start);
      out += line.slice(at - start, from - start) + (hit.index >= start ? hit.masked : '…');
      at = Math.min(hitEnd, end);
    }
    return at === start && out === '' ? undefined : out + line.slice(at - start);
  }
}

/** What to mask in a text, in order and not overlapping: a credential-keyed string whole, the secrets outside them. */
function masks(text: string): CredentialSpan[] {
  const keyed = credentialSpans(text);
  const out: CredentialSpan[] = [];
  let k = 0;
  // Both lists come in text order: one pass keeps the secrets that no keyed string overlaps.
  for (const hit of findSecrets(text, 'all')) {
    while (k < keyed.length && keyed[k].index + keyed[k].length <= hit.index) out.push(keyed[k++]);
    if (k < keyed.length && keyed[k].index < hit.index + hit.length) continue;
    out.push(hit);
  }
  return out.concat(keyed.slice(k));
}

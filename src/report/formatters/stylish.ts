import {createRequire} from 'node:module';
import {Chalk, type ChalkInstance} from 'chalk';
import type {Finding, FileResult, Report, Severity, Summary} from '../../core/finding.js';
import type {FormatContext} from '../format-context.js';
import {type ResultWriter, writeWhole} from './result-writer.js';
import {displayName} from '../../io/paths.js';
import {displayValue, neutraliseLogCommands} from '../printable.js';
import {hiddenByQuiet} from '../exit-code.js';

// Loaded on the first measured line, not at start: with their emoji tables they cost a cold start ≈ 3 ms (Node 22/24
// have no code cache for the bundle), and a clean run measures nothing.
const requireHere = createRequire(import.meta.url);
let widthOf: typeof import('string-width') | undefined;
let wrapper: typeof import('wrap-ansi').default | undefined;
/** Printable ASCII is one column a character: most rows never need the full measure (80,000 rows took 3× as long). */
const PLAIN = /^[\x20-\x7e]*$/;
const stringWidth = (text: string): number => (PLAIN.test(text) ? text.length : (widthOf ??= requireHere('string-width') as typeof import('string-width'))(text));
const wrapAnsi = (text: string, columns: number, options: {hard: boolean}): string => (wrapper ??= requireHere('wrap-ansi') as typeof import('wrap-ansi').default)(text, columns, options);

// ESLint's stylish layout: a header per file with something to say, aligned `line:col  severity  message  ruleId`
// rows, then one summary line. Unlike ESLint, a clean run still prints `✔ N files checked, no problems` — in a
// pre-commit hook silence is indistinguishable from "did not run". A clean file with nothing to say gets no line; a
// clean file with command lines (a pack's gate, an input's envelope count) gets a `✔ file` header over them.

const SEVERITY_COLOUR: Record<Severity, 'red' | 'yellow' | 'blue'> = {error: 'red', warning: 'yellow', info: 'blue'};
/** A longer message is not padded (the rule id just follows it): one long message must not widen every row. */
const MAX_MESSAGE_COLUMN = 100;
/** On a narrow terminal a message still gets this many columns; its rows then overflow rather than stack one word per line. */
const MIN_MESSAGE_WIDTH = 20;
/** Past this column of line 1 (a minified or one-line document) `line:col` finds nothing by eye: the pointer is shown under the message. */
const USEFUL_COLUMN = 80;

export function format(report: Report, ctx: FormatContext): string {
  return writeWhole(writer(), report, ctx);
}

/**
 * Stylish a file at a time: each result's section as it comes (nothing for a clean file with nothing to say), then the
 * summary lines, from counts kept on the way. Texts are redacted, cut and control-escaped here, a result (and the
 * summary) at a time; command extras render from the same safe copy.
 */
export function writer(): ResultWriter {
  const counts = {results: 0, errors: 0, warnings: 0, infos: 0, fixErrors: 0, fixWarnings: 0};
  return {
    file(unsafe, ctx) {
      const result = displayValue(unsafe);
      count(result, counts);
      // With --quiet a file whose findings were all hidden has nothing to show: a registry-size run prints its errors only.
      if (ctx.quiet && result.findings.length === 0) return '';
      const extras = ctx.renderExtras ? ctx.renderExtras(result, ctx) : [];
      if (result.findings.length === 0 && extras.length === 0) return '';
      // A private instance: never touch chalk's global level, which other code (oclif, ora) reads.
      const c = new Chalk({level: ctx.color ? 1 : 0});
      const name = oneLine(displayName(result.file));
      const lines = fit(result.findings.length === 0 ? `${ctx.cleanMark?.(result, ctx) ?? c.green('✔')} ${name}` : c.underline(name), ctx.width);
      // One by one: spreading 200,000 rows into push() overflows the call stack.
      for (const line of findingRows(result, c, ctx.width)) lines.push(line);
      for (const line of extras) for (const part of fit(oneLine(line), ctx.width, 2)) lines.push(part);
      lines.push('');
      return text(lines);
    },
    end(unsafe, ctx) {
      const summary = displayValue(unsafe);
      const c = new Chalk({level: ctx.color ? 1 : 0});
      const lines: string[] = [];
      for (const line of summaryLines(summary, counts, c)) for (const part of fit(line, ctx.width)) lines.push(part);
      for (const line of ctx.renderSummaryExtras?.(summary, ctx) ?? []) for (const part of fit(oneLine(line), ctx.width, 2)) lines.push(c.dim(part));
      return text(lines);
    },
  };
}

function text(lines: readonly string[]): string {
  let out = '';
  for (const line of lines) out += `${neutraliseLogCommands(line)}\n`;
  return out;
}

interface Counts {
  results: number;
  errors: number;
  warnings: number;
  infos: number;
  fixErrors: number;
  fixWarnings: number;
}

function count(result: FileResult, counts: Counts): void {
  counts.results++;
  for (const f of result.findings) {
    if (f.severity === 'error') {
      counts.errors++;
      if (f.fix) counts.fixErrors++;
    } else if (f.severity === 'warning') {
      counts.warnings++;
      if (f.fix) counts.fixWarnings++;
    } else counts.infos++;
  }
}

function findingRows(result: FileResult, c: ChalkInstance, width: number | undefined): string[] {
  // Sorted by position so the output reads top to bottom like the file; the report itself keeps check order.
  const rows = [...result.findings]
    .sort((a, b) => a.line - b.line || a.column - b.column)
    .map((f) => ({
      pos: `${f.line}:${f.column}`,
      pointer: farPointer(f),
      severity: f.severity,
      message: oneLine(f.message),
      ruleId: oneLine(f.ruleId),
    }));
  const w = {pos: 0, severity: 0, message: 0, ruleId: 0};
  for (const r of rows) {
    w.pos = Math.max(w.pos, stringWidth(r.pos));
    w.severity = Math.max(w.severity, r.severity.length);
    w.ruleId = Math.max(w.ruleId, stringWidth(r.ruleId));
    const m = stringWidth(r.message);
    if (m <= MAX_MESSAGE_COLUMN) w.message = Math.max(w.message, m);
  }
  const messageAt = 2 + w.pos + 2 + w.severity + 2;
  const wrapAt = width === undefined ? undefined : Math.max(MIN_MESSAGE_WIDTH, width - messageAt - 2 - w.ruleId);
  if (wrapAt !== undefined) w.message = Math.min(w.message, wrapAt);
  const lines: string[] = [];
  for (const r of rows) {
    const [first = '', ...rest] = wrapAt === undefined ? [r.message] : wrapAnsi(r.message, wrapAt, {hard: true}).split('\n');
    // Pad outside the colour codes so alignment is by visible width, whatever the colour level.
    lines.push(['  ' + c.dim(r.pos) + pad(r.pos, w.pos), c[SEVERITY_COLOUR[r.severity]](r.severity) + pad(r.severity, w.severity), first + pad(first, w.message), c.dim(r.ruleId)].join('  '));
    for (const more of rest) lines.push(' '.repeat(messageAt) + more);
    // Under the message rather than beside `line:col`: a long pointer must not widen the position column of every row.
    if (r.pointer !== undefined) {
      const at = `at ${r.pointer}`;
      for (const part of wrapAt === undefined ? [at] : wrapAnsi(at, wrapAt, {hard: true}).split('\n')) lines.push(' '.repeat(messageAt) + c.dim(part));
    }
  }
  return lines;
}

/** The JSON pointer, where the column is past what an eye can find on line 1 (a minified or one-line document). */
function farPointer(f: Finding): string | undefined {
  return f.line === 1 && f.column > USEFUL_COLUMN ? oneLine(f.pointer) || '(root)' : undefined;
}

/**
 * A line as printed: whole without a width, else wrapped to it (by visible width: wide characters and colour codes
 * do not count as one column each), continuation lines indented two more than the first.
 */
function fit(line: string, width: number | undefined, indent = 0): string[] {
  const lead = ' '.repeat(indent);
  if (width === undefined || stringWidth(line) + indent <= width) return [lead + line];
  const room = Math.max(MIN_MESSAGE_WIDTH, width - indent - 2);
  return wrapAnsi(line, room, {hard: true})
    .split('\n')
    .map((part, i) => (i === 0 ? lead : `${lead}  `) + part);
}

function summaryLines(summary: Summary, {results, errors, warnings, infos, fixErrors, fixWarnings}: Counts, c: ChalkInstance): string[] {
  const files = typeof summary.files === 'number' ? summary.files : results;
  const hidden = hiddenByQuiet(summary);
  const {baselined, fixed} = baselineCounts(summary);
  const known = baselined === undefined ? '' : `${baselined} baselined`;
  const lines: string[] = [];
  if (hidden) {
    // --quiet left warnings (and infos) out: "no problems" would be untrue, so the line counts errors and says what it hid.
    const head = errors > 0 ? c.red.bold(`✖ ${plural(errors, 'error')}`) : c.green(`✔ ${plural(files, 'file')} checked, 0 errors`);
    lines.push(`${head} ${c.dim(`(${hidden} hidden by --quiet${known && `; ${known}`})`)}`);
    if (fixErrors > 0) lines.push(c.red.bold(`  ${plural(fixErrors, 'error')} potentially fixable with the \`--fix\` option.`));
  } else if (errors + warnings > 0) {
    const tint = errors > 0 ? c.red.bold : c.yellow.bold;
    const total = errors + warnings + infos;
    lines.push(tint(`✖ ${plural(total, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')}, ${plural(infos, 'info')}${known && `; ${known}`})`));
    if (fixErrors + fixWarnings > 0) {
      lines.push(tint(`  ${plural(fixErrors, 'error')} and ${plural(fixWarnings, 'warning')} potentially fixable with the \`--fix\` option.`));
    }
  } else if (infos > 0) {
    // Infos never fail a run, so they must not get the red cross.
    lines.push(c.green(`✔ ${plural(files, 'file')} checked, no errors or warnings (${plural(infos, 'info')}${known && `; ${known}`})`));
  } else {
    lines.push(c.green(`✔ ${plural(files, 'file')} checked, no problems${known && ` (${known})`}`));
  }
  // Worth saying: the baseline still accepts that many findings, which could now come back unnoticed.
  if (fixed) lines.push(c.dim(`  ${plural(fixed, 'baseline entry', 'baseline entries')} no longer found (fixed): --update-baseline drops them`));
  return lines;
}

/** summary.baselined and summary.baselineFixed, present only when the run had a --baseline. */
function baselineCounts(summary: Summary): {baselined?: number; fixed?: number} {
  const {baselined, baselineFixed} = summary;
  return {baselined: typeof baselined === 'number' ? baselined : undefined, fixed: typeof baselineFixed === 'number' ? baselineFixed : undefined};
}

function plural(n: number, word: string, words = `${word}s`): string {
  return `${n} ${n === 1 ? word : words}`;
}

function pad(text: string, width: number): string {
  return ' '.repeat(Math.max(0, width - stringWidth(text)));
}

/**
 * Messages quote user data: a line break (and the blanks around it) becomes one space so rows stay rows; a lone
 * carriage return, which would let the rest overwrite the row, is shown escaped. Split and trimmed rather than one
 * regex: `\s*\n\s*` backtracks quadratically over a long run of blanks.
 */
function oneLine(text: string): string {
  const folded = text.includes('\n')
    ? text
        .split('\n')
        .map((part, i, parts) => (i === 0 ? part.trimEnd() : i === parts.length - 1 ? part.trimStart() : part.trim()))
        .filter((part, i, parts) => part !== '' || i === 0 || i === parts.length - 1)
        .join(' ')
    : text;
  return folded.includes('\r') ? folded.replace(/\r/g, '\\u000d') : folded;
}

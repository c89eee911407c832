import {Chalk, type ChalkInstance} from 'chalk';
import type {FileResult, Report, Severity} from '../finding.js';
import type {FormatContext} from '../format-context.js';
import {displayName} from '../paths.js';
import {displayValue, neutraliseLogCommands} from '../printable.js';

// ESLint's stylish layout: a header per file with something to say, aligned `line:col  severity  message  ruleId`
// rows, then one summary line. Unlike ESLint, a clean run still prints `✔ N files checked, no problems` — in a
// pre-commit hook silence is indistinguishable from "did not run". Clean files get no header of their own.

const SEVERITY_COLOUR: Record<Severity, 'red' | 'yellow' | 'blue'> = {error: 'red', warning: 'yellow', info: 'blue'};
/** A longer message is not padded (the rule id just follows it): one long message must not widen every row. */
const MAX_MESSAGE_COLUMN = 100;

export function format(report: Report, ctx: FormatContext): string {
  // Redacted, cut and control-escaped once, here; command extras render from the same safe copy.
  const safe = displayValue(report);
  // A private instance: never touch chalk's global level, which other code (oclif, ora) reads.
  const c = new Chalk({level: ctx.color ? 1 : 0});
  const out: string[] = [];
  for (const result of safe.results) {
    const extras = ctx.renderExtras ? ctx.renderExtras(result, ctx) : [];
    if (result.findings.length === 0 && extras.length === 0) continue;
    out.push(c.underline(oneLine(displayName(result.file))));
    // Pushed one by one: spreading 200,000 rows into push() overflows the call stack.
    for (const row of findingRows(result, c)) out.push(row);
    for (const line of extras) out.push(`  ${oneLine(line)}`);
    out.push('');
  }
  for (const line of summaryLines(safe, c)) out.push(line);
  for (const line of ctx.renderSummaryExtras?.(safe.summary, ctx) ?? []) out.push(c.dim(`  ${oneLine(line)}`));
  return `${out.map(neutraliseLogCommands).join('\n')}\n`;
}

function findingRows(result: FileResult, c: ChalkInstance): string[] {
  // Sorted by position so the output reads top to bottom like the file; the report itself keeps check order.
  const rows = [...result.findings].sort((a, b) => a.line - b.line || a.column - b.column).map((f) => ({
    pos: `${f.line}:${f.column}`,
    severity: f.severity,
    message: oneLine(f.message),
    ruleId: oneLine(f.ruleId),
  }));
  const w = {pos: 0, severity: 0, message: 0};
  for (const r of rows) {
    w.pos = Math.max(w.pos, r.pos.length);
    w.severity = Math.max(w.severity, r.severity.length);
    if (r.message.length <= MAX_MESSAGE_COLUMN) w.message = Math.max(w.message, r.message.length);
  }
  // Pad outside the colour codes so alignment is by visible width, whatever the colour level.
  return rows.map((r) =>
    [
      '  ' + c.dim(r.pos) + pad(r.pos, w.pos),
      c[SEVERITY_COLOUR[r.severity]](r.severity) + pad(r.severity, w.severity),
      r.message + pad(r.message, w.message),
      c.dim(r.ruleId),
    ].join('  '),
  );
}

function summaryLines(report: Report, c: ChalkInstance): string[] {
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  let fixErrors = 0;
  let fixWarnings = 0;
  for (const r of report.results) {
    for (const f of r.findings) {
      if (f.severity === 'error') {
        errors++;
        if (f.fix) fixErrors++;
      } else if (f.severity === 'warning') {
        warnings++;
        if (f.fix) fixWarnings++;
      } else infos++;
    }
  }
  const files = typeof report.summary.files === 'number' ? report.summary.files : report.results.length;
  const hidden = hiddenByQuiet(report);
  const {baselined, fixed} = baselineCounts(report);
  const known = baselined === undefined ? '' : `${baselined} baselined`;
  const lines: string[] = [];
  if (errors + warnings > 0) {
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
  // With --quiet the exit code still counts warnings; say they exist, or a failing run would look clean.
  if (hidden) lines.push(c.dim(`  (${hidden} hidden by --quiet)`));
  return lines;
}

function hiddenByQuiet(report: Report): string | undefined {
  const h = report.summary.hiddenByQuiet as {warnings?: unknown; infos?: unknown} | undefined;
  if (!h || typeof h !== 'object') return undefined;
  const parts: string[] = [];
  if (typeof h.warnings === 'number' && h.warnings > 0) parts.push(plural(h.warnings, 'warning'));
  if (typeof h.infos === 'number' && h.infos > 0) parts.push(plural(h.infos, 'info'));
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** summary.baselined and summary.baselineFixed, present only when the run had a --baseline. */
function baselineCounts(report: Report): {baselined?: number; fixed?: number} {
  const {baselined, baselineFixed} = report.summary;
  return {baselined: typeof baselined === 'number' ? baselined : undefined, fixed: typeof baselineFixed === 'number' ? baselineFixed : undefined};
}

function plural(n: number, word: string, words = `${word}s`): string {
  return `${n} ${n === 1 ? word : words}`;
}

function pad(text: string, width: number): string {
  return ' '.repeat(Math.max(0, width - text.length));
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

import {Chalk, type ChalkInstance} from 'chalk';
import type {FileResult, Finding, Report, Severity} from '../finding.js';
import type {FormatContext} from '../format-context.js';
import {displayName} from '../paths.js';

// ESLint's stylish layout: a header per file with something to say, aligned `line:col  severity  message  ruleId`
// rows, then one summary line. Unlike ESLint, a clean run still prints `✔ N files checked, no problems` — in a
// pre-commit hook silence is indistinguishable from "did not run". Clean files get no header of their own.

const SEVERITY_COLOUR: Record<Severity, 'red' | 'yellow' | 'blue'> = {error: 'red', warning: 'yellow', info: 'blue'};

export function format(report: Report, ctx: FormatContext): string {
  // A private instance: never touch chalk's global level, which other code (oclif, ora) reads.
  const c = new Chalk({level: ctx.color ? 1 : 0});
  const out: string[] = [];
  for (const result of report.results) {
    const extras = ctx.renderExtras ? ctx.renderExtras(result, ctx) : [];
    if (result.findings.length === 0 && extras.length === 0) continue;
    out.push(c.underline(printable(displayName(result.file))));
    out.push(...findingRows(result, c));
    out.push(...extras.map((line) => `  ${line}`));
    out.push('');
  }
  out.push(...summaryLines(report, c));
  return `${out.join('\n')}\n`;
}

function findingRows(result: FileResult, c: ChalkInstance): string[] {
  // Sorted by position so the output reads top to bottom like the file; the report itself keeps check order.
  const rows = [...result.findings].sort((a, b) => a.line - b.line || a.column - b.column).map((f: Finding) => ({
    pos: `${f.line}:${f.column}`,
    severity: f.severity,
    message: oneLine(f.message),
    ruleId: printable(f.ruleId),
  }));
  const w = {pos: 0, severity: 0, message: 0};
  for (const r of rows) {
    w.pos = Math.max(w.pos, r.pos.length);
    w.severity = Math.max(w.severity, r.severity.length);
    w.message = Math.max(w.message, r.message.length);
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
  const lines: string[] = [];
  if (errors + warnings > 0) {
    const tint = errors > 0 ? c.red.bold : c.yellow.bold;
    const total = errors + warnings + infos;
    lines.push(tint(`✖ ${plural(total, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')}, ${plural(infos, 'info')})`));
    if (fixErrors + fixWarnings > 0) {
      lines.push(tint(`  ${plural(fixErrors, 'error')} and ${plural(fixWarnings, 'warning')} potentially fixable with the \`--fix\` option.`));
    }
  } else if (infos > 0) {
    // Infos never fail a run, so they must not get the red cross.
    lines.push(c.green(`✔ ${plural(files, 'file')} checked, no errors or warnings (${plural(infos, 'info')})`));
  } else {
    lines.push(c.green(`✔ ${plural(files, 'file')} checked, no problems`));
  }
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

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function pad(text: string, width: number): string {
  return ' '.repeat(Math.max(0, width - text.length));
}

/** Messages quote user data: fold line breaks so rows stay rows. */
function oneLine(text: string): string {
  return printable(text.replace(/\s*\r?\n\s*/g, ' '));
}

/**
 * Findings quote untrusted input (keys, values from envelopes). A raw ESC or other control character would let that
 * input drive the user's terminal, so show it escaped instead.
 */
function printable(text: string): string {
  return text.replace(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

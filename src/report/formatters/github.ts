import type {Finding, Report, Severity} from '../../core/finding.js';
import type {FormatContext} from '../format-context.js';
import {type ResultWriter, writeWhole} from './result-writer.js';
import {displayName, relativeToCwd} from '../../io/paths.js';
import {displayValue} from '../printable.js';

// GitHub Actions workflow commands: one `::error|warning|notice …::message` line per finding, which the runner turns
// into annotations on the PR diff. Nothing else is printed — a clean run prints nothing; the exit code speaks.
// The texts are redacted and control-escaped first (displayValue); the workflow-command escapes below then keep a
// message or a file name from ending the command and starting one of its own.

const COMMAND: Record<Severity, 'error' | 'warning' | 'notice'> = {error: 'error', warning: 'warning', info: 'notice'};

export function format(report: Report, ctx: FormatContext): string {
  return writeWhole(writer(), report, ctx);
}

/** A file's annotations as it completes; nothing after the last. */
export function writer(): ResultWriter {
  return {
    file(unsafe, ctx) {
      const result = displayValue(unsafe);
      // Annotations attach to repository-relative paths; the job's working directory is normally the checkout root.
      const rel = relativeToCwd(result.file, ctx.cwd);
      let out = '';
      for (const f of result.findings) out += `${annotation(f, rel, result.file)}\n`;
      return out;
    },
    end: () => '',
  };
}

function annotation(f: Finding, rel: string | undefined, file: string): string {
  const props: string[] = [];
  let message = f.message;
  if (rel !== undefined) {
    props.push(`file=${escapeProperty(rel)}`, `line=${Math.max(1, f.line)}`, `col=${Math.max(1, f.column)}`);
    if (f.endLine !== undefined) props.push(`endLine=${f.endLine}`);
    if (f.endColumn !== undefined) props.push(`endColumn=${f.endColumn}`);
  } else {
    // stdin, a URL or a path outside the checkout cannot be attached to the diff; keep the location in the text.
    message = `${displayName(file)}:${f.line}:${f.column}: ${message}`;
  }
  props.push(`title=${escapeProperty(f.ruleId)}`);
  return `::${COMMAND[f.severity]} ${props.join(',')}::${escapeData(message)}`;
}

/** Same rules as @actions/core `escapeData`: a raw newline would end the command and start an injectable one. */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Same rules as @actions/core `escapeProperty`: ':' and ',' delimit properties. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

import type {Report, Severity} from '../../core/finding.js';
import {fingerprint} from '../fingerprint.js';
import type {FormatContext} from '../format-context.js';
import {displayName, relativeToCwd} from '../../io/paths.js';
import {escapeJsonText} from '../printable.js';
import {redactValue} from '../redact.js';

// GitLab Code Quality: a JSON array of issues (the Code Climate subset GitLab reads from `artifacts:reports:
// codequality`) that the merge request shows as new and fixed findings. GitLab has five severities; ours map onto
// the middle of its scale, errors as major, so a tool's own "blocker" keeps meaning something.

const SEVERITY: Record<Severity, 'major' | 'minor' | 'info'> = {error: 'major', warning: 'minor', info: 'info'};

export function format(unsafe: Report, ctx: FormatContext): string {
  const report = redactValue(unsafe);
  const seen = new Map<string, number>();
  const issues = report.results.flatMap((result) => {
    // Repository-relative, as GitLab matches paths against the merge request's files.
    const path = relativeToCwd(result.file, ctx.cwd) ?? displayName(result.file);
    return result.findings.map((f) => ({
      description: f.message === '' ? f.ruleId : f.message,
      check_name: f.ruleId,
      fingerprint: fingerprint(f, path, seen),
      severity: SEVERITY[f.severity],
      location: {path, lines: {begin: Math.max(1, f.line)}},
    }));
  });
  return `${escapeJsonText(JSON.stringify(issues, null, 2))}\n`;
}

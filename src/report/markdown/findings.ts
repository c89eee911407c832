import type {Finding, Report} from '../../core/finding.js';
import {SEVERITY_RANK} from '../../core/finding.js';
import type {Rule} from '../../core/rule.js';
import {displayName} from '../../io/paths.js';
import {cutLine, type ByteBudget} from './budget.js';
import {codeSpan, mdRow, mdTable, mdText} from './escape.js';
import {ruleRef} from './summary.js';

/** How many findings the summary lists; the rest are counted ("… and N more"). A job page is read, not searched. */
export const TOP_FINDINGS = 50;

/**
 * The top findings, errors first (report order within a severity), as a table cut at a whole row: at `top`, with an
 * "and N more" line, or where the byte budget ends, with the closing line that says so.
 */
export function addTopFindings(out: ByteBudget, report: Report, rules: ReadonlyMap<string, Rule>, top = TOP_FINDINGS): void {
  const all: Finding[] = [];
  for (const result of report.results) for (const f of result.findings) all.push(f);
  if (all.length === 0) return;
  // A stable sort: within a severity the findings keep the order the check reported them in.
  all.sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity]);
  const shown = Math.min(top, all.length);
  const [header, rule] = mdTable(['Severity', 'Location', 'Rule', 'Message'], []);
  if (!out.fit(['', `### ${shown === all.length ? 'Findings' : `Top ${shown} findings`}`, '', header, rule])) {
    out.close(cutLine(all.length, 'findings'));
    return;
  }
  if (!out.fitEach(all.slice(0, shown), (f) => [row(f, rules)], 'findings', all.length)) return;
  if (shown < all.length && !out.fit(['', `… and ${all.length - shown} more findings`])) out.close(cutLine(all.length - shown, 'findings'));
}

function row(f: Finding, rules: ReadonlyMap<string, Rule>): string {
  return mdRow([f.severity, codeSpan(`${displayName(f.file)}:${f.line}:${f.column}`), ruleRef(f.ruleId, rules), mdText(f.message)]);
}

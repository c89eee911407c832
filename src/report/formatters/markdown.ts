import type {Report} from '../../core/finding.js';
import type {FormatContext} from '../format-context.js';
import {displayValue} from '../printable.js';
import {ByteBudget} from '../markdown/budget.js';
import {hiddenByQuiet} from '../exit-code.js';
import {addTopFindings, TOP_FINDINGS} from '../markdown/findings.js';
import {addPackGates} from '../markdown/pack.js';
import {addProbeHosts} from '../markdown/probe.js';
import {addRetryTraces} from '../markdown/retry.js';
import {ruleTable, summaryTable} from '../markdown/summary.js';
import {mdText} from '../markdown/escape.js';

// GitHub Flavored Markdown for a job summary ($GITHUB_STEP_SUMMARY) or a pull-request comment: the counts, findings
// per rule (linked to the rule's docs), the top findings, then the command's own part (pack gates, a probed host's
// families and profiles, retry traces with a Mermaid diagram). Texts are redacted and control-escaped first
// (displayValue), then escaped for Markdown (markdown/escape.ts); the whole stays under GitHub's 1 MiB per summary.

export function format(report: Report, ctx: FormatContext): string {
  return markdownReport(report, ctx);
}

/** The formatter with its list length open: `top` findings are listed before the rest are only counted. */
export function markdownReport(unsafe: Report, ctx: FormatContext, top = TOP_FINDINGS): string {
  const report = displayValue(unsafe);
  const out = new ByteBudget();
  const {errors, warnings, infos} = report.summary;
  const hidden = hiddenByQuiet(report.summary);
  const verdict = errors > 0 ? '✖' : warnings > 0 || hidden ? '⚠' : '✔';
  out.fit([`## ${verdict} openwop ${report.command}`, '', ...summaryTable(report)]);
  // --quiet dropped them from the report but not from the exit code (--max-warnings): "no problems" would be untrue.
  if (hidden) out.fit(['', `${mdText(hidden)} hidden by \`--quiet\`.`]);
  const rules = ruleTable(report, ctx.rules);
  if (rules.length > 0) out.fit(['', '### Rules', '', ...rules]);
  else if (errors + warnings + infos === 0 && !hidden) out.fit(['', 'No problems found.']);
  addTopFindings(out, report, ctx.rules, top);
  addPackGates(out, report.results);
  addProbeHosts(out, report.results);
  addRetryTraces(out, report.results);
  return out.text();
}

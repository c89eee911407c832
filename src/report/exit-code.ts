import type {Finding, Report, Severity} from '../core/finding.js';
import {isFatalInputFinding} from './input-rules.js';
import {summarize} from './report.js';

export interface ExitPolicy {
  failOn: 'error' | 'warning';
  /** ESLint semantics: fail when warnings exceed this; `0` fails on one warning; undefined or negative disables it. */
  maxWarnings?: number;
  /** The command could not do its job (usage error, unreadable input, unreachable host, internal error). */
  fatal: boolean;
}

/**
 * 2 beats 1 beats 0. Infos never fail a run. Counts the findings themselves rather than `report.summary`, which may
 * predate rule overrides.
 *
 * Call it on the report *before* `applyQuiet`: --quiet changes what is printed, not the verdict, so CI results do not
 * depend on display flags (ESLint counts --max-warnings the same way). Stylish then notes the hidden warnings.
 */
export function exitCodeFor(report: Report, policy: ExitPolicy): 0 | 1 | 2 {
  if (policy.fatal) return 2;
  let errors = 0;
  let warnings = 0;
  for (const r of report.results) {
    for (const f of r.findings) {
      if (f.severity === 'error') errors++;
      else if (f.severity === 'warning') warnings++;
    }
  }
  if (errors > 0) return 1;
  if (policy.failOn === 'warning' && warnings > 0) return 1;
  if (policy.maxWarnings !== undefined && policy.maxWarnings >= 0 && warnings > policy.maxWarnings) return 1;
  return 0;
}

const CORE_SUMMARY_KEYS = new Set(['files', 'errors', 'warnings', 'infos', 'hiddenByQuiet']);

/**
 * Keeps only errors. Every file stays in `results` (it was still checked); the summary is recomputed, keeps the
 * command's own summary fields and gains `hiddenByQuiet: {warnings, infos}` when something was dropped, so a run that
 * fails on hidden warnings can say why.
 */
export function applyQuiet(report: Report): Report {
  let warnings = 0;
  let infos = 0;
  const results = report.results.map((r) => {
    const findings = r.findings.filter((f) => {
      if (f.severity === 'warning') warnings++;
      else if (f.severity === 'info') infos++;
      return f.severity === 'error';
    });
    return {...r, findings};
  });
  const extra = commandSummaryFields(report);
  if (warnings + infos > 0) extra.hiddenByQuiet = {warnings, infos};
  return {...report, results, summary: summarize(results, extra)};
}

/** `--rule ID=off|warn|error` (and config severities). `info` is accepted too, to demote a rule without hiding it. */
export type RuleLevel = 'off' | 'warn' | 'error' | 'info';

const LEVEL_SEVERITY: Record<Exclude<RuleLevel, 'off'>, Severity> = {warn: 'warning', error: 'error', info: 'info'};

/**
 * Re-severities or drops findings by rule. Keys are exact rule ids or prefix wildcards ending in `/*` (`tier1/*`), or
 * `*` for every rule. The most specific key wins: an exact id over any wildcard, a longer prefix over a shorter one —
 * so `tier1/*=off` with `tier1/max-nesting-depth-5=error` keeps just that rule. An input the run could not read stays
 * as it is (see isFatalInputFinding). Returns new findings; the input is not modified.
 */
export function applyRuleOverrides(findings: Finding[], overrides: Map<string, RuleLevel>): Finding[] {
  if (overrides.size === 0) return findings;
  const wildcards = [...overrides.keys()]
    .filter((k) => k === '*' || k.endsWith('/*'))
    .map((k) => ({prefix: k.slice(0, -1), level: overrides.get(k) as RuleLevel}))
    .sort((a, b) => b.prefix.length - a.prefix.length);
  const out: Finding[] = [];
  for (const f of findings) {
    if (isFatalInputFinding(f)) {
      out.push(f);
      continue;
    }
    const level = overrides.get(f.ruleId) ?? wildcards.find((w) => f.ruleId.startsWith(w.prefix))?.level;
    if (level === undefined) out.push(f);
    else if (level !== 'off') out.push(f.severity === LEVEL_SEVERITY[level] ? f : {...f, severity: LEVEL_SEVERITY[level]});
  }
  return out;
}

/** `applyRuleOverrides` over a whole report, with the summary recomputed. */
export function applyRuleOverridesToReport(report: Report, overrides: Map<string, RuleLevel>): Report {
  if (overrides.size === 0) return report;
  const results = report.results.map((r) => ({...r, findings: applyRuleOverrides(r.findings, overrides)}));
  return {...report, results, summary: summarize(results, commandSummaryFields(report))};
}

/** The command's own summary fields, and `files`: what was checked does not change with a setting that hides findings. */
function commandSummaryFields(report: Report): Record<string, unknown> {
  const extra: Record<string, unknown> = {files: report.summary.files};
  for (const [k, v] of Object.entries(report.summary)) if (!CORE_SUMMARY_KEYS.has(k)) extra[k] = v;
  return extra;
}

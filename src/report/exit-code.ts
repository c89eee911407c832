import type {Finding, Report, Severity, Summary} from '../core/finding.js';
import {ruleNames, type Rule} from '../core/rule.js';
import {levelFor, severityAt, type RuleLevel} from '../core/severity.js';
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
  let errors = 0;
  let warnings = 0;
  for (const r of report.results) {
    for (const f of r.findings) {
      if (f.severity === 'error') errors++;
      else if (f.severity === 'warning') warnings++;
    }
  }
  return exitCodeForCounts({errors, warnings}, policy);
}

/** {@link exitCodeFor} from a run's counts of errors and warnings (rule levels applied, --quiet not). */
export function exitCodeForCounts({errors, warnings}: {errors: number; warnings: number}, policy: ExitPolicy): 0 | 1 | 2 {
  if (policy.fatal) return 2;
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
  const extra = commandSummaryFields(report.summary);
  if (warnings + infos > 0) extra.hiddenByQuiet = {warnings, infos};
  return {...report, results, summary: summarize(results, extra)};
}

/** What `--quiet` left out of a report ("2 warnings, 1 info"), from the summary applyQuiet wrote; undefined when nothing. */
export function hiddenByQuiet(summary: Summary): string | undefined {
  const h = summary.hiddenByQuiet as {warnings?: unknown; infos?: unknown} | undefined;
  if (!h || typeof h !== 'object') return undefined;
  const parts: string[] = [];
  if (typeof h.warnings === 'number' && h.warnings > 0) parts.push(`${h.warnings} ${h.warnings === 1 ? 'warning' : 'warnings'}`);
  if (typeof h.infos === 'number' && h.infos > 0) parts.push(`${h.infos} ${h.infos === 1 ? 'info' : 'infos'}`);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** What the pipeline needs of a finding's rule: the names a setting may use for it, and the upstream code it stands for. */
export type RuleRef = Pick<Rule, 'id'> & Partial<Pick<Rule, 'aliases' | 'code'>>;

/**
 * Settles each finding against its rule: stamps the rule's upstream `code`, then re-severities or drops it by
 * `settings` (config and `--rule` merged, see mergeLevels), matched against the rule's id and aliases with levelFor,
 * so an earlier id, an upstream code or a wildcard over either still reaches it. An input the run could not read stays
 * as it is (see isFatalInputFinding). Returns new findings; the input is not modified.
 */
export function applyRuleOverrides(findings: readonly Finding[], settings: Readonly<Record<string, RuleLevel>>, rules: Iterable<RuleRef>): Finding[] {
  return ruleSettler(settings, rules)(findings);
}

/** `applyRuleOverrides` with its rule lookups made once, for every file of a report. */
export function ruleSettler(settings: Readonly<Record<string, RuleLevel>>, rules: Iterable<RuleRef>): (findings: readonly Finding[]) => Finding[] {
  const byId = new Map<string, RuleRef>();
  for (const r of rules) byId.set(r.id, r);
  const anySetting = Object.keys(settings).length > 0;
  // Per id, not per finding: a run may report tens of thousands of findings of a handful of rules.
  const levels = new Map<string, RuleLevel | undefined>();
  const levelOf = (ruleId: string) => {
    if (!levels.has(ruleId)) levels.set(ruleId, levelFor(ruleNames({id: ruleId, aliases: byId.get(ruleId)?.aliases ?? []}), settings));
    return levels.get(ruleId);
  };
  return (findings) => {
    const out: Finding[] = [];
    for (const found of findings) {
      const code = byId.get(found.ruleId)?.code;
      const f = code === undefined || found.code === code ? found : {...found, code};
      const level = anySetting && !isFatalInputFinding(f) ? levelOf(f.ruleId) : undefined;
      if (level === undefined) out.push(f);
      else if (level !== 'off') {
        const severity = severityAt(level) as Severity;
        out.push(f.severity === severity ? f : {...f, severity});
      }
    }
    return out;
  };
}

/** `applyRuleOverrides` over a whole report, with the summary recomputed. */
export function applyRuleOverridesToReport(report: Report, settings: Readonly<Record<string, RuleLevel>>, rules: Iterable<RuleRef>): Report {
  const settle = ruleSettler(settings, rules);
  const results = report.results.map((r) => ({...r, findings: settle(r.findings)}));
  return {...report, results, summary: summarize(results, commandSummaryFields(report.summary))};
}

/** The command's own summary fields, and `files`: what was checked does not change with a setting that hides findings. */
export function commandSummaryFields(summary: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const extra: Record<string, unknown> = {files: summary.files};
  for (const [k, v] of Object.entries(summary)) if (!CORE_SUMMARY_KEYS.has(k)) extra[k] = v;
  return extra;
}

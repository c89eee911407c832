import type {Report} from './core/finding.js';
import type {CheckingCommand, Rule} from './core/rule.js';
import {mergeLevels, type RuleLevel} from './core/severity.js';
import {applyRuleOverridesToReport} from './report/exit-code.js';
import type {CheckOutcome} from './report/outcome.js';
import {buildReport} from './report/report.js';

export interface SettledReport {
  /** Rule levels applied, upstream codes stamped: what every format prints and the exit code is decided on. */
  report: Report;
  /** The rules the report's findings name (SARIF describes them; a language server's hover explains them). */
  rules: Map<string, Rule>;
}

/**
 * A check's outcome turned into its report, the same way for the CLI and the language server: the config's rule levels
 * (unless the check applied them per file already), then `cliRules`, which win over everything. A clean run loads no
 * rule table.
 */
export async function settleReport(
  command: CheckingCommand,
  version: string,
  outcome: CheckOutcome,
  configRules: Record<string, RuleLevel> | undefined,
  cliRules: Record<string, RuleLevel>,
): Promise<SettledReport> {
  const settings = reportLevels(outcome.severitiesResolved === true, configRules, cliRules);
  const built = buildReport(command, version, outcome.results, outcome.summary);
  const rules = await reportedRules(built);
  return {report: applyRuleOverridesToReport(built, settings, rules.values()), rules};
}

/** The rule levels a report gets: the config's unless the check applied them per file already, then `cliRules` over them. */
export function reportLevels(severitiesResolved: boolean, configRules: Record<string, RuleLevel> | undefined, cliRules: Record<string, RuleLevel>): Record<string, RuleLevel> {
  return mergeLevels([severitiesResolved ? undefined : configRules, cliRules]);
}

async function reportedRules(report: Report): Promise<Map<string, Rule>> {
  // Runs once per report over every finding: a Set filled in place, not arrays per file.
  const named = new Set<string>();
  for (const r of report.results) for (const f of [r.findings, r.baselined ?? []]) for (const x of f) named.add(x.ruleId);
  if (named.size === 0) return new Map();
  // Loaded only for a report with findings: a clean run (a pre-commit hook's usual one) never loads the catalog.
  const {rulesWithIds} = await import('./rule-catalog.js');
  return rulesWithIds(named);
}

import type {Report, Severity} from '../../core/finding.js';
import type {Rule} from '../../core/rule.js';
import {ruleDocsUrl} from '../rule-docs-url.js';
import {codeSpan, mdTable, mdText} from './escape.js';
import {findingsPerRule} from '../result-views.js';

const COUNTED = new Set(['files', 'errors', 'warnings', 'infos']);

/**
 * One row: files and the three severities, then the command's own counts (recordings accepted, packs valid, …) that
 * `summary` carries as numbers. Nested summary fields (a pack gate's totals) have their own section.
 */
export function summaryTable(report: Report): string[] {
  const {summary} = report;
  const extra = Object.entries(summary).filter(([key, value]) => !COUNTED.has(key) && typeof value === 'number') as [string, number][];
  return mdTable(
    ['Files', 'Errors', 'Warnings', 'Infos', ...extra.map(([key]) => mdText(key))],
    [[summary.files, summary.errors, summary.warnings, summary.infos, ...extra.map(([, value]) => value)].map(String)],
  );
}

interface RuleCount extends Record<Severity, number> {
  id: string;
}

/** Findings per rule, most first; each rule links to its docs page. */
export function ruleTable(report: Report, rules: ReadonlyMap<string, Rule>): string[] {
  const counts = [...findingsPerRule(report)].map(([id, count]): RuleCount => ({id, ...count}));
  if (counts.length === 0) return [];
  const total = (c: RuleCount) => c.error + c.warning + c.info;
  const sorted = counts.sort((a, b) => total(b) - total(a) || a.id.localeCompare(b.id));
  return mdTable(
    ['Rule', 'Errors', 'Warnings', 'Infos'],
    sorted.map((c) => [ruleRef(c.id, rules), String(c.error), String(c.warning), String(c.info)]),
  );
}

/**
 * A rule the catalog knows links to its docs page, a URL we build from our own base; any other id (none should
 * reach a report) is shown as code, never as a link.
 */
export function ruleRef(id: string, rules: ReadonlyMap<string, Rule>): string {
  const rule = rules.get(id);
  if (!rule) return codeSpan(id);
  return `[${mdText(rule.id)}](${ruleDocsUrl(rule).replace(/[()\s]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)})`;
}

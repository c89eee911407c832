import type {RuleDescriptor, Severity} from '../core/finding.js';

/** A rule whose `--explain` text says why it exists, then gives a failing and a passing example. */
export interface ExplainedRule extends RuleDescriptor {
  severity: Severity;
  explain: string;
  invalid: string;
  valid: string;
}

/** The `--explain` text of one rule of `rules`, or of all when `id` is `all`; undefined for an unknown id. */
export function explainRules(rules: readonly ExplainedRule[], id: string): string | undefined {
  const chosen = id === 'all' ? rules : rules.filter((r) => r.id === id);
  if (chosen.length === 0) return undefined;
  return chosen
    .map((r) => [`${r.id} (${r.severity})`, `  ${r.description}`, '', `  ${r.explain}`, '', `  invalid: ${r.invalid}`, `  valid:   ${r.valid}`].join('\n'))
    .join('\n\n');
}

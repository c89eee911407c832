import {ruleNames, type Rule} from '../core/rule.js';

/** The `--explain` text of the rule of `rules` that `id` names (or an alias does), or of all for `all`; undefined for an unknown id. */
export function explainRules(rules: readonly Rule[], id: string): string | undefined {
  const chosen = id === 'all' ? rules : rules.filter((r) => ruleNames(r).includes(id));
  if (chosen.length === 0) return undefined;
  return chosen
    .map((r) =>
      [`${r.id} (${r.severity})`, `  ${r.description}`, '', `  ${r.explanation}`, '', ...r.examples.invalid.map((e) => `  invalid: ${e}`), ...r.examples.valid.map((e) => `  valid:   ${e}`)].join('\n'),
    )
    .join('\n\n');
}

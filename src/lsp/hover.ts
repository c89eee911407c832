import type {MarkupContent} from 'vscode-languageserver';
import type {Rule} from '../core/rule.js';
import {ruleDocsUrl} from '../report/rule-docs-url.js';

/** What hovering a diagnostic shows of each rule there: what it checks, why, the sources with their month, its page. */
export function ruleHover(rules: readonly Rule[]): MarkupContent {
  const parts = rules.map((rule) => {
    const lines = [`**${rule.id}** — ${rule.description}`, ''];
    if (rule.explanation !== rule.description) lines.push(rule.explanation, '');
    if (rule.sources.length > 0) lines.push('Sources:', ...rule.sources.map((s) => `- [${s.title ?? s.url}](${s.url}) (verified ${s.verified})`), '');
    lines.push(`[${rule.id} documentation](${ruleDocsUrl(rule)})`);
    return lines.join('\n');
  });
  return {kind: 'markdown', value: parts.join('\n\n---\n\n')};
}

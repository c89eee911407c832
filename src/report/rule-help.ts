import type {Rule} from '../core/rule.js';

// The prose every rule carries, rendered once here for the places that show it: SARIF `help`, the docs pages.

const NONE = 'None recorded.';

/** A `--rule` line and a config snippet, plus the other names (earlier ids, the upstream code) both accept. */
export function configureLines(rule: Pick<Rule, 'id' | 'aliases' | 'code'>): string[] {
  const lines = [`--rule ${rule.id}=off|info|warn|error`, `openwop.config.json: {"rules": {"${rule.id}": "warn"}}`];
  if (rule.aliases.length > 0) lines.push(`Also accepted as: ${rule.aliases.join(', ')}`);
  if (rule.code !== undefined) lines.push(`Upstream code: ${rule.code}`);
  return lines;
}

/** The examples as plain text, "None recorded." when a list is empty. */
function exampleText(label: string, examples: readonly string[]): string[] {
  return examples.length === 0 ? [`${label}: ${NONE}`] : [`${label}:`, ...examples.map((e) => indent(e, '  '))];
}

/** SARIF `help.text`: what a code-scanning alert shows without markdown. */
export function ruleHelpText(rule: Rule): string {
  return [
    rule.explanation,
    '',
    ...exampleText('Invalid', rule.examples.invalid),
    ...exampleText('Valid', rule.examples.valid),
    '',
    'How to configure:',
    ...configureLines(rule).map((l) => `  ${l}`),
  ].join('\n');
}

/** SARIF `help.markdown`: the same content as `help.text`, with code blocks. */
export function ruleHelpMarkdown(rule: Rule): string {
  return [rule.explanation, '', ...examplesMarkdown(rule, '###'), ...configureMarkdown(rule, '###')].join('\n').trimEnd();
}

/** "Examples" with invalid and valid sub-sections under `level`, for SARIF help and the docs page. */
export function examplesMarkdown(rule: Pick<Rule, 'examples'>, level: string): string[] {
  const block = (title: string, examples: readonly string[]) => [`${level}# ${title}`, '', ...(examples.length === 0 ? [NONE, ''] : examples.flatMap((e) => [fence(e), '']))];
  return [`${level} Examples`, '', ...block('Invalid', rule.examples.invalid), ...block('Valid', rule.examples.valid)];
}

export function configureMarkdown(rule: Pick<Rule, 'id' | 'aliases' | 'code'>, level: string): string[] {
  const out = [`${level} How to configure`, '', `On the command line: \`--rule ${rule.id}=off\` (or \`info\`, \`warn\`, \`error\`).`, ''];
  out.push(`In \`openwop.config.json\`:`, '', fence(JSON.stringify({rules: {[rule.id]: 'warn'}}, null, 2), 'json'), '');
  if (rule.aliases.length > 0) out.push(`Both also accept ${rule.aliases.map((a) => `\`${a}\``).join(', ')} for this rule.`, '');
  if (rule.code !== undefined) out.push(`A finding carries the upstream error code \`${rule.code}\` in its \`code\` field.`, '');
  return out;
}

/** A fenced block long enough that a backtick run inside the example cannot close it; JSON examples get highlighting. */
export function fence(text: string, lang = looksLikeJson(text) ? 'json' : ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${lang}\n${text}\n${ticks}`;
}

function looksLikeJson(text: string): boolean {
  return /^\s*[[{]/.test(text);
}

function indent(text: string, by: string): string {
  return text
    .split('\n')
    .map((l) => by + l)
    .join('\n');
}

/**
 * Secret-shaped strings: the API-key formats of the major providers plus two generic forms. Used to report leaks
 * and, everywhere a finding is written, to make sure the secret itself is never printed — only a masked form such as
 * `sk-proj-…f3a9 (164 chars)`.
 */
interface SecretPattern {
  label: string;
  /** Shown in the masked form: enough to recognise the kind of key, nothing of its secret part. */
  prefix: string;
  source: string;
  /** Generic forms also need a digit in the body, so prose ("Bearer authentication-header") is not a key. */
  needsDigit?: boolean;
}

// Lookbehinds keep a key prefix from matching inside a word ("task-…" is not "sk-…").
const PATTERNS: SecretPattern[] = [
  {label: 'an Anthropic API key', prefix: 'sk-ant-', source: '(?<![A-Za-z0-9_-])sk-ant-[A-Za-z0-9_-]{20,}'},
  {label: 'an OpenAI project key', prefix: 'sk-proj-', source: '(?<![A-Za-z0-9_-])sk-proj-[A-Za-z0-9_-]{20,}'},
  {label: 'an OpenAI API key', prefix: 'sk-', source: '(?<![A-Za-z0-9_-])sk-[A-Za-z0-9_-]{20,}', needsDigit: true},
  {label: 'a Google API key', prefix: 'AIza', source: '(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{35}'},
  {label: 'an AWS access key id', prefix: 'AKIA', source: '(?<![A-Z0-9])(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Z0-9])'},
  {label: 'a GitHub token', prefix: 'gh_', source: '(?<![A-Za-z0-9_])gh[pousr]_[A-Za-z0-9]{36,}'},
  {label: 'a GitHub fine-grained token', prefix: 'github_pat_', source: '(?<![A-Za-z0-9_])github_pat_[A-Za-z0-9_]{22,}'},
  {label: 'a Slack token', prefix: 'xox', source: '(?<![A-Za-z0-9_])xox[abposr]-[A-Za-z0-9-]{10,}', needsDigit: true},
  {label: 'a secret: value', prefix: 'secret:', source: '(?<![A-Za-z0-9_])secret:[^\\s"\'`<>]{6,}', needsDigit: true},
  {label: 'a bearer token', prefix: 'Bearer ', source: '\\bBearer[ \\t]+[A-Za-z0-9\\-._~+/]{16,}=*', needsDigit: true},
];

const COMBINED = new RegExp(PATTERNS.map((p) => `(${p.source})`).join('|'), 'g');
const ANY = new RegExp(PATTERNS.map((p) => p.source).join('|'));
/**
 * Every key prefix as a plain literal: one pass over a raw JSON text, and a superset of what {@link ANY} matches.
 * JSON escapes (`\u0073k-…`, `\/`) could hide a key from a raw-text scan, so a text holding one also counts.
 */
export const SECRET_HINT_SOURCE = 'sk-|AIza|A[KS]IA|gh[pousr]_|github_pat_|xox[abposr]-|secret:|Bearer|\\\\[u/]';

export interface SecretHit {
  label: string;
  masked: string;
  index: number;
  length: number;
}

export function findSecrets(text: string): SecretHit[] {
  if (!ANY.test(text)) return [];
  const hits: SecretHit[] = [];
  COMBINED.lastIndex = 0;
  for (let m = COMBINED.exec(text); m !== null; m = COMBINED.exec(text)) {
    const i = m.slice(1).findIndex((g) => g !== undefined);
    const pattern = PATTERNS[i];
    if (pattern.needsDigit && !/\d/.test(m[0].slice(pattern.prefix.length))) continue;
    hits.push({label: pattern.label, masked: mask(m[0], pattern), index: m.index, length: m[0].length});
  }
  return hits;
}

/** The text with every secret replaced by its masked form. */
export function maskSecrets(text: string): string {
  const hits = findSecrets(text);
  if (hits.length === 0) return text;
  let out = '';
  let at = 0;
  for (const h of hits) {
    out += text.slice(at, h.index) + h.masked;
    at = h.index + h.length;
  }
  return out + text.slice(at);
}

function mask(secret: string, pattern: SecretPattern): string {
  const prefix = pattern.prefix === 'gh_' || pattern.prefix === 'xox' || pattern.prefix === 'AKIA' ? secret.slice(0, 4) : pattern.prefix;
  return `${prefix}…${secret.slice(-4)} (${secret.length} chars)`;
}

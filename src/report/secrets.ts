/**
 * Secret-shaped strings, one table for two jobs: reporting a leak (validate envelope, scaffold) and masking every
 * output so the secret itself is never printed, only a form such as `sk-proj-…f3a9 (164 chars)`.
 *
 * Prefixes, lengths and charsets follow the gitleaks and secretlint rule sets (checked 2026-05). Every repetition is
 * bounded and no quantifier is nested, so a hostile text costs linear time; a lookbehind keeps a prefix from
 * matching inside a word ("task-…" is not "sk-…").
 */
interface SecretPattern {
  label: string;
  /** What precedes the secret and stays visible (a keyword, a URL up to its password); never part of the mask. */
  context?: string;
  source: string;
  /** The kind, shown in the masked form: enough to recognise the key, nothing of its secret part. */
  shown: (secret: string) => string;
  /** A leak for the envelope checks; the others (credentials in URLs and query strings) are only masked. */
  leak: boolean;
  /** Generic forms also need a digit, so prose ("Bearer authentication-header") is not a key. */
  needsDigit?: boolean;
}

/** `token` → `[Tt][Oo][Kk][Ee][Nn]`: keywords in any case, without a case-insensitive flag for the whole table. */
function anyCase(words: string): string {
  return words.replace(/[a-z]/g, (ch) => `[${ch.toUpperCase()}${ch}]`);
}

const WORD_START = '(?<![A-Za-z0-9_-])';
const fixed = (prefix: string) => () => prefix;
const first = (n: number) => (secret: string) => secret.slice(0, n);
const none = () => '';
/** AWS's own spelling variants (git-secrets, secretlint): `aws_secret_access_key`, `AWS_SECRET_ACCESS_KEY`, `SecretAccessKey`. */
const aws = (words: string[]) =>
  `(?<![A-Za-z0-9])(?:AWS|aws|Aws)?_?${words.map((w) => `(?:${w.toUpperCase()}|${w}|${w[0].toUpperCase()}${w.slice(1)})`).join('_?')}${QUOTE}[ \\t]{0,8}(?::|=>|=)[ \\t]{0,8}${QUOTE}`;
/** A quote around a key or value, JSON-escaped (`\"`) when the text is itself quoted in JSON. */
const QUOTE = '(?:\\\\?["\'])?';
const PEM_LABEL = '-----BEGIN[ A-Z0-9_-]{0,40}PRIVATE KEY(?: BLOCK)?';
/** Base64 lines, header fields, and JSON's `\n` escapes (a key quoted in JSON); `--` ends it, as before END. */
const PEM_BODY = '(?:[A-Za-z0-9+/=\\s:,.]|\\\\[nrt/\\\\]|-(?!-)){0,65536}';
/** A query value: stops where the parameter, the quoted string or the sentence does, and at a mask already made. */
const VALUE = '[^\\s&#"\'<>\\\\…]';
/** A URL's password: as a value, and also stops where the authority does. */
const URL_PASSWORD = '[^\\s/?#@"\'<>\\\\…]';

const PATTERNS: SecretPattern[] = [
  {
    label: 'a private key',
    source: `${PEM_LABEL}-----${PEM_BODY}(?:-----END[ A-Z0-9_-]{0,40}PRIVATE KEY(?: BLOCK)?-----)?`,
    shown: (s) => /^-----BEGIN[ A-Z0-9_-]{0,40}PRIVATE KEY(?: BLOCK)?/.exec(s)?.[0] ?? '-----BEGIN',
    leak: true,
  },
  {label: 'an Anthropic API key', source: `${WORD_START}sk-ant-[A-Za-z0-9_-]{20,512}`, shown: fixed('sk-ant-'), leak: true},
  {label: 'an OpenAI project key', source: `${WORD_START}sk-proj-[A-Za-z0-9_-]{20,512}`, shown: fixed('sk-proj-'), leak: true},
  {label: 'an OpenAI service account or admin key', source: `${WORD_START}sk-(?:svcacct|admin)-[A-Za-z0-9_-]{20,512}`, shown: (s) => s.slice(0, s.indexOf('-', 3) + 1), leak: true},
  {label: 'an OpenAI API key', source: `${WORD_START}sk-[A-Za-z0-9_-]{20,512}`, shown: fixed('sk-'), leak: true, needsDigit: true},
  {label: 'a Google API key', source: `${WORD_START}AIza[0-9A-Za-z_-]{35}`, shown: fixed('AIza'), leak: true},
  {label: 'an AWS access key id', source: '(?<![A-Z0-9])(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Z0-9])', shown: first(4), leak: true},
  {label: 'an AWS secret access key', context: aws(['secret', 'access', 'key']), source: '[A-Za-z0-9/+=]{40}(?![A-Za-z0-9/+=])', shown: none, leak: true},
  {label: 'an AWS session token', context: aws(['session', 'token']), source: '[A-Za-z0-9/+=]{16,8192}', shown: none, leak: true},
  {label: 'a GitHub token', source: '(?<![A-Za-z0-9_])gh[pousr]_[A-Za-z0-9]{36,255}', shown: first(4), leak: true},
  {label: 'a GitHub fine-grained token', source: '(?<![A-Za-z0-9_])github_pat_[A-Za-z0-9_]{22,255}', shown: fixed('github_pat_'), leak: true},
  {label: 'a Slack token', source: '(?<![A-Za-z0-9_])xox[abeoprs]-[A-Za-z0-9-]{10,255}', shown: first(4), leak: true, needsDigit: true},
  {label: 'a Slack app token', source: '(?<![A-Za-z0-9_])xapp-[0-9]-[A-Za-z0-9-]{10,255}', shown: fixed('xapp-'), leak: true},
  {label: 'a JSON Web Token', source: `${WORD_START}eyJ[A-Za-z0-9_-]{10,1024}\\.eyJ[A-Za-z0-9_-]{10,8192}\\.[A-Za-z0-9_-]{0,1024}`, shown: fixed('eyJ'), leak: true},
  {label: 'a secret: value', source: '(?<![A-Za-z0-9_])secret:[^\\s"\'`<>…]{6,512}', shown: fixed('secret:'), leak: true, needsDigit: true},
  {label: 'a bearer token', source: '\\b[Bb]earer[ \\t]{1,8}[A-Za-z0-9\\-._~+/]{16,4096}={0,2}', shown: (s) => `${s.slice(0, 6)} `, leak: true, needsDigit: true},
  {label: 'a password in a URL', context: `\\b[A-Za-z][A-Za-z0-9+.-]{0,20}://[^\\s/?#@:"'<>\\\\]{0,256}:`, source: `${URL_PASSWORD}{1,256}(?=@)`, shown: none, leak: false},
  {label: 'a password parameter', context: `(?<![A-Za-z0-9])${anyCase('(?:password|passwd|secret|credentials?)')}=`, source: `${VALUE}{1,512}`, shown: none, leak: false},
  {label: 'a token parameter', context: `(?<![A-Za-z0-9])${anyCase('(?:token|key|apikey|auth|sig|signature)')}=`, source: `${VALUE}{8,512}`, shown: none, leak: false},
];

/** Each pattern is two groups, `(context)(secret)`, so a hit says which pattern matched and where its secret starts. */
function combine(patterns: SecretPattern[]): RegExp {
  return new RegExp(patterns.map((p) => `(${p.context ?? ''})(${p.source})`).join('|'), 'g');
}

const LEAKS = PATTERNS.filter((p) => p.leak);
const ALL = {patterns: PATTERNS, combined: combine(PATTERNS)};
const LEAK_SET = {patterns: LEAKS, combined: combine(LEAKS)};

/**
 * A literal test per leak pattern, a superset of what they match, for one cheap pass over a raw JSON text before its
 * strings are walked. JSON escapes (`\u0073k-…`, `\/`) could hide a key from a raw-text scan, so a text holding one
 * also counts.
 */
export const SECRET_HINT_SOURCE = [
  'sk-',
  'AIza',
  'A3T|A[KSB]IA|ACCA',
  'gh[pousr]_|github_pat_',
  'xox[abeoprs]-|xapp-',
  'eyJ',
  '-----BEGIN',
  '(?:SECRET|secret|Secret)_?(?:ACCESS|access|Access)|(?:SESSION|session|Session)_?(?:TOKEN|token|Token)',
  'secret:',
  '[Bb]earer',
  '\\\\[u/]',
].join('|');

/** Every character a pattern can start with: most strings in a report have none and are let through at once. */
const MAYBE = new RegExp(`${SECRET_HINT_SOURCE}|://|=`);

export interface SecretHit {
  label: string;
  masked: string;
  /** Where the secret starts (after any context) and its length. */
  index: number;
  length: number;
}

/** Leaks only by default (what the envelope checks report); `all` adds credentials in URLs and query strings. */
export function findSecrets(text: string, scope: 'leaks' | 'all' = 'leaks'): SecretHit[] {
  if (!MAYBE.test(text)) return [];
  const {patterns, combined} = scope === 'all' ? ALL : LEAK_SET;
  const hits: SecretHit[] = [];
  combined.lastIndex = 0;
  for (let m = combined.exec(text); m !== null; m = combined.exec(text)) {
    let i = 0;
    while (m[2 * i + 2] === undefined) i++;
    const pattern = patterns[i];
    const secret = m[2 * i + 2];
    if (pattern.needsDigit && !/\d/.test(secret.slice(pattern.shown(secret).length))) continue;
    hits.push({label: pattern.label, masked: mask(secret, pattern), index: m.index + m[2 * i + 1].length, length: secret.length});
  }
  return hits;
}

/** The text with every secret (all kinds) replaced by its masked form; the context around it is kept. */
export function maskSecrets(text: string): string {
  const hits = findSecrets(text, 'all');
  if (hits.length === 0) return text;
  let out = '';
  let at = 0;
  for (const h of hits) {
    out += text.slice(at, h.index) + h.masked;
    at = h.index + h.length;
  }
  return out + text.slice(at);
}

/** A short tail helps tell two keys apart; below 20 characters it would give away too much of the secret. */
const TAIL_FROM = 20;

function mask(secret: string, pattern: SecretPattern): string {
  const shown = pattern.shown(secret);
  return maskedForm(secret, shown, shown !== '' && !shown.startsWith('-----'));
}

/** The one masked form: the kind as `shown`, a short tail only where the kind is recognisable, and the length. */
export function maskedForm(secret: string, shown = '', tail = false): string {
  return `${shown}…${tail && secret.length >= TAIL_FROM ? secret.slice(-4) : ''} (${secret.length} chars)`;
}

import {expect} from 'vitest';

// Well-formed but made-up credentials of every kind the redaction layer knows, and look-alikes it must leave alone.

/** Deterministic filler from `alphabet`, so no sample is a real key and every run plants the same ones. */
export function body(length: number, alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', seed = length): string {
  let out = '';
  let x = seed * 2654435761;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out += alphabet[x % alphabet.length];
  }
  return out;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const PEM_LINES = Array.from({length: 6}, (_, i) => body(64, BASE64, 100 + i));

export const SECRETS = {
  openaiProject: `sk-proj-${body(100, undefined, 1)}`,
  openai: `sk-${body(48, undefined, 2)}`,
  anthropic: `sk-ant-api03-${body(93, undefined, 3)}AA`,
  google: `AIza${body(35, undefined, 4)}`,
  awsKeyId: `AKIA${body(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 5)}`,
  awsSecret: body(40, BASE64, 6),
  awsSession: `IQoJb3JpZ2luX2Vj${body(300, BASE64, 7)}`,
  github: `ghp_${body(36, undefined, 8)}`,
  githubPat: `github_pat_${body(82, undefined, 9)}`,
  slack: `xoxb-${body(12, '0123456789', 10)}-${body(13, '0123456789', 11)}-${body(24, undefined, 12)}`,
  jwt: `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIn0.${body(43, undefined, 13)}`,
  pem: `-----BEGIN RSA PRIVATE KEY-----\n${PEM_LINES.join('\n')}\n-----END RSA PRIVATE KEY-----`,
  bearer: body(40, undefined, 14),
  urlPassword: `Pw${body(18, undefined, 15)}`,
  queryToken: body(32, 'abcdef0123456789', 16),
} as const;

/** How each secret appears in text: with the context some kinds need (a keyword, a URL, a scheme). */
export const IN_CONTEXT: Record<keyof typeof SECRETS, string> = {
  openaiProject: `key ${SECRETS.openaiProject} here`,
  openai: `OPENAI_API_KEY: ${SECRETS.openai}`,
  anthropic: `(${SECRETS.anthropic})`,
  google: `"${SECRETS.google}"`,
  awsKeyId: `id ${SECRETS.awsKeyId},`,
  awsSecret: `aws_secret_access_key = ${SECRETS.awsSecret}`,
  awsSession: `"SessionToken": "${SECRETS.awsSession}"`,
  github: `token ${SECRETS.github}.`,
  githubPat: `GH=${SECRETS.githubPat}`,
  slack: `slack ${SECRETS.slack}`,
  jwt: `jwt=${SECRETS.jwt}`,
  pem: `key:\n${SECRETS.pem}\nend`,
  bearer: `Authorization: Bearer ${SECRETS.bearer}`,
  urlPassword: `https://deploy:${SECRETS.urlPassword}@registry.example.com/v2/`,
  queryToken: `https://api.example.com/v1/items?limit=5&access_token=${SECRETS.queryToken}&page=2`,
};

/** A piece from the middle of a secret: never in any output, whatever the mask keeps of the ends. */
export function core(secret: string): string {
  const lines = secret.split('\n');
  const longest = lines.reduce((a, b) => (b.length > a.length ? b : a));
  return longest.slice(Math.floor(longest.length / 4), Math.floor(longest.length / 4) + 12);
}

/** Every planted secret is absent from `output`: neither whole nor by a piece of its middle. */
export function expectNoSecrets(output: string, secrets: readonly string[] = Object.values(SECRETS)): void {
  for (const secret of secrets) {
    expect(output, 'a secret is printed').not.toContain(secret);
    expect(output, `a piece of a secret (${core(secret)}) is printed`).not.toContain(core(secret));
  }
}

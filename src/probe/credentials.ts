import {UserError} from '../core/user-error.js';

export interface Credentials {
  /** Request headers for the probed origin only. */
  headers: Record<string, string>;
  /** Values that must never be printed or saved (see Redactor). */
  secrets: string[];
}

export interface CredentialInput {
  /** `--header K:V` values, as typed. */
  headers?: readonly string[];
  /** `--token-env VAR`: the name of the variable, never the token itself. */
  tokenEnv?: string;
  env?: NodeJS.ProcessEnv;
}

/** Header names whose values are credentials, so they are redacted from every output. */
const SECRET_HEADER = /auth|token|key|secret|cookie|session|signature|credential|password/i;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers the probe sets per request to test negotiation: a --header copy would be sent twice or defeat the checks. */
const PROBE_OWNED = new Set(['openwop-version', 'openwop-client-version', 'if-none-match']);

/** Builds the headers and the list of secrets; error messages name a header or a variable, never a value. */
export function buildCredentials(input: CredentialInput): Credentials {
  const headers: Record<string, string> = {};
  const secrets: string[] = [];
  for (const raw of input.headers ?? []) {
    const colon = raw.indexOf(':');
    const name = colon > 0 ? raw.slice(0, colon).trim() : '';
    if (!HEADER_NAME.test(name)) {
      throw new UserError(`--header expects NAME:VALUE, got a value without a valid header name${colon > 0 ? ` ("${name.slice(0, 40)}")` : ''}`);
    }
    if (PROBE_OWNED.has(name.toLowerCase())) throw new UserError(`--header ${name}: probe host sets this header itself (choose the major with --protocol 1|2|auto)`);
    const value = raw.slice(colon + 1).trim();
    if (/[\r\n\0]/.test(value)) throw new UserError(`--header ${name}: the value contains a line break or NUL`);
    headers[name.toLowerCase()] = value;
    if (SECRET_HEADER.test(name)) secrets.push(...secretParts(value));
  }
  if (input.tokenEnv !== undefined) {
    const token = (input.env ?? process.env)[input.tokenEnv];
    if (token === undefined) throw new UserError(`--token-env ${input.tokenEnv}: the environment variable is not set`);
    const trimmed = token.trim();
    if (trimmed === '') throw new UserError(`--token-env ${input.tokenEnv}: the environment variable is empty`);
    if (/[\r\n\0]/.test(trimmed)) throw new UserError(`--token-env ${input.tokenEnv}: the token contains a line break or NUL`);
    headers.authorization = `Bearer ${trimmed}`;
    secrets.push(...secretParts(headers.authorization));
  }
  return {headers, secrets};
}

/** `Bearer abc` leaks as much through `abc` as through the whole value, so both are secrets. */
function secretParts(value: string): string[] {
  const parts = [value];
  const scheme = /^[A-Za-z][\w-]*\s+(\S.*)$/.exec(value);
  if (scheme) parts.push(scheme[1]);
  return parts;
}

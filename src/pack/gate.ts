import {RUNTIME_TOKENS} from './tokens.js';

/** The refusal a sandbox host sends when it will not grant a primitive the pack requires (RFC 0076), verbatim. */
export interface RequirementUnmet {
  error: 'pack_runtime_requirement_unmet';
  unmet: string[];
  /** `name@version` of the refused pack. */
  manifest: string;
  advice?: string;
}

/** What `--grant` simulated for one pack. */
export interface GateResult {
  /** What the simulated host grants, as given. */
  granted: string[];
  /** The pack's `runtime.requires`; absent and `[]` both read as nothing required. */
  requires: string[];
  /** Primitives the requirement scan found the pack's code using that `requires` does not cover; absent when none. */
  undeclared?: string[];
  /** False when the gate refuses, and also when something other than the gate stops the install (see blockedBy). */
  installs: boolean;
  /** The gate's refusal payload when a requirement is unmet, else null. */
  refusal: RequirementUnmet | null;
  /**
   * Why the pack does not install whatever its gate answers: `invalid_manifest`, a host refuses the manifest before
   * its gate runs; `code-not-scanned`, part of its code could not be scanned, so what it reaches is unknown and the
   * simulated host does not vouch for it.
   */
  blockedBy?: 'invalid_manifest' | 'code-not-scanned';
}

/**
 * Whether `granted` covers `required`: the token itself, or a coarser parent of it, since granting `net.outbound`
 * grants everything finer such as a future `net.outbound.http`. A finer grant never covers its parent.
 */
export function isCovered(required: string, granted: Iterable<string>): boolean {
  for (const g of granted) if (required === g || required.startsWith(`${g}.`)) return true;
  return false;
}

/**
 * Runs a host's install gate over one manifest's requirements: what it declares, and what the scan of its code found
 * it using without declaring (a host that grants nothing must not install a pack that calls fetch() just because the
 * manifest is silent). Order of `unmet`: the manifest's, then the scan's.
 */
export function evaluateGate(requires: readonly string[], granted: readonly string[], manifest: string, used: readonly string[] = []): GateResult {
  const undeclared = [...new Set(used.filter((u) => !isCovered(u, requires)))];
  const unmet = [...new Set([...requires, ...undeclared].filter((r) => !isCovered(r, granted)))];
  const fromCode = unmet.filter((u) => undeclared.includes(u));
  const refusal: RequirementUnmet | null =
    unmet.length === 0
      ? null
      : {
          error: 'pack_runtime_requirement_unmet',
          unmet,
          manifest,
          advice: `this host does not grant ${unmet.join(', ')}; grant ${unmet.length === 1 ? 'it' : 'them'} to the pack, or install it on a host whose sandbox offers ${unmet.length === 1 ? 'that primitive' : 'those primitives'}${fromCode.length === 0 ? '' : ` (${fromCode.join(', ')}: used by the pack's code but not declared in runtime.requires, which should list ${fromCode.length === 1 ? 'it' : 'them'})`}`,
        };
  return {granted: [...granted], requires: [...requires], ...(undeclared.length > 0 ? {undeclared} : {}), installs: refusal === null, refusal};
}

const GRANT_TOKEN = /^[a-z][a-z0-9_-]*(\.[a-z][a-z0-9_-]*)*$/;

export interface GrantProblem {
  token: string;
  message: string;
}

/**
 * `--grant net.dns,net.outbound` → the tokens, or the first token a host could never grant. The eight primitives and
 * finer sub-tokens of them (`net.outbound.http`) are accepted; anything else is a typo worth refusing.
 */
export function parseGrant(list: string): {tokens: string[]} | {problem: GrantProblem} {
  const tokens = [
    ...new Set(
      list
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t !== ''),
    ),
  ];
  for (const token of tokens) {
    const known = GRANT_TOKEN.test(token) && RUNTIME_TOKENS.some((t) => token === t || token.startsWith(`${t}.`));
    if (!known) return {problem: {token, message: `--grant: "${token}" is not a runtime primitive; use ${RUNTIME_TOKENS.join(', ')} (or a finer sub-token of one)`}};
  }
  return {tokens};
}

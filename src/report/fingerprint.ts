import type {Finding} from '../core/finding.js';

/**
 * A finding's identity for tools that track findings across runs (code scanning alerts, GitLab Code Quality): stable
 * across runs and checkouts (the relative location, not the absolute path) and independent of line numbers, so an alert
 * survives unrelated edits above it. NUL separators keep field boundaries unambiguous. Identical findings (the same
 * problem in two envelopes of one stream) get an occurrence suffix, as GitHub's own line hashes do, so they stay two
 * alerts instead of being merged. One `seen` map per report.
 */
export function fingerprint(f: Finding, location: string, seen: Map<string, number>): string {
  // crypto is loaded here, on first use: importing it up front cost every start of the CLI ~6 ms.
  const hash = process.getBuiltinModule('node:crypto').createHash('sha256').update([f.ruleId, location, f.pointer, f.message].join('\u0000')).digest('hex');
  const n = (seen.get(hash) ?? 0) + 1;
  seen.set(hash, n);
  return `${hash}:${n}`;
}

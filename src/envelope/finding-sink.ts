import type {Finding, Severity} from '../core/finding.js';
import {SEVERITY_RANK} from '../core/finding.js';
import {maskSecrets} from '../report/secrets.js';

export const DEFAULT_MAX_FINDINGS_PER_RULE = 1000;

interface Capped {
  first: Finding;
  dropped: number;
  severity: Severity;
}

/**
 * Collects one input's findings. A 1 GB stream of broken envelopes must not hold millions of findings in memory, so
 * past `maxPerRule` findings of one rule the rest are only counted and summed up in one finding of that rule (same
 * id, so --rule overrides still apply, and the highest dropped severity, so the exit code is unchanged).
 * Every message and pointer goes through {@link maskSecrets}: a finding may quote envelope content, and a secret in
 * that content must never reach any output format.
 */
export class FindingSink {
  private readonly kept: Finding[] = [];
  private readonly perRule = new Map<string, number>();
  private readonly capped = new Map<string, Capped>();
  /** Error findings added so far, kept or not: an envelope is valid when this did not move while it was checked. */
  errors = 0;

  constructor(private readonly maxPerRule: number = DEFAULT_MAX_FINDINGS_PER_RULE) {}

  add(finding: Finding): void {
    if (finding.severity === 'error') this.errors++;
    const n = (this.perRule.get(finding.ruleId) ?? 0) + 1;
    this.perRule.set(finding.ruleId, n);
    if (this.maxPerRule > 0 && n > this.maxPerRule) {
      const c = this.capped.get(finding.ruleId);
      if (c) {
        c.dropped++;
        if (SEVERITY_RANK[finding.severity] > SEVERITY_RANK[c.severity]) c.severity = finding.severity;
      } else this.capped.set(finding.ruleId, {first: finding, dropped: 1, severity: finding.severity});
      return;
    }
    this.kept.push(scrub(finding));
  }

  addAll(findings: Iterable<Finding>): void {
    for (const f of findings) this.add(f);
  }

  /** The findings in the order they were found, then one "and N more" finding per capped rule. */
  findings(): Finding[] {
    const out = [...this.kept];
    for (const [ruleId, c] of this.capped) {
      // The count is no message of the rule's, nor about the first dropped finding's schema error.
      const {messageId: _messageId, data: _data, keyword: _keyword, params: _params, schemaPath: _schemaPath, ...first} = scrub(c.first);
      out.push({
        ...first,
        severity: c.severity,
        message: `${c.dropped} more "${ruleId}" finding${c.dropped === 1 ? '' : 's'} in this file, from this line on, not listed (--max-findings-per-rule ${this.maxPerRule}; 0 lists all)`,
      });
    }
    return out;
  }
}

function scrub(f: Finding): Finding {
  const message = maskSecrets(f.message);
  const pointer = maskSecrets(f.pointer);
  let out = message === f.message && pointer === f.pointer ? f : {...f, message, pointer};
  // data and params quote the envelope as the message does: an offending value, an unknown key.
  const data = f.data && maskStrings(f.data);
  if (data !== f.data) out = {...out, data};
  const params = f.params && maskStrings(f.params);
  if (params !== f.params) out = {...out, params};
  return out;
}

/** The record itself when none of its strings holds a secret, else a copy with those strings masked. */
function maskStrings<T extends Record<string, unknown>>(record: T): T {
  let out: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(record)) {
    if (typeof value !== 'string') continue;
    const masked = maskSecrets(value);
    if (masked !== value) (out ??= {...record})[key] = masked;
  }
  return (out as T | undefined) ?? record;
}

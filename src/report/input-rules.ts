import type {FileResult, Finding} from '../core/finding.js';

/**
 * The io rules that mean an input was never read: nothing to check, not found, unreadable, left out by a symbolic link,
 * a FIFO or device, a FIFO with no writer, ignored; and validate pack's own wording of a folder with no manifest. A result
 * made of these alone is not a checked file.
 */
const NOT_READ = new Set(['io/no-match', 'io/not-found', 'io/unreadable', 'io/outside-root', 'io/not-regular', 'io/timeout', 'io/ignored', 'pack/missing-manifest']);

/** Whether `result` stands for a file the command checked, rather than an input it could not or would not read. */
export function wasChecked(result: FileResult): boolean {
  return result.findings.length === 0 || !result.findings.every((f) => NOT_READ.has(f.ruleId));
}

/**
 * An input the run could not read at all (an error, so exit 2): no rule setting turns it off or demotes it, or the run
 * would exit 2 under a summary saying all is well. `--no-error-on-unmatched-pattern` is what lets nothing-to-check pass.
 */
export function isFatalInputFinding(finding: Finding): boolean {
  return finding.severity === 'error' && finding.ruleId !== 'io/ignored' && NOT_READ.has(finding.ruleId);
}

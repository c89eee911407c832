import type {FileResult} from '../core/finding.js';
import type {FormatContext} from './format-context.js';

/**
 * What a checking command's library call returns and the shared reporter pipeline takes. A command's own outcome
 * extends it, narrowing `results` and making the fields it always fills required.
 */
export interface CheckOutcome<R extends FileResult = FileResult> {
  results: R[];
  /** The command could not do its whole job (unreadable input, unreachable host): exit 2 whatever the findings. */
  fatal: boolean;
  summary?: Record<string, unknown>;
  renderExtras?: FormatContext['renderExtras'];
  cleanMark?: FormatContext['cleanMark'];
  renderSummaryExtras?: FormatContext['renderSummaryExtras'];
  /**
   * The command already applied the config's rule severities per file (lint's per-glob overrides); the reporter then
   * applies only --rule, which wins over everything.
   */
  severitiesResolved?: boolean;
  /** Said on stderr, not in the report: what --no-error-on-unmatched-pattern let pass (a glob or folder yielding nothing). */
  notes?: string[];
}

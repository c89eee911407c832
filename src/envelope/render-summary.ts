import type {FileResult} from '../core/finding.js';
import type {FormatContext} from '../report/format-context.js';
import {wasChecked} from '../report/input-rules.js';
import {displayValue} from '../report/printable.js';
import {describeTally, type EnvelopeTally} from './tally.js';

/**
 * Stylish's readable counts: with several inputs every input gets its own count line, clean ones included; the run's
 * count goes under the summary line, apart from any file, so it never reads as the last file's. Machine formats carry
 * the same numbers as result fields and in `summary`.
 */
export function envelopeSummaryRenderer(
  run: EnvelopeTally,
  results: readonly FileResult[],
): {renderExtras: NonNullable<FormatContext['renderExtras']>; renderSummaryExtras: NonNullable<FormatContext['renderSummaryExtras']>} {
  // Only an input that was read has a tally: a kind schema's result (a refused pattern) or a path that could not be read
  // (not found, nothing to check) gets no count line and does not count; with none read there is no run total either.
  const read = (r: FileResult) => r.kindSchema !== true && wasChecked(r) && typeof r.envelopes === 'number';
  const inputs = results.filter(read).length;
  return {
    renderExtras: (result) => (inputs > 1 && read(result) ? [describeTally(result as unknown as EnvelopeTally)] : []),
    // The run's kinds are envelope text: made safe as the formatter's copy of each result is.
    renderSummaryExtras: () => (inputs === 0 ? [] : [inputs > 1 ? `all ${inputs} inputs: ${describeTally(displayValue(run))}` : describeTally(displayValue(run))]),
  };
}

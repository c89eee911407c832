import type {FileResult} from '../report/finding.js';
import type {FormatContext} from '../report/format-context.js';
import {displayValue} from '../report/printable.js';
import {describeTally, type EnvelopeTally} from './tally.js';

/**
 * Stylish's readable summary: with several inputs, a file with findings gets its own count line under them; the last
 * file also gets the run's line, so even a clean run says how many envelopes it checked. Machine formats carry the
 * same numbers as result fields and in `summary`.
 */
export function envelopeSummaryRenderer(run: EnvelopeTally, results: readonly FileResult[]): NonNullable<FormatContext['renderExtras']> {
  // A kind schema's result (a refused pattern) is no input: it gets no count line and does not count as one.
  const inputs = results.filter((r) => r.kindSchema !== true);
  // The result passed in is the formatter's safe copy; the run's tally and file names are not, and its kinds are
  // envelope text: both are made safe the same way, so the names still compare.
  const last = displayValue(inputs.at(-1)?.file);
  const safeRun = displayValue(run);
  return (result: FileResult) => {
    const lines: string[] = [];
    if (result.kindSchema === true) return lines;
    if (inputs.length > 1 && result.findings.length > 0 && typeof result.envelopes === 'number') lines.push(describeTally(result as unknown as EnvelopeTally));
    if (result.file === last) lines.push(inputs.length > 1 ? `all ${inputs.length} inputs: ${describeTally(safeRun)}` : describeTally(safeRun));
    return lines;
  };
}

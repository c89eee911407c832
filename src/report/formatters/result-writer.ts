import type {FileResult, Report, Summary} from '../../core/finding.js';
import type {FormatContext} from '../format-context.js';

/**
 * A format that can be written a file at a time (stylish, github, junit): `file` gives one settled result's text as
 * it completes, `end` what follows the last one. A writer keeps what its end needs (counts; junit its suites' text),
 * never the results, so a run that streams its results holds none of them (see src/report/result-stream.ts).
 */
export interface ResultWriter {
  file(result: FileResult, ctx: FormatContext): string;
  end(summary: Summary, ctx: FormatContext): string;
}

/** The whole report through a writer: what the format prints when it is given the report at once. */
export function writeWhole(writer: ResultWriter, report: Report, ctx: FormatContext): string {
  let out = '';
  for (const result of report.results) out += writer.file(result, ctx);
  return out + writer.end(report.summary, ctx);
}

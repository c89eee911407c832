import type {FileResult, Summary} from '../core/finding.js';
import type {RuleLevel} from '../core/severity.js';
import {commandSummaryFields, exitCodeForCounts, type ExitPolicy, ruleSettler, type RuleRef} from './exit-code.js';
import type {FormatContext} from './format-context.js';
import type {ResultWriter} from './formatters/result-writer.js';
import {wasChecked} from './input-rules.js';

export interface ResultStreamOptions {
  /** Config and --rule levels merged (see mergeLevels), as settleReport applies them. */
  settings: Readonly<Record<string, RuleLevel>>;
  /** Every rule the check may report: what a finding's aliases and upstream code are read from. */
  rules: Iterable<RuleRef>;
  quiet: boolean;
  writer: ResultWriter;
  ctx: FormatContext;
  /** Takes each file's text as it is rendered (see outputBlocks). */
  emit: (text: string) => void;
}

/**
 * The report pipeline a result at a time, for a format that can be written so (see ResultWriter): each result is
 * settled (rule levels, upstream codes), filtered by --quiet, rendered and handed on as it completes, then dropped.
 * What is kept is the counts the summary and the exit code are made from, so memory does not grow with the files a run
 * checks. The text, the summary and the exit code are those of the whole-report pipeline (settleReport, exitCodeFor,
 * applyQuiet, the format).
 */
export class ResultStream {
  private readonly settle: (findings: FileResult['findings']) => FileResult['findings'];
  private files = 0;
  private errors = 0;
  private warnings = 0;
  private infos = 0;

  constructor(private readonly options: ResultStreamOptions) {
    this.settle = ruleSettler(options.settings, options.rules);
  }

  add(result: FileResult): void {
    if (wasChecked(result)) this.files++;
    let findings = this.settle(result.findings);
    for (const f of findings) {
      if (f.severity === 'error') this.errors++;
      else if (f.severity === 'warning') this.warnings++;
      else this.infos++;
    }
    if (this.options.quiet) findings = findings.filter((f) => f.severity === 'error');
    const text = this.options.writer.file({...result, findings}, this.options.ctx);
    if (text !== '') this.options.emit(text);
  }

  /**
   * What the writer prints after the last file, and the exit code. `commandSummary` is
   * the outcome's summary fields; `ctx` adds what only the end of the run knows (renderSummaryExtras).
   */
  end(commandSummary: Record<string, unknown> | undefined, ctx: FormatContext, policy: ExitPolicy): {text: string; exitCode: 0 | 1 | 2} {
    const {quiet} = this.options;
    // The shapes settleReport and applyQuiet give the summary: the command's fields after the counts, `files` kept.
    const fields = commandSummaryFields({files: this.files, errors: 0, warnings: 0, infos: 0, ...commandSummary});
    const hidden = quiet && this.warnings + this.infos > 0 ? {hiddenByQuiet: {warnings: this.warnings, infos: this.infos}} : {};
    const summary = {files: 0, errors: this.errors, warnings: quiet ? 0 : this.warnings, infos: quiet ? 0 : this.infos, ...fields, ...hidden} as Summary;
    return {text: this.options.writer.end(summary, ctx), exitCode: exitCodeForCounts({errors: this.errors, warnings: this.warnings}, policy)};
  }
}

import type {FileResult, Summary} from '../core/finding.js';
import type {RuleLevel} from '../core/severity.js';
import {commandSummaryFields, exitCodeForCounts, type ExitPolicy, ruleSettler, type RuleRef} from './exit-code.js';
import type {FormatContext} from './format-context.js';
import type {ResultWriter} from './formatters/result-writer.js';
import {wasChecked} from './input-rules.js';

export interface ResultStreamOptions {
  /** Config and --rule levels merged (see mergeLevels), as settleReport applies them. */
  settings: Readonly<Record<string, RuleLevel>>;
  /** The rules the check reports, known up front: what a finding's aliases and upstream code are read from. */
  rules: Iterable<RuleRef>;
  /**
   * Loads the rules of ids not among `rules` (rule-catalog's rulesWithIds). Results wait, in order, while it loads: a
   * check that never yields (lint of files on one thread) must name every rule up front.
   */
  loadRules: (ids: ReadonlySet<string>) => Promise<Iterable<RuleRef>>;
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
  private settle: (findings: FileResult['findings']) => FileResult['findings'];
  private readonly known = new Map<string, RuleRef>();
  /** Ids asked of loadRules (found or not): asked once. */
  private readonly asked = new Set<string>();
  /** Results waiting, in order, for their rules to load. */
  private readonly waiting: FileResult[] = [];
  private loading: Promise<void> | undefined;
  private files = 0;
  private errors = 0;
  private warnings = 0;
  private infos = 0;

  constructor(private readonly options: ResultStreamOptions) {
    for (const rule of options.rules) this.known.set(rule.id, rule);
    this.settle = ruleSettler(options.settings, this.known.values());
  }

  add(result: FileResult): void {
    if (this.waiting.length > 0 || this.namesUnknown(result)) {
      this.waiting.push(result);
      this.load();
      return;
    }
    this.take(result);
  }

  /** Whether a finding of `result` names a rule not yet known: asked once per result of the run. */
  private namesUnknown(result: FileResult): boolean {
    for (const f of result.findings) if (this.isUnknown(f.ruleId)) return true;
    return false;
  }

  /** A rule id neither known nor already asked of the catalog. */
  private isUnknown(id: string): boolean {
    return !this.known.has(id) && !this.asked.has(id);
  }

  /** Loads what the waiting results' findings name, then takes them in order (loading again for a later one's). */
  private load(): void {
    if (this.loading) return;
    const ids = new Set<string>();
    for (const r of this.waiting) for (const f of r.findings) if (this.isUnknown(f.ruleId)) ids.add(f.ruleId);
    for (const id of ids) this.asked.add(id);
    this.loading = this.options.loadRules(ids).then((rules) => {
      for (const rule of rules) this.known.set(rule.id, rule);
      this.settle = ruleSettler(this.options.settings, this.known.values());
      this.loading = undefined;
      while (this.waiting.length > 0 && !this.namesUnknown(this.waiting[0])) this.take(this.waiting.shift() as FileResult);
      if (this.waiting.length > 0) this.load();
    });
  }

  private take(result: FileResult): void {
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
  async end(commandSummary: Record<string, unknown> | undefined, ctx: FormatContext, policy: ExitPolicy): Promise<{text: string; exitCode: 0 | 1 | 2}> {
    while (this.loading) await this.loading;
    const {quiet} = this.options;
    // The shapes settleReport and applyQuiet give the summary: the command's fields after the counts, `files` kept.
    const fields = commandSummaryFields({files: this.files, ...commandSummary});
    const hidden = quiet && this.warnings + this.infos > 0 ? {hiddenByQuiet: {warnings: this.warnings, infos: this.infos}} : {};
    const summary = {files: 0, errors: this.errors, warnings: quiet ? 0 : this.warnings, infos: quiet ? 0 : this.infos, ...fields, ...hidden} as Summary;
    return {text: this.options.writer.end(summary, ctx), exitCode: exitCodeForCounts({errors: this.errors, warnings: this.warnings}, policy)};
  }
}

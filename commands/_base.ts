import {Command, Flags, type Interfaces} from '@oclif/core';
import {checkRuleFlags, loadConfig, parseRuleFlags, projectRoot} from '../src/config/load.js';
import type {LoadedConfig} from '../src/config/types.js';
import {reportLevels, settleReport} from '../src/check-report.js';
import {filesUsed} from '../src/io/files-used.js';
import {isTerminal, terminalWidth} from '../src/io/terminal.js';
import {packageVersion} from '../src/io/package-root.js';
import {ReadScope} from '../src/io/read-scope.js';
import {parseShard, pathInShard, type Shard} from '../src/io/shard.js';
import {shouldUseColor} from '../src/report/color.js';
import {applyQuiet, exitCodeFor} from '../src/report/exit-code.js';
import type {FileResult, Report} from '../src/core/finding.js';
import type {CheckingCommand, Rule} from '../src/core/rule.js';
import type {FormatContext} from '../src/report/format-context.js';
import {FORMATS, formatNeedsRules, getFormatter, resultWriter, type FormatName} from '../src/report/formatters/index.js';
import type {ResultWriter} from '../src/report/formatters/result-writer.js';
import {ResultStream} from '../src/report/result-stream.js';
import {buildReport} from '../src/report/report.js';
import type {RuleLevel} from '../src/core/severity.js';
import {jsonText} from '../src/report/formatters/json.js';
import type {CheckOutcome} from '../src/report/outcome.js';
import {readExcerptSources} from '../src/report/excerpt-sources.js';
import {displayText} from '../src/report/printable.js';
import {type OutputBlocks, outputBlocks, type OutputTarget, writeOutput} from '../src/report/write-output.js';
import {
  asksForRuleInfo,
  configFlag,
  inputSelection,
  LIST_FLAG,
  openBaselineFlags,
  printConfigFlag,
  printRuleInfo,
  reportCommandError,
  ruleInfoFlags,
  verboseFlag,
  withOptionalInputs,
} from './_common.js';

export type {CheckOutcome} from '../src/report/outcome.js';

/** A run's command line, parsed once by {@link CheckCommand.run} and handed to each step. */
export interface CheckRun<T extends typeof Command> {
  flags: Interfaces.InferredFlags<(typeof CheckCommand)['baseFlags'] & T['flags']>;
  args: Interfaces.InferredArgs<T['args']>;
  argv: string[];
}

export interface CheckContext {
  cwd: string;
  config: LoadedConfig;
  /** True when a person is watching stderr: progress may be shown there. */
  interactive: boolean;
  /**
   * Set when the report can be written a file at a time (stylish, github, junit; no --baseline, which needs the whole
   * report). A command whose check can hand each result over as it completes calls it once, before the check, and
   * passes the callback on; its outcome's `results` then hold none of them (see ResultStream).
   */
  streamResults?: (hooks: StreamHooks) => (result: FileResult) => void;
  /** Set with streamResults: prints notes at once (a streamed report is on its way before the check returns). */
  printNotes?: (notes: readonly string[]) => void;
  /** --shard, read once for the check and the baseline. */
  shard?: Shard;
}

/** What the report pipeline needs of a command before its first result, when results are streamed. */
export interface StreamHooks extends Pick<CheckOutcome, 'renderExtras' | 'cleanMark' | 'severitiesResolved'> {
  /**
   * Rules the check reports, known now: a finding naming another waits for rule-catalog to load it, which needs the
   * check to yield. A check that may not yield between files (lint on one thread) names every rule it may report.
   */
  rules: Iterable<Rule>;
}

/** A format written a file at a time, the context it renders each file with, and where its text goes. */
interface Streaming {
  writer: ResultWriter;
  ctx: FormatContext;
  out: OutputBlocks;
}

const MB = 1024 * 1024;

interface EvaluateFlags {
  format: string;
  json: boolean;
  config?: string;
  rule?: string[];
  'fail-on': string;
  'max-warnings'?: number;
  quiet?: boolean;
  'ref-root'?: string[];
  'input-timeout'?: number;
  baseline?: string;
  'update-baseline'?: boolean;
  force?: boolean;
  /** lint schema, validate pack, validate envelope. */
  shard?: string;
}

interface ScopeFlags {
  config?: string;
  'ref-root'?: string[];
  'follow-symlinks'?: boolean;
  'max-size': number;
  'input-timeout': number;
}

/** The flags and reporter pipeline every checking command shares (config, formats, --rule, exit codes). Subclasses only produce findings. */
export abstract class CheckCommand<T extends typeof Command = typeof Command> extends Command {
  static override baseFlags = {
    format: Flags.string({char: 'f', summary: 'Output format.', options: [...FORMATS], default: 'stylish', helpGroup: 'COMMON'}),
    json: Flags.boolean({summary: 'Same as --format json.', helpGroup: 'COMMON'}),
    output: Flags.string({char: 'o', summary: 'Write the report to FILE instead of stdout.', helpValue: 'FILE', helpGroup: 'COMMON'}),
    quiet: Flags.boolean({char: 'q', summary: 'Report errors only (warnings still count).', helpGroup: 'COMMON'}),
    color: Flags.boolean({summary: 'Colour stylish output (default: on a TTY).', allowNo: true, helpGroup: 'COMMON'}),
    'fail-on': Flags.string({summary: 'Lowest severity that exits 1.', helpValue: 'error|warning', options: ['error', 'warning'], default: 'error', helpGroup: 'COMMON'}),
    'max-warnings': Flags.integer({summary: 'Exit 1 on more than N warnings.', helpValue: 'N', min: 0, helpGroup: 'COMMON'}),
    config: configFlag('COMMON'),
    rule: Flags.string({summary: 'Rule levels ID=off|info|warn|error, repeatable or comma-separated.', ...LIST_FLAG, helpValue: 'ID=LEVEL', helpGroup: 'COMMON'}),
    verbose: verboseFlag('COMMON'),
    'print-config': printConfigFlag('COMMON'),
    ...ruleInfoFlags(),
  };

  protected abstract readonly commandName: CheckingCommand;

  /** The run's read scope, once the check has made it: the html report reads its excerpts inside it. */
  private scope?: ReadScope;

  /** For --baseline: the folder a result's file stands for as a whole (its baseline entries are checked with it). */
  protected baselineFolderOf?(resultFile: string): string | undefined;

  /** Produces the findings; everything before (config) and after (report, exit code) is shared. */
  protected abstract check(ctx: CheckContext, run: CheckRun<T>): Promise<CheckOutcome>;

  /** A command's answer that needs no check (--explain, --list-rules, an output of its own); true when it answered. */
  protected answerInstead?(run: CheckRun<T>): Promise<boolean>;

  async run(): Promise<void> {
    const checksNothing = asksForRuleInfo(this.argv) || this.argv.some((a) => a === '--print-config' || a.startsWith('--print-config='));
    const command = this.constructor as typeof CheckCommand;
    const run = (await this.parse(checksNothing ? withOptionalInputs(command) : command)) as unknown as CheckRun<T>;
    if (await printRuleInfo(this.commandName, run.flags, run.flags.json || run.flags.format === 'json')) return;
    if (await this.answerInstead?.(run)) return;
    const {flags} = run;
    const cwd = process.cwd();
    if (flags['print-config'] !== undefined) {
      const {config, cliRules} = await this.settings(flags, cwd);
      // The commands that take --ignore-pattern / --no-ignore: FILE is ignored or not as their check would decide.
      const {ignorePatterns, noIgnore} = inputSelection(flags as Parameters<typeof inputSelection>[0]);
      // Loaded only when asked: it brings the ignore-file reader, which a check of named files may never need.
      const {printConfig} = await import('../src/config/print-config.js');
      await writeOutput(jsonText(printConfig(config, flags['print-config'], cliRules, {cwd, ignorePatterns, noIgnore})), this.outputTarget(flags.output));
      return;
    }
    const format = flags.json ? 'json' : flags.format;
    const ctx: FormatContext = {
      color: format === 'stylish' && !flags.output && (flags.color === true || shouldUseColor({isTTY: isTerminal('stdout')}, process.env, flags.color === false)),
      rules: new Map(),
      cwd,
      toolVersion: packageVersion(),
      informationUri: 'https://github.com/openwop/openwop-cli',
      width: format === 'stylish' && !flags.output ? terminalWidth() : undefined,
      quiet: flags.quiet,
    };
    const writer = flags.baseline === undefined ? resultWriter(format as FormatName, this.commandName) : undefined;
    const out = writer && outputBlocks(() => this.outputTarget(flags.output), flags.output !== undefined);
    const evaluated = await this.evaluate(run, cwd, isTerminal('stderr') && !flags.output && !flags.json, writer && out && {writer, ctx, out});
    const {outcome, report: full, exitCode, rules} = evaluated;
    const shown = flags.quiet ? applyQuiet(full) : full;
    Object.assign(ctx, {
      rules: formatNeedsRules(format as FormatName) ? rules : new Map(),
      renderExtras: outcome.renderExtras,
      cleanMark: outcome.cleanMark,
      renderSummaryExtras: outcome.renderSummaryExtras,
      sources: format === 'html' ? readExcerptSources(shown, this.scope ?? new ReadScope({cwd, projectRoot: projectRoot(cwd)}), (flags as {'stdin-filename'?: string})['stdin-filename']) : undefined,
    });
    if (out && evaluated.streamed !== undefined) await out.end(evaluated.streamed);
    else await writeOutput(getFormatter(format)(shown, ctx), this.outputTarget(flags.output));
    process.exitCode = exitCode;
  }

  /** `-o FILE` (never over a file the run read; its missing folders made inside the project only), else standard output. */
  protected outputTarget(output: string | undefined): OutputTarget {
    return output === undefined ? {} : {file: output, inputs: filesUsed(), folderRoot: projectRoot(process.cwd())};
  }

  /**
   * Config, the check, rule severities and the exit code: everything a run decides before it formats anything. With
   * `streaming`, a command that takes the stream (CheckContext.streamResults) has its results rendered and handed to
   * `streaming.out` as they complete: `streamed` is then the report's last piece, and `report` holds no results.
   */
  protected async evaluate(
    run: CheckRun<T>,
    cwd: string,
    interactive: boolean,
    streaming?: Streaming,
  ): Promise<{outcome: CheckOutcome; report: Report; exitCode: number; version: string; rules: Map<string, Rule>; streamed?: string}> {
    const flags = run.flags as EvaluateFlags;
    const {config, cliRules} = await this.settings(flags, cwd);
    // With --shard, the other shards' files are theirs: their baseline entries are neither fixed nor dropped here.
    const shard = flags.shard === undefined ? undefined : parseShard(flags.shard);
    const takes = shard && ((path: string) => pathInShard(path, shard, config.root));
    const settleBaseline = await openBaselineFlags(flags, {command: this.commandName, cwd, projectRoot: config.root, inputs: run.argv, folderOf: this.baselineFolderOf?.bind(this), takes});
    let stream: ResultStream | undefined;
    const streamResults =
      streaming &&
      ((hooks: StreamHooks) => {
        const {writer, ctx, out} = streaming;
        const settings = reportLevels(hooks.severitiesResolved === true, config.config.rules, cliRules);
        // Loaded only when a finding names a rule the command did not give: a clean run never loads the catalog.
        const loadRules = async (ids: ReadonlySet<string>) => (await (await import('../src/rule-catalog.js')).rulesWithIds(ids)).values();
        stream = new ResultStream({
          settings,
          rules: hooks.rules,
          loadRules,
          quiet: flags.quiet === true,
          writer,
          ctx: {...ctx, renderExtras: hooks.renderExtras, cleanMark: hooks.cleanMark},
          emit: (text) => out.write(text),
        });
        const taken = stream;
        return (result: FileResult) => taken.add(result);
      });
    const printNotes = (notes: readonly string[]) => {
      for (const note of notes) process.stderr.write(`openwop: ${displayText(note)}\n`);
    };
    const outcome = await this.check({cwd, config, interactive, streamResults, printNotes: streamResults && printNotes, shard}, run);
    printNotes(outcome.notes ?? []);
    const version = packageVersion();
    const policy = {failOn: flags['fail-on'] as 'error' | 'warning', maxWarnings: flags['max-warnings'], fatal: outcome.fatal};
    if (stream && streaming) {
      const {text, exitCode} = await stream.end(outcome.summary, {...streaming.ctx, renderSummaryExtras: outcome.renderSummaryExtras}, policy);
      return {outcome, report: buildReport(this.commandName, version, []), exitCode, version, rules: new Map(), streamed: text};
    }
    const {report: overridden, rules} = await settleReport(this.commandName, version, outcome, config.config.rules, cliRules);
    // After --rule (a severity decides whether a finding is baselined at all), before the exit code and --quiet.
    const report = settleBaseline ? await settleBaseline(overridden, outcome.fatal) : overridden;
    return {outcome, report, exitCode: exitCodeFor(report, policy), version, rules};
  }

  /** The config file's settings and the --rule flags, each rule id checked. */
  private async settings(flags: EvaluateFlags, cwd: string): Promise<{config: LoadedConfig; cliRules: Record<string, RuleLevel>}> {
    const knownRules = async () => (await import('../src/rule-catalog.js')).knownRuleIds();
    const config = await loadConfig({cwd, explicitPath: flags.config, refRoots: flags['ref-root'], inputTimeoutMs: flags['input-timeout'], knownRules});
    const cliRules = parseRuleFlags(flags.rule ?? []);
    await checkRuleFlags(cliRules, knownRules);
    return {config, cliRules};
  }

  /**
   * Where this run may read: the project root (the config's folder, or the nearest holding .git), --ref-root folders,
   * and the folder of each of `named` (the paths on the command line) and of --config that lies outside those.
   */
  protected readScope(ctx: CheckContext, flags: ScopeFlags, named: readonly (string | undefined)[]): ReadScope {
    return (this.scope = new ReadScope({
      cwd: ctx.cwd,
      projectRoot: ctx.config.root,
      refRoots: flags['ref-root'],
      named: [...named, flags.config].filter((n): n is string => n !== undefined),
      followSymlinks: flags['follow-symlinks'],
      maxBytes: flags['max-size'] * MB,
      inputTimeoutMs: flags['input-timeout'],
    }));
  }

  protected override async catch(error: Error & {oclif?: {exit?: number}}): Promise<unknown> {
    if (!reportCommandError(error, this.argv)) return super.catch(error);
  }
}

import {Command, Flags} from '@oclif/core';
import {checkRuleFlags, loadConfig, parseRuleFlags, projectRoot} from '../src/config/load.js';
import type {LoadedConfig} from '../src/config/types.js';
import {mergeLevels, type RuleLevel} from '../src/core/severity.js';
import {filesUsed} from '../src/io/files-used.js';
import {isTerminal, terminalWidth} from '../src/io/terminal.js';
import {packageVersion} from '../src/io/package-root.js';
import {ReadScope} from '../src/io/read-scope.js';
import {shouldUseColor} from '../src/report/color.js';
import {applyQuiet, applyRuleOverridesToReport, exitCodeFor} from '../src/report/exit-code.js';
import type {Report} from '../src/core/finding.js';
import type {FormatContext} from '../src/report/format-context.js';
import {FORMATS, getFormatter} from '../src/report/formatters/index.js';
import {jsonText} from '../src/report/formatters/json.js';
import type {CheckOutcome} from '../src/report/outcome.js';
import {displayText} from '../src/report/printable.js';
import {buildReport} from '../src/report/report.js';
import {type OutputTarget, writeOutput} from '../src/report/write-output.js';
import {configFlag, inputSelection, LIST_FLAG, openBaselineFlags, printConfigFlag, reportCommandError, verboseFlag} from './_common.js';

export type {CheckOutcome} from '../src/report/outcome.js';

export interface CheckContext {
  cwd: string;
  config: LoadedConfig;
  /** True when a person is watching stderr: progress may be shown there. */
  interactive: boolean;
}

const MB = 1024 * 1024;

interface EvaluateFlags {
  config?: string;
  rule?: string[];
  'fail-on': string;
  'max-warnings'?: number;
  'ref-root'?: string[];
  'input-timeout'?: number;
  baseline?: string;
  'update-baseline'?: boolean;
  force?: boolean;
}

interface ScopeFlags {
  config?: string;
  'ref-root'?: string[];
  'follow-symlinks'?: boolean;
  'max-size': number;
  'input-timeout': number;
}

export const READS_HELP = `READS (untrusted input: nothing it names is read outside a root)
  Roots: the project root (the nearest folder up from the working directory holding the config file or .git, else
  the working directory), each --ref-root DIR, and the folder of any path named on the command line outside those.
  A file an input refers to (a $ref, a manifest's schemas and entry, the config's kindSchemas and capabilities) is read
  only when it is a regular file whose real path lies in a root, within --max-size: an absolute path, a file: URL, a
  way out through ".." or a symbolic link, a FIFO or a device is refused with a finding that names it (io/outside-root,
  io/not-regular, ref/*, pack/ref-outside-pack), never read. A path named inside the project must not be a symbolic
  link leading out of every root, and folder walks and globs skip links leading out of the folder walked, as git and
  ripgrep do; --follow-symlinks follows both. A FIFO, device or <(process substitution) named as an input is read as a
  stream, like stdin; if no writer opens a FIFO within --input-timeout the input is io/timeout (exit 2).`;

export const EXIT_CODES_HELP = `EXIT CODES
  0  nothing at or above --fail-on (and warnings within --max-warnings)
  1  findings at or above --fail-on, or more warnings than --max-warnings
  2  the command could not do its job: usage error, unreadable input, invalid config, internal error`;

/** --print-config checks nothing, so the inputs a command otherwise requires may be left out. */
function withOptionalArgs(command: typeof CheckCommand): typeof CheckCommand {
  const args = Object.fromEntries(Object.entries(command.args ?? {}).map(([name, arg]) => [name, {...arg, required: false}]));
  return {flags: command.flags, baseFlags: command.baseFlags, strict: command.strict, args} as unknown as typeof CheckCommand;
}

/** The flags and reporter pipeline every checking command shares (DESIGN §1). Subclasses only produce findings. */
export abstract class CheckCommand extends Command {
  static override baseFlags = {
    format: Flags.string({char: 'f', summary: 'Output format.', options: [...FORMATS], default: 'stylish', helpGroup: 'OUTPUT'}),
    json: Flags.boolean({summary: 'Same as --format json.', helpGroup: 'OUTPUT'}),
    output: Flags.string({char: 'o', summary: 'Write the report to FILE instead of stdout (atomically; missing folders are created inside the project only; a FIFO or device is written through; never over an input).', helpGroup: 'OUTPUT'}),
    quiet: Flags.boolean({char: 'q', summary: 'Report errors only; files without errors print nothing (warnings still count for --fail-on and --max-warnings, and the summary says how many were hidden).', helpGroup: 'OUTPUT'}),
    color: Flags.boolean({summary: 'Colour stylish output (default: only on a TTY; NO_COLOR and FORCE_COLOR are honoured).', allowNo: true, helpGroup: 'OUTPUT'}),
    'fail-on': Flags.string({summary: 'Lowest severity that makes the exit code 1.', options: ['error', 'warning'], default: 'error', helpGroup: 'POLICY'}),
    'max-warnings': Flags.integer({summary: 'Exit 1 when there are more than N warnings.', min: 0, helpGroup: 'POLICY'}),
    config: configFlag('POLICY'),
    rule: Flags.string({summary: 'Set a rule\'s level: ID=off|info|warn|error (repeatable or comma-separated; ID may be an alias or end in /* ).', description: 'An input the run could not read (io/no-match, io/not-found, io/unreadable, io/outside-root, io/not-regular, io/timeout) stays an error whatever the setting, and the run exits 2: --no-error-on-unmatched-pattern is what lets "nothing to check" pass.', ...LIST_FLAG, helpGroup: 'POLICY'}),
    verbose: verboseFlag('POLICY'),
    'print-config': printConfigFlag('POLICY'),
  };

  protected abstract readonly commandName: string;

  /** For --baseline: the folder a result's file stands for as a whole (its baseline entries are checked with it). */
  protected baselineFolderOf?(resultFile: string): string | undefined;

  /** Produces the findings; everything before (config) and after (report, exit code) is shared. */
  protected abstract check(ctx: CheckContext): Promise<CheckOutcome>;

  async run(): Promise<void> {
    const printing = this.argv.some((a) => a === '--print-config' || a.startsWith('--print-config='));
    const {flags, argv} = await this.parse(printing ? withOptionalArgs(this.constructor as typeof CheckCommand) : (this.constructor as typeof CheckCommand));
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
    const {outcome, report: full, exitCode, version} = await this.evaluate(flags, cwd, isTerminal('stderr') && !flags.output && !flags.json, argv as string[]);
    const report = flags.quiet ? applyQuiet(full) : full;

    const format = flags.json ? 'json' : flags.format;
    const ctx: FormatContext = {
      color: format === 'stylish' && !flags.output && (flags.color === true || shouldUseColor({isTTY: isTerminal('stdout')}, process.env, flags.color === false)),
      rules: new Map(outcome.rules.map((r) => [r.id, r])),
      cwd,
      toolVersion: version,
      informationUri: 'https://github.com/openwop/openwop-cli',
      renderExtras: outcome.renderExtras,
      cleanMark: outcome.cleanMark,
      renderSummaryExtras: outcome.renderSummaryExtras,
      width: format === 'stylish' && !flags.output ? terminalWidth() : undefined,
      quiet: flags.quiet,
    };
    await writeOutput(getFormatter(format)(report, ctx), this.outputTarget(flags.output));
    process.exitCode = exitCode;
  }

  /** `-o FILE` (never over a file the run read; its missing folders made inside the project only), else standard output. */
  protected outputTarget(output: string | undefined): OutputTarget {
    return output === undefined ? {} : {file: output, inputs: filesUsed(), folderRoot: projectRoot(process.cwd())};
  }

  /** Config, the check, rule severities and the exit code: everything a run decides before it formats anything. */
  protected async evaluate(flags: EvaluateFlags, cwd: string, interactive: boolean, inputs: readonly string[] = []): Promise<{outcome: CheckOutcome; report: Report; exitCode: number; version: string}> {
    const {config, cliRules} = await this.settings(flags, cwd);
    const settleBaseline = await openBaselineFlags(flags, {command: this.commandName, cwd, projectRoot: config.root, inputs, folderOf: this.baselineFolderOf?.bind(this)});
    const outcome = await this.check({cwd, config, interactive});
    for (const note of outcome.notes ?? []) process.stderr.write(`openwop: ${displayText(note)}\n`);
    const settings = mergeLevels([outcome.severitiesResolved ? undefined : config.config.rules, cliRules]);
    const version = packageVersion();
    const overridden = applyRuleOverridesToReport(buildReport(this.commandName, version, outcome.results, outcome.summary), settings, outcome.rules);
    // After --rule (a severity decides whether a finding is baselined at all), before the exit code and --quiet.
    const report = settleBaseline ? await settleBaseline(overridden, outcome.fatal) : overridden;
    const exitCode = exitCodeFor(report, {failOn: flags['fail-on'] as 'error' | 'warning', maxWarnings: flags['max-warnings'], fatal: outcome.fatal});
    return {outcome, report, exitCode, version};
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
    return new ReadScope({
      cwd: ctx.cwd,
      projectRoot: ctx.config.root,
      refRoots: flags['ref-root'],
      named: [...named, flags.config].filter((n): n is string => n !== undefined),
      followSymlinks: flags['follow-symlinks'],
      maxBytes: flags['max-size'] * MB,
      inputTimeoutMs: flags['input-timeout'],
    });
  }

  protected override async catch(error: Error & {oclif?: {exit?: number}}): Promise<unknown> {
    if (!reportCommandError(error, this.argv)) return super.catch(error);
  }
}

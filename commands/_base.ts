import {Command, Flags} from '@oclif/core';
import {loadConfig, parseRuleFlags} from '../src/config/load.js';
import type {LoadedConfig} from '../src/config/types.js';
import {packageVersion} from '../src/io/package-root.js';
import {shouldUseColor} from '../src/report/color.js';
import {applyQuiet, applyRuleOverridesToReport, exitCodeFor, type RuleLevel} from '../src/report/exit-code.js';
import type {FileResult, RuleDescriptor} from '../src/report/finding.js';
import type {FormatContext} from '../src/report/format-context.js';
import {FORMATS, getFormatter} from '../src/report/formatters/index.js';
import {buildReport} from '../src/report/report.js';
import {UserError} from '../src/report/user-error.js';
import {writeOutput} from '../src/report/write-output.js';

/** What a checking command hands back to the shared reporter pipeline. */
export interface CheckOutcome {
  results: FileResult[];
  /** The command could not do its whole job (unreadable input, unreachable host): exit 2 whatever the findings. */
  fatal: boolean;
  rules: RuleDescriptor[];
  summary?: Record<string, unknown>;
  renderExtras?: FormatContext['renderExtras'];
  /**
   * The command already applied the config's rule severities per file (lint's per-glob overrides); the base then
   * applies only --rule, which wins over everything.
   */
  severitiesResolved?: boolean;
}

export interface CheckContext {
  cwd: string;
  config: LoadedConfig;
  /** True when a person is watching stderr: progress may be shown there. */
  interactive: boolean;
}

export const EXIT_CODES_HELP = `EXIT CODES
  0  nothing at or above --fail-on (and warnings within --max-warnings)
  1  findings at or above --fail-on, or more warnings than --max-warnings
  2  the command could not do its job: usage error, unreadable input, invalid config, internal error`;

/** The flags and reporter pipeline every checking command shares (DESIGN §1). Subclasses only produce findings. */
export abstract class CheckCommand extends Command {
  static override baseFlags = {
    format: Flags.string({char: 'f', summary: 'Output format.', options: [...FORMATS], default: 'stylish', helpGroup: 'OUTPUT'}),
    json: Flags.boolean({summary: 'Same as --format json.', helpGroup: 'OUTPUT'}),
    output: Flags.string({char: 'o', summary: 'Write the report to FILE (atomically) instead of stdout.', helpGroup: 'OUTPUT'}),
    quiet: Flags.boolean({char: 'q', summary: 'Report errors only (warnings still count for --fail-on and --max-warnings).', helpGroup: 'OUTPUT'}),
    color: Flags.boolean({summary: 'Colour stylish output (default: only on a TTY; NO_COLOR and FORCE_COLOR are honoured).', allowNo: true, helpGroup: 'OUTPUT'}),
    'fail-on': Flags.string({summary: 'Lowest severity that makes the exit code 1.', options: ['error', 'warning'], default: 'error', helpGroup: 'POLICY'}),
    'max-warnings': Flags.integer({summary: 'Exit 1 when there are more than N warnings.', min: 0, helpGroup: 'POLICY'}),
    config: Flags.string({char: 'c', summary: 'Config file (default: openwop.config.json, .openwoprc.json or package.json "openwop", found upward).', helpGroup: 'POLICY'}),
    rule: Flags.string({summary: 'Set a rule\'s severity: ID=off|warn|error (repeatable; ID may end in /* ).', multiple: true, multipleNonGreedy: true, helpGroup: 'POLICY'}),
    verbose: Flags.boolean({summary: 'Print stack traces of internal errors.', helpGroup: 'POLICY'}),
  };

  protected abstract readonly commandName: string;

  /** Produces the findings; everything before (config) and after (report, exit code) is shared. */
  protected abstract check(ctx: CheckContext): Promise<CheckOutcome>;

  async run(): Promise<void> {
    const {flags} = await this.parse(this.constructor as typeof CheckCommand);
    const cwd = process.cwd();
    const config = await loadConfig({cwd, explicitPath: flags.config});
    const cliRules = parseRuleFlags(flags.rule ?? []);
    const outcome = await this.check({cwd, config, interactive: Boolean(process.stderr.isTTY) && !flags.output && !flags.json});
    const overrides = new Map<string, RuleLevel>(Object.entries(outcome.severitiesResolved ? cliRules : {...config.config.rules, ...cliRules}));

    const version = packageVersion();
    let report = applyRuleOverridesToReport(buildReport(this.commandName, version, outcome.results, outcome.summary), overrides);
    const exitCode = exitCodeFor(report, {failOn: flags['fail-on'] as 'error' | 'warning', maxWarnings: flags['max-warnings'], fatal: outcome.fatal});
    if (flags.quiet) report = applyQuiet(report);

    const format = flags.json ? 'json' : flags.format;
    const ctx: FormatContext = {
      color: format === 'stylish' && !flags.output && (flags.color === true || shouldUseColor(process.stdout, process.env, flags.color === false)),
      rules: new Map(outcome.rules.map((r) => [r.id, r])),
      cwd,
      toolVersion: version,
      informationUri: 'https://github.com/openwop/openwop-cli',
      renderExtras: outcome.renderExtras,
    };
    await writeOutput(getFormatter(format)(report, ctx), flags.output ? {file: flags.output} : {stream: process.stdout});
    process.exitCode = exitCode;
  }

  /** A user's mistake gets one clear line and exit 2; only internal errors may show a stack, and only when asked. */
  protected override async catch(error: Error & {exitCode?: number; oclif?: {exit?: number}}): Promise<unknown> {
    if (error instanceof UserError) {
      process.stderr.write(`openwop: ${error.message}\n${error.hint ? `  ${error.hint}\n` : ''}`);
      process.exitCode = 2;
      return;
    }
    if (error.oclif?.exit !== undefined) return super.catch(error); // flag parsing errors: oclif already exits 2
    const verbose = this.argv.includes('--verbose') || /openwop/.test(process.env.DEBUG ?? '');
    process.stderr.write(`openwop: internal error: ${error.message}\n${verbose ? `${error.stack}\n` : '  (run again with --verbose for the stack trace)\n'}`);
    process.exitCode = 2;
  }
}

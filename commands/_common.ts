import {Flags} from '@oclif/core';
import type {InputSelection} from '../src/io/inputs.js';
import {DEFAULT_INPUT_TIMEOUT_MS} from '../src/io/open-stream.js';
import type {CheckingCommand} from '../src/core/rule.js';
import type {Report} from '../src/core/finding.js';
import {displayLines, displayText} from '../src/report/printable.js';
import {UserError} from '../src/core/user-error.js';
import {writeOutput} from '../src/report/write-output.js';

/**
 * A command's examples as --help shows them: one block of commands (what each is for is on its docs page), ending with
 * the link to that page, which holds what does not fit a screen. Example lines are the ones oclif does not wrap (a
 * wrapped URL could not be followed). The URL is the `commands/` sibling of package.json's ruleDocsBaseUrl (a
 * fork points both at its own pages), rendered by oclif when it prints the help.
 */
export const screenExamples = (page: string, commands: readonly string[]) => [
  [...commands, `Full documentation: <%= new URL('../commands/${page}.md', config.pjson.ruleDocsBaseUrl).href %>`].join('\n'),
];

/** Pieces every command shares, checking or not; kept apart from _base so scaffold does not load the reporters. */

export const configFlag = (helpGroup?: string) => Flags.string({char: 'c', summary: 'Config file (default: found upward).', helpValue: 'FILE', helpGroup});

/** --print-config FILE: every command that reads the config. */
export const printConfigFlag = (helpGroup?: string) =>
  Flags.string({
    summary: 'Print the config that applies to FILE and exit.',
    helpValue: 'FILE',
    helpGroup,
  });

export const verboseFlag = (helpGroup?: string) => Flags.boolean({summary: 'Print stack traces of internal errors.', helpGroup});

/** --jobs: the checking commands that take many files (lint schema, validate pack, validate envelope). */
export const jobsFlag = () => Flags.integer({summary: 'Threads to use (large runs: cores - 1).', helpValue: 'N', min: 1, helpGroup: 'INPUT'});

/**
 * --shard i/n: the same three commands; a CI matrix job checks its part of the files (src/io/shard.ts). A string
 * parsed by the command (parseShard): a value oclif's parser rejected would print a stack-free but garbled message.
 */
export const shardFlag = () => Flags.string({summary: 'Check part I of N (a CI matrix job).', helpValue: 'I/N', helpGroup: 'INPUT'});

/** --input-timeout: every command that may be handed a FIFO to read. */
export const inputTimeoutFlag = () => Flags.integer({summary: 'FIFO writer wait, in ms.', default: DEFAULT_INPUT_TIMEOUT_MS, min: 1, helpValue: 'MS', helpGroup: 'INPUT'});

/** --explain and --list-rules: every command that reports findings, each over its own rules. */
export const ruleInfoFlags = (helpGroup = 'COMMON') => ({
  explain: Flags.string({summary: 'Explain RULE (an id, alias or all) and exit.', helpValue: 'RULE', helpGroup}),
  'list-rules': Flags.boolean({summary: "List this command's rules and exit.", helpGroup}),
});

/** True when argv asks for --explain or --list-rules, which need none of the command's inputs. */
export function asksForRuleInfo(argv: readonly string[]): boolean {
  return argv.some((a) => a === '--list-rules' || a === '--explain' || a.startsWith('--explain='));
}

/**
 * The command with every argument and flag optional: for the flags that check nothing (--print-config, --explain,
 * --list-rules), so the inputs the command otherwise requires may be left out.
 */
export function withOptionalInputs<T extends {args?: object; flags?: object; baseFlags?: object; strict?: boolean}>(command: T): T {
  const optional = (entries: object | undefined) => Object.fromEntries(Object.entries(entries ?? {}).map(([name, spec]) => [name, {...(spec as object), required: false}]));
  return {flags: optional(command.flags), baseFlags: optional(command.baseFlags), strict: command.strict, args: optional(command.args)} as unknown as T;
}

/**
 * Answers --explain or --list-rules for `command` and returns true; false when neither was given. The catalog and the
 * renderer are loaded only then. An unknown rule is a UserError (exit 2, with the closest ids).
 */
export async function printRuleInfo(command: CheckingCommand, flags: {explain?: string; 'list-rules'?: boolean}, json: boolean): Promise<boolean> {
  if (flags.explain === undefined && !flags['list-rules']) return false;
  const [{allRules, rulesForCommand}, render] = await Promise.all([import('../src/rule-catalog.js'), import('../src/report/explain-rules.js')]);
  const own = await rulesForCommand(command);
  const text = flags.explain === undefined ? (json ? render.ruleListJson(own) : render.ruleTable(own)) : render.explainRules({command, own, all: await allRules()}, flags.explain);
  // Our own text: nothing a user gave is echoed but a name that matched a rule.
  await writeOutput(text);
  return true;
}

/**
 * Convention 6: every list flag repeats (`--x a --x b`), and also takes a comma list (`--x a,b`) unless a value may
 * hold a comma (a path, a header value, a field description): then it repeats only, and its help says so.
 */
export const LIST_FLAG = {multiple: true, multipleNonGreedy: true, delimiter: ','} as const;
export const REPEATED_FLAG = {multiple: true, multipleNonGreedy: true} as const;

/** Where the commands that read references ($ref, a manifest's files, config paths) and walk folders may read. */
export const readScopeFlags = () => ({
  'ref-root': Flags.string({
    summary: 'Extra root for references (repeatable, not comma-separated: a path may hold a comma).',
    ...REPEATED_FLAG,
    helpValue: 'DIR',
    helpGroup: 'INPUT',
  }),
  'follow-symlinks': Flags.boolean({summary: 'Follow symbolic links out of the project.', helpGroup: 'INPUT'}),
  'input-timeout': inputTimeoutFlag(),
});

/** --stdin-filename alone: the commands that read one input, `-` among its forms, and walk no folder. */
export const stdinFilenameFlag = () => Flags.string({summary: 'The file name - stands for.', helpValue: 'NAME', helpGroup: 'INPUT'});

/** Which files PATHS select, as ESLint's flags of the same names (docs/commands/shared.md, Choosing files). */
export const inputSelectionFlags = () => ({
  'stdin-filename': stdinFilenameFlag(),
  'ignore-pattern': Flags.string({
    summary: 'Skip what PATTERN matches (repeatable, not comma-separated: a glob may hold a comma).',
    ...REPEATED_FLAG,
    helpValue: 'PATTERN',
    helpGroup: 'INPUT',
  }),
  ignore: Flags.boolean({summary: 'Honour ignore files and patterns.', allowNo: true, default: true, helpGroup: 'INPUT'}),
  'error-on-unmatched-pattern': Flags.boolean({summary: 'Nothing to check is exit 2.', allowNo: true, default: true, helpGroup: 'INPUT'}),
});

/** The InputSelection of the flags {@link inputSelectionFlags} adds. */
export function inputSelection(flags: {'stdin-filename'?: string; 'ignore-pattern'?: string[]; ignore?: boolean; 'error-on-unmatched-pattern'?: boolean}): InputSelection {
  return {stdinFilename: flags['stdin-filename'], ignorePatterns: flags['ignore-pattern'], noIgnore: flags.ignore === false, errorOnUnmatched: flags['error-on-unmatched-pattern'] !== false};
}

/**
 * A user's mistake gets one clear line and exit 2; only internal errors may show a stack, and only when asked.
 * Returns false for oclif's own errors (flag parsing: oclif already exits 2), which the caller hands back to oclif
 * once their message (which may echo a flag or its value) is made safe to print.
 * Messages quote input, so every one is redacted and control-escaped first.
 */
export function reportCommandError(error: Error & {oclif?: {exit?: number}}, argv: readonly string[]): boolean {
  if (error instanceof UserError) {
    process.stderr.write(`openwop: ${displayText(error.message)}\n${error.hint ? `  ${displayText(error.hint)}\n` : ''}`);
    process.exitCode = 2;
    return true;
  }
  if (error.oclif?.exit !== undefined) {
    error.message = displayLines(error.message);
    return false;
  }
  const verbose = argv.includes('--verbose') || (process.env.DEBUG ?? '').includes('openwop');
  process.stderr.write(`openwop: internal error: ${displayText(error.message)}\n${verbose ? `${displayLines(error.stack ?? '')}\n` : '  (run again with --verbose for the stack trace)\n'}`);
  process.exitCode = 2;
  return true;
}

/** --baseline and --update-baseline: validate pack, lint schema and validate envelope. */
export const baselineFlags = () => ({
  baseline: Flags.string({
    summary: 'Fail only on findings not recorded in FILE.',
    helpValue: 'FILE',
    helpGroup: 'COMMON',
  }),
  'update-baseline': Flags.boolean({
    summary: 'Record the findings in the --baseline FILE.',
    dependsOn: ['baseline'],
    helpGroup: 'COMMON',
  }),
});

/** For the commands that have no --force of their own (lint schema's also serves --fix). */
export const baselineForceFlag = () => Flags.boolean({summary: 'Let --update-baseline replace other files.', dependsOn: ['update-baseline'], helpGroup: 'COMMON'});

interface BaselineFlagValues {
  baseline?: string;
  'update-baseline'?: boolean;
  force?: boolean;
}

/**
 * Reads the --baseline file before the check runs (a bad one is exit 2 at once) and returns what turns the final
 * report into the baselined one; undefined without --baseline. Loaded only when asked: most runs have no baseline.
 */
export async function openBaselineFlags(
  flags: BaselineFlagValues,
  run: {command: string; cwd: string; projectRoot: string; inputs: readonly string[]; folderOf?: (resultFile: string) => string | undefined; takes?: (path: string) => boolean},
): Promise<((report: Report, fatal: boolean) => Promise<Report>) | undefined> {
  if (flags.baseline === undefined) return undefined;
  const {openBaseline} = await import('../src/report/baseline-run.js');
  const settle = openBaseline({
    ...run,
    file: flags.baseline,
    update: flags['update-baseline'] === true,
    force: flags.force === true,
    renamedIds: async () => (await import('../src/rule-catalog.js')).renamedIds(),
  });
  return async (report, fatal) => {
    const settled = await settle(report, fatal);
    if (settled.note) process.stderr.write(`openwop: ${displayText(settled.note)}\n`);
    return settled.report;
  };
}

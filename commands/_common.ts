import {Flags} from '@oclif/core';
import type {InputSelection} from '../src/io/inputs.js';
import {DEFAULT_INPUT_TIMEOUT_MS} from '../src/io/open-stream.js';
import type {Rule} from '../src/core/rule.js';
import {explainRules} from '../src/report/explained-rule.js';
import type {Report} from '../src/core/finding.js';
import {displayLines, displayText} from '../src/report/printable.js';
import {UserError} from '../src/report/user-error.js';

/** Pieces every command shares, checking or not; kept apart from _base so scaffold does not load the reporters. */

export const configFlag = (helpGroup?: string) =>
  Flags.string({char: 'c', summary: 'Config file (default: openwop.config.json, .openwoprc.json or package.json "openwop", found upward).', helpGroup});

/** --print-config FILE: every command that reads the config. */
export const printConfigFlag = (helpGroup?: string) =>
  Flags.string({
    summary: 'Print, as JSON, the config that applies to FILE (the config file found, its overrides matching FILE, then --rule where the command has it) and where it came from, written as -f json writes a report (secret-shaped values masked, terminal controls escaped); exit 0 without doing anything else.',
    helpValue: 'FILE',
    helpGroup,
  });

export const verboseFlag = (helpGroup?: string) => Flags.boolean({summary: 'Print stack traces of internal errors.', helpGroup});

/** --input-timeout: every command that may be handed a FIFO to read. */
export const inputTimeoutFlag = () =>
  Flags.integer({summary: 'How long a FIFO named on the command line may wait for a writer before the run gives up (exit 2), in ms.', default: DEFAULT_INPUT_TIMEOUT_MS, min: 1, helpValue: 'MS', helpGroup: 'INPUT'});

/** --explain RULE|all of a command whose rules carry their own rationale and examples. */
export const explainFlag = () => Flags.string({summary: 'Print what a rule checks, with a failing and a passing example (RULE, or all), and exit.'});

/** Prints the --explain text of `id` among `rules`; an unknown id is exit 2. */
export function printExplanation(rules: readonly Rule[], id: string): void {
  const text = explainRules(rules, id);
  if (text === undefined) {
    process.stderr.write(`openwop: unknown rule "${displayText(id)}"; try --explain all\n`);
    process.exitCode = 2;
    return;
  }
  process.stdout.write(`${text}\n`);
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
    summary: 'Another folder that references ($ref, files a manifest names, config paths) may lead into (repeatable, not comma-separated: a path may hold a comma; default: the project root only).',
    ...REPEATED_FLAG,
    helpValue: 'DIR',
    helpGroup: 'INPUT',
  }),
  'follow-symlinks': Flags.boolean({summary: 'Follow symbolic links out of the folders walked and out of the project (default: skip them, as git and ripgrep do).', helpGroup: 'INPUT'}),
  'input-timeout': inputTimeoutFlag(),
});

/** --stdin-filename alone: the commands that read one input, `-` among its forms, and walk no folder. */
export const stdinFilenameFlag = () =>
  Flags.string({summary: 'The file name - stands for: findings name it, and it decides what a file name decides (kind, overrides, the folder relative references start from).', helpValue: 'NAME', helpGroup: 'INPUT'});

/** Which files PATHS select, as ESLint's flags of the same names (see INPUT_SELECTION_HELP). */
export const inputSelectionFlags = () => ({
  'stdin-filename': stdinFilenameFlag(),
  'ignore-pattern': Flags.string({
    summary: 'Leave out what PATTERN matches (gitignore syntax, relative to the working directory; repeatable, not comma-separated: a pattern may hold a comma, as in {a,b}).',
    ...REPEATED_FLAG,
    helpValue: 'PATTERN',
    helpGroup: 'INPUT',
  }),
  ignore: Flags.boolean({summary: 'Honour the config\'s "ignore", --ignore-pattern, .gitignore and .openwopignore (--no-ignore: check everything named).', allowNo: true, default: true, helpGroup: 'INPUT'}),
  'error-on-unmatched-pattern': Flags.boolean({summary: 'A path, glob or folder yielding nothing to check is exit 2 (--no-error-on-unmatched-pattern: a note on stderr, exit 0).', allowNo: true, default: true, helpGroup: 'INPUT'}),
});

/** The InputSelection of the flags {@link inputSelectionFlags} adds. */
export function inputSelection(flags: {'stdin-filename'?: string; 'ignore-pattern'?: string[]; ignore?: boolean; 'error-on-unmatched-pattern'?: boolean}): InputSelection {
  return {stdinFilename: flags['stdin-filename'], ignorePatterns: flags['ignore-pattern'], noIgnore: flags.ignore === false, errorOnUnmatched: flags['error-on-unmatched-pattern'] !== false};
}

export const INPUT_SELECTION_HELP = `CHOOSING FILES (as ESLint)
  A folder is walked recursively; hidden entries, node_modules and .git are skipped. Walks and globs leave out what
  the config's "ignore" globs, --ignore-pattern PATTERN (gitignore syntax, relative to the working directory) and the
  .gitignore and .openwopignore files match: those of the folders walked and of their parents up to the project root,
  with git's rules (a pattern is relative to its file's folder, a deeper file wins, "!" re-includes). A path named on
  the command line that the config's "ignore", --ignore-pattern or a .openwopignore covers is not checked either: it
  is reported as io/ignored (a warning). A .gitignore does not stop a named path (our choice, as ripgrep reads a path
  it is given): inside a named folder only the .gitignore patterns that do not leave out the folder itself apply.
  --no-ignore turns all of it off. Nothing to check is exit 2 (io/no-match): a path or glob matching no file, a folder
  holding no file of the command's kind, or every file left out by ignores; --no-error-on-unmatched-pattern makes it
  a note on stderr (exit 0 when nothing else is wrong).
  Ignore files come with a checkout, so they are bounded: repeated **/ segments count as one, and a pattern with more
  than 4 * or ** groups (slow to match) is skipped with an io/ignore-pattern warning naming its line (in
  --ignore-pattern or the config's "ignore" it is exit 2); a file over 64 KB or 2,000 patterns is not applied at all
  (io/too-large, a warning).
  --stdin-filename NAME names what - reads: findings and reports call it NAME, and NAME decides what a file's name
  decides (.ndjson or .json, config overrides and ignores, the folder relative $refs start from, inside the read
  roots). Given without - among the inputs it is a usage error.`;

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
  const verbose = argv.includes('--verbose') || /openwop/.test(process.env.DEBUG ?? '');
  process.stderr.write(`openwop: internal error: ${displayText(error.message)}\n${verbose ? `${displayLines(error.stack ?? '')}\n` : '  (run again with --verbose for the stack trace)\n'}`);
  process.exitCode = 2;
  return true;
}

/** --baseline and --update-baseline: validate pack, lint schema and validate envelope. */
export const baselineFlags = () => ({
  baseline: Flags.string({
    summary: 'Findings recorded in FILE are reported as baselined and do not fail the run; only new ones do (see BASELINE).',
    helpValue: 'FILE',
    helpGroup: 'BASELINE',
  }),
  'update-baseline': Flags.boolean({
    summary: 'Record this run\'s errors and warnings in the --baseline FILE (created or rewritten, inside the project only, its missing folders too; exit 0 unless an input could not be checked).',
    dependsOn: ['baseline'],
    helpGroup: 'BASELINE',
  }),
});

/** For the commands that have no --force of their own (lint schema's also serves --fix). */
export const baselineForceFlag = () => Flags.boolean({summary: 'Let --update-baseline replace a file that is not an openwop baseline.', dependsOn: ['update-baseline'], helpGroup: 'BASELINE'});

export const BASELINE_HELP = `BASELINE (adopting openwop where findings already exist)
  --update-baseline --baseline FILE records every error and warning of the run in FILE; later runs with --baseline FILE
  report those as baselined (exit code as if they were absent) and fail only on new ones. An entry is a rule id, a file
  (relative to FILE's folder) and a JSON pointer, with a count — never a line, so edits elsewhere in a file change
  nothing; a finding past its entry's count is new. Where several findings of a rule share a pointer, the pointer is
  followed by what each is about (/runtime#net.outbound: the primitive a pack's code uses undeclared). Infos are not recorded (they never fail a run). Entries of files
  the run checked (named on the command line, or reported on) that no longer match are counted as summary.baselineFixed
  ("fixed"); --update-baseline drops them and keeps the entries of files the run did not check. One FILE holds a
  section per command. It is written with sorted keys and a final newline (the same findings give the same bytes), only
  inside the project root, never over an input, and never over a file that is not a baseline unless --force.
  Output: stylish counts baselined findings in the summary line; json moves them from a result's "findings" to its
  "baselined" and adds summary.baselined and summary.baselineFixed; sarif keeps them with suppressions [{kind:
  "external"}]; github, junit and gitlab leave them out. A missing or malformed FILE is exit 2.`;

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
  run: {command: string; cwd: string; projectRoot: string; inputs: readonly string[]; folderOf?: (resultFile: string) => string | undefined},
): Promise<((report: Report, fatal: boolean) => Promise<Report>) | undefined> {
  if (flags.baseline === undefined) return undefined;
  const {openBaseline} = await import('../src/report/baseline-run.js');
  const settle = openBaseline({...run, file: flags.baseline, update: flags['update-baseline'] === true, force: flags.force === true});
  return async (report, fatal) => {
    const settled = await settle(report, fatal);
    if (settled.note) process.stderr.write(`openwop: ${displayText(settled.note)}\n`);
    return settled.report;
  };
}

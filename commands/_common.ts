import {Flags} from '@oclif/core';
import {DEFAULT_INPUT_TIMEOUT_MS} from '../src/io/open-stream.js';
import {displayLines, displayText} from '../src/report/printable.js';
import {UserError} from '../src/report/user-error.js';

/** Pieces every command shares, checking or not; kept apart from _base so scaffold does not load the reporters. */

export const configFlag = (helpGroup?: string) =>
  Flags.string({char: 'c', summary: 'Config file (default: openwop.config.json, .openwoprc.json or package.json "openwop", found upward).', helpGroup});

export const verboseFlag = (helpGroup?: string) => Flags.boolean({summary: 'Print stack traces of internal errors.', helpGroup});

/** --input-timeout: every command that may be handed a FIFO to read. */
export const inputTimeoutFlag = () =>
  Flags.integer({summary: 'How long a FIFO named on the command line may wait for a writer before the run gives up (exit 2), in ms.', default: DEFAULT_INPUT_TIMEOUT_MS, min: 1, helpValue: 'MS', helpGroup: 'INPUT'});

/** Where the commands that read references ($ref, a manifest's files, config paths) and walk folders may read. */
export const readScopeFlags = () => ({
  'ref-root': Flags.string({
    summary: 'Another folder that references ($ref, files a manifest names, config paths) may lead into (repeatable; default: the project root only).',
    multiple: true,
    multipleNonGreedy: true,
    helpValue: 'DIR',
    helpGroup: 'INPUT',
  }),
  'follow-symlinks': Flags.boolean({summary: 'Follow symbolic links out of the folders walked and out of the project (default: skip them, as git and ripgrep do).', helpGroup: 'INPUT'}),
  'input-timeout': inputTimeoutFlag(),
});

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

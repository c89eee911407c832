import {defineRule, type CheckingCommand, type Rule, type RuleSpec} from '../core/rule.js';

/** Every command that reads a file or stream a user names. */
const READING_COMMANDS: readonly CheckingCommand[] = ['lint schema', 'validate envelope', 'validate pack', 'validate bundle', 'probe host', 'simulate retry', 'export schema'];

const rule = (spec: RuleSpec): Rule => defineRule({commands: READING_COMMANDS, ...spec});

/** The rule ids the io layer itself emits (readDocuments, expandInputs, JsonDocument), for any command's rule list. */
export const IO_RULE_DESCRIPTORS: readonly Rule[] = Object.freeze([
  rule({id: 'json/syntax', description: 'The text is not valid JSON.'}),
  rule({id: 'json/duplicate-key', description: 'An object repeats a key; JSON parsers disagree on which value wins.'}),
  rule({id: 'json/proto-key', description: 'An object has a "__proto__" key, which JavaScript consumers may mishandle.'}),
  rule({id: 'json/too-deep', description: 'The document nests deeper than the depth limit.'}),
  rule({id: 'io/empty', description: 'The input is empty.'}),
  rule({id: 'io/binary', description: 'The input is a binary file.'}),
  rule({id: 'io/invalid-utf8', description: 'The input is not valid UTF-8.'}),
  rule({id: 'io/too-large', description: 'The input is over the size limit.'}),
  rule({id: 'io/not-found', description: 'The input does not exist.'}),
  rule({id: 'io/unreadable', description: 'The input cannot be read.'}),
  rule({
    id: 'io/no-match',
    description: "Nothing to check: a glob matched no file, a folder held none of the command's kind, or ignore patterns left out every one (exit 2 unless --no-error-on-unmatched-pattern).",
  }),
  rule({
    id: 'io/ignored',
    description: 'A file named on the command line is covered by an ignore pattern (config "ignore", --ignore-pattern, .gitignore, .openwopignore); it was not checked (--no-ignore checks it).',
    severity: 'warning',
  }),
  rule({id: 'io/ignore-pattern', description: 'A .gitignore or .openwopignore pattern holds too many * or ** groups to match in reasonable time; it was not applied.', severity: 'warning'}),
  rule({id: 'io/outside-root', description: 'The path leads outside the project root (a symbolic link, or a reference out of it); it was not read.'}),
  rule({id: 'io/not-regular', description: 'A FIFO, device or socket where a regular file was expected; it was not read.'}),
  rule({id: 'io/timeout', description: 'A FIFO named on the command line got no writer within --input-timeout.'}),
]);

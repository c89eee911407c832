import type {RuleDescriptor} from '../core/finding.js';

/** The rule ids the io layer itself emits (readDocuments, expandInputs, JsonDocument), for any command's rule list. */
export const IO_RULE_DESCRIPTORS: readonly RuleDescriptor[] = Object.freeze([
  {id: 'json/syntax', description: 'The text is not valid JSON.'},
  {id: 'json/duplicate-key', description: 'An object repeats a key; JSON parsers disagree on which value wins.'},
  {id: 'json/proto-key', description: 'An object has a "__proto__" key, which JavaScript consumers may mishandle.'},
  {id: 'json/too-deep', description: 'The document nests deeper than the depth limit.'},
  {id: 'io/empty', description: 'The input is empty.'},
  {id: 'io/binary', description: 'The input is a binary file.'},
  {id: 'io/invalid-utf8', description: 'The input is not valid UTF-8.'},
  {id: 'io/too-large', description: 'The input is over the size limit.'},
  {id: 'io/not-found', description: 'The input does not exist.'},
  {id: 'io/unreadable', description: 'The input cannot be read.'},
  {id: 'io/no-match', description: 'Nothing to check: a glob matched no file, a folder held none of the command\'s kind, or ignore patterns left out every one (exit 2 unless --no-error-on-unmatched-pattern).'},
  {id: 'io/ignored', description: 'A file named on the command line is covered by an ignore pattern (config "ignore", --ignore-pattern, .gitignore, .openwopignore); it was not checked (--no-ignore checks it).', severity: 'warning'},
  {id: 'io/ignore-pattern', description: 'A .gitignore or .openwopignore pattern holds too many * or ** groups to match in reasonable time; it was not applied.', severity: 'warning'},
  {id: 'io/outside-root', description: 'The path leads outside the project root (a symbolic link, or a reference out of it); it was not read.'},
  {id: 'io/not-regular', description: 'A FIFO, device or socket where a regular file was expected; it was not read.'},
  {id: 'io/timeout', description: 'A FIFO named on the command line got no writer within --input-timeout.'},
]);

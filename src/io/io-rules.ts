import {defineRule, type CheckingCommand, type Rule, type RuleSource, type RuleSpec} from '../core/rule.js';
import {VERIFIED} from '../core/rule-sources.js';

/** Every command that reads a file or stream a user names. */
const READING_COMMANDS: readonly CheckingCommand[] = ['lint schema', 'validate envelope', 'validate pack', 'validate bundle', 'probe host', 'simulate retry', 'export schema'];

const rule = (spec: RuleSpec): Rule => defineRule({commands: READING_COMMANDS, ...spec});

/** The standards the json/* and byte-level io/* rules rest on. */
const SOURCES = {
  rfc8259: {url: 'https://www.rfc-editor.org/rfc/rfc8259', title: 'RFC 8259: The JavaScript Object Notation (JSON) Data Interchange Format', verified: VERIFIED},
  rfc8259Objects: {url: 'https://www.rfc-editor.org/rfc/rfc8259#section-4', title: 'RFC 8259 §4: object names SHOULD be unique; behaviour with duplicates is unpredictable', verified: VERIFIED},
  rfc8259Parsers: {url: 'https://www.rfc-editor.org/rfc/rfc8259#section-9', title: 'RFC 8259 §9: a parser may limit the depth of nesting', verified: VERIFIED},
  rfc8259Encoding: {url: 'https://www.rfc-editor.org/rfc/rfc8259#section-8.1', title: 'RFC 8259 §8.1: JSON exchanged between systems MUST be UTF-8', verified: VERIFIED},
  ecma404: {url: 'https://ecma-international.org/publications-and-standards/standards/ecma-404/', title: 'ECMA-404: The JSON Data Interchange Syntax', verified: VERIFIED},
  rfc3629: {url: 'https://www.rfc-editor.org/rfc/rfc3629', title: 'RFC 3629: UTF-8, a transformation format of ISO 10646', verified: VERIFIED},
  protoAccessor: {url: 'https://tc39.es/ecma262/#sec-object.prototype.__proto__', title: 'ECMA-262: the Object.prototype.__proto__ accessor', verified: VERIFIED},
  nodeSystemErrors: {url: 'https://nodejs.org/api/errors.html#common-system-errors', title: 'Node.js: common system errors (ENOENT, EACCES, EISDIR, …)', verified: VERIFIED},
  gitignore: {url: 'https://git-scm.com/docs/gitignore', title: 'git: gitignore pattern format', verified: VERIFIED},
  fifo: {url: 'https://pubs.opengroup.org/onlinepubs/9799919799/functions/open.html', title: 'POSIX open(): opening a FIFO for reading blocks until a writer opens it', verified: VERIFIED},
} satisfies Record<string, RuleSource>;

/** The rule ids the io layer itself emits (readDocuments, expandInputs, JsonDocument), for any command's rule list. */
export const IO_RULE_DESCRIPTORS: readonly Rule[] = Object.freeze([
  rule({
    id: 'json/syntax',
    description: 'The text is not valid JSON.',
    explanation: 'A document that does not parse cannot be checked at all. Fix the syntax at the position shown; comments, trailing commas, single quotes and unquoted keys are not JSON.',
    examples: {invalid: ['{"type": "object",}', "{'type': 'object'}"], valid: ['{"type": "object"}']},
    sources: [SOURCES.rfc8259, SOURCES.ecma404],
  }),
  rule({
    id: 'json/duplicate-key',
    description: 'An object repeats a key; JSON parsers disagree on which value wins.',
    explanation: 'Most parsers keep the last value, some the first, some refuse; the schema a provider or host sees may not be the one you meant. Keep one of the two entries.',
    examples: {invalid: ['{"type": "string", "type": "integer"}'], valid: ['{"type": "integer"}']},
    sources: [SOURCES.rfc8259Objects],
  }),
  rule({
    id: 'json/proto-key',
    description: 'An object has a "__proto__" key, which JavaScript consumers may mishandle.',
    explanation:
      'In JavaScript, assigning obj["__proto__"] sets the prototype instead of adding a property, so a consumer that copies objects drops the key or is open to prototype pollution. Rename the key.',
    examples: {invalid: ['{"properties": {"__proto__": {"type": "string"}}}'], valid: ['{"properties": {"proto": {"type": "string"}}}']},
    sources: [SOURCES.protoAccessor],
  }),
  rule({
    id: 'json/too-deep',
    description: 'The document nests deeper than the depth limit.',
    explanation:
      'Very deep nesting exhausts the stack of recursive parsers and walkers; RFC 8259 lets a parser set a limit, and ours is 1000 levels. Flatten the document, or move repeated structure into $defs.',
    examples: {invalid: ['[[[[ … 1001 levels … ]]]]'], valid: ['a document nested fewer than 1000 levels']},
    sources: [SOURCES.rfc8259Parsers],
  }),
  rule({
    id: 'io/empty',
    description: 'The input is empty.',
    explanation: 'An empty text is not a JSON value, so there is nothing to check; usually a failed download or a redirect to the wrong file. Point the command at the real file.',
    examples: {invalid: ['a 0-byte file', 'a stdin stream that closes without data'], valid: ['a file holding {}']},
    sources: [SOURCES.rfc8259],
  }),
  rule({
    id: 'io/binary',
    description: 'The input is a binary file.',
    explanation:
      'A NUL byte never appears in JSON text, so the file is an image, archive or other binary; checking it would only report noise. Name the JSON file instead, or exclude the binary one with an ignore pattern.',
    examples: {invalid: ['a PNG or .zip file passed as a schema'], valid: ['a UTF-8 text file holding JSON']},
    sources: [SOURCES.rfc8259Encoding],
  }),
  rule({
    id: 'io/invalid-utf8',
    description: 'The input is not valid UTF-8.',
    explanation: 'JSON exchanged between systems must be UTF-8; bytes that are not (often Latin-1 or UTF-16 from an editor) would be read differently by each consumer. Re-save the file as UTF-8.',
    examples: {invalid: ['a file with the byte 0xE9 for "é" (Latin-1)', 'a UTF-16 file'], valid: ['the same file saved as UTF-8 ("é" is C3 A9)']},
    sources: [SOURCES.rfc8259Encoding, SOURCES.rfc3629],
  }),
  rule({
    id: 'io/too-large',
    description: 'The input is over the size limit.',
    explanation: 'A limit (100 MB per document by default) keeps a runaway file or stream from exhausting memory. Raise it with --max-size when the file is meant to be that big.',
    examples: {invalid: ['a 200 MB document with the default limit'], valid: ['the same document with --max-size 256']},
  }),
  rule({
    id: 'io/not-found',
    description: 'The input does not exist.',
    explanation: 'The path named on the command line or in config does not exist (ENOENT). Check the spelling and the working directory.',
    examples: {invalid: ['openwop lint schema schemas/missing.json'], valid: ['openwop lint schema schemas/ticket.json']},
    sources: [SOURCES.nodeSystemErrors],
  }),
  rule({
    id: 'io/unreadable',
    description: 'The input cannot be read.',
    explanation: 'The file exists but reading it failed, most often for lack of permission (EACCES) or an I/O error; the message gives the cause. Fix the permissions or the path.',
    examples: {invalid: ['a file with mode 000'], valid: ['a file the user can read']},
    sources: [SOURCES.nodeSystemErrors],
  }),
  rule({
    id: 'io/no-match',
    description: "Nothing to check: a glob matched no file, a folder held none of the command's kind, or ignore patterns left out every one (exit 2 unless --no-error-on-unmatched-pattern).",
    explanation: 'A run that checks nothing would pass silently, which in CI hides a wrong path. Fix the glob or folder, or pass --no-error-on-unmatched-pattern when an empty match is expected.',
    examples: {invalid: ["openwop lint schema 'schemas/**/*.jsn'"], valid: ["openwop lint schema 'schemas/**/*.json'"]},
  }),
  rule({
    id: 'io/ignored',
    description: 'A file named on the command line is covered by an ignore pattern (config "ignore", --ignore-pattern, .gitignore, .openwopignore); it was not checked (--no-ignore checks it).',
    explanation: 'Naming a file and then not checking it without a word would look like a pass. Remove the pattern that covers it, or pass --no-ignore.',
    examples: {invalid: ['openwop lint schema dist/schema.json with dist/ in .gitignore'], valid: ['openwop lint schema --no-ignore dist/schema.json']},
    severity: 'warning',
    sources: [SOURCES.gitignore],
  }),
  rule({
    id: 'io/ignore-pattern',
    description: 'A .gitignore or .openwopignore pattern holds too many * or ** groups to match in reasonable time; it was not applied.',
    explanation: 'Matching a pattern with many wildcards against long paths can take exponential time; such a pattern is skipped so a run cannot hang on it. Simplify the pattern.',
    examples: {invalid: ['**/a*b*c*d*e*f*g*h*i*j*k*/**/*.json'], valid: ['build/**/*.json']},
    severity: 'warning',
    sources: [SOURCES.gitignore],
  }),
  rule({
    id: 'io/outside-root',
    description: 'The path leads outside the project root (a symbolic link, or a reference out of it); it was not read.',
    explanation:
      'Reading outside the project would let a checked-in link or reference pull in any file on the machine (for example ~/.ssh). Copy the file into the project, or run from a root that contains it.',
    examples: {invalid: ['schemas/shared.json -> /etc/passwd (a symbolic link)'], valid: ['schemas/shared.json, a regular file inside the project']},
  }),
  rule({
    id: 'io/not-regular',
    description: 'A FIFO, device or socket where a regular file was expected; it was not read.',
    explanation: 'Reading a device or socket can block for ever or never end (/dev/zero). Name regular files; a FIFO is read only when named on the command line.',
    examples: {invalid: ['a glob that matches /dev/zero or a socket file'], valid: ['a regular file']},
  }),
  rule({
    id: 'io/timeout',
    description: 'A FIFO named on the command line got no writer within --input-timeout.',
    explanation: 'Opening a FIFO for reading waits until a writer opens it; without a limit a run would hang. Start the writer first, or raise --input-timeout.',
    examples: {invalid: ['openwop lint schema pipe.fifo with nothing writing to pipe.fifo'], valid: ['producer > pipe.fifo & openwop lint schema pipe.fifo']},
    sources: [SOURCES.fifo],
  }),
]);

import {Args, Command, Flags} from '@oclif/core';
import {loadConfig} from '../../src/config/load.js';
import {printConfig} from '../../src/config/print-config.js';
import {packageVersion} from '../../src/io/package-root.js';
import {LINT_TARGETS, type LintTarget} from '../../src/lint/index.js';
import {jsonText} from '../../src/report/formatters/json.js';
import {displayLines, displayText, escapeJsonText} from '../../src/report/printable.js';
import {Redactor} from '../../src/report/redact.js';
import {UserError} from '../../src/report/user-error.js';
import {writeOutput} from '../../src/report/write-output.js';
import {checkKindName, DEFAULT_EXAMPLES_OUT, DEFAULT_ID_BASE, DEFAULT_OUT, preflight, ScaffoldCancelled, scaffoldKind, TYPE_HELP, VENDOR_KIND_GRAMMAR} from '../../src/scaffold/index.js';
import {askForKind, commandLine} from '../../src/scaffold/interactive.js';
import {renderScaffoldJson, renderScaffoldText} from '../../src/scaffold/render.js';
import {configFlag, LIST_FLAG, printConfigFlag, printRuleInfo, REPEATED_FLAG, reportCommandError, ruleInfoFlags, verboseFlag} from '../_common.js';

export default class ScaffoldKind extends Command {
  static override summary = 'Create a vendor envelope kind: a Tier-1-clean payload schema with reasoning first, plus a valid and an invalid example envelope.';

  static override description = `Writes three files for the kind (RFC 0021 AIEnvelope, RFC 0030 reasoning field and Tier-1 subset):
  <out>/<kind>.schema.json                JSON Schema 2020-12 for the payload
  <examples-out>/<kind>.valid.json        a complete AIEnvelope that passes
  <examples-out>/<kind>.invalid.json      the same envelope without its first field, so it fails at the payload stage
The schema passes \`openwop lint schema --profile strict\` for the targets (default: config lint.targets, then tier1), and \`openwop validate envelope --schemas <out>\` accepts the valid example at once.

LAYOUT
  By default the project layout the pre-commit hooks expect: schemas in ${DEFAULT_OUT}/, example envelopes in
  ${DEFAULT_EXAMPLES_OUT}/ (config scaffold.out and scaffold.examplesOut change them). --out DIR on the command line
  is a one-off destination: the schema goes in DIR and, unless --examples-out says otherwise, the examples in DIR/examples.
  Files named *.invalid.json are the deliberately failing examples: the openwop-validate-envelope hook leaves them out.

KIND NAMES
  vendor.<host>.<kind>, checked against ${VENDOR_KIND_GRAMMAR.source}
  (upstream publishes no grammar for kinds; this is our choice). Refused, with the reason: universal kinds
  (clarification.request, schema.request, schema.response, error), media.* and ui.*, the legacy prd.create,
  theme.create and tasks.create, the other namespaces (openwop., core., community., private., local.), and
  anything with / or \\ in it.

FIELDS  --field name[?]:type[:description]   (repeatable; the description may contain colons)
  types: ${TYPE_HELP}
  name? makes a field optional. In strict mode it is still listed in "required" but typed [T, "null"] (an enum also
  allows null): the RFC 0030 strict-mode emulation; readers treat null as absent.
  Nested objects use dotted paths: --field 'owner.name:string' puts "name" inside the object "owner" (created, required,
  on first use; declare it yourself, e.g. --field 'owner?:object:Who owns it', to make it optional or describe it).
  Items of an object[] use []: --field 'steps:object[]' --field 'steps[].title:string'.
  A field without a description gets a "TODO:" placeholder; the command lists them, since the model reads descriptions.
  "reasoning" is added by the command as the first property, typed ["string","null"] and required; --no-reasoning
  leaves it out (for low-reasoning kinds such as status or progress signals) and says so in the schema: a root
  "$comment" containing "openwop:no-reasoning", which lint schema's reasoning/missing honours.

INTERACTIVE
  With no --field on a terminal, the command asks for the kind, a description, reasoning yes/no and then each field
  (name, type, optional, description); it prints the equivalent command line at the end. Prompts go to stderr.
  Without a terminal and without --field it exits 2. Ctrl-C, or "no" at the final question, writes nothing and exits 130.

WRITING
  Nothing is overwritten without --force: if any target exists, nothing at all is written (exit 2, naming the files).
  All three files are written to temp files and moved into place only when all are complete; a failure removes what
  this run wrote. Missing output folders are created. A target that is a symlink, a FIFO or a device is refused,
  even with --force. --dry-run prints the files instead of writing them. The schema's $id is
  <id-base><kind>.schema.json, id-base defaulting to config scaffold.idBase, then
  ${DEFAULT_ID_BASE} (.invalid is a reserved domain: replace it before you publish).
  --target gemini also adds "propertyOrdering" (reasoning first) to every object, unless openai or anthropic is a
  target too: they refuse the keyword (export schema --target gemini adds it later). gemini-legacy is not a scaffold
  target (its OpenAPI subset refuses $schema, $id and additionalProperties): scaffold, then openwop export schema
  FILE --target gemini-legacy.

EXIT CODES
  0    files written (or, with --dry-run, would be)
  2    refused or usage error: bad kind name or field, a target exists (without --force), the folder cannot be written
  130  cancelled at a prompt (Ctrl-C or "no"); nothing written`;

  static override examples = [
    {description: 'A plan generator with a required title and an optional note', command: "<%= config.bin %> <%= command.id %> vendor.acme.plan.create --field 'title:string:Short plan title' --field 'notes?:string'"},
    {description: 'Every type, a nested object and a list of objects', command: "<%= config.bin %> <%= command.id %> vendor.acme.prd.create --field 'priority:enum(low|medium|high)' --field 'effort:integer' --field 'tags:string[]' --field 'owner.name:string' --field 'steps[].title:string' --field 'approved?:boolean'"},
    {description: 'A progress signal without reasoning, into another folder', command: "<%= config.bin %> <%= command.id %> vendor.acme.build.progress --no-reasoning --field 'percent:number' --out kinds/"},
    {description: 'Schemas and examples each into a folder of your own', command: "<%= config.bin %> <%= command.id %> vendor.acme.plan.create --field 'title:string' --out contracts/kinds --examples-out test/fixtures/envelopes"},
    {description: 'Ask for everything interactively', command: '<%= config.bin %> <%= command.id %>'},
    {description: 'See the files without writing them, as JSON', command: "<%= config.bin %> <%= command.id %> vendor.acme.plan.create --field 'title:string' --dry-run --json"},
  ];

  static override args = {
    kind: Args.string({description: 'The kind name, vendor.<host>.<kind>. Without --field on a terminal, asked for when omitted.', required: false}),
  };

  static override flags = {
    field: Flags.string({char: 'F', summary: 'A payload field: name[?]:type[:description] (repeatable, not comma-separated: a description may hold a comma).', ...REPEATED_FLAG}),
    out: Flags.string({summary: `Folder for the payload schema (default: config scaffold.out, then ${DEFAULT_OUT}); created if missing, inside the project only (as -o).`, helpValue: 'DIR'}),
    'examples-out': Flags.string({summary: `Folder for the two example envelopes (default: with --out, <out>/examples; else config scaffold.examplesOut, then ${DEFAULT_EXAMPLES_OUT}); created if missing, inside the project or an existing --out folder only.`, helpValue: 'DIR'}),
    'id-base': Flags.string({summary: `URL the schema's $id starts with (default: config scaffold.idBase, then ${DEFAULT_ID_BASE}).`}),
    description: Flags.string({summary: 'Description of the payload schema.'}),
    reasoning: Flags.boolean({summary: 'Add "reasoning" as the first property (default; --no-reasoning for status/progress kinds).', allowNo: true}),
    target: Flags.string({summary: 'Providers the schema must lint clean for (repeatable or comma-separated; gemini also adds propertyOrdering). Not gemini-legacy: its OpenAPI subset has no $schema, $id or additionalProperties; export schema --target gemini-legacy rewrites a scaffolded schema for it.', options: LINT_TARGETS.filter((t) => t !== 'gemini-legacy'), ...LIST_FLAG}),
    force: Flags.boolean({summary: 'Overwrite existing files.'}),
    'dry-run': Flags.boolean({summary: 'Print the files that would be written; write nothing.'}),
    json: Flags.boolean({summary: 'Print the result as JSON (files, actions, the invalid example\'s reason).'}),
    config: configFlag(),
    verbose: verboseFlag(),
    'print-config': printConfigFlag(),
    ...ruleInfoFlags(),
  };

  async run(): Promise<void> {
    const {args, flags} = await this.parse(ScaffoldKind);
    if (await printRuleInfo('scaffold kind', flags, flags.json)) return;
    const cwd = process.cwd();
    const config = await loadConfig({cwd, explicitPath: flags.config});
    if (flags['print-config'] !== undefined) {
      await writeOutput(jsonText(printConfig(config, flags['print-config'], {}, {cwd})));
      return;
    }
    const base = {cwd, config, out: flags.out, examplesOut: flags['examples-out'], force: flags.force, idBase: flags['id-base']};
    if (args.kind !== undefined) checkKindName(args.kind);

    // oclif leaves a boolean flag undefined when it is not given: that is "ask" (or the default, yes).
    let answers: {kind?: string; description?: string; reasoning?: boolean; fields: string[]} = {
      kind: args.kind,
      description: flags.description,
      reasoning: flags.reasoning as boolean | undefined,
      fields: flags.field ?? [],
    };
    if (answers.fields.length === 0) {
      if (!process.stdin.isTTY || !process.stderr.isTTY) {
        throw new UserError(
          'no --field given, and no terminal to ask on',
          `give the fields as flags, e.g. ${this.config.bin} scaffold kind ${args.kind ?? 'vendor.acme.plan.create'} --field 'title:string:Plan title' --field 'notes?:string'`,
        );
      }
      const asked = await askForKind(answers, {input: process.stdin, output: process.stderr}, {
        afterKind: (kind) => preflight({...base, kind}),
        confirmMessage: (kind) => (flags['dry-run'] ? `Show the files for ${kind} (dry run, nothing written)?` : `Write the files for ${kind}?`),
      });
      // Without --dry-run or --json: the repeat is usually the real run.
      const extra = [
        ...(flags.out === undefined ? [] : ['--out', flags.out]),
        ...(flags['examples-out'] === undefined ? [] : ['--examples-out', flags['examples-out']]),
        ...(flags['id-base'] === undefined ? [] : ['--id-base', flags['id-base']]),
        ...(flags.target ?? []).flatMap((t) => ['--target', t]),
        ...(flags.force ? ['--force'] : []),
      ];
      process.stderr.write(`To do this again without prompts:\n  ${displayText(commandLine(this.config.bin, asked, extra))}\n`);
      answers = asked;
    }
    if (answers.kind === undefined) throw new UserError('the kind name is missing', `e.g. ${this.config.bin} scaffold kind vendor.acme.plan.create --field 'title:string'`);

    const result = await scaffoldKind({
      ...base,
      kind: answers.kind,
      fields: answers.fields,
      description: answers.description,
      reasoning: answers.reasoning,
      targets: flags.target as LintTarget[] | undefined,
      dryRun: flags['dry-run'],
    });
    // The inputs were refused if they held a secret; names and descriptions may still hold control characters.
    const text = flags.json
      ? escapeJsonText(new Redactor().jsonText(renderScaffoldJson(result, {version: packageVersion(), cwd})))
      : displayLines(renderScaffoldText(result, {bin: this.config.bin, cwd}));
    await writeOutput(text, {stream: process.stdout});
  }

  /** Same conventions as the checking commands: a user's mistake is one line and exit 2, never a stack trace. */
  protected override async catch(error: Error & {oclif?: {exit?: number}}): Promise<unknown> {
    if (error instanceof ScaffoldCancelled) {
      process.stderr.write('openwop: cancelled; nothing was written\n');
      process.exitCode = ScaffoldCancelled.EXIT_CODE;
      return;
    }
    if (!reportCommandError(error, this.argv)) return super.catch(error);
  }
}

import {Args, Command, Flags} from '@oclif/core';
import {projectRoot} from '../../src/config/load.js';
import {EXPORT_RULES, EXPORT_TARGETS, exportSchema, renderFragment, type FragmentFormat} from '../../src/export/index.js';
import {readSchemaInput} from '../../src/export/read-input.js';
import {filesUsed} from '../../src/io/files-used.js';
import {checkStdinFilename} from '../../src/io/inputs.js';
import {packageVersion} from '../../src/io/package-root.js';
import {ReadScope} from '../../src/io/read-scope.js';
import {checkWritable, writeFileSafely, type SafeWriteOptions} from '../../src/io/safe-write.js';
import {isTerminal} from '../../src/io/terminal.js';
import {RULES} from '../../src/lint/index.js';
import type {VendorTarget} from '../../src/lint/vendors/index.js';
import {shouldUseColor} from '../../src/report/color.js';
import type {Finding} from '../../src/core/finding.js';
import type {FormatRule} from '../../src/report/format-context.js';
import {getFormatter} from '../../src/report/formatters/index.js';
import {buildReport} from '../../src/report/report.js';
import {writeOutput} from '../../src/report/write-output.js';
import {READS_HELP} from '../_base.js';
import {asksForRuleInfo, printRuleInfo, readScopeFlags, reportCommandError, ruleInfoFlags, stdinFilenameFlag, verboseFlag, withOptionalInputs} from '../_common.js';

const MB = 1024 * 1024;

export default class ExportSchema extends Command {
  static override summary = 'Print the request fragment a vendor API takes for a JSON Schema (RFC 0030 §B), rewritten so the vendor accepts it.';

  static override description = `Builds what you paste into (or merge with) a request body for the schema: the schema is rewritten for the target, then checked with the same rules as \`openwop lint schema --target T\`; a fragment is printed only when that check finds no error.

TARGETS AND FORMS (--form FORM; default the first listed; --form all prints every form, keyed by its name)
  openai chat: {"response_format": {"type": "json_schema", "json_schema": {name, strict: true, schema}}}
  openai responses: {"text": {"format": {"type": "json_schema", name, strict: true, schema}}}
  openai tool: {"tools": [{"type": "function", "function": {name, description, strict: true, parameters}}]}
  openai responses-tool: {"tools": [{"type": "function", name, description, strict: true, parameters}]}
  anthropic tool: {"tools": [{name, description, input_schema, strict: true}]}
  anthropic output: {"output_config": {"format": {"type": "json_schema", schema}}}
  gemini generation-config: {"generationConfig": {"responseMimeType": "application/json", responseJsonSchema}}
  gemini-legacy generation-config: {"generationConfig": {"responseMimeType": "application/json", responseSchema}}
  Merge the fragment into the request body. description is the schema's own, when it has one.

WHAT IS REWRITTEN (in every sub-schema: properties, items, prefixItems, anyOf/oneOf/allOf branches, $defs,
additionalProperties sub-schemas)
  1. openai, anthropic: what \`lint schema --fix --target T\` applies — "additionalProperties": false, "reasoning"
     first, and for openai (whose strict mode wants every property required) optional properties listed in "required"
     with a null union (RFC 0030 §D); anthropic keeps optional properties optional. For openai, an optional
     property --fix cannot make nullable (a $ref, an anyOf, a const) becomes {"anyOf": [its schema, {"type": "null"}]}.
     gemini, gemini-legacy: the same fixes their own rules offer (reasoning first, const as enum, …).
  2. Lossless rewrites the target's model names: oneOf → anyOf when a required single-value property (a
     discriminator) tells the branches apart; const → a one-value enum where const is not read; a $ref with keywords
     beside it inlined (openai, as OpenAI's Python SDK does); every local $ref inlined and $defs dropped
     (gemini-legacy); ["T", "null"] → "type": "T", "nullable": true, several types → anyOf, an anyOf with a null
     branch → nullable (gemini-legacy); a lone allOf merged (pydantic v1); a root $ref replaced by its target (openai,
     anthropic); Gemini's "OBJECT"/"STRING" and "nullable" read as JSON Schema (every target but gemini-legacy).
  3. What the target cannot express moves into "description" as "keyword: value" pairs, as the vendors' SDK helpers
     do: bounds (minimum, maxLength, … for anthropic; uniqueItems, minProperties, … for openai), formats
     outside the target's list (openai, anthropic). Keys the target does not read are left out ($schema, additional-
     Properties and the like for gemini-legacy; examples for openai). The vendor then no longer enforces them: check
     them in the host.
  4. gemini, gemini-legacy: "propertyOrdering" (the order of "properties") on every object without one: Gemini emits
     properties in that order.

REFUSALS
  Anything the target's lint still reports as an error — recursion for anthropic and gemini-legacy, a root that is not
  an object for openai and anthropic, a oneOf without a discriminator, an open object, a $ref to another file, … — is
  a refusal: nothing goes to standard output or -o, the findings go to standard error (stylish; a finding at a place
  the input has is shown there, the others in the exported schema), exit 1. Warnings and infos are printed on standard
  error too (--quiet hides them) and do not stop the export. So \`openwop export schema s.json --target openai > f.json\`
  writes a fragment or nothing, never one that fails \`lint schema --target openai\`.

NAMES (--name)
  Default: the schema's title, else the file's base name (for -, that of --stdin-filename NAME), with other characters
  turned into "_" and cut to 64.
  A given name must match ^[a-zA-Z0-9_-]{1,64}$ (OpenAI's and Anthropic's rule); another is refused (exit 2) with the
  reason. Gemini fragments carry no name.

${READS_HELP}

EXIT CODES
  0  the fragment was printed (or written to -o)
  1  refused: the schema cannot be expressed for the target; the findings say why
  2  the command could not do its job: usage error (bad --name, --form), unreadable input, -o exists without --force

--stdin-filename NAME names what - reads: findings and the default --name go by NAME. Without - it is a usage error.

A $ref to another file or URL is refused (a request carries one schema): bundle the schema first. Only the schema
file itself is read.`;

  static override examples = [
    {description: 'OpenAI Chat Completions response_format for a payload schema', command: '<%= config.bin %> <%= command.id %> vendor.acme.plan.create.schema.json --target openai'},
    {description: 'Every OpenAI form (chat, responses, tool), named', command: '<%= config.bin %> <%= command.id %> plan.schema.json --target openai --form all --name plan_create'},
    {description: 'An Anthropic strict tool, as YAML, into a file', command: '<%= config.bin %> <%= command.id %> plan.schema.json --target anthropic --format yaml -o plan.tool.yaml'},
    {description: 'Anthropic structured outputs (output_config.format)', command: '<%= config.bin %> <%= command.id %> plan.schema.json --target anthropic --form output'},
    {description: 'Gemini generationConfig, from standard input', command: 'cat plan.schema.json | <%= config.bin %> <%= command.id %> - --target gemini'},
    {description: 'The legacy responseSchema (OpenAPI subset; refs inlined, type lists as nullable)', command: '<%= config.bin %> <%= command.id %> plan.schema.json --target gemini-legacy'},
  ];

  static override args = {
    file: Args.string({description: 'The JSON Schema file, or - for standard input.', required: true}),
  };

  static override flags = {
    target: Flags.string({char: 't', summary: 'The vendor request field to build for.', options: [...EXPORT_TARGETS], required: true}),
    form: Flags.string({summary: 'Request form: openai chat|responses|tool|responses-tool, anthropic tool|output, gemini(-legacy) generation-config; all for every one.', helpValue: 'FORM'}),
    name: Flags.string({summary: 'Name in the fragment (^[a-zA-Z0-9_-]{1,64}$; default: the title or file name, reduced to that).'}),
    format: Flags.string({char: 'f', summary: 'Output format.', options: ['json', 'yaml'], default: 'json'}),
    output: Flags.string({char: 'o', summary: 'Write the fragment to FILE (atomically; missing folders are created inside the project only; never over an existing file without --force, never over the input).', helpValue: 'FILE'}),
    force: Flags.boolean({summary: 'Let -o replace an existing file.', dependsOn: ['output']}),
    quiet: Flags.boolean({char: 'q', summary: 'Do not print warnings and infos about an exported schema (refusals are always printed).'}),
    color: Flags.boolean({summary: 'Colour the findings on standard error (default: only on a TTY; NO_COLOR and FORCE_COLOR are honoured).', allowNo: true}),
    'max-size': Flags.integer({summary: 'Largest schema file to read, in MB.', default: 100, min: 1, helpGroup: 'INPUT'}),
    ...readScopeFlags(),
    'stdin-filename': stdinFilenameFlag(),
    verbose: verboseFlag(),
    ...ruleInfoFlags(),
    json: Flags.boolean({summary: 'With --list-rules: list them as JSON, as every checking command does (-f sets the fragment\'s format).', dependsOn: ['list-rules'], helpGroup: 'RULES'}),
  };

  async run(): Promise<void> {
    const {args, flags, metadata} = await this.parse(asksForRuleInfo(this.argv) ? withOptionalInputs(ExportSchema) : ExportSchema);
    // -f defaults to json for the fragment; the rule list is JSON only when asked for.
    if (await printRuleInfo('export schema', flags, flags.json || (flags.format === 'json' && !metadata.flags.format?.setFromDefault))) return;
    const cwd = process.cwd();
    const target = flags.target as VendorTarget;
    const scope = new ReadScope({
      cwd,
      projectRoot: projectRoot(cwd),
      refRoots: flags['ref-root'],
      named: args.file === '-' ? [] : [args.file],
      followSymlinks: flags['follow-symlinks'],
      maxBytes: flags['max-size'] * MB,
      inputTimeoutMs: flags['input-timeout'],
    });
    checkStdinFilename([args.file], {stdinFilename: flags['stdin-filename']});
    const label = args.file === '-' ? (flags['stdin-filename'] ?? '<stdin>') : args.file;
    const text = await readSchemaInput(args.file, scope, undefined, label);
    const write = (): SafeWriteOptions => ({mode: 'create', force: flags.force, inputs: filesUsed(), label: `-o ${flags.output}`, folderRoot: projectRoot(process.cwd())});
    // Before anything is printed: an -o that will be refused is a usage error, not a refusal of the schema.
    if (flags.output !== undefined) checkWritable(flags.output, write());
    const result = exportSchema(text, {target, form: flags.form, name: flags.name, file: label});
    const shown = result.refused ? result.findings : flags.quiet ? [] : result.findings;
    const trailer = result.refused ? `refused: ${label} cannot be sent as ${target} (${result.form}); the errors above say why, and nothing was printed` : undefined;
    if (shown.length > 0) await this.printFindings(shown, flags.color, cwd, trailer);
    if (result.refused || !result.fragment) {
      process.exitCode = 1;
      return;
    }
    const out = await renderFragment(result.fragment, flags.format as FragmentFormat);
    if (flags.output === undefined) await writeOutput(out);
    else await writeFileSafely(flags.output, out, write());
  }

  /** Findings in the stylish layout, on standard error: standard output carries only the fragment. */
  private async printFindings(findings: Finding[], color: boolean | undefined, cwd: string, trailer: string | undefined): Promise<void> {
    const report = buildReport('export schema', packageVersion(), [...new Set(findings.map((f) => f.file))].map((file) => ({file, findings: findings.filter((f) => f.file === file)})));
    const text = getFormatter('stylish')(report, {
      color: color === true || shouldUseColor({isTTY: isTerminal('stderr')}, process.env, color === false),
      rules: new Map<string, FormatRule>([...RULES.map((r): [string, FormatRule] => [r.meta.id, r.meta]), ...EXPORT_RULES.map((r): [string, FormatRule] => [r.id, r])]),
      cwd,
      toolVersion: packageVersion(),
    });
    await writeOutput(trailer ? `${text}${trailer}\n` : text, {stream: process.stderr});
  }

  protected override async catch(error: Error & {oclif?: {exit?: number}}): Promise<unknown> {
    if (!reportCommandError(error, this.argv)) return super.catch(error);
  }
}

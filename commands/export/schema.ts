import {Args, Command, Flags} from '@oclif/core';
import {projectRoot} from '../../src/config/load.js';
import {EXPORT_TARGETS, exportSchema, renderFragment, type FragmentFormat} from '../../src/export/index.js';
import {readSchemaInput} from '../../src/export/read-input.js';
import {filesUsed} from '../../src/io/files-used.js';
import {checkStdinFilename} from '../../src/io/inputs.js';
import {packageVersion} from '../../src/io/package-root.js';
import {ReadScope} from '../../src/io/read-scope.js';
import {checkWritable, writeFileSafely, type SafeWriteOptions} from '../../src/io/safe-write.js';
import {isTerminal} from '../../src/io/terminal.js';
import type {VendorTarget} from '../../src/lint/vendors/index.js';
import {shouldUseColor} from '../../src/report/color.js';
import type {Finding} from '../../src/core/finding.js';
import {getFormatter} from '../../src/report/formatters/index.js';
import {buildReport} from '../../src/report/report.js';
import {writeOutput} from '../../src/report/write-output.js';
import {asksForRuleInfo, printRuleInfo, readScopeFlags, reportCommandError, ruleInfoFlags, screenExamples, stdinFilenameFlag, verboseFlag, withOptionalInputs} from '../_common.js';

const MB = 1024 * 1024;

export default class ExportSchema extends Command {
  static override summary = 'Print the request fragment a vendor API takes for a JSON Schema (RFC 0030 §B), rewritten so the vendor accepts it.';

  static override usage = '<%= command.id %> FILE [FLAGS]';

  static override examples = screenExamples('export-schema', [
    '<%= config.bin %> <%= command.id %> vendor.acme.plan.create.schema.json --target openai',
    '<%= config.bin %> <%= command.id %> plan.schema.json --target openai --form all --name plan_create',
    '<%= config.bin %> <%= command.id %> plan.schema.json --target anthropic --format yaml -o plan.tool.yaml',
    '<%= config.bin %> <%= command.id %> plan.schema.json --target anthropic --form output',
    'cat plan.schema.json | <%= config.bin %> <%= command.id %> - --target gemini',
    '<%= config.bin %> <%= command.id %> plan.schema.json --target gemini-legacy',
  ]);

  static override args = {
    file: Args.string({required: true}),
  };

  static override flags = {
    target: Flags.string({char: 't', summary: 'The vendor request field to build for.', options: [...EXPORT_TARGETS], required: true}),
    form: Flags.string({summary: 'Request form (see the docs page).', helpValue: 'FORM'}),
    name: Flags.string({summary: 'Name in the fragment (default: the title).'}),
    format: Flags.string({char: 'f', summary: 'Output format.', options: ['json', 'yaml'], default: 'json'}),
    output: Flags.string({char: 'o', summary: 'Write the fragment to FILE.', helpValue: 'FILE'}),
    force: Flags.boolean({summary: 'Let -o replace an existing file.', dependsOn: ['output']}),
    quiet: Flags.boolean({char: 'q', summary: 'Print no warnings or infos.'}),
    color: Flags.boolean({summary: 'Colour the findings (default: on a TTY).', allowNo: true}),
    'max-size': Flags.integer({summary: 'Largest schema file to read, in MB.', default: 100, min: 1, helpGroup: 'INPUT'}),
    ...readScopeFlags(),
    'stdin-filename': stdinFilenameFlag(),
    verbose: verboseFlag(),
    ...ruleInfoFlags(),
    json: Flags.boolean({summary: 'With --list-rules: as JSON.', dependsOn: ['list-rules']}),
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
    const write = (): SafeWriteOptions => ({mode: 'replace', exclusive: !flags.force, inputs: filesUsed(), label: `-o ${flags.output}`, folderRoot: projectRoot(process.cwd())});
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
    const report = buildReport(
      'export schema',
      packageVersion(),
      [...new Set(findings.map((f) => f.file))].map((file) => ({file, findings: findings.filter((f) => f.file === file)})),
    );
    const text = getFormatter('stylish')(report, {
      color: color === true || shouldUseColor({isTTY: isTerminal('stderr')}, process.env, color === false),
      // Stylish reads no rule descriptions: only SARIF does, and this command prints no SARIF.
      rules: new Map(),
      cwd,
      toolVersion: packageVersion(),
    });
    await writeOutput(trailer ? `${text}${trailer}\n` : text, {stream: process.stderr});
  }

  protected override async catch(error: Error & {oclif?: {exit?: number}}): Promise<unknown> {
    if (!reportCommandError(error, this.argv)) return super.catch(error);
  }
}

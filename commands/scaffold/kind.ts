import {Args, Command, Flags} from '@oclif/core';
import {loadConfig} from '../../src/config/load.js';
import {printConfig} from '../../src/config/print-config.js';
import {packageVersion} from '../../src/io/package-root.js';
import {LINT_TARGETS, type LintTarget} from '../../src/lint/index.js';
import {jsonText} from '../../src/report/formatters/json.js';
import {displayLines, displayText, escapeJsonText} from '../../src/report/printable.js';
import {Redactor} from '../../src/report/redact.js';
import {UserError} from '../../src/core/user-error.js';
import {writeOutput} from '../../src/report/write-output.js';
import {checkKindName, preflight, ScaffoldCancelled, scaffoldKind} from '../../src/scaffold/index.js';
import {askForKind, commandLine} from '../../src/scaffold/interactive.js';
import {renderScaffoldJson, renderScaffoldText} from '../../src/scaffold/render.js';
import {configFlag, LIST_FLAG, printConfigFlag, printRuleInfo, REPEATED_FLAG, reportCommandError, ruleInfoFlags, screenExamples, verboseFlag} from '../_common.js';

export default class ScaffoldKind extends Command {
  static override summary = 'Create a vendor envelope kind: a Tier-1-clean payload schema with reasoning first, plus a valid and an invalid example envelope.';

  static override usage = '<%= command.id %> [KIND] [FLAGS]';

  static override examples = screenExamples('scaffold-kind', [
    "<%= config.bin %> <%= command.id %> vendor.acme.plan.create --field 'title:string:Short plan title' --field 'notes?:string'",
    "<%= config.bin %> <%= command.id %> vendor.acme.prd.create --field 'priority:enum(low|medium|high)' --field 'effort:integer' --field 'tags:string[]' --field 'owner.name:string' --field 'steps[].title:string' --field 'approved?:boolean'",
    "<%= config.bin %> <%= command.id %> vendor.acme.build.progress --no-reasoning --field 'percent:number' --out kinds/",
    "<%= config.bin %> <%= command.id %> vendor.acme.plan.create --field 'title:string' --out contracts/kinds --examples-out test/fixtures/envelopes",
    '<%= config.bin %> <%= command.id %>',
    "<%= config.bin %> <%= command.id %> vendor.acme.plan.create --field 'title:string' --dry-run --json",
  ]);

  static override args = {
    kind: Args.string({required: false}),
  };

  static override flags = {
    field: Flags.string({char: 'F', summary: 'A field: name[?]:type[:description] (repeatable, not comma-separated: a description may hold a comma).', ...REPEATED_FLAG}),
    out: Flags.string({summary: 'Folder for the payload schema.', helpValue: 'DIR'}),
    'examples-out': Flags.string({summary: 'Folder for the example envelopes.', helpValue: 'DIR'}),
    'id-base': Flags.string({summary: "URL the schema's $id starts with."}),
    description: Flags.string({summary: 'Description of the payload schema.'}),
    reasoning: Flags.boolean({summary: 'Add "reasoning" as the first property.', allowNo: true}),
    target: Flags.string({summary: 'Providers to lint clean for, repeatable or comma-separated.', options: LINT_TARGETS.filter((t) => t !== 'gemini-legacy'), ...LIST_FLAG}),
    force: Flags.boolean({summary: 'Overwrite existing files.'}),
    'dry-run': Flags.boolean({summary: 'Print the files; write nothing.'}),
    json: Flags.boolean({summary: 'Print the result as JSON.'}),
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
      reasoning: flags.reasoning,
      fields: flags.field ?? [],
    };
    if (answers.fields.length === 0) {
      if (!process.stdin.isTTY || !process.stderr.isTTY) {
        throw new UserError(
          'no --field given, and no terminal to ask on',
          `give the fields as flags, e.g. ${this.config.bin} scaffold kind ${args.kind ?? 'vendor.acme.plan.create'} --field 'title:string:Plan title' --field 'notes?:string'`,
        );
      }
      const asked = await askForKind(
        answers,
        {input: process.stdin, output: process.stderr},
        {
          afterKind: (kind) => preflight({...base, kind}),
          confirmMessage: (kind) => (flags['dry-run'] ? `Show the files for ${kind} (dry run, nothing written)?` : `Write the files for ${kind}?`),
        },
      );
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

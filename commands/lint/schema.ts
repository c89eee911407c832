import {Args, Flags} from '@oclif/core';
import {Chalk} from 'chalk';
import {parseRuleFlags} from '../../src/config/load.js';
import {LINT_TARGETS, lintRuleDescriptors, lintSchemaInputs, type FixMode, type LintTarget} from '../../src/lint/index.js';
import {UserError} from '../../src/core/user-error.js';
import {CheckCommand, type CheckContext, type CheckOutcome, type CheckRun} from '../_base.js';
import {baselineFlags, inputSelection, inputSelectionFlags, jobsFlag, LIST_FLAG, readScopeFlags, screenExamples, shardFlag} from '../_common.js';

export default class LintSchema extends CheckCommand<typeof LintSchema> {
  static override summary = 'Lint JSON Schemas against the Tier-1 structured-output subset and the reasoning-field rules (RFC 0030, RFC 0031).';

  static override usage = '<%= command.id %> [PATHS...] [FLAGS]';

  static override examples = screenExamples('lint-schema', [
    '<%= config.bin %> <%= command.id %> schemas/envelopes',
    '<%= config.bin %> <%= command.id %> vendor.acme.plan.create.schema.json --profile load-bearing --target tier1,openai,anthropic',
    '<%= config.bin %> <%= command.id %> schemas/ --fix-dry-run',
    '<%= config.bin %> <%= command.id %> schemas/ --format junit --shard ${{ matrix.shard }}/4',
    'cat payload.schema.json | <%= config.bin %> <%= command.id %> - --format sarif',
    '<%= config.bin %> <%= command.id %> schemas/ --baseline openwop-baseline.json --update-baseline\n<%= config.bin %> <%= command.id %> schemas/ --baseline openwop-baseline.json',
    '<%= config.bin %> <%= command.id %> --explain tier1/all-required',
  ]);

  // oclif copies only a command's own static fields, so each command sets this itself (PATHS is variadic).
  static override strict = false;

  static override args = {
    paths: Args.string({required: false}),
  };

  static override flags = {
    profile: Flags.string({summary: 'strict (default) or load-bearing.', helpValue: 'PROFILE', options: ['strict', 'load-bearing'], helpGroup: 'LINT'}),
    target: Flags.string({summary: 'What to check (default tier1), repeatable or comma-separated.', helpValue: 'TARGET', options: [...LINT_TARGETS], ...LIST_FLAG, helpGroup: 'LINT'}),
    fix: Flags.boolean({summary: 'Apply the safe fixes.', exclusive: ['fix-dry-run'], helpGroup: 'LINT'}),
    'fix-dry-run': Flags.boolean({summary: 'Print the diff --fix would make.', exclusive: ['fix'], helpGroup: 'LINT'}),
    force: Flags.boolean({summary: 'Let --fix rewrite read-only files.', relationships: [{type: 'some', flags: ['fix', 'update-baseline']}], helpGroup: 'LINT'}),
    'all-json': Flags.boolean({summary: 'Lint every .json file, not only schemas.', helpGroup: 'INPUT'}),
    'allow-remote-refs': Flags.boolean({summary: 'Fetch http(s) $refs.', helpGroup: 'LINT'}),
    'max-size': Flags.integer({summary: 'Largest file to read, in MB.', default: 100, min: 1, helpGroup: 'INPUT'}),
    ...readScopeFlags(),
    ...inputSelectionFlags(),
    jobs: jobsFlag(),
    shard: shardFlag(),
    ...baselineFlags(),
  };

  protected readonly commandName = 'lint schema';

  protected async check(ctx: CheckContext, {argv, flags}: CheckRun<typeof LintSchema>): Promise<CheckOutcome> {
    const paths = argv;
    if (paths.length === 0) throw new UserError('no input: give schema files, folders or globs, or - for stdin', 'e.g. openwop lint schema schemas/envelopes (see --help)');
    if (flags.fix && paths.includes('-')) throw new UserError('--fix cannot write back to stdin', 'use --fix-dry-run to see the diff');
    const rules = parseRuleFlags(flags.rule ?? []);
    const fix: FixMode | undefined = flags.fix ? 'write' : flags['fix-dry-run'] ? 'dry-run' : undefined;
    const scope = this.readScope(ctx, flags, paths);
    const renderExtras: CheckOutcome['renderExtras'] = (result, fctx) => {
      const c = new Chalk({level: fctx.color ? 1 : 0});
      const lines: string[] = [];
      if (typeof result.fixed === 'number' && result.fixed > 0) lines.push(c.green(`${result.fixed} fix${result.fixed === 1 ? '' : 'es'} ${fix === 'dry-run' ? 'would be applied' : 'applied'}`));
      if (typeof result.diff === 'string') {
        for (const line of result.diff.replace(/\n$/, '').split('\n')) {
          lines.push(line.startsWith('+') ? c.green(line) : line.startsWith('-') ? c.red(line) : line.startsWith('@@') ? c.cyan(line) : line);
        }
      }
      return lines;
    };
    const outcome = await lintSchemaInputs(paths, {
      cwd: ctx.cwd,
      config: ctx.config.config,
      configBaseDir: ctx.config.baseDir,
      cli: {
        ...(flags.profile ? {profile: flags.profile as 'strict' | 'load-bearing'} : {}),
        ...(flags.target?.length ? {targets: flags.target as LintTarget[]} : {}),
        rules,
        ...(flags['allow-remote-refs'] ? {allowRemoteRefs: true} : {}),
      },
      fix,
      force: flags.force,
      maxDocumentBytes: scope.maxBytes,
      scope,
      selection: inputSelection(flags),
      allJson: flags['all-json'],
      withFixes: !flags.json && flags.format === 'sarif',
      jobs: flags.jobs,
      shard: ctx.shard,
      onResult: ctx.streamResults?.({rules: lintRuleDescriptors(), severitiesResolved: true, renderExtras}),
      onNotes: ctx.printNotes,
    });
    return {
      ...outcome,
      renderSummaryExtras: (summary) => {
        const skipped = typeof summary.skipped === 'number' ? summary.skipped : 0;
        return skipped > 0 ? [`${skipped} .json file${skipped === 1 ? '' : 's'} skipped: not JSON Schemas (envelopes, pack manifests, other JSON); --all-json lints them too`] : [];
      },
      renderExtras,
    };
  }
}

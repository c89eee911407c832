import {basename, dirname} from 'node:path';
import {Args, Flags} from '@oclif/core';
import {LINT_SCHEMAS_SCOPES, type LintSchemasScope, parseGrant, renderPackExtras, RUNTIME_TOKENS, validatePackInputs} from '../../src/pack/index.js';
import {UserError} from '../../src/core/user-error.js';
import {CheckCommand, type CheckContext, type CheckOutcome, type CheckRun} from '../_base.js';
import {baselineFlags, baselineForceFlag, inputSelection, inputSelectionFlags, jobsFlag, LIST_FLAG, readScopeFlags, screenExamples, shardFlag} from '../_common.js';

export default class ValidatePack extends CheckCommand<typeof ValidatePack> {
  static override summary =
    "Validate pack manifests (pack.json or pack folders): shape by kind, runtime.requires (RFC 0076), referenced files, ids, envelopeType values; simulate a host's install gate.";

  static override usage = '<%= command.id %> [PATHS...] [FLAGS]';

  static override examples = screenExamples('validate-pack', [
    '<%= config.bin %> <%= command.id %> packs/vendor.acme.http',
    '<%= config.bin %> <%= command.id %> openwop-registry/ --format sarif',
    '<%= config.bin %> <%= command.id %> openwop-registry/ --shard ${{ matrix.shard }}/4',
    '<%= config.bin %> <%= command.id %> pack.json --grant net.dns --json',
    '<%= config.bin %> <%= command.id %> --lint-schemas my-pack/',
    '<%= config.bin %> <%= command.id %> --explain pack/undeclared-requirement',
    '<%= config.bin %> <%= command.id %> packs/ --baseline openwop-baseline.json --update-baseline\n<%= config.bin %> <%= command.id %> packs/ --baseline openwop-baseline.json',
  ]);

  // oclif copies only a command's own static fields, so each command sets this itself (PATHS is variadic).
  static override strict = false;

  static override args = {
    paths: Args.string(),
  };

  static override flags = {
    grant: Flags.string({summary: 'Grant these primitives (repeatable or comma-separated).', ...LIST_FLAG, exclusive: ['grant-all', 'grant-none'], helpGroup: 'GATE'}),
    'grant-all': Flags.boolean({summary: 'Simulate a host granting all eight.', exclusive: ['grant', 'grant-none'], helpGroup: 'GATE'}),
    'grant-none': Flags.boolean({summary: 'Simulate a host granting nothing.', exclusive: ['grant', 'grant-all'], helpGroup: 'GATE'}),
    'lint-schemas': Flags.boolean({summary: 'Also lint the schemas (=all: every one).'}),
    'id-base': Flags.string({summary: 'Base URL of the schema $ids.'}),
    // The same default as every other command: the cap also bounds the schemas a manifest names, which can be large.
    'max-size': Flags.integer({summary: 'Largest file to read, in MB.', default: 100, min: 1, helpGroup: 'INPUT'}),
    ...readScopeFlags(),
    ...inputSelectionFlags(),
    jobs: jobsFlag(),
    shard: shardFlag(),
    ...baselineFlags(),
    force: baselineForceFlag(),
  };

  protected readonly commandName = 'validate pack';

  /** The scope attached to --lint-schemas (`--lint-schemas=all`), taken off argv before oclif parses it. */
  private lintScope: LintSchemasScope = 'llm';

  /** A pack.json is its pack: the baseline entries of the pack's schemas and entry are checked with it. */
  protected override baselineFolderOf(resultFile: string): string | undefined {
    return basename(resultFile) === 'pack.json' ? dirname(resultFile) : undefined;
  }

  override async run(): Promise<void> {
    const taken = takeLintScope(this.argv);
    this.argv = taken.argv;
    if (taken.scope) this.lintScope = taken.scope;
    return super.run();
  }

  protected async check(ctx: CheckContext, {argv, flags}: CheckRun<typeof ValidatePack>): Promise<CheckOutcome> {
    const paths = argv;
    if (paths.length === 0) throw new UserError('give at least one pack.json, pack folder or glob', 'e.g. openwop validate pack ./my-pack');
    const {config, baseDir} = ctx.config;
    const scope = this.readScope(ctx, flags, paths);
    return validatePackInputs(paths, {
      cwd: ctx.cwd,
      ignore: config.ignore,
      ignoreBase: baseDir,
      grant: grantFrom(flags),
      idBase: idBaseFrom(flags['id-base']) ?? config.packs?.idBase,
      maxDocumentBytes: scope.maxBytes,
      lintSchemas: flags['lint-schemas'] ? {config, baseDir, scope: this.lintScope} : undefined,
      scope,
      selection: inputSelection(flags),
      jobs: flags.jobs,
      shard: ctx.shard,
      // Its rules are loaded as findings name them: the check yields at every manifest.
      onResult: ctx.streamResults?.({rules: [], renderExtras: renderPackExtras}),
      onNotes: ctx.printNotes,
    });
  }
}

function grantFrom(flags: {grant?: string[]; 'grant-all'?: boolean; 'grant-none'?: boolean}): string[] | undefined {
  if (flags['grant-all']) return [...RUNTIME_TOKENS];
  if (flags['grant-none']) return [];
  if (flags.grant === undefined) return undefined;
  const parsed = parseGrant(flags.grant.join(','));
  if ('problem' in parsed) throw new UserError(parsed.problem.message);
  return parsed.tokens;
}

function idBaseFrom(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!URL.canParse(value)) throw new UserError(`--id-base: "${value}" is not an absolute URL`, 'e.g. --id-base https://packs.example.com');
  return value;
}

/**
 * An oclif flag takes a value always or never (oclif/oclif#148: in `--lint-schemas packs/` the path could be either),
 * so --lint-schemas is a boolean whose scope can only be attached, as GNU's --color[=WHEN]: `--lint-schemas=all` is
 * turned into `--lint-schemas` here, before oclif sees it. Nothing after `--` is a flag.
 */
function takeLintScope(argv: readonly string[]): {argv: string[]; scope?: LintSchemasScope} {
  const out: string[] = [];
  let scope: LintSchemasScope | undefined;
  let flagsEnd = false;
  for (const arg of argv) {
    flagsEnd ||= arg === '--';
    if (flagsEnd || !arg.startsWith('--lint-schemas=')) {
      out.push(arg);
      continue;
    }
    const value = arg.slice('--lint-schemas='.length);
    if (!(LINT_SCHEMAS_SCOPES as readonly string[]).includes(value)) {
      throw new UserError(
        `--lint-schemas: "${value}" is not a scope (${LINT_SCHEMAS_SCOPES.join(' or ')})`,
        'bare --lint-schemas lints the schemas a model is asked to emit; --lint-schemas=all lints every referenced schema',
      );
    }
    scope = value as LintSchemasScope;
    out.push('--lint-schemas');
  }
  return {argv: out, scope};
}

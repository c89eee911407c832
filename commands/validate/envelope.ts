import {Args, Flags} from '@oclif/core';
import {configCapabilities, configKindSchemaDirs} from '../../src/config/paths.js';
import {validateEnvelopeInputs} from '../../src/envelope/index.js';
import {CheckCommand, type CheckContext, type CheckOutcome, type CheckRun} from '../_base.js';
import {baselineFlags, baselineForceFlag, inputSelection, inputSelectionFlags, jobsFlag, readScopeFlags, REPEATED_FLAG, screenExamples, shardFlag} from '../_common.js';

export default class ValidateEnvelope extends CheckCommand<typeof ValidateEnvelope> {
  static override summary = 'Validate AI envelopes (RFC 0021) and foxctl Protocol v1 envelopes: files, JSON arrays and NDJSON streams.';

  static override usage = '<%= command.id %> PATHS... [FLAGS]';

  static override examples = screenExamples('validate-envelope', [
    '<%= config.bin %> <%= command.id %> envelope.json',
    'cat run.ndjson | <%= config.bin %> <%= command.id %> - --format sarif',
    '<%= config.bin %> <%= command.id %> run.ndjson --major 2 --capabilities https://host.example',
    '<%= config.bin %> <%= command.id %> recordings/ --shard ${{ matrix.shard }}/4',
    'foxctl fs/ls . | <%= config.bin %> <%= command.id %> - --protocol foxctl --strict',
    '<%= config.bin %> <%= command.id %> recordings/ --baseline openwop-baseline.json',
  ]);

  // oclif copies only a command's own static fields, so each command sets this itself (PATHS is variadic).
  static override strict = false;

  static override args = {
    paths: Args.string({required: true}),
  };

  static override flags = {
    protocol: Flags.string({summary: 'Envelope protocol.', helpValue: 'auto|openwop|foxctl', options: ['auto', 'openwop', 'foxctl'], default: 'auto'}),
    major: Flags.string({summary: 'OpenWOP protocol major.', helpValue: 'auto|1|2', options: ['auto', '1', '2'], default: 'auto'}),
    strict: Flags.boolean({summary: 'Check as the strictest host.'}),
    schemas: Flags.string({summary: 'Kind schemas folder (repeatable, not comma-separated: a path may hold a comma).', ...REPEATED_FLAG, helpValue: 'DIR'}),
    capabilities: Flags.string({summary: "A host's capabilities (FILE or URL).", helpValue: 'FILE|URL'}),
    kind: Flags.string({summary: 'Inputs are bare payloads of KIND.', helpValue: 'KIND'}),
    'max-size': Flags.integer({summary: 'Largest JSON document to read, in MB.', default: 100, min: 1, helpGroup: 'INPUT'}),
    'max-findings-per-rule': Flags.integer({summary: 'At most N findings per rule.', helpValue: 'N', default: 1000, min: 0}),
    ...readScopeFlags(),
    ...inputSelectionFlags(),
    jobs: jobsFlag(),
    shard: shardFlag(),
    ...baselineFlags(),
    force: baselineForceFlag(),
  };

  protected readonly commandName = 'validate envelope';

  protected async check(ctx: CheckContext, {argv, flags}: CheckRun<typeof ValidateEnvelope>): Promise<CheckOutcome> {
    const stylish = !flags.json && flags.format === 'stylish';
    const paths = argv;
    const scope = this.readScope(ctx, flags, [...paths, ...(flags.schemas ?? []), flags.capabilities]);
    return validateEnvelopeInputs(paths, {
      cwd: ctx.cwd,
      ignore: ctx.config.config.ignore,
      ignoreBase: ctx.config.baseDir,
      protocol: flags.protocol as 'auto' | 'openwop' | 'foxctl',
      major: flags.major === 'auto' ? 'auto' : (Number(flags.major) as 1 | 2),
      strict: flags.strict,
      schemaDirs: [...configKindSchemaDirs(ctx.config), ...(flags.schemas ?? [])],
      capabilities: flags.capabilities ?? configCapabilities(ctx.config),
      kind: flags.kind,
      maxDocumentBytes: scope.maxBytes,
      maxFindingsPerRule: flags['max-findings-per-rule'],
      progress: ctx.interactive && stylish ? process.stderr : undefined,
      scope,
      selection: inputSelection(flags),
      jobs: flags.jobs,
      shard: ctx.shard,
    });
  }
}

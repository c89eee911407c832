import {resolve} from 'node:path';
import {Args, Flags} from '@oclif/core';
import type {Report} from '../../src/core/finding.js';
import {configCapabilities, configKindSchemaDirs} from '../../src/config/paths.js';
import {FORMATS} from '../../src/report/formatters/index.js';
import {escapeJsonText} from '../../src/report/printable.js';
import {redactValue} from '../../src/report/redact.js';
import {UserError} from '../../src/core/user-error.js';
import {writeOutput} from '../../src/report/write-output.js';
import {PROVIDER_IDS, RECOVERY_PATHS, simulateRetry, type RealProviderId, type RecoveryPath} from '../../src/retry/index.js';
import {CheckCommand, type CheckContext, type CheckOutcome, type CheckRun} from '../_base.js';
import {LIST_FLAG, readScopeFlags, REPEATED_FLAG, screenExamples, stdinFilenameFlag} from '../_common.js';

const EVENTS_FORMAT = 'ndjson-events';
/** The timelines as one standalone SVG file: a picture of this command's trace, so no other command offers it. */
const SVG_FORMAT = 'svg';

export default class SimulateRetry extends CheckCommand<typeof SimulateRetry> {
  static override summary = 'Replay recorded provider responses through the RFC 0033 retry router: what a conformant host does, and whether yours did it.';

  static override usage = '<%= command.id %> RECORDINGS... [FLAGS]';

  static override examples = screenExamples('simulate-retry', [
    '<%= config.bin %> <%= command.id %> truncation-then-valid.json --schema payload.schema.json --max-tokens 100',
    '<%= config.bin %> <%= command.id %> session.har --kind error --capabilities https://host.example',
    '<%= config.bin %> <%= command.id %> recordings/run-42/ --schema ticket.schema.json --recovery markdown-fence,brace-walker',
    '<%= config.bin %> <%= command.id %> session.har --schema ticket.schema.json --trace run-events.ndjson',
    '<%= config.bin %> <%= command.id %> capture.sse --max-tokens 512 --format ndjson-events',
  ]);

  // oclif copies only a command's own static fields, so each command sets this itself (RECORDING is variadic).
  static override strict = false;

  static override args = {
    recordings: Args.string({required: true}),
  };

  static override flags = {
    format: Flags.string({
      char: 'f',
      options: [...FORMATS],
      default: 'stylish',
      helpGroup: 'COMMON',
      summary: 'Output format; also svg.',
    }),
    schema: Flags.string({summary: 'Payload schema of the emitted kind.', helpValue: 'FILE', exclusive: ['kind'], helpGroup: 'PAYLOAD'}),
    kind: Flags.string({summary: 'Kind whose payload schema applies.', helpValue: 'KIND', helpGroup: 'PAYLOAD'}),
    schemas: Flags.string({summary: 'Folder of <kind>.schema.json files (repeatable, not comma-separated: a path may hold a comma).', helpValue: 'DIR', ...REPEATED_FLAG, helpGroup: 'PAYLOAD'}),
    recovery: Flags.string({summary: 'Lenient-parse paths in order, repeatable or comma-separated.', options: [...RECOVERY_PATHS], ...LIST_FLAG, helpGroup: 'PAYLOAD'}),
    'max-tokens': Flags.integer({summary: 'Output budget of the first call.', min: 1, helpGroup: 'ROUTER'}),
    multiplier: Flags.string({summary: 'Budget multiplier on truncation, 1..8.', helpValue: 'X', helpGroup: 'ROUTER'}),
    'max-attempts': Flags.integer({summary: 'Cap on provider calls per emission.', min: 1, max: 16, helpGroup: 'ROUTER'}),
    'provider-ceiling': Flags.integer({summary: "The provider's per-call output maximum.", min: 1, helpGroup: 'ROUTER'}),
    capabilities: Flags.string({summary: "The host's capabilities (FILE or URL).", helpValue: 'FILE|URL', helpGroup: 'ROUTER'}),
    provider: Flags.string({summary: 'Read every body as this API.', options: [...PROVIDER_IDS], helpGroup: 'INPUT'}),
    'node-id': Flags.string({summary: 'Node id for the events.', helpGroup: 'INPUT'}),
    trace: Flags.string({summary: "A host's run events to check.", helpValue: 'FILE', helpGroup: 'INPUT'}),
    'max-size': Flags.integer({summary: 'Largest file to read, in MB.', default: 100, min: 1, helpGroup: 'INPUT'}),
    ...readScopeFlags(),
    'stdin-filename': stdinFilenameFlag(),
  };

  protected readonly commandName = 'simulate retry';

  /** --format ndjson-events or svg was asked for (and taken off argv). */
  private ownFormat: typeof EVENTS_FORMAT | typeof SVG_FORMAT | undefined;

  override async run(): Promise<void> {
    // The shared base knows the formats of every command; these two are ours, so the flag is taken out before oclif parses it.
    const own = ownFormat(this.argv);
    if (own) {
      this.argv = own.argv;
      this.ownFormat = own.name;
    }
    return super.run();
  }

  /** With --format ndjson-events or svg the run is answered by {@link runOwnFormat}. */
  protected override async answerInstead(run: CheckRun<typeof SimulateRetry>): Promise<boolean> {
    if (this.ownFormat === undefined) return false;
    await this.runOwnFormat(run);
    return true;
  }

  protected async check(ctx: CheckContext, {argv, flags}: CheckRun<typeof SimulateRetry>): Promise<CheckOutcome> {
    const multiplier = flags.multiplier === undefined ? undefined : Number(flags.multiplier);
    if (multiplier !== undefined && !(multiplier >= 1 && multiplier <= 8)) throw new UserError(`--multiplier ${flags.multiplier}: expected a number from 1 to 8 (RFC 0033 truncationBudgetMultiplier)`);
    const paths = argv;
    const scope = this.readScope(ctx, flags, [...paths, ...(flags.schemas ?? []), flags.schema, flags.trace, flags.capabilities]);
    const capabilitiesSource = flags.capabilities ?? configCapabilities(ctx.config);
    let capabilities: Record<string, unknown> | undefined;
    if (capabilitiesSource !== undefined) {
      const {loadCapabilities} = await import('../../src/capabilities/load.js');
      capabilities = (await loadCapabilities(capabilitiesSource, ctx.cwd, scope)).document;
    }
    return simulateRetry(paths, {
      cwd: ctx.cwd,
      schema: flags.schema,
      kind: flags.kind,
      schemaDirs: [...(flags.schemas ?? []).map((d) => resolve(ctx.cwd, d)), ...configKindSchemaDirs(ctx.config)],
      maxTokens: flags['max-tokens'],
      multiplier,
      maxAttempts: flags['max-attempts'],
      providerCeiling: flags['provider-ceiling'],
      recovery: flags.recovery as RecoveryPath[] | undefined,
      stdinName: flags['stdin-filename'],
      capabilities,
      provider: flags.provider as RealProviderId | undefined,
      nodeId: flags['node-id'],
      trace: flags.trace,
      maxDocumentBytes: scope.maxBytes,
      scope,
    });
  }

  /**
   * --format ndjson-events or svg: the same simulation and exit code, but stdout holds only the events, or the
   * timelines; the findings are counted on stderr.
   */
  private async runOwnFormat(run: CheckRun<typeof SimulateRetry>): Promise<void> {
    const {report, exitCode} = await this.evaluate(run, process.cwd(), false);
    const text = this.ownFormat === EVENTS_FORMAT ? eventLines(report) : (await import('../../src/report/formatters/svg.js')).format(report);
    await writeOutput(text, this.outputTarget(run.flags.output));
    const {errors, warnings} = report.summary;
    const instead = this.ownFormat === EVENTS_FORMAT ? 'with --format stylish to see them' : 'with --format html to see them with the timelines';
    if (errors + warnings > 0) process.stderr.write(`openwop: ${errors} error(s), ${warnings} warning(s) not shown in ${this.ownFormat} output; run ${instead}\n`);
    process.exitCode = exitCode;
  }
}

/**
 * Finds `--format ndjson-events|svg` in argv in every spelling oclif takes for a flag (`--format NAME`, `--format=NAME`,
 * `-f NAME`, `-f=NAME`, `-fNAME`) and returns argv without it. Asked with another --format, or with --json, it is the
 * usage error oclif gives for two formats: this output never silently wins or loses.
 */
function ownFormat(argv: readonly string[]): {argv: string[]; name: typeof EVENTS_FORMAT | typeof SVG_FORMAT} | undefined {
  const end = argv.indexOf('--');
  const flags = end === -1 ? argv : argv.slice(0, end);
  const formats: {at: number; take: number; value: string | undefined}[] = [];
  flags.forEach((a, at) => {
    if (a === '--format' || a === '-f') formats.push({at, take: 2, value: flags[at + 1]});
    else if (a.startsWith('--format=')) formats.push({at, take: 1, value: a.slice('--format='.length)});
    else if (a.startsWith('-f') && !a.startsWith('--')) formats.push({at, take: 1, value: a.slice(a.startsWith('-f=') ? 3 : 2)});
  });
  const own = formats.find((f) => f.value === EVENTS_FORMAT || f.value === SVG_FORMAT);
  if (!own) return undefined;
  if (formats.length > 1) throw new UserError('Flag --format can only be specified once');
  if (flags.includes('--json')) throw new UserError(`--json and --format ${own.value} both choose the output: give one`);
  return {argv: [...argv.slice(0, own.at), ...argv.slice(own.at + own.take)], name: own.value as typeof EVENTS_FORMAT | typeof SVG_FORMAT};
}

/** The simulated events, one JSON line each: event payloads quote recordings (a node id, a refusal), masked like every other output. */
function eventLines(report: Report): string {
  const lines = redactValue(report).results.flatMap((r) => (Array.isArray(r.events) ? r.events.map((e) => escapeJsonText(JSON.stringify(e))) : []));
  return lines.length ? `${lines.join('\n')}\n` : '';
}

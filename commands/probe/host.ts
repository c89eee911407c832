import {setFlagsFromString} from 'node:v8';
import {Args, Flags} from '@oclif/core';
import {DEFAULT_MAX_SCHEMAS, DEFAULT_SCHEMAS_DEADLINE_MS, probeHost, type ProtocolRequest, renderProbeExtras} from '../../src/probe/index.js';
import {displayText} from '../../src/report/printable.js';
import {CheckCommand, type CheckContext, type CheckOutcome, type CheckRun} from '../_base.js';
import {inputTimeoutFlag, REPEATED_FLAG, screenExamples} from '../_common.js';

export default class ProbeHost extends CheckCommand<typeof ProbeHost> {
  static override summary = 'Check what a host advertises at /.well-known/openwop, v1 or v2, and how it negotiates the version (capabilities, RFC 0021 / RFC 0030–0033; v2: RFC 0169, 0172).';

  static override usage = '<%= command.id %> URL [FLAGS]';

  static override examples = screenExamples('probe-host', [
    '<%= config.bin %> <%= command.id %> https://host.example',
    'HOST_TOKEN=… <%= config.bin %> <%= command.id %> https://staging.example --token-env HOST_TOKEN',
    '<%= config.bin %> <%= command.id %> https://host.example --lint-schemas',
    '<%= config.bin %> <%= command.id %> https://host.example --save caps.json',
    '<%= config.bin %> <%= command.id %> https://host.example --compare caps.json',
    '<%= config.bin %> <%= command.id %> https://host.example --protocol 1 --no-negotiation',
    '<%= config.bin %> <%= command.id %> https://host.example --timeout 3000 --connect-timeout 1000 --json',
  ]);

  static override args = {
    url: Args.string({required: true}),
  };

  static override flags = {
    header: Flags.string({summary: 'Request header (repeatable, not comma-separated: a value may hold a comma).', ...REPEATED_FLAG, helpValue: 'NAME:VALUE', helpGroup: 'HTTP'}),
    'token-env': Flags.string({summary: 'Send a bearer token from env VAR.', helpValue: 'VAR', helpGroup: 'HTTP'}),
    timeout: Flags.integer({summary: 'Time per request, in ms.', default: 10_000, min: 1, helpGroup: 'HTTP'}),
    'connect-timeout': Flags.integer({summary: 'Time to connect, in ms.', default: 5_000, min: 1, helpGroup: 'HTTP'}),
    'max-bytes': Flags.integer({summary: 'Largest response body, in bytes.', default: 5 * 1024 * 1024, min: 1, helpGroup: 'HTTP'}),
    insecure: Flags.boolean({summary: 'Do not verify TLS certificates.', helpGroup: 'HTTP'}),
    'follow-cross-origin': Flags.boolean({summary: 'Follow redirects to other origins.', helpGroup: 'HTTP'}),
    'lint-schemas': Flags.boolean({summary: "Lint the advertised kinds' schemas."}),
    'max-schemas': Flags.integer({summary: 'Schemas of at most N kinds.', default: DEFAULT_MAX_SCHEMAS, min: 1}),
    deadline: Flags.integer({summary: 'Time for all schema fetches, in ms.', default: DEFAULT_SCHEMAS_DEADLINE_MS, min: 1}),
    save: Flags.string({summary: 'Write the fetched document to FILE.', helpValue: 'FILE'}),
    force: Flags.boolean({summary: 'Let --save overwrite a file.', dependsOn: ['save']}),
    compare: Flags.string({summary: 'Report changes against a saved document.', helpValue: 'FILE|URL'}),
    'max-size': Flags.integer({summary: 'Largest --compare file, in MB.', default: 100, min: 1, helpGroup: 'INPUT'}),
    'input-timeout': inputTimeoutFlag(),
    bundle: Flags.boolean({summary: 'Verify the certification bundle it names.'}),
    protocol: Flags.string({summary: 'The protocol major to ask for.', helpValue: '1|2|auto', options: ['1', '2', 'auto'], default: 'auto', helpGroup: 'PROTOCOL'}),
    negotiation: Flags.boolean({summary: 'Check version negotiation.', default: true, allowNo: true, helpGroup: 'PROTOCOL'}),
  };

  protected readonly commandName = 'probe host';

  protected async check(ctx: CheckContext, {args, flags}: CheckRun<typeof ProbeHost>): Promise<CheckOutcome> {
    // undici parses HTTP in WebAssembly, which V8 recompiles with its optimising tier on background threads; the process
    // cannot exit before they finish (100-250 ms after the report on loopback). Its baseline code is fast enough for the
    // few documents a probe reads. This process's flag: the library (src/) leaves the embedder's V8 alone.
    setFlagsFromString('--liftoff-only');
    // The spinner is loaded only when a person watches a terminal and reads stylish output; never for machines.
    // A pseudo-terminal without a size (columns 0, as under some CI runners) would send ora's line clearing into an
    // endless loop, so it must have a width as well.
    const watched = ctx.interactive && flags.format === 'stylish' && (process.stderr.columns ?? 0) > 0;
    const spinner = watched ? (await import('ora')).default({stream: process.stderr, text: `Probing ${displayText(args.url)}`}).start() : undefined;
    try {
      const outcome = await probeHost(args.url, {
        cwd: ctx.cwd,
        headers: flags.header,
        tokenEnv: flags['token-env'],
        timeoutMs: flags.timeout,
        connectTimeoutMs: flags['connect-timeout'],
        maxBytes: flags['max-bytes'],
        insecure: flags.insecure,
        followCrossOrigin: flags['follow-cross-origin'],
        lintSchemas: flags['lint-schemas'],
        maxSchemas: flags['max-schemas'],
        deadlineMs: flags.deadline,
        save: flags.save,
        force: flags.force,
        compare: flags.compare,
        scope: this.readScope(ctx, flags, [flags.compare]),
        protocol: flags.protocol as ProtocolRequest,
        negotiation: flags.negotiation,
        bundle: flags.bundle,
        onProgress: spinner ? (text) => void (spinner.text = displayText(text)) : undefined,
      });
      return {...outcome, renderExtras: renderProbeExtras};
    } finally {
      spinner?.stop();
    }
  }
}

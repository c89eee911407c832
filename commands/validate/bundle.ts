import {Args, Flags} from '@oclif/core';
import {DEFAULT_MAX_BUNDLE_BYTES, validateBundle} from '../../src/bundle/index.js';
import {checkStdinFilename} from '../../src/io/inputs.js';
import {UserError} from '../../src/core/user-error.js';
import {CheckCommand, type CheckContext, type CheckOutcome, type CheckRun} from '../_base.js';
import {readScopeFlags, screenExamples, stdinFilenameFlag} from '../_common.js';

const MB = 1024 * 1024;

export default class ValidateBundle extends CheckCommand<typeof ValidateBundle> {
  static override summary = "Verify an OpenWOP v3 certification bundle: schema, ledger, digests, the Ed25519 signature against the host's published key, and the profile claims.";

  static override usage = '<%= command.id %> [BUNDLE] [FLAGS]';

  static override examples = screenExamples('validate-bundle', [
    '<%= config.bin %> <%= command.id %> bundle-v3.json --discovery https://host.example/.well-known/openwop',
    '<%= config.bin %> <%= command.id %> bundle-v3.json',
    '<%= config.bin %> <%= command.id %> https://host.example/conformance/bundle.json --fetch-discovery',
    '<%= config.bin %> <%= command.id %> bundle-v3.json --verifier-keys lab-keys.json',
    '<%= config.bin %> <%= command.id %> bundle-v3.json --json',
    '<%= config.bin %> <%= command.id %> --explain bundle/witness-digest',
  ]);

  static override args = {
    bundle: Args.string(),
  };

  static override flags = {
    discovery: Flags.string({summary: "The host's discovery document.", helpValue: 'FILE|URL', helpGroup: 'KEYS'}),
    'fetch-discovery': Flags.boolean({summary: 'Fetch the discovery.url the bundle names.', helpGroup: 'KEYS'}),
    'verifier-keys': Flags.string({summary: "The independent verifier's keys.", helpValue: 'FILE|URL', helpGroup: 'KEYS'}),
    timeout: Flags.integer({summary: 'Time per URL fetched, in ms.', default: 10_000, min: 1, helpGroup: 'HTTP'}),
    'max-size': Flags.integer({summary: 'Largest document to read, in MB.', default: DEFAULT_MAX_BUNDLE_BYTES / MB, min: 1, helpGroup: 'INPUT'}),
    ...readScopeFlags(),
    'stdin-filename': stdinFilenameFlag(),
  };

  protected readonly commandName = 'validate bundle';

  protected async check(ctx: CheckContext, {args, flags}: CheckRun<typeof ValidateBundle>): Promise<CheckOutcome> {
    if (args.bundle === undefined) throw new UserError('give the bundle to verify (a file or URL)', 'e.g. openwop validate bundle bundle-v3.json');
    checkStdinFilename(
      [args.bundle, flags.discovery, flags['verifier-keys']].filter((p): p is string => p !== undefined),
      {stdinFilename: flags['stdin-filename']},
    );
    const local = [args.bundle, flags.discovery, flags['verifier-keys']].filter((p): p is string => p !== undefined && !/^https?:\/\//i.test(p));
    const scope = this.readScope(ctx, flags, local);
    return validateBundle(args.bundle, {
      cwd: ctx.cwd,
      scope,
      maxBytes: scope.maxBytes,
      discovery: flags.discovery,
      verifierKeys: flags['verifier-keys'],
      fetchDiscovery: flags['fetch-discovery'],
      stdinName: flags['stdin-filename'],
      fetch: {timeoutMs: flags.timeout, connectTimeoutMs: Math.min(5_000, flags.timeout), insecure: false, followCrossOrigin: false, maxRedirects: 10},
    });
  }
}

import {Args, Flags} from '@oclif/core';
import {validateEnvelopeInputs} from '../../src/envelope/index.js';
import {CheckCommand, EXIT_CODES_HELP, type CheckContext, type CheckOutcome} from '../_base.js';

export default class ValidateEnvelope extends CheckCommand {
  static override summary = 'Validate AI envelopes (RFC 0021) and foxctl Protocol v1 envelopes: files, JSON arrays and NDJSON streams.';

  static override description = `Runs each envelope through the first stages of the OpenWOP accept pipeline, in order: top-level shape (invalid_envelope_shape), kind known (unknown_envelope_kind), per-kind payload (envelope_invalid). Finding ids are the upstream error codes.

Inputs: JSON files holding one envelope or an array of envelopes; NDJSON/JSONL streams (.ndjson, .jsonl, or any input whose first line is a whole JSON value), read line by line and never held in memory whole; folders (recursive; node_modules and .git skipped); globs; - for stdin.

--protocol auto (default) decides per document: an object with "version" and "status" and no "envelopeId" is foxctl Protocol v1, anything else OpenWOP.

${EXIT_CODES_HELP}`;

  static override examples = [
    {description: 'Validate one envelope file', command: '<%= config.bin %> <%= command.id %> envelope.json'},
    {description: 'Validate a recorded NDJSON stream from stdin, as SARIF', command: 'cat run.ndjson | <%= config.bin %> <%= command.id %> - --format sarif'},
    {description: 'Validate every envelope under a folder, JSON report to a file', command: '<%= config.bin %> <%= command.id %> fixtures/ --json --output report.json'},
    {description: 'Validate foxctl goldens', command: '<%= config.bin %> <%= command.id %> golden/envelopes --protocol foxctl'},
  ];

  // oclif copies only a command's own static fields, so each command sets this itself (PATHS is variadic).
  static override strict = false;

  static override args = {
    paths: Args.string({description: 'Files, folders, globs, or - for stdin.', required: true}),
  };

  static override flags = {
    protocol: Flags.string({summary: 'Envelope protocol.', options: ['auto', 'openwop', 'foxctl'], default: 'auto'}),
    'max-size': Flags.integer({summary: 'Largest single JSON document (a file, or one stream line) to read, in MB.', default: 100, min: 1}),
  };

  protected readonly commandName = 'validate envelope';

  protected async check(ctx: CheckContext): Promise<CheckOutcome> {
    const {argv, flags} = await this.parse(ValidateEnvelope);
    return validateEnvelopeInputs(argv as string[], {
      cwd: ctx.cwd,
      ignore: ctx.config.config.ignore,
      protocol: flags.protocol as 'auto' | 'openwop' | 'foxctl',
      maxDocumentBytes: flags['max-size'] * 1024 * 1024,
    });
  }
}

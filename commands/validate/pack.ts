import {Args, Flags} from '@oclif/core';
import {explainRule, parseGrant, RUNTIME_TOKENS, validatePackInputs} from '../../src/pack/index.js';
import {displayText} from '../../src/report/printable.js';
import {UserError} from '../../src/report/user-error.js';
import {CheckCommand, EXIT_CODES_HELP, READS_HELP, type CheckContext, type CheckOutcome} from '../_base.js';
import {readScopeFlags} from '../_common.js';

export default class ValidatePack extends CheckCommand {
  static override summary = 'Validate pack manifests (pack.json or pack folders): shape by kind, runtime.requires (RFC 0076), referenced files, ids, envelopeType values; simulate a host\'s install gate.';

  static override description = `Each manifest is validated against the bundled schema for its "kind" (absent = node; also workflow-chain, form-content, artifact-type, card, prompt; connection is known but has no schema yet). Schema failures carry the upstream code invalid_manifest; this tool's own cross-checks are pack/* rules.

INPUTS
  A file is a manifest whatever its name. A folder holding pack.json is that pack. Any other folder (a registry checkout, a folder of samples) yields every pack.json and *.pack.json below it. Globs and - (stdin) work too.
  A manifest named pack.json is a pack folder: a file it points at (node schemas, the runtime entry) that is missing is an error. Any other name is a lone manifest: a missing file is a warning. From stdin, referenced files are not checked.

RUNTIME.REQUIRES (RFC 0076)
  Only ${RUNTIME_TOKENS.join(', ')}; each once. A language builtin (node:dns/promises, fs, child_process) is invalid_manifest at /runtime/requires/<i>, with the primitive it maps to suggested. An absent runtime.requires and [] are the same: nothing required.
  The code of a javascript pack (the entry, and the files it imports inside the pack) and of a python pack (a .py entry) is parsed for what it reaches: node:http(s)/net/tls/dns/crypto/child_process/worker_threads/fs, undici, global fetch/WebSocket, process.env, Deno.env, socket/requests/subprocess/os.environ… (--explain pack/undeclared-requirement lists them); an undeclared primitive is a pack/undeclared-requirement warning at file:line:column.

INSTALL GATE
  --grant TOKENS (or --grant-all, --grant-none) simulates a sandbox host granting those primitives. A pack needing more is refused: what a pack needs is its runtime.requires plus what the scan finds its code using; the JSON result field "gate" is {granted, requires, undeclared?, installs, refusal}, where refusal is the host's payload {error: "pack_runtime_requirement_unmet", unmet, manifest: "name@version", advice}; each unmet token is also a pack_runtime_requirement_unmet finding (exit 1). A granted token covers its finer sub-tokens (net.outbound covers net.outbound.http), never the reverse. Entries that are not runtime primitives are left out of the gate (they are already invalid_manifest), and a manifest with schema errors never installs: its gate says blockedBy "invalid_manifest", as a host validates before it gates.

CROSS-CHECKS
  Referenced schemas exist, stay inside the pack and parse; their $id follows <idBase>/<pack>/<version>/<file> (idBase https://packs.openwop.dev, or config packs.idBase, or --id-base); no duplicate node typeIds, chain ids or other ids; envelopeType values in chain node config and prompt templates are universal, media.*, ui.* or vendor.<host>.<kind> (upstream publishes no grammar for kinds; ^vendor\\.[a-z][a-z0-9-]*(\\.[a-z][a-zA-Z0-9_-]*)+$ is our choice), else a warning.
  --lint-schemas lints every referenced node schema with the Tier-1 linter (profile load-bearing unless config lint.profile or an overrides entry says otherwise).

Each rule's rationale and examples: --explain RULE (or --explain all).

${READS_HELP}

${EXIT_CODES_HELP}`;

  static override examples = [
    {description: 'Validate a pack folder in a pre-commit hook', command: '<%= config.bin %> <%= command.id %> packs/vendor.acme.http'},
    {description: 'Validate every pack of a registry checkout, as SARIF', command: '<%= config.bin %> <%= command.id %> openwop-registry/ --format sarif'},
    {description: 'Would a host granting only DNS install it? (prints the pack_runtime_requirement_unmet payload)', command: '<%= config.bin %> <%= command.id %> pack.json --grant net.dns --json'},
    {description: 'Also lint the node schemas against the Tier-1 subset', command: '<%= config.bin %> <%= command.id %> my-pack/ --lint-schemas'},
    {description: 'What does a rule check?', command: '<%= config.bin %> <%= command.id %> --explain pack/undeclared-requirement'},
  ];

  // oclif copies only a command's own static fields, so each command sets this itself (PATHS is variadic).
  static override strict = false;

  static override args = {
    paths: Args.string({description: 'pack.json files, pack folders, registry checkouts, globs, or - for stdin.'}),
  };

  static override flags = {
    grant: Flags.string({summary: `Simulate a sandbox host granting these primitives (comma list of ${RUNTIME_TOKENS.join(', ')}).`, exclusive: ['grant-all', 'grant-none'], helpGroup: 'GATE'}),
    'grant-all': Flags.boolean({summary: 'Simulate a host granting all eight primitives.', exclusive: ['grant', 'grant-none'], helpGroup: 'GATE'}),
    'grant-none': Flags.boolean({summary: 'Simulate a host granting nothing.', exclusive: ['grant', 'grant-all'], helpGroup: 'GATE'}),
    'lint-schemas': Flags.boolean({summary: 'Also lint the pack\'s node schemas with the Tier-1 linter (default profile load-bearing).'}),
    'id-base': Flags.string({summary: 'Base URL of the registry\'s schema $ids (default: config packs.idBase, else https://packs.openwop.dev).'}),
    'max-size': Flags.integer({summary: 'Largest manifest or referenced JSON file to read, in MB.', default: 2, min: 1, helpGroup: 'INPUT'}),
    ...readScopeFlags(),
    explain: Flags.string({summary: 'Print what a rule checks, with a failing and a passing example (RULE, or all), and exit.'}),
  };

  protected readonly commandName = 'validate pack';

  override async run(): Promise<void> {
    const {flags} = await this.parse(ValidatePack);
    if (flags.explain === undefined) return super.run();
    const text = explainRule(flags.explain);
    if (text === undefined) {
      process.stderr.write(`openwop: unknown rule "${displayText(flags.explain)}"; try --explain all\n`);
      process.exitCode = 2;
      return;
    }
    process.stdout.write(`${text}\n`);
  }

  protected async check(ctx: CheckContext): Promise<CheckOutcome> {
    const {argv, flags} = await this.parse(ValidatePack);
    const paths = argv as string[];
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
      lintSchemas: flags['lint-schemas'] ? {config, baseDir} : undefined,
      scope,
    });
  }
}

function grantFrom(flags: {grant?: string; 'grant-all'?: boolean; 'grant-none'?: boolean}): string[] | undefined {
  if (flags['grant-all']) return [...RUNTIME_TOKENS];
  if (flags['grant-none']) return [];
  if (flags.grant === undefined) return undefined;
  const parsed = parseGrant(flags.grant);
  if ('problem' in parsed) throw new UserError(parsed.problem.message);
  return parsed.tokens;
}

function idBaseFrom(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!URL.canParse(value)) throw new UserError(`--id-base: "${value}" is not an absolute URL`, 'e.g. --id-base https://packs.example.com');
  return value;
}

import {basename, dirname} from 'node:path';
import {Args, Flags} from '@oclif/core';
import {envelopePayloadPath, LINT_SCHEMAS_SCOPES, LLM_SCHEMA_FIELDS, type LintSchemasScope, PACK_RULE_LIST, parseGrant, RUNTIME_TOKENS, validatePackInputs} from '../../src/pack/index.js';
import {UserError} from '../../src/report/user-error.js';
import {CheckCommand, EXIT_CODES_HELP, READS_HELP, type CheckContext, type CheckOutcome} from '../_base.js';
import {BASELINE_HELP, baselineFlags, baselineForceFlag, explainFlag, INPUT_SELECTION_HELP, inputSelection, inputSelectionFlags, LIST_FLAG, printExplanation, readScopeFlags} from '../_common.js';

export default class ValidatePack extends CheckCommand {
  static override summary = 'Validate pack manifests (pack.json or pack folders): shape by kind, runtime.requires (RFC 0076), referenced files, ids, envelopeType values; simulate a host\'s install gate.';

  static override description = `Each manifest is validated against the bundled schema for its "kind" (absent = node; also workflow-chain, form-content, artifact-type, card, prompt; connection is known but has no schema yet). Schema failures are pack/invalid-manifest (upstream code invalid_manifest); the rest are this tool's own cross-checks.

INPUTS
  A file is a manifest whatever its name. A folder holding pack.json is that pack. Any other folder (a registry checkout, a folder of samples) yields every pack.json and *.pack.json below it. Globs and - (stdin) work too.
  A manifest named pack.json is a pack folder: a file it points at (node schemas, the runtime entry) that is missing is an error. Any other name is a lone manifest: a missing file is a warning. From stdin, referenced files are not checked.

RUNTIME.REQUIRES (RFC 0076)
  Only ${RUNTIME_TOKENS.join(', ')}; each once. A language builtin (node:dns/promises, fs, child_process) is pack/invalid-manifest at /runtime/requires/<i>, with the primitive it maps to suggested. An absent runtime.requires and [] are the same: nothing required.
  The code of a javascript pack (the entry, and the files it imports inside the pack) and of a python pack (a .py entry) is parsed for what it reaches: node:http(s)/net/tls/dns/crypto/child_process/worker_threads/fs, undici, global fetch/WebSocket, process.env, Deno.env, socket/requests/subprocess/os.environ… (--explain pack/undeclared-requirement lists them); an undeclared primitive is a pack/undeclared-requirement warning at file:line:column.

INSTALL GATE
  --grant TOKENS (or --grant-all, --grant-none) simulates a sandbox host granting those primitives. A pack needing more is refused: what a pack needs is its runtime.requires plus what the scan finds its code reaching (network, environment, file system, subprocess; crypto and clock found in code are reported, not gated); the JSON result field "gate" is {granted, requires, undeclared?, installs, refusal, blockedBy?}, where refusal is the host's payload {error: "pack_runtime_requirement_unmet", unmet, manifest: "name@version", advice}; each unmet token is also a pack/runtime-requirement-unmet finding (exit 1). A granted token covers its finer sub-tokens (net.outbound covers net.outbound.http), never the reverse. Entries that are not runtime primitives are left out of the gate (they are already pack/invalid-manifest), and a manifest with schema errors never installs: its gate says blockedBy "invalid_manifest", as a host validates before it gates. A pack whose code could not be scanned (over the size cap, unparsable, TypeScript the scan cannot read, past the import bounds, an import leaving the pack or missing, an entry missing or linked out) is not installed by the simulated host (blockedBy "code-not-scanned", a pack/runtime-requirement-unmet finding): what it reaches is unknown.

CROSS-CHECKS
  Referenced schemas exist, stay inside the pack and parse; no duplicate node typeIds, chain ids or other ids; envelopeType values in chain node config and prompt templates are universal, media.*, ui.* or vendor.<host>.<kind> (upstream publishes no grammar for kinds; ^vendor\\.[a-z][a-z0-9-]*(\\.[a-z][a-zA-Z0-9_-]*)+$ is our choice), else a warning.
  Registry gates (the openwop-registry's own CI, per pack): every schemas/*.json has the $id <idBase>/<pack>/<version>/<file name>, with no schemas/ segment (idBase https://packs.openwop.dev, or config packs.idBase, or --id-base; pack/schema-id, pack/schema-id-missing); agent systemPromptRef files are prompts/*.md|.txt in the pack (pack/prompt-ref); toolAllowlist entries carry an openwop:, mcp: or <vendor>.<host>: scope (pack/tool-allowlist); peerDependencies ranges are not empty (pack/peer-dependency-empty).
  A manifest whose engines.openwop admits no 1.x host (>=2.0 <3.0.0) is a v2 manifest and is validated against the v2 schema (node packs); the JSON result gives the major as protocolMajor.
  --lint-schemas lints, with the Tier-1 linter, the schemas a model is asked to emit: the files named at ${LLM_SCHEMA_FIELDS.join(', ')} (* is any index; an envelopeType names a kind, whose payload schema is linted when the pack ships it as ${envelopePayloadPath('<kind>')}). Config, input and task schemas never reach a model and an artifact type's schemaRef is checked after the fact: these are not linted. A schema named both as an input and as an output is linted once; its result's schemaFor lists the output pointers. --lint-schemas=all lints every schema the manifest references (the value must be attached with =). The profile is load-bearing unless config lint.profile or an overrides entry says otherwise.

Each rule's rationale and examples: --explain RULE (or --explain all).

${BASELINE_HELP}

${INPUT_SELECTION_HELP}

${READS_HELP}

${EXIT_CODES_HELP}`;

  static override examples = [
    {description: 'Validate a pack folder in a pre-commit hook', command: '<%= config.bin %> <%= command.id %> packs/vendor.acme.http'},
    {description: 'Validate every pack of a registry checkout, as SARIF', command: '<%= config.bin %> <%= command.id %> openwop-registry/ --format sarif'},
    {description: 'Would a host granting only DNS install it? (prints the pack_runtime_requirement_unmet payload)', command: '<%= config.bin %> <%= command.id %> pack.json --grant net.dns --json'},
    {description: 'Also lint the schemas a model is asked to emit against the Tier-1 subset', command: '<%= config.bin %> <%= command.id %> --lint-schemas my-pack/'},
    {description: 'Lint every schema the manifests reference, config and input schemas too', command: '<%= config.bin %> <%= command.id %> --lint-schemas=all my-pack/'},
    {description: 'What does a rule check?', command: '<%= config.bin %> <%= command.id %> --explain pack/undeclared-requirement'},
    {description: 'Adopt it on a registry with known findings: record them once, then fail only on new ones', command: '<%= config.bin %> <%= command.id %> packs/ --baseline openwop-baseline.json --update-baseline\n<%= config.bin %> <%= command.id %> packs/ --baseline openwop-baseline.json'},
  ];

  // oclif copies only a command's own static fields, so each command sets this itself (PATHS is variadic).
  static override strict = false;

  static override args = {
    paths: Args.string({description: 'pack.json files, pack folders, registry checkouts, globs, or - for stdin.'}),
  };

  static override flags = {
    grant: Flags.string({summary: `Simulate a sandbox host granting these primitives: ${RUNTIME_TOKENS.join(', ')} or a finer sub-token (repeatable or comma-separated).`, ...LIST_FLAG, exclusive: ['grant-all', 'grant-none'], helpGroup: 'GATE'}),
    'grant-all': Flags.boolean({summary: 'Simulate a host granting all eight primitives.', exclusive: ['grant', 'grant-none'], helpGroup: 'GATE'}),
    'grant-none': Flags.boolean({summary: 'Simulate a host granting nothing.', exclusive: ['grant', 'grant-all'], helpGroup: 'GATE'}),
    'lint-schemas': Flags.boolean({summary: 'Also lint the schemas a model is asked to emit (node and card outputs, agent returns) with the Tier-1 linter; --lint-schemas=all lints every referenced schema.'}),
    'id-base': Flags.string({summary: 'Base URL of the registry\'s schema $ids (default: config packs.idBase, else https://packs.openwop.dev).'}),
    // The same default as every other command: the cap also bounds the schemas a manifest names, which can be large.
    'max-size': Flags.integer({summary: 'Largest manifest or referenced JSON file to read, in MB.', default: 100, min: 1, helpGroup: 'INPUT'}),
    ...readScopeFlags(),
    ...inputSelectionFlags(),
    ...baselineFlags(),
    force: baselineForceFlag(),
    explain: explainFlag(),
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
    const {flags} = await this.parse(ValidatePack);
    if (flags.explain === undefined) return super.run();
    printExplanation(PACK_RULE_LIST, flags.explain);
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
      lintSchemas: flags['lint-schemas'] ? {config, baseDir, scope: this.lintScope} : undefined,
      scope,
      selection: inputSelection(flags),
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
      throw new UserError(`--lint-schemas: "${value}" is not a scope (${LINT_SCHEMAS_SCOPES.join(' or ')})`, 'bare --lint-schemas lints the schemas a model is asked to emit; --lint-schemas=all lints every referenced schema');
    }
    scope = value as LintSchemasScope;
    out.push('--lint-schemas');
  }
  return {argv: out, scope};
}

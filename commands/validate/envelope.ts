import {Args, Flags} from '@oclif/core';
import {configCapabilities, configKindSchemaDirs} from '../../src/config/paths.js';
import {validateEnvelopeInputs} from '../../src/envelope/index.js';
import {CheckCommand, EXIT_CODES_HELP, READS_HELP, type CheckContext, type CheckOutcome} from '../_base.js';
import {BASELINE_HELP, baselineFlags, baselineForceFlag, INPUT_SELECTION_HELP, inputSelection, inputSelectionFlags, readScopeFlags, REPEATED_FLAG} from '../_common.js';

export default class ValidateEnvelope extends CheckCommand {
  static override summary = 'Validate AI envelopes (RFC 0021) and foxctl Protocol v1 envelopes: files, JSON arrays and NDJSON streams.';

  static override description = `Runs each AIEnvelope through the OpenWOP accept pipeline (RFC 0021; RFC 0030 for reasoning), in its order (each finding also carries the upstream error code a host answers, e.g. invalid_envelope_shape, as "code"): top-level shape (envelope/shape) → kind known (envelope/unknown-kind) → schemaVersion (envelope/unknown-schema-version, envelope/schema-version-drift) → payload (envelope/payload-invalid) → limits (envelope/cap-envelopes-per-turn, envelope/cap-clarification-rounds, envelope/cap-schema-rounds) → redaction and trust → dedup (envelope/correlation-conflict; a replay is info). A stage that refuses an envelope ends its pipeline, as a host would.

INPUTS
  JSON files holding one envelope or an array of envelopes; NDJSON/JSONL streams (.ndjson, .jsonl, or any input whose first line is a whole JSON value), checked line by line as they are read; folders (recursive; node_modules and .git skipped); globs; - for stdin.
  --protocol auto (default) decides per JSON value: an object with "status" and "version" or "command", and none of "envelopeId", "correlationId", "type", is foxctl Protocol v1; anything else is an AIEnvelope. openwop and foxctl force one.
  --kind KIND reads each document as a bare payload of KIND (a JSON array is one payload).
  JSON wrapped in a Markdown code fence (\`\`\`json … \`\`\` or \`\`\`, with or without text around it; what models emit) is an envelope/code-fence error at the fence, since a host's strict parse refuses it; the fenced JSON is then validated as if unwrapped. In an NDJSON stream a line that is only a fence marker is that error.
  A refused envelope (bad shape, unknown kind under --strict, a refused schemaVersion, an invalid payload) still has its readable envelopeId checked for duplicates and its correlationId for a conflict with an accepted envelope.

PROTOCOL MAJORS (OpenWOP 1.x and 2.x)
  An AI envelope names no protocol version (its top level is closed in both majors), so the host it is for decides: --major auto (default) checks envelopes against the AIEnvelope schema of the --capabilities document's major (a v2 document: capability records such as supportedEnvelopes {status, since, witness, kinds}; the response's OpenWOP-Version header decides for a URL that sends one), and against v1 without --capabilities. --major 1|2 forces one, and asks a capabilities URL for that major's document with OpenWOP-Version. The v2 wrapper differs from v1 only in nodeId, which must match ^[A-Za-z0-9._~:-]{1,128}$; payloads are checked against the same kind schemas.
  A v2 document is read from its records: supportedEnvelopes.kinds, schemaVersions.kinds, envelopeStrictness.mode (absent: warn), limits and aiProviders.maxInlineMediaBytes as in v1. The four universal kinds are always accepted in v2, listed or not, and without supportedEnvelopes.kinds they are the only ones; in v1 a non-empty supportedEnvelopes must list them, and [] is an engine-only host.

KINDS AND HOSTS
  Known kinds: the four universal kinds and media.image/audio/file (bundled schemas), plus <kind>.schema.json files from --schemas DIR and config "kindSchemas" (a file wins over a bundled schema of the same kind). Without --capabilities an unknown kind is a warning and its payload is not checked; with --capabilities (a saved /.well-known/openwop document or its URL; config "capabilities") the kind must be in the host's supportedEnvelopes (v1: an empty list is an engine-only host, every envelope is refused; v2: see PROTOCOL MAJORS), and an unknown kind is an error, as it is with --strict.
  schemaVersion (absent = 0) is compared with the host's schemaVersions: higher is envelope/unknown-schema-version; lower is a drift warning under envelopeStrictness warn and envelope/unknown-schema-version under strict (or --strict).
  Kind naming (no upstream grammar; ours): vendor.<owner>.<kind…> and private.<owner>.<kind…> with owner [a-z][a-z0-9-]* and segments [a-z][a-zA-Z0-9_-]*; openwop.*, core.*, community.*, local.*, media.*, ui.* with at least one such segment; the universal kinds as they are. Legacy prd.create, theme.create, tasks.create are deprecated (envelope/legacy-kind). Both are warnings, errors with --strict.

STREAMS (one input = one stream)
  envelopeId must be unique (envelope/duplicate-id). A turn is the envelopes whose correlationId shares the runId:nodeId:turnIndex prefix of runId:nodeId:turnIndex:kindHash; limits.envelopesPerTurn counts per turn, clarificationRounds counts clarification.request per runId:nodeId, schemaRounds counts schema.request per runId:nodeId and requested envelopeType. Limits count envelopes that pass shape, kind and payload, replays included, a partial emission once.
  Partial chunks of one emission share a correlationId: index 0, 1, 2… in order, one total (-1 = unknown, which may become known), isPartial true on all but the last chunk.
  Memory stays bounded whatever the stream's length: ids are kept as 64-bit fingerprints in tables that remember at least the last 393,216 and at most 786,432 keys each (28 MB at most; 64 MB with all three host limits); a duplicate further apart is not seen, and two ids sharing a fingerprint (odds about 1 in 4 million for 3 million ids) would be a false duplicate. Findings past --max-findings-per-rule (per rule, per input) are counted in one closing finding.

TRUST AND REDACTION
  Untrusted envelopes (meta.contentTrust "untrusted") whose payload text is not wrapped in <UNTRUSTED>…</UNTRUSTED> get an info (a host must wrap it before forwarding). A [REDACTED:<id>] marker rewritten as <REDACTED…>, [REDACTED] or a whole value "***" is an error. Secret-shaped strings anywhere in an envelope (OpenAI sk-/sk-proj-, Anthropic sk-ant-, Google AIza, AWS AKIA/ASIA key ids and, after their key name, secret access keys and session tokens, GitHub ghp_/github_pat_, Slack xox*-/xapp-, JSON Web Tokens, PEM private keys, secret:…, Bearer tokens) are envelope/reasoning-secret-redaction errors; no output ever shows more than a masked form such as sk-proj-…f3a9 (164 chars).

FOXCTL PROTOCOL V1 (rule ids foxctl/*)
  Everything upstream's foxctl proto validate checks, plus what it skips: the command grammar, duration_ms, the error catalog, progress meta.seq from 0 strictly increasing and data.pct never decreasing, exactly one terminal ok/error envelope and it last, inline data over 32 KB artifactized with size_bytes/kind/preview and a preview under 1 KB, meta.cas_digest equal to data.artifact, "cache" needing cache_key, error summaries with a 4xx/5xx status_code, retry details, secrets redacted as "***". Where real foxctl output drifts from its written spec (dotted command names, codes outside the catalog, error: {} on ok, meta.source outside run/cache/memory, no duration_ms, artifact fields beside data.summary, fields the spec does not define) the finding is a foxctl/drift/* warning; --strict makes it an error and, like upstream's --strict, also refuses trailing data in a .json input. A command that fits neither form is always an error.

${BASELINE_HELP}

${INPUT_SELECTION_HELP}

${READS_HELP}

${EXIT_CODES_HELP}`;

  static override examples = [
    {description: 'Validate one envelope file', command: '<%= config.bin %> <%= command.id %> envelope.json'},
    {description: 'Validate a recorded NDJSON stream from stdin, as SARIF', command: 'cat run.ndjson | <%= config.bin %> <%= command.id %> - --format sarif'},
    {description: 'Check a stream against a host: its kinds, schemaVersions, limits and strictness', command: '<%= config.bin %> <%= command.id %> run.ndjson --capabilities https://host.example/.well-known/openwop'},
    {description: 'Vendor kinds with their payload schemas, unknown kinds refused', command: '<%= config.bin %> <%= command.id %> envelopes/ --schemas schemas/envelopes --strict'},
    {description: "Check envelopes for a host's v2 contract", command: '<%= config.bin %> <%= command.id %> run.ndjson --major 2 --capabilities https://host.example'},
    {description: 'A bare payload of a kind', command: '<%= config.bin %> <%= command.id %> payload.json --kind clarification.request'},
    {description: 'foxctl output, drift as errors', command: 'foxctl fs/ls . | <%= config.bin %> <%= command.id %> - --protocol foxctl --strict'},
    {description: 'Every envelope under a folder, JSON report to a file', command: '<%= config.bin %> <%= command.id %> fixtures/ --json --output report.json'},
    {description: 'Accept the findings recorded so far; fail only on new ones (record them with --update-baseline)', command: '<%= config.bin %> <%= command.id %> recordings/ --baseline openwop-baseline.json'},
  ];

  // oclif copies only a command's own static fields, so each command sets this itself (PATHS is variadic).
  static override strict = false;

  static override args = {
    paths: Args.string({description: 'Files, folders, globs, or - for stdin.', required: true}),
  };

  static override flags = {
    protocol: Flags.string({summary: 'Envelope protocol: auto decides per JSON value.', options: ['auto', 'openwop', 'foxctl'], default: 'auto'}),
    major: Flags.string({summary: "OpenWOP protocol major of the AI envelopes: auto takes the --capabilities document's major, else 1.", options: ['auto', '1', '2'], default: 'auto'}),
    strict: Flags.boolean({summary: 'Check as the strictest host: unknown kinds, naming and foxctl drift are errors; envelopeStrictness strict; foxctl trailing data refused.'}),
    schemas: Flags.string({summary: 'Folder of <kind>.schema.json payload schemas for vendor kinds (repeatable, not comma-separated: a path may hold a comma; adds to config kindSchemas).', ...REPEATED_FLAG, helpValue: 'DIR'}),
    capabilities: Flags.string({summary: "A host's capabilities (saved /.well-known/openwop file or URL): kinds, schemaVersions, limits, strictness.", helpValue: 'FILE|URL'}),
    kind: Flags.string({summary: 'Inputs are bare payloads of this kind, not envelopes.', helpValue: 'KIND'}),
    'max-size': Flags.integer({summary: 'Largest single JSON document (a file, one stream line, a kind schema or capabilities file) to read, in MB.', default: 100, min: 1, helpGroup: 'INPUT'}),
    'max-findings-per-rule': Flags.integer({summary: 'List at most N findings of one rule per input; the rest are counted (0: list all).', default: 1000, min: 0}),
    ...readScopeFlags(),
    ...inputSelectionFlags(),
    ...baselineFlags(),
    force: baselineForceFlag(),
  };

  protected readonly commandName = 'validate envelope';

  protected async check(ctx: CheckContext): Promise<CheckOutcome> {
    const {argv, flags} = await this.parse(ValidateEnvelope);
    const stylish = !flags.json && flags.format === 'stylish';
    const paths = argv as string[];
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
    });
  }
}

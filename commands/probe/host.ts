import {setFlagsFromString} from 'node:v8';
import {Args, Flags} from '@oclif/core';
import {DEFAULT_MAX_SCHEMAS, DEFAULT_SCHEMAS_DEADLINE_MS, probeHost, type ProtocolRequest, renderProbeExtras} from '../../src/probe/index.js';
import {displayText} from '../../src/report/printable.js';
import {CheckCommand, EXIT_CODES_HELP, type CheckContext, type CheckOutcome, type CheckRun} from '../_base.js';
import {inputTimeoutFlag, REPEATED_FLAG} from '../_common.js';

export default class ProbeHost extends CheckCommand<typeof ProbeHost> {
  static override summary = 'Check what a host advertises at /.well-known/openwop, v1 or v2, and how it negotiates the version (capabilities, RFC 0021 / RFC 0030–0033; v2: RFC 0169, 0172).';

  static override description = `GETs <URL>/.well-known/openwop (a URL that already ends in it is used as is; a path prefix is kept), validates the document against the capabilities schema and checks every advertisement rule of the capabilities spec: the four universal kinds when supportedEnvelopes is non-empty, schemaVersions of universal kinds = 1 and only for advertised kinds, tierOneSubsetCompliance a string, the truncationRetryMultiplier drift, reliability events, httpClient.ssrfGuard, aiProviders.byok within supported, unknown keys in closed blocks (limits, httpClient, aiProviders, toolHooks, reliability, …), the deprecated "capabilities" wrapper, aiProviders.supported: true, kind names. Prints the derived profiles (openwop-core: protocolVersion 1.x; openwop-interrupts: core plus clarification.request) and the Content-Type, Cache-Control, ETag and Capabilities-Etag headers.

Both protocol majors (FACTS: openwop/openwop spec/v2/core/versioning.md, headers.md, capabilities.md). --protocol auto (default) asks for 2 (OpenWOP-Version: 2) and, when the host refuses it with 406, fetches again without the header (the host's preferred major: v1 during the overlap), and reports the 406 as an error when the document fetched then lists the major refused (probe/listed-major-refused); a v1 host that ignores the header answers the first request, so it costs no second one. --protocol 1 or 2 asks for that major only. The document is checked as the major the response's OpenWOP-Version header names; without the header, as its shape says (v1: a scalar protocolVersion and supportedEnvelopes a list; v2: capability records). The JSON result's protocol field and the stylish output say what was asked, what came back and why that major. A v1 document is checked as before. A v2 document is checked against the bundled v2 capabilities schema (written from openwop/openwop schemas/v2/capabilities.schema.json @046ac537) plus what the schema cannot check: preferredVersion in protocolVersions (probe/preferred-version-listed); while a 1.x is listed, preferredVersion is that 1.x (probe/preferred-version-overlap); each record's since a listed minor (probe/since-listed); until not in the past, a date before today or a version the host already serves (probe/until-past), and a date a real calendar day (probe/until-malformed); reserved extension orgs openwop, vendor, effect-seams, events (probe/extension-org-reserved); v1 remnants, each naming its v2 replacement (probe/v1-remnant: the capabilities wrapper, supported booleans, root profiles[], host.* mirrors, supportedTransports, grpc, contractProvenance, the kinds list, aiProviders.supported, tier, replay.fork, auth.profiles, the 11 extension-class families, the Capabilities-Etag header). Profiles of a v2 document are derived from the v2 profile registry (spec/v2/profiles.json @0f13b519: openwop-discovery-core, openwop-core-standard, openwop-conformance-seams-v2), never read from it.

Negotiation (only for a host that lists a 2.x, sends OpenWOP-Version or serves a v2 document): the answer must carry OpenWOP-Version (probe/version-header-missing) naming a listed <major>.<minor> (probe/version-header-unlisted) of the major asked for when the host lists it (probe/version-downgrade), and the document must be of the major the header names (probe/version-document-mismatch: e.g. v2 asked, a v1 document served); a v2 document must carry an ETag (probe/etag, checked on this answer, so also with --no-negotiation). Then at most five extra requests, sent together, each under the same --timeout, --connect-timeout and credentials, each repeating the main request's OpenWOP-Version: an unlisted major (OpenWOP-Version: 99) must get 406 with the error envelope {error: protocol_version_unsupported, message, details.protocolVersions} (probe/unlisted-major); OpenWOP-Version: <major>.0 must be served like <major>, answered with that major (probe/version-header-grammar: both 2 and 2.0 select major 2); If-None-Match with the ETag must get 304 carrying an OpenWOP-Version of the same major (probe/not-modified); with minClientVersion, a client just below it (OpenWOP-Client-Version) may be served or refused, a refusal only as 426 client_version_unsupported (probe/min-client-version); a malformed client version must be served as if absent, never 400, whether or not minClientVersion is advertised (probe/client-version-malformed). A request that fails is probe/negotiation-request (warning). --no-negotiation skips the extra requests.

Time: the requests run one after another: the document (and, under auto, the refetch after a 406), then the negotiation requests together, then --compare URL, then --bundle, each under its own --timeout; so a run takes up to about five times --timeout, plus --deadline with --lint-schemas. Bound it from outside (e.g. the CI step's timeout) if that matters.

Size: a document whose arrays hold more than 5,000 items in all is not validated (probe/too-many-items, an error; --compare and --capabilities refuse it, exit 2): some schema checks cost the square of an array's length.

HTTP: no credentials unless given. --token-env VAR sends "Authorization: Bearer <value of VAR>"; --header NAME:VALUE (repeatable) sends any header. Credentials go to the probed origin only: redirects are followed within the same origin, another origin (an http -> https upgrade included) only with --follow-cross-origin and then without credentials; redirect loops are detected. TLS is verified unless --insecure. --timeout bounds each whole request (every redirect hop and the body), --connect-timeout the TCP and TLS handshake, --max-bytes the body. Token and credential-header values (names containing auth, token, key, secret, cookie, session, signature, credential or password) are masked as [REDACTED] in every output format, error message and saved file; a host that echoes them back gets probe/secret-echoed.

--lint-schemas: for each advertised kind, fetches its payload schema from a URL the document names (a string ending in <kind>.schema.json, or a template containing {kind}) or else <base>/schemas/envelopes/<kind>.schema.json, and lints it under the host's own claim: tierOneSubsetCompliance strict => strict profile; warn => strict profile with errors shown as warnings; off, absent or invalid => load-bearing profile. Same-origin relative $refs are fetched from the host too (never read from the local disk). Other origins only with --follow-cross-origin, never with credentials. A kind whose schema is not served (404) is an info; any other failure a warning. At most --max-schemas kinds (default ${DEFAULT_MAX_SCHEMAS}, the first advertised; more is probe/schemas-capped, an info) are fetched, four at a time, all within --deadline (default ${DEFAULT_SCHEMAS_DEADLINE_MS} ms; each request's --timeout is cut to what is left of it; kinds not reached are probe/schemas-deadline, a warning).

--bundle fetches the v3 certification bundle named by conformance.certificationBundleUrl (a relative URL resolves against the host base; another origin only with --follow-cross-origin; never with credentials) and verifies it as openwop validate bundle does, with the signing key looked up in the document just fetched, under --max-bytes: its findings and verdict (verified, key not published, signature does not verify) follow the host's result. A bundle that cannot be read (unreachable, too large, not JSON) exits 2, as in validate bundle. No such URL is probe/bundle-url (warning).

--save FILE writes the document as served (atomically; never over an existing file without --force, which may replace the --compare file; a missing folder is created inside the project only, elsewhere exit 2; a FIFO or device is written through) for validate envelope --capabilities and simulate retry --capabilities. --compare FILE|URL reports what changed since then (a URL is asked for the major the probe checked, with the probe's --timeout, --connect-timeout, --max-bytes and --insecure, and with its credentials only when on the probed host's origin), across majors too (a v2 document against a saved v1 one: kinds from supportedEnvelopes.kinds, schema versions from schemaVersions.kinds, a v2 record the same claim as v1's supported: true, aiProviders.supported read as providers, auth.profiles as lanes, the v1 extension-class families as extensions.openwop-app.<name>; the record fields status, since, until and witness count only between two v2 documents): kinds added (info) or removed (warning), schemaVersions bumped (info) or lowered (warning), limits raised (info) or lowered (warning), other families added or changed (info) or removed (warning); a v1 key v2 removed (supportedTransports, grpc, contractProvenance, the dotted host.* mirrors) is an info, removed in v2. Each message gives the old and the new value (cut at 60 characters); the JSON result's compare field has against, changes (the count) and list: one {pointer, kind (added, removed or changed), what, before, after} per kind, schema version, limit and changed leaf of a family, with the values whole.

Choices where the spec is open: relative schema URLs resolve against the host base (where /.well-known/openwop hangs off), not the discovery URL; kind names are checked against vendor.<host>.<kind> = ^vendor\\.[a-z][a-z0-9-]*(\\.[a-z][a-zA-Z0-9_-]*)+$ plus the spec's un-namespaced kinds and prefixes (media., ui., openwop., core., community., private.<host>., local.), as warnings; a kind advertised without a schemaVersions entry is a warning for a universal kind and an info otherwise; a wrong Content-Type is a warning (the body is still checked). v2: a key the bundled schema does not know, at the root or directly in a family, is a warning naming the schema snapshot (probe/v2-unknown-key) when the rest of the document is valid, and an error beside other errors; a key that looks like a typo of a known root key or of the family's facets (the same letters in another case, a plural or singular, or at most 2 edits and fewer than half its length) is an error that says "did you mean": the schema snapshot lags the RFCs (the reference host's 2026-10-08 document carries hostEvents and nondeterminismPolicy.sources). An extension org missing from the registry as bundled (spec/v2/declaration.json @0a845654: example, openwop-app, myndhyve) is an info (probe/extension-org-unregistered), since registration cannot be checked from the document. minClientVersion: refusing an older client is a MAY (versioning.md §1.5 vs RFC 0172), so serving it is no finding; only a refusal other than 426 client_version_unsupported is. The header outranks the document's shape: a v1 document answered as 2.0 is checked as v2 after probe/version-document-mismatch, with each v1 block that is no capability record (none of status, since, witness) reported once as probe/v1-remnant instead of its schema errors, and no v2 profiles derived. A until given as a version is past once the host serves that version or a later one.

A host that cannot be read (unreachable, timeout, TLS, HTTP error, not JSON, too large, bad redirect) exits 2 with a probe/* finding, so --format json still prints a full report. Usage mistakes (a bad URL, an unset --token-env variable, an existing --save file) exit 2 with one line on stderr.

${EXIT_CODES_HELP}`;

  static override examples = [
    {description: 'Probe a host', command: '<%= config.bin %> <%= command.id %> https://host.example'},
    {description: 'A host that scopes discovery, with a token from the environment', command: 'HOST_TOKEN=… <%= config.bin %> <%= command.id %> https://staging.example --token-env HOST_TOKEN'},
    {description: 'Also lint the payload schemas the host serves, under its own tierOneSubsetCompliance', command: '<%= config.bin %> <%= command.id %> https://host.example --lint-schemas'},
    {description: 'Save the advertisement before a deploy', command: '<%= config.bin %> <%= command.id %> https://host.example --save caps.json'},
    {description: 'After the deploy: what changed?', command: '<%= config.bin %> <%= command.id %> https://host.example --compare caps.json'},
    {description: 'Ask for v1 only, without the extra negotiation requests', command: '<%= config.bin %> <%= command.id %> https://host.example --protocol 1 --no-negotiation'},
    {description: 'Fail fast in CI, JSON report', command: '<%= config.bin %> <%= command.id %> https://host.example --timeout 3000 --connect-timeout 1000 --json'},
  ];

  static override args = {
    url: Args.string({description: 'The host (http(s)://host[:port][/prefix]) or its /.well-known/openwop URL.', required: true}),
  };

  static override flags = {
    header: Flags.string({summary: 'Request header NAME:VALUE (repeatable, not comma-separated: a header value may hold a comma). Sent to the probed origin only.', ...REPEATED_FLAG, helpValue: 'NAME:VALUE', helpGroup: 'HTTP'}),
    'token-env': Flags.string({summary: 'Send "Authorization: Bearer <value of VAR>". The token is never printed.', helpValue: 'VAR', helpGroup: 'HTTP'}),
    timeout: Flags.integer({summary: 'Total time for each request, redirects and body included, in ms.', default: 10_000, min: 1, helpGroup: 'HTTP'}),
    'connect-timeout': Flags.integer({summary: 'Time to connect (TCP and TLS handshake), in ms.', default: 5_000, min: 1, helpGroup: 'HTTP'}),
    'max-bytes': Flags.integer({summary: 'Largest response body to read, in bytes.', default: 5 * 1024 * 1024, min: 1, helpGroup: 'HTTP'}),
    insecure: Flags.boolean({summary: 'Do not verify TLS certificates (self-signed staging hosts only).', helpGroup: 'HTTP'}),
    'follow-cross-origin': Flags.boolean({summary: 'Follow redirects (and fetch schemas) on other origins; credentials are still never sent there.', helpGroup: 'HTTP'}),
    'lint-schemas': Flags.boolean({summary: 'Fetch the advertised kinds\' schemas and lint them under the host\'s tierOneSubsetCompliance.'}),
    'max-schemas': Flags.integer({summary: 'With --lint-schemas: fetch the schemas of at most this many kinds (the first advertised).', default: DEFAULT_MAX_SCHEMAS, min: 1}),
    deadline: Flags.integer({summary: 'With --lint-schemas: one time limit for all schema fetches, in ms (4 run at once).', default: DEFAULT_SCHEMAS_DEADLINE_MS, min: 1}),
    save: Flags.string({summary: 'Write the fetched document to FILE (for --capabilities elsewhere).', helpValue: 'FILE'}),
    force: Flags.boolean({summary: 'Let --save overwrite an existing file.', dependsOn: ['save']}),
    compare: Flags.string({summary: 'Report what changed against a saved document (FILE or URL).', helpValue: 'FILE|URL'}),
    'max-size': Flags.integer({summary: 'Largest --compare file to read, in MB.', default: 100, min: 1, helpGroup: 'INPUT'}),
    'input-timeout': inputTimeoutFlag(),
    bundle: Flags.boolean({summary: 'Verify the certification bundle the document names (conformance.certificationBundleUrl), as validate bundle does.'}),
    protocol: Flags.string({summary: 'The protocol major to ask for: 1, 2, or auto (ask for 2, fall back to 1 on a 406).', options: ['1', '2', 'auto'], default: 'auto', helpGroup: 'PROTOCOL'}),
    negotiation: Flags.boolean({summary: 'Check version negotiation with up to five extra requests (406, <major>.0, 304, 426); --no-negotiation skips them.', default: true, allowNo: true, helpGroup: 'PROTOCOL'}),
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

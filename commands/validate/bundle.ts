import {Args, Flags} from '@oclif/core';
import {DEFAULT_MAX_BUNDLE_BYTES, validateBundle} from '../../src/bundle/index.js';
import {checkStdinFilename} from '../../src/io/inputs.js';
import {UserError} from '../../src/report/user-error.js';
import {CheckCommand, EXIT_CODES_HELP, READS_HELP, type CheckContext, type CheckOutcome} from '../_base.js';
import {readScopeFlags, stdinFilenameFlag} from '../_common.js';

const MB = 1024 * 1024;

export default class ValidateBundle extends CheckCommand {
  static override summary = 'Verify an OpenWOP v3 certification bundle: schema, ledger, digests, the Ed25519 signature against the host\'s published key, and the profile claims.';

  static override description = `Checks a certification bundle (bundleVersion "3", FILE, - for stdin, or http(s) URL) the way the conformance suite's own verifier does, and re-derives what the signature does not cover.

CHECKS
  Schema: the bundled v3 schema (bundle/schema). Ledger (results.requirements[], the array to count): no duplicate ids, a detail on every non-pass row, no executed-pass without assertions, results.totals and assertionCount equal to the tally, detail.nonPass[] listing exactly the non-pass rows with the same result. Digests over canonical JSON (keys sorted at every level by code unit, no whitespace, JSON.stringify scalars): witnessSha256 of the rows sorted by id and projected to {id, scenario, result, assertions, detail, evidence} (with host.relaxations when non-empty: {rows, relaxations}); discovery.sha256 of the captured discovery.document. A lone surrogate is hashed as JSON.stringify escapes it (as the emitter does); a number too large for JSON (1e400) is refused, not hashed as null.

SIGNATURE (four outcomes, one rule each)
  A signature is attributed to the host only under a key from a document the host published: the one given with --discovery FILE|URL, or — only with --fetch-discovery — the document at the bundle's discovery.url (sent OpenWOP-Version: <suite.targetMajor>). By default no host the bundle names is contacted: the bundle is untrusted input. The signed bytes are the canonical JSON of {"discovery.sha256", "host.build": {id, kind}, "suite.version", "witnessSha256"}, verified with Ed25519 (node:crypto).
  bundle/discovery-not-read: no published document was read. bundle/key-not-published: the key is not in it, or is there but unusable (alg not ed25519, use not certification-bundle, publicKey not raw Ed25519: "published but unusable"). bundle/signature-invalid: it does not verify. bundle/verified (info): it does; the JSON result's verification says with which key and from which document. A key carrying retiredAt still verifies and is reported as bundle/key-retired.
  Without a published document, the signature is still checked under the key the bundle's own discovery.document carries (RFC 0224 §B.6), used only when that capture hashes to discovery.sha256 and the key's use is certification-bundle. That proves integrity, not who signed (anyone can mint a key and capture it): verification.integrity is verified, the outcome stays discovery-not-read, the finding is bundle/key-unattributed (a warning; --fail-on warning makes it fail), summary.verified does not count it and no profile is certified. Attribute it with --discovery FILE|URL or --fetch-discovery.
  Independent tier: verifierSignature.keyId must differ from the host's key (signature.keyId and host.signingKeyId) and verify (over the same four fields; the schema does not say, this is our reading) under the verifier's key from --verifier-keys FILE|URL.

CLAIMS
  claimedProfiles, durability and generatedAt are outside the signature. Each profile claimed as certified is re-derived from the captured discovery document at suite.targetMajor (v2 profile predicates; a major-1 bundle's claims are reported unchecked). A --discovery document whose digest equals discovery.sha256 counts as the captured one. A relaxed obligation <family>.<name> denies every profile built on that family (webhooks.signature denies openwop-core-standard) and any profile whose id contains the family name, as the suite maps them. The durability rung is re-derived as the suite does: durable-single-instance only, from the five openwop.requirement.0158.* rows. A profile is certified here only if it is claimed, derivable, not relaxed, and nothing voids the bundle: blocked > 0, a schema, ledger or digest error, a host.signingKeyId naming another key, a signature that is not verified and attributed, a verifier rejection, or an underivable durability rung. JSON claims.profiles[].refusedBy says which.

CHOICES WHERE UPSTREAM DISAGREES (FACTS §6)
  §6.3 the spec names a verifierKeyId field the schema does not have: verifierSignature.keyId is read. §6.4 detail: every non-pass row needs a non-blank detail and a detail.nonPass entry (the suite's rule, stricter than the schema's). §6.13 stale key names in host docs: only the keyId in the bundle and the document counts. RFC 0224 §B.6 (draft) resolves keys in the bundle's own discovery.document, conformance.md in the host's published one: the first gives integrity only here (bundle/key-unattributed), the second attribution.

Each rule's rationale and examples: --explain RULE (or --explain all).

--stdin-filename NAME names what - reads (the bundle, --discovery or --verifier-keys): findings call it NAME. Without - it is a usage error.

${READS_HELP}

${EXIT_CODES_HELP}
  Here: 0 verified and consistent, or consistent with only bundle/key-unattributed (a warning); 1 findings (signature not verified, digests or ledger wrong, a claim refused); 2 the bundle could not be read, is not JSON or is not a bundle at all, or --discovery / --verifier-keys could not be read, or - was given twice.`;

  static override examples = [
    {description: 'Verify a bundle and attribute it: the key from the host\'s published document', command: '<%= config.bin %> <%= command.id %> bundle-v3.json --discovery https://host.example/.well-known/openwop'},
    {description: 'Integrity only: the key the bundle\'s own captured document carries (a warning, never verified)', command: '<%= config.bin %> <%= command.id %> bundle-v3.json'},
    {description: 'Attribute the signature to the host: fetch the discovery.url the bundle names (off by default)', command: '<%= config.bin %> <%= command.id %> https://host.example/conformance/bundle.json --fetch-discovery'},
    {description: 'An independent-tier bundle, with the verifier\'s published keys', command: '<%= config.bin %> <%= command.id %> bundle-v3.json --verifier-keys lab-keys.json'},
    {description: 'Machine-readable verdict (verification, claims, digests)', command: '<%= config.bin %> <%= command.id %> bundle-v3.json --json'},
    {description: 'What does a rule check?', command: '<%= config.bin %> <%= command.id %> --explain bundle/witness-digest'},
  ];

  static override args = {
    bundle: Args.string({description: 'The certification bundle: a file, - for stdin, or an http(s) URL.'}),
  };

  static override flags = {
    discovery: Flags.string({summary: 'The host\'s discovery document to look the signing key up in (FILE, or a URL).', helpValue: 'FILE|URL', helpGroup: 'KEYS'}),
    'fetch-discovery': Flags.boolean({summary: 'Without --discovery: fetch the bundle\'s discovery.url and look the key up there (a host the bundle names; off by default).', helpGroup: 'KEYS'}),
    'verifier-keys': Flags.string({summary: 'A document whose signingKeys[] holds the independent verifier\'s key (FILE, or a URL).', helpValue: 'FILE|URL', helpGroup: 'KEYS'}),
    timeout: Flags.integer({summary: 'Total time for each URL fetched, redirects and body included, in ms.', default: 10_000, min: 1, helpGroup: 'HTTP'}),
    'max-size': Flags.integer({summary: 'Largest bundle or document to read (file or response), in MB.', default: DEFAULT_MAX_BUNDLE_BYTES / MB, min: 1, helpGroup: 'INPUT'}),
    ...readScopeFlags(),
    'stdin-filename': stdinFilenameFlag(),
  };

  protected readonly commandName = 'validate bundle';

  protected async check(ctx: CheckContext): Promise<CheckOutcome> {
    const {args, flags} = await this.parse(ValidateBundle);
    if (args.bundle === undefined) throw new UserError('give the bundle to verify (a file or URL)', 'e.g. openwop validate bundle bundle-v3.json');
    checkStdinFilename([args.bundle, flags.discovery, flags['verifier-keys']].filter((p): p is string => p !== undefined), {stdinFilename: flags['stdin-filename']});
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

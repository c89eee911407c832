import {defineRule, type Rule, type RuleSource, type RuleSpec} from '../core/rule.js';
import {AJV_MESSAGES} from '../schemas/ajv-findings.js';
import {VERIFIED, OPENWOP_MAIN} from '../core/rule-sources.js';

/** Every bundle rule rests on the v3 bundle schema, the spec's "Bundle v3" section and the suite's verifier. */
const BUNDLE_SOURCES: readonly RuleSource[] = [
  {url: `${OPENWOP_MAIN}/schemas/v2/certification-bundle.schema.json`, title: 'OpenWOP certification bundle v3 schema', verified: VERIFIED},
  {url: `${OPENWOP_MAIN}/spec/v2/core/conformance.md`, title: 'OpenWOP v2 conformance: Bundle v3 (ledger, witness digest, signature, verifier)', verified: VERIFIED},
  {url: `${OPENWOP_MAIN}/conformance/src/lib/certification-bundle-v3.ts`, title: 'OpenWOP conformance suite: the bundle v3 builder and checks', verified: VERIFIED},
];

const rule = (spec: RuleSpec): Rule => defineRule({commands: ['validate bundle'], sources: BUNDLE_SOURCES, ...spec});

/**
 * Sources: openwop/openwop schemas/v2/certification-bundle.schema.json @0b577834, spec/v2/core/conformance.md
 * "Bundle v3" @0a17e2a5, conformance/src/lib/certification-bundle-v3.ts @2dae8415.
 * The four signature outcomes are four rules, so a report (and a --rule override) can tell them apart.
 */
export const BUNDLE_RULES = {
  notABundle: rule({
    id: 'bundle/not-a-bundle',
    severity: 'error',
    description: 'The input is JSON but not a certification bundle at all (not an object, or none of bundleVersion, results, witnessSha256, signature).',
    explanation: 'Nothing can be checked, so the run exits 2, as for a file that is not there or not JSON.',
    examples: {invalid: ['[1, 2, 3]   or   {"protocolVersions": ["2.0"]}   (a discovery document)'], valid: ['{"bundleVersion": "3", "results": {…}, "signature": {…}, …}']},
  }),
  unsupportedVersion: rule({
    id: 'bundle/unsupported-version',
    severity: 'error',
    description: 'bundleVersion is not "3"; only v3 bundles are signed, and older ones are never upgraded.',
    explanation: 'Bundle v1 (RFC 0089) and v2 carry no signature and no witness digest; a v3 bundle is required for both protocol majors. Such a bundle is reported once and not checked further.',
    examples: {invalid: ['{"bundleVersion": "1", …}'], valid: ['{"bundleVersion": "3", …}']},
  }),
  schema: rule({
    id: 'bundle/schema',
    severity: 'error',
    description: 'The bundle does not match the bundled v3 certification-bundle schema.',
    messages: AJV_MESSAGES,
    explanation:
      'Checked against schemas/v2/certification-bundle.schema.json (the upstream $id, our wording, proven equal on the reference bundle and mutations of it). The suite validates the schema before it verifies anything, so a bundle that fails it certifies nothing: every claim is void. The other checks still run on what is there, to report everything at once.',
    examples: {
      invalid: ['{"signature": {"alg": "rsa", …}}'],
      valid: ['{"signature": {"alg": "ed25519", "keyId": "host-1", "sig": "<86 base64url characters>", "over": ["witnessSha256", "host.build", "suite.version", "discovery.sha256"]}}'],
    },
  }),
  duplicateRow: rule({
    id: 'bundle/duplicate-row',
    severity: 'error',
    description: 'Two ledger rows (results.requirements[]) carry the same id; the ledger has one disposition per id.',
    explanation: 'A duplicated row would be counted twice in the totals and digested twice. Any ledger error voids every certification claim of the bundle.',
    examples: {invalid: ['[{"id": "openwop.requirement.r1", …}, {"id": "openwop.requirement.r1", …}]'], valid: ['each id once']},
  }),
  rowWithoutDetail: rule({
    id: 'bundle/row-without-detail',
    severity: 'error',
    description: 'A row whose result is not executed-pass has no detail saying why (a detail that is blank after trimming counts as none).',
    explanation:
      'The conformance suite refuses such a bundle; the schema alone does not. (Upstream inconsistency: the spec asks for detail.nonPass whenever a total other than executedPass is non-zero, the schema only for executedFail, skipped and blocked, the suite for every non-pass row. We follow the suite, the strictest: every non-pass row needs its own detail, and detail.nonPass must list it — bundle/non-pass-view.)',
    examples: {
      invalid: ['{"id": "openwop.scenario.x", "scenario": "x.test.ts", "result": "skipped"}   or   … "detail": "   "'],
      valid: ['{"id": "openwop.scenario.x", "scenario": "x.test.ts", "result": "skipped", "detail": "gated off by the operator"}'],
    },
  }),
  passWithoutAssertions: rule({
    id: 'bundle/pass-without-assertions',
    severity: 'error',
    description: 'A row is executed-pass with no assertions (absent or 0): a pass that checked nothing.',
    explanation: 'A test that returned early without asserting must be recorded as skipped, not passed.',
    examples: {invalid: ['{"result": "executed-pass", "assertions": 0}'], valid: ['{"result": "executed-pass", "assertions": 4}']},
  }),
  totals: rule({
    id: 'bundle/totals',
    severity: 'error',
    description: 'A results.totals count differs from the tally of the ledger rows.',
    explanation: 'totals is the ledger counted by result; it is not covered by the signature, so it is recomputed. Each total that differs is one finding at /results/totals/<name>.',
    examples: {invalid: ['"totals": {"executedPass": 232, …} with 231 executed-pass rows'], valid: ['"totals": {"executedPass": 231, …} with 231 executed-pass rows']},
  }),
  assertionCount: rule({
    id: 'bundle/assertion-count',
    severity: 'error',
    description: "assertionCount differs from the sum of the rows' assertions.",
    explanation: 'Recomputed from the ledger, as the suite does.',
    examples: {invalid: ['"assertionCount": 2000 with rows summing to 1993'], valid: ['"assertionCount": 1993']},
  }),
  nonPassView: rule({
    id: 'bundle/non-pass-view',
    severity: 'error',
    description:
      'detail.nonPass[] does not agree with the ledger: a non-pass row missing from it, an id the ledger does not have or has as a pass, a different result, or no detail at all while rows did not pass.',
    explanation: 'detail.nonPass[] is a derived view of the non-pass rows that carries their reasons; it must list exactly them, with the same result. It is never counted.',
    examples: {invalid: ['a skipped row in the ledger, absent from detail.nonPass'], valid: ['every non-pass row listed once in detail.nonPass with its result and a reason']},
  }),
  witnessDigest: rule({
    id: 'bundle/witness-digest',
    severity: 'error',
    description: 'witnessSha256 is not the SHA-256 of the canonical JSON of the ledger rows: the rows were changed after signing (or the digest was).',
    explanation:
      'The preimage is the rows sorted by id, each projected to {id, scenario, result, assertions, detail, evidence} (absent fields left out), written as canonical JSON (keys sorted at every level, no whitespace, JSON.stringify scalars); when host.relaxations is non-empty, {rows, relaxations}. The signature covers the stated witnessSha256, so this is how an edited row is caught.',
    examples: {invalid: ['one row\'s result changed from "skipped" to "executed-pass" after signing'], valid: ['the rows as the suite wrote them']},
  }),
  witnessLocaleOrder: rule({
    id: 'bundle/witness-locale-order',
    severity: 'warning',
    description: 'witnessSha256 recomputes only when the rows are sorted with the locale-aware order, not by code units.',
    explanation:
      'The emitter sorts row ids with localeCompare, whose order depends on the ICU data of the machine. We sort by UTF-16 code units; the two agree for ordinary ids. When they do not, the digest is accepted as the locale order gives it, and this warning says that another machine might not reproduce it.',
    examples: {invalid: ['ids differing only in case or punctuation, sorted differently by the two orders'], valid: ['ids in lower case letters, digits, dots and hyphens']},
  }),
  discoveryDigest: rule({
    id: 'bundle/discovery-digest',
    severity: 'error',
    description: 'The captured discovery.document does not hash to discovery.sha256 (canonical JSON, SHA-256).',
    explanation:
      'discovery.sha256 is signed; the document is not, so an edited document is caught by its digest. Profiles are then not re-derived from it, no signing key is taken from it, and every certification claim is void. A number too large for JSON (1e400, which parses to Infinity) cannot be canonicalised and is reported here too.',
    examples: {invalid: ['discovery.document with one family removed after signing'], valid: ['the document as captured']},
  }),
  discoveryNotRead: rule({
    id: 'bundle/discovery-not-read',
    severity: 'error',
    description:
      'Outcome 1 of 4: no discovery document the host published was read, so the signing key could not be attributed to the host (the finding is an error when the signature could not be checked at all).',
    explanation:
      'A key is attributed to the host only when it comes from a document the host published: the one given with --discovery FILE|URL (or the live document probe host --bundle passes), or, only with --fetch-discovery, the document at the bundle\'s discovery.url (fetched with OpenWOP-Version set to the suite\'s target major). Without one, the signature is checked under the key the bundle\'s own discovery.document carries (RFC 0224 §B.6), but only when that capture hashes to the signed discovery.sha256 and its key says "use": "certification-bundle"; when it verifies, the outcome stays this one and bundle/key-unattributed (a warning) says so. This rule is reported as an error when no key could be used at all: no capture, a capture failing its digest, a key the capture does not carry or cannot be used. By default nothing is fetched from a host the bundle names: the bundle is untrusted input, and fetching would let it point this tool at any address.',
    examples: {invalid: ['a bundle without discovery.document, checked without --discovery or --fetch-discovery'], valid: ['openwop validate bundle bundle.json --discovery https://host.example']},
  }),
  keyNotPublished: rule({
    id: 'bundle/key-not-published',
    severity: 'error',
    description: "Outcome 2 of 4: the host's discovery document has no usable signingKeys[] entry whose keyId is signature.keyId.",
    explanation:
      'A signature by a key the host does not publish proves integrity at best, never who signed. An entry that is there but cannot be used is reported here too, as "published but unusable" with the reason: an alg other than ed25519 (the capabilities schema requires it), a use other than certification-bundle, a publicKey that is not 32 bytes of unpadded base64url. Retired keys (retiredAt) stay published and still count (see bundle/key-retired).',
    examples: {invalid: ['"signature": {"keyId": "host-9", …} with signingKeys listing host-3 only'], valid: ['"signature": {"keyId": "host-3", …}']},
  }),
  signatureInvalid: rule({
    id: 'bundle/signature-invalid',
    severity: 'error',
    description: 'Outcome 3 of 4: the Ed25519 signature does not verify under the published key.',
    explanation:
      'The signed bytes are the UTF-8 canonical JSON of {"discovery.sha256", "host.build": {id, kind}, "suite.version", "witnessSha256"}, with the values the bundle states; the key is the 32 raw bytes of signingKeys[].publicKey (base64url). A changed host.build or suite.version, a changed stated digest, a changed signature or a different published key all end here, as does a signature that does not verify even under the key the bundle\'s own capture carries.',
    examples: {invalid: ['"host": {"build": {"kind": "commit", "id": "<another commit>"}} after signing'], valid: ['the bundle as signed']},
  }),
  verified: rule({
    id: 'bundle/verified',
    severity: 'info',
    description: 'Outcome 4 of 4: the signature verifies under a key the host publishes (--discovery, --fetch-discovery, or the document probe host read); the message says which document that was.',
    explanation:
      'Only a key from a document the host published attributes the bundle to the host; a key the bundle carries in its own capture gives bundle/key-unattributed instead. The signature says nothing about claimedProfiles, totals, durability or generatedAt: those are re-derived by the other rules.',
    examples: {invalid: ['(an outcome, not a problem)'], valid: ['(an outcome, not a problem)']},
  }),
  keyUnattributed: rule({
    id: 'bundle/key-unattributed',
    severity: 'warning',
    description: 'The signature verifies, but under a key only the bundle itself carries (its captured discovery.document): integrity, not attribution.',
    explanation:
      'Anyone can mint a key pair, put the public half in the discovery.document they capture, recompute discovery.sha256 and sign: such a bundle is internally consistent and says nothing about who made it (the v2 conformance spec: a key the host does not publish gives integrity only). The captured key is used at all only when the capture hashes to the signed discovery.sha256 and its entry says "use": "certification-bundle" (RFC 0224 §B.6). The verification outcome stays discovery-not-read (integrity: verified), summary.verified does not count it, and no profile is certified (refusedBy "unattributed"); claims are still re-derived and reported. To attribute it, give the host\'s published document: --discovery FILE|URL, or --fetch-discovery to read the bundle\'s discovery.url. With --fail-on warning this fails a CI job.',
    examples: {
      invalid: ['openwop validate bundle bundle.json   (key found only in /discovery/document)'],
      valid: ['openwop validate bundle bundle.json --discovery https://host.example/.well-known/openwop'],
    },
  }),
  keyRetired: rule({
    id: 'bundle/key-retired',
    severity: 'warning',
    description: 'The signing key is published with retiredAt: it verified, but the host no longer signs with it.',
    explanation: "Retired keys stay listed so that older bundles keep verifying. The message says whether the bundle's generatedAt (which is not signed) lies after the retirement.",
    examples: {invalid: ['{"keyId": "host-2", "publicKey": "…", "retiredAt": "2026-10-01T00:00:00Z"}'], valid: ['{"keyId": "host-3", "publicKey": "…"}']},
  }),
  signingKeyId: rule({
    id: 'bundle/signing-key-id',
    severity: 'error',
    description: 'host.signingKeyId names another key than signature.keyId.',
    explanation: 'Both name the key the bundle was signed with; the signature is checked with signature.keyId. A bundle that names two keys for itself certifies nothing: every claim is void.',
    examples: {invalid: ['"host": {"signingKeyId": "host-2"}, "signature": {"keyId": "host-3", …}'], valid: ['both "host-3"']},
  }),
  discoveryDiffers: rule({
    id: 'bundle/discovery-differs',
    severity: 'info',
    description: 'The discovery document the key was looked up in is not the one the bundle captured (its digest differs from discovery.sha256).',
    explanation: 'Normal after the host redeployed; profiles are still derived from the captured document only, never from a newer one, since the bundle attests to the build it names.',
    examples: {invalid: ['(information)'], valid: ['(information)']},
  }),
  verifierSameKey: rule({
    id: 'bundle/verifier-same-key',
    severity: 'error',
    description: "verifierSignature.keyId is the host's own signing key: an independent-tier claim needs another party's key.",
    explanation:
      'Compared with both signature.keyId and host.signingKeyId. The independent tier is refused, not warned about, and the refusal names no profile, so it voids every claim of the bundle, as any rejection that names no profile does. (Upstream inconsistency: the spec text names a verifierKeyId field that the closed schema does not have; we read verifierSignature.keyId.)',
    examples: {invalid: ['"verifierSignature": {"keyId": "host-3", …} with "signature": {"keyId": "host-3", …}'], valid: ['"verifierSignature": {"keyId": "lab.example-1", …}']},
  }),
  verifierKeyUnavailable: rule({
    id: 'bundle/verifier-key-unavailable',
    severity: 'error',
    description: "The verifier's key could not be looked up, so an independent-tier claim cannot be checked.",
    explanation:
      'The verifier publishes its keys as a signingKeys[] list; give that document with --verifier-keys FILE|URL. Without it (or when the key is not there or not usable) the independent claim is refused, and since that refusal names no profile, no profile of the bundle is certified.',
    examples: {invalid: ['an independent claim, checked without --verifier-keys'], valid: ['openwop validate bundle bundle.json --verifier-keys https://lab.example']},
  }),
  verifierSignatureInvalid: rule({
    id: 'bundle/verifier-signature-invalid',
    severity: 'error',
    description: "verifierSignature does not verify under the verifier's published key.",
    explanation:
      'The schema does not say what the verifier signs; we take the same attestation payload as the host signature (the four signed fields), which is the only statement in a bundle the verifier can vouch for without re-running the suite. Like every verifier rejection it voids all certification of the bundle.',
    examples: {invalid: ['a verifierSignature copied from another bundle'], valid: ["the verifier's signature over this bundle's four attested fields"]},
  }),
  profileNotDerivable: rule({
    id: 'bundle/profile-not-derivable',
    severity: 'error',
    description: 'A profile claimed as certified does not follow from the captured discovery document (or is not a known profile).',
    explanation:
      'claimedProfiles is outside the signature, so every certified claim is re-derived from discovery.document at suite.targetMajor with the v2 profile predicates (spec/v2/profiles.json): a profile holds when each listed family is an object and each listed metadata key is present. The profile is not certified.',
    examples: {invalid: ['openwop-core-standard certified, with no "webhooks" family in the captured document'], valid: ['every family and metadata key of the profile present']},
  }),
  profileNotClaimed: rule({
    id: 'bundle/profile-not-claimed',
    severity: 'info',
    description: 'The captured document implies a profile the bundle does not list in claimedProfiles.',
    explanation: 'claimedProfiles lists the profiles derived from the captured document; one left out is not an error (nothing is certified by omission), but the list is incomplete.',
    examples: {invalid: ['(information)'], valid: ['(information)']},
  }),
  claimsUnchecked: rule({
    id: 'bundle/claims-unchecked',
    severity: 'warning',
    description: 'The certified profiles could not be re-derived: the bundle carries no discovery.document (and no document given matches its digest), or the suite targeted protocol major 1.',
    explanation:
      'Without the captured document, claimedProfiles[].certified is a claim only the emitter could evaluate: a digest proves nothing about contents the reader does not have, and a document fetched today may differ from the build the bundle attests. A --discovery document whose canonical digest equals discovery.sha256 is the captured document and is used. Major-1 profiles are derived by probe host, not here.',
    examples: {invalid: ['a bundle cut before suite 2.0.5 (no discovery.document)'], valid: ['a bundle with discovery.document']},
  }),
  blockedCertified: rule({
    id: 'bundle/blocked-certified',
    severity: 'error',
    description: 'results.totals.blocked is above 0, yet a profile is claimed as certified: a bundle with blocked rows certifies nothing.',
    explanation: 'A blocked row means the run could not reach part of the host; no profile certifies from such a run.',
    examples: {invalid: ['"blocked": 1 with {"id": "openwop-discovery-core", "certified": true}'], valid: ['"blocked": 1 with every certified false']},
  }),
  relaxedCertified: rule({
    id: 'bundle/relaxed-certified',
    severity: 'error',
    description: 'A profile is certified although an operator relaxed an obligation of a family it rests on.',
    explanation:
      'A relaxed obligation cannot certify its profile (RFC 0173 §A.2). As the suite maps them (conformance/src/lib/v2-profiles.ts, profilesRelaxedBy): an obligation is <family>.<name>; every profile whose predicate lists that family is denied (webhooks.signature denies openwop-core-standard), and so is a profile whose id contains the family name. Only that profile is refused. A relaxation that belongs to no claimed profile is a warning, since it cannot be tied to one.',
    examples: {invalid: ['"relaxations": [{"obligation": "webhooks.signature", …}] with openwop-core-standard certified'], valid: ['the same profile with "certified": false']},
  }),
  durability: rule({
    id: 'bundle/durability',
    severity: 'error',
    description: 'The durability rung claimed cannot be derived from the signed rows (rung-not-derivable).',
    explanation:
      "durability is outside the signature, so the rung is re-derived from the signed rows as the suite does (conformance/src/lib/durability-evidence.ts, deriveRung). Only durable-single-instance is derivable (higher rungs need evidence bundles do not carry yet, so they are refused). It needs the five rows openwop.requirement.0158.{kill-after-accept, kill-during-execution, duplicate-delivery, poison-exhaustion, bound-is-derived}, each executed-pass; the declared bounds in the bound-is-derived row's evidence.recoveryBounds (1 to 16 classes, each named once, each with 1 to 16 terms, integer milliseconds, the terms summing to the bound); and on each kill row an evidence.recovery {class, boundMs, observedMs} naming a declared class, with boundMs equal to its bound and observedMs not above it. A rung that is not derivable voids every claim of the bundle.",
    examples: {
      invalid: ['"durability": {"rung": "durable-multi-instance"}'],
      valid: ['"durability": {"rung": "durable-single-instance"} with the five 0158 rows passing and their evidence consistent'],
    },
  }),
  fetch: rule({
    id: 'bundle/fetch',
    severity: 'error',
    description: 'A URL (the bundle, --discovery, --verifier-keys, or discovery.url with --fetch-discovery) could not be fetched.',
    explanation:
      'Same safety as probe host: connect and total timeouts, a size cap, redirects followed within the same origin only, TLS verified, no URL with a user name or password. For the bundle itself it exits 2.',
    examples: {invalid: ['https://host.example/bundle.json answering 404'], valid: ['a 2xx JSON answer']},
  }),
} as const satisfies Record<string, Rule>;

export type BundleRuleKey = keyof typeof BUNDLE_RULES;

export const BUNDLE_RULE_LIST: readonly Rule[] = Object.values(BUNDLE_RULES);

import {defineRule, type Rule, type RuleSpec} from '../core/rule.js';
import {AJV_MESSAGES, LABELED_AJV_MESSAGES} from '../schemas/ajv-findings.js';
import {V2_CAPABILITIES_SNAPSHOT} from '../v2/families.js';

const rule = (spec: RuleSpec): Rule => defineRule({commands: ['probe host'], ...spec});

/** A key the v2 schema does not know but one it does is close to: the key meant, as `suggestion`. */
const V2_AJV_MESSAGES = {...AJV_MESSAGES, additionalPropertiesTypo: `${AJV_MESSAGES.additionalProperties}; did you mean "{{suggestion}}"?`};

/**
 * Every rule id `probe host` can report. Transport rules are fatal (exit 2: the advertisement could not be read);
 * the rest are about what the host advertises (the capabilities document, and RFC 0021/0030/0033 for what the advert
 * implies).
 */
export const PROBE_RULES = {
  // transport: the document could not be had
  unreachable: rule({id: 'probe/unreachable', description: 'The host could not be reached (connection refused, DNS, reset).'}),
  timeout: rule({id: 'probe/timeout', description: 'The host did not answer within --timeout (total) or --connect-timeout.'}),
  tls: rule({
    id: 'probe/tls',
    description: 'TLS failed: the certificate does not verify (pass --insecure to probe anyway), or the server does not speak TLS at all (an http:// port addressed as https://).',
  }),
  httpStatus: rule({id: 'probe/http-status', description: 'GET /.well-known/openwop did not answer 2xx.'}),
  tooLarge: rule({id: 'probe/too-large', description: 'The response is larger than --max-bytes.'}),
  redirect: rule({id: 'probe/redirect', description: 'A redirect could not be followed: a loop, too many hops, another origin (without --follow-cross-origin), or a bad Location.'}),
  notJson: rule({id: 'probe/not-json', description: 'The response body is not JSON (an HTML page, invalid JSON, empty, binary).'}),
  // HTTP metadata
  contentType: rule({id: 'probe/content-type', description: 'The discovery document should be served as application/json (UTF-8).'}),
  secretEchoed: rule({id: 'probe/secret-echoed', description: 'The host echoed the credential it was sent back in its response.'}),
  // document
  schema: rule({id: 'probe/schema', description: 'The document does not match the capabilities schema.', messages: AJV_MESSAGES}),
  closedBlockKey: rule({
    id: 'probe/closed-block-key',
    description: 'A closed capabilities block (limits, httpClient, aiProviders, reliability, …) carries a key it does not define.',
    messages: LABELED_AJV_MESSAGES,
  }),
  universalKinds: rule({id: 'probe/universal-kinds', description: 'A non-empty supportedEnvelopes must list all four universal kinds.'}),
  universalSchemaVersion: rule({id: 'probe/universal-schema-version', description: 'schemaVersions of each universal kind must be 1.'}),
  schemaVersionsKey: rule({id: 'probe/schema-versions-key', description: 'schemaVersions names a kind that supportedEnvelopes does not advertise.'}),
  schemaVersionMissing: rule({id: 'probe/schema-version-missing', description: 'An advertised kind has no schemaVersions entry.'}),
  duplicateKind: rule({id: 'probe/duplicate-kind', description: 'supportedEnvelopes lists a kind twice.'}),
  kindName: rule({id: 'probe/kind-name', description: 'An advertised kind is neither a spec kind nor namespaced (vendor.<host>.<kind>, …), or is a deprecated legacy name.'}),
  tierOneCompliance: rule({id: 'probe/tier-one-compliance-type', description: 'envelopes.tierOneSubsetCompliance must be the string "strict", "warn" or "off", never a boolean.'}),
  truncationRetryMultiplier: rule({
    id: 'probe/truncation-retry-multiplier',
    description: 'truncationRetryMultiplier is a known drift; the advertised name is envelopes.reliability.completion.truncationBudgetMultiplier.',
  }),
  reliabilityEvents: rule({id: 'probe/reliability-events', description: 'envelopes.reliability.supported: true requires events to include envelope.retry.exhausted and envelope.refusal.'}),
  ssrfGuard: rule({id: 'probe/ssrf-guard', description: 'httpClient.supported: true requires ssrfGuard: true.'}),
  safeFetchAudit: rule({id: 'probe/safe-fetch-audit', description: 'safeFetch together with toolHooks.prePostEvents obliges the host to audit every fetch.'}),
  aiProvidersBoolean: rule({id: 'probe/ai-providers-boolean', description: 'aiProviders.supported should be a list of provider ids, not a boolean.'}),
  byokSubset: rule({id: 'probe/byok-subset', description: 'aiProviders.byok must be a subset of aiProviders.supported.'}),
  capabilitiesWrapper: rule({id: 'probe/capabilities-wrapper', description: 'Families belong at the document root; the "capabilities" wrapper object is deprecated.'}),
  wrapperOnlyFamily: rule({id: 'probe/wrapper-only-family', description: 'A family appears only inside the deprecated "capabilities" wrapper (read from there).'}),
  wrapperConflict: rule({id: 'probe/wrapper-conflict', description: 'A family inside the "capabilities" wrapper differs from the same family at the root (the root wins).'}),
  // version negotiation (openwop spec v2 versioning.md §1): the answer to the main request, then the extra requests
  // (--no-negotiation skips those)
  versionHeaderMissing: rule({id: 'probe/version-header-missing', description: 'A host that serves v2 must name the contract it used in an OpenWOP-Version response header.'}),
  versionHeaderUnlisted: rule({
    id: 'probe/version-header-unlisted',
    description: 'The OpenWOP-Version response header must be <major>.<minor> and name a version the document lists in protocolVersions.',
  }),
  versionDowngrade: rule({id: 'probe/version-downgrade', description: 'The host answered another major than the one asked for although it lists it (a silent downgrade).'}),
  versionDocumentMismatch: rule({
    id: 'probe/version-document-mismatch',
    description: 'The document is of another major than the one the host says (or was asked for and lists): e.g. v2 asked, a v1 document served.',
  }),
  listedMajorRefused: rule({id: 'probe/listed-major-refused', description: 'The host refused (406) the major the probe asked for although its document lists that major.'}),
  unlistedMajor: rule({
    id: 'probe/unlisted-major',
    description: 'A request for a major the host does not list must get 406 protocol_version_unsupported with a string message and details.protocolVersions.',
  }),
  versionHeaderGrammar: rule({id: 'probe/version-header-grammar', description: 'OpenWOP-Version: <major>.0 must be served like <major> (only the major selects), answered with that major.'}),
  etag: rule({id: 'probe/etag', description: 'A v2 discovery document must carry an ETag (checked on the main answer, also with --no-negotiation).'}),
  notModified: rule({id: 'probe/not-modified', description: 'If-None-Match with the ETag must get 304, and the 304 must carry an OpenWOP-Version header of the major the document was served as.'}),
  minClientVersion: rule({id: 'probe/min-client-version', description: 'A client below minClientVersion may be refused, and then only with 426 client_version_unsupported.'}),
  clientVersionMalformed: rule({id: 'probe/client-version-malformed', description: 'A malformed OpenWOP-Client-Version counts as absent: it must not cause 400.'}),
  negotiationRequest: rule({id: 'probe/negotiation-request', description: 'An extra negotiation request could not be completed (timeout, unreachable, …): that check was not made.'}),
  // v2 documents (schemas/v2/capabilities.schema.json): the schema, and the rules it cannot check
  tooManyItems: rule({id: 'probe/too-many-items', description: "The document's arrays hold more than 5,000 items in all: too many to validate in bounded time, so the document is not checked."}),
  v2Schema: rule({id: 'probe/v2-schema', description: 'The document does not match the v2 capabilities schema.', messages: V2_AJV_MESSAGES}),
  v2UnknownKey: rule({
    id: 'probe/v2-unknown-key',
    description:
      'A key the bundled v2 schema snapshot does not know, in an otherwise valid document: most likely from an RFC newer than the snapshot. A key close to a known one (a typo) is an error with a suggestion.',
    messages: {
      ...V2_AJV_MESSAGES,
      additionalPropertiesNewer: `${AJV_MESSAGES.additionalProperties}: not in the bundled schema (${V2_CAPABILITIES_SNAPSHOT.path}, ${V2_CAPABILITIES_SNAPSHOT.label}); most likely from a later RFC`,
    },
  }),
  preferredVersionListed: rule({id: 'probe/preferred-version-listed', description: 'preferredVersion must be one of protocolVersions.'}),
  preferredVersionOverlap: rule({id: 'probe/preferred-version-overlap', description: 'While protocolVersions lists any 1.x, preferredVersion must be that 1.x.'}),
  sinceListed: rule({id: 'probe/since-listed', description: "A capability record's since must name a minor the host lists in protocolVersions."}),
  untilMalformed: rule({id: 'probe/until-malformed', description: "A capability record's until written as YYYY-MM-DD must be a real calendar date."}),
  untilPast: rule({id: 'probe/until-past', description: "A capability record's until must not be in the past (a date before today, or a version the host already serves)."}),
  extensionOrgReserved: rule({id: 'probe/extension-org-reserved', description: 'Extension orgs openwop, vendor, effect-seams and events are reserved.'}),
  extensionOrgUnregistered: rule({id: 'probe/extension-org-unregistered', description: "An extension org that the v2 declaration's registry (as bundled) does not list."}),
  v1Remnant: rule({
    id: 'probe/v1-remnant',
    description:
      'A v1 construct in a v2 document or answer (the capabilities wrapper, supported booleans, root profiles[], host.* mirrors, Capabilities-Etag, …); the message names the v2 replacement.',
  }),
  // --bundle
  bundleUrl: rule({id: 'probe/bundle-url', description: 'With --bundle: the document names no usable conformance.certificationBundleUrl, or it is on another origin (see --follow-cross-origin).'}),
  // --lint-schemas
  schemaNotServed: rule({id: 'probe/schema-not-served', description: "An advertised kind's payload schema could not be fetched from the host."}),
  schemaSkipped: rule({id: 'probe/schema-skipped', description: 'A schema URL named by the document is on another origin and was not fetched (see --follow-cross-origin).'}),
  schemasCapped: rule({id: 'probe/schemas-capped', description: "The host advertises more kinds than --max-schemas: only the first ones' schemas were fetched and linted."}),
  schemasDeadline: rule({id: 'probe/schemas-deadline', description: "The --deadline for fetching schemas passed before every advertised kind's schema was fetched."}),
  // --compare
  compareKindAdded: rule({id: 'probe/compare-kind-added', description: 'The host advertises a kind the saved document did not.'}),
  compareKindRemoved: rule({id: 'probe/compare-kind-removed', description: 'The host no longer advertises a kind the saved document did.'}),
  compareSchemaVersion: rule({id: 'probe/compare-schema-version', description: "A kind's schemaVersions entry changed."}),
  compareLimit: rule({id: 'probe/compare-limit', description: 'A limit changed (lowered limits are warnings: clients may rely on them).'}),
  compareFamily: rule({id: 'probe/compare-family', description: 'A capabilities family was added, removed or changed.'}),
} as const satisfies Record<string, Rule>;

export type ProbeRuleKey = keyof typeof PROBE_RULES;

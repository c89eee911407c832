import {defineRule, type Rule, type RuleSource, type RuleSpec} from '../core/rule.js';
import {AJV_MESSAGES, LABELED_AJV_MESSAGES} from '../schemas/ajv-findings.js';
import {V2_CAPABILITIES_SNAPSHOT} from '../v2/families.js';
import {VERIFIED} from '../core/rule-sources.js';

const rule = (spec: RuleSpec): Rule => defineRule({commands: ['probe host'], ...spec});

/** A key the v2 schema does not know but one it does is close to: the key meant, as `suggestion`. */
const V2_AJV_MESSAGES = {...AJV_MESSAGES, additionalPropertiesTypo: `${AJV_MESSAGES.additionalProperties}; did you mean "{{suggestion}}"?`};

const OPENWOP = 'https://github.com/openwop/openwop/blob';

/** The upstream files the probe rules rest on, at the commits the facts were read from. */
const SOURCES = {
  v1Capabilities: {
    url: `${OPENWOP}/016bd59c5391484cdaf345f6fa2722df506911d6/schemas/capabilities.schema.json`,
    title: 'OpenWOP v1 capabilities schema (the GET /.well-known/openwop document)',
    verified: VERIFIED,
  },
  v2Capabilities: {
    url: `${OPENWOP}/046ac537f727c15cbf55df8d86f6fe33f6e63900/schemas/v2/capabilities.schema.json`,
    title: 'OpenWOP v2 capabilities schema (closed root, capability records)',
    verified: VERIFIED,
  },
  v2ErrorEnvelope: {
    url: `${OPENWOP}/0ed567fece2f9c5c5ad337fed92f6926ad7547af/schemas/v2/error-envelope.schema.json`,
    title: 'OpenWOP v2 error envelope schema ({error, message, details?})',
    verified: VERIFIED,
  },
  capabilitiesMd: {url: `${OPENWOP}/050e307c2be1d873057e8440b1255651046ba38f/spec/v2/core/capabilities.md`, title: 'OpenWOP spec v2: capabilities (discovery, records, caching)', verified: VERIFIED},
  versioningMd: {url: `${OPENWOP}/11c348ccb11f58a9bdb413030ab9d0366f71642d/spec/v2/core/versioning.md`, title: 'OpenWOP spec v2: versioning (§1 negotiation, §5 extensions)', verified: VERIFIED},
  headersMd: {
    url: `${OPENWOP}/02c7b491de372c71d0283537a2e7a54095239f5e/spec/v2/core/headers.md`,
    title: 'OpenWOP spec v2: headers (OpenWOP-Version, OpenWOP-Client-Version, ETag)',
    verified: VERIFIED,
  },
  rfc0169: {
    url: `${OPENWOP}/3632bb43a12a90730cb886795b266d3fd98efe1c/RFCS/0169-v2-discovery-and-capabilities.md`,
    title: 'OpenWOP RFC 0169: v2 discovery and capabilities (migration from v1)',
    verified: VERIFIED,
  },
  rfc0172: {url: `${OPENWOP}/2f49441defaba826b764bacd1ed08406ff38a248/RFCS/0172-v2-versioning-and-release.md`, title: 'OpenWOP RFC 0172: v2 versioning and release', verified: VERIFIED},
  rfc0179: {url: `${OPENWOP}/21e65879e3a915dcdb29ecc3b5a302ee9a6aedf3/RFCS/0179-root-preferred-version.md`, title: 'OpenWOP RFC 0179: root preferredVersion', verified: VERIFIED},
  declaration: {url: `${OPENWOP}/0a845654ef20fb40204e2d88df2f450fe3c8db84/spec/v2/declaration.json`, title: 'OpenWOP spec v2 declaration (the extension org registry)', verified: VERIFIED},
  aiEnvelopeV1: {
    url: `${OPENWOP}/02113993ba388f49f68df925f18dce59fa2c451f/spec/v1/ai-envelope.md`,
    title: 'OpenWOP spec v1: AI envelope (universal kinds, vendor-namespaced kinds, schema locations)',
    verified: VERIFIED,
  },
  rfc0021: {
    url: `${OPENWOP}/4aa80535f87740b1b191c38df6712b9f8bcb6064/RFCS/0021-ai-envelope-primitive.md`,
    title: 'OpenWOP RFC 0021: AI envelope, universal kinds and kind naming',
    verified: VERIFIED,
  },
  json: {url: 'https://www.rfc-editor.org/rfc/rfc8259#section-11', title: 'RFC 8259: JSON, the application/json media type (UTF-8)', verified: VERIFIED},
  http: {url: 'https://www.rfc-editor.org/rfc/rfc9110', title: 'RFC 9110: HTTP semantics (status codes, redirects, https)', verified: VERIFIED},
} satisfies Record<string, RuleSource>;

const {v1Capabilities, v2Capabilities, v2ErrorEnvelope, capabilitiesMd, versioningMd, headersMd, rfc0169, rfc0172, rfc0179, declaration, aiEnvelopeV1, rfc0021, json, http} = SOURCES;

/**
 * Every rule id `probe host` can report. Transport rules are fatal (exit 2: the advertisement could not be read);
 * the rest are about what the host advertises (the capabilities document, and RFC 0021/0030/0033 for what the advert
 * implies).
 */
export const PROBE_RULES = {
  // transport: the document could not be had
  unreachable: rule({
    id: 'probe/unreachable',
    description: 'The host could not be reached (connection refused, DNS, reset).',
    explanation:
      'Without a connection there is no advertisement, so nothing else can be checked and the probe exits 2. Check the URL (host name, port, scheme) and that the host is running and reachable from where the probe runs.',
    examples: {invalid: ['GET https://no-such-host.invalid/.well-known/openwop → getaddrinfo ENOTFOUND'], valid: ['GET https://host.example/.well-known/openwop → HTTP 200']},
    sources: [capabilitiesMd],
  }),
  timeout: rule({
    id: 'probe/timeout',
    description: 'The host did not answer within --timeout (total) or --connect-timeout.',
    explanation:
      'A probe that waits forever is no use in CI, so the fetch is bounded; a host that is this slow to serve a small static document is also slow for every client that discovers it. Make the host answer faster, or raise --timeout / --connect-timeout for a slow network.',
    examples: {invalid: ['openwop probe host https://slow.example --timeout 2000 (no answer after 2 s)'], valid: ['openwop probe host https://host.example (answered in 150 ms)']},
  }),
  tls: rule({
    id: 'probe/tls',
    description: 'TLS failed: the certificate does not verify (pass --insecure to probe anyway), or the server does not speak TLS at all (an http:// port addressed as https://).',
    explanation:
      'Clients verify the certificate of an https origin, so a host whose certificate does not verify is unreachable for them. Install a certificate for the host name from a trusted CA (or probe with --insecure while testing a self-signed one), and use http:// for a port that does not speak TLS.',
    examples: {
      invalid: ['GET https://self-signed.example/.well-known/openwop → self-signed certificate', 'https://localhost:8080 where port 8080 speaks plain HTTP'],
      valid: ['GET https://host.example/.well-known/openwop with a certificate that verifies'],
    },
    sources: [http],
  }),
  httpStatus: rule({
    id: 'probe/http-status',
    description: 'GET /.well-known/openwop did not answer 2xx.',
    explanation:
      "The discovery document lives at GET /.well-known/openwop and needs no authentication; any other status leaves clients without an advertisement. Serve the document there with 200 (a 401 or 403 usually means the route sits behind the host's auth middleware).",
    examples: {invalid: ['GET /.well-known/openwop → HTTP 404', 'GET /.well-known/openwop → HTTP 401'], valid: ['GET /.well-known/openwop → HTTP 200 with the JSON document']},
    sources: [capabilitiesMd, v1Capabilities, http],
  }),
  tooLarge: rule({
    id: 'probe/too-large',
    description: 'The response is larger than --max-bytes.',
    explanation:
      'The probe reads at most --max-bytes so a misbehaving host cannot exhaust its memory; a discovery document is normally a few kilobytes. Check that the URL serves the document and not something else, or raise --max-bytes for a genuinely large one.',
    examples: {invalid: ['GET /.well-known/openwop → 200 with a 50 MB body (--max-bytes 1048576)'], valid: ['GET /.well-known/openwop → 200 with a 6 KB document']},
  }),
  redirect: rule({
    id: 'probe/redirect',
    description: 'A redirect could not be followed: a loop, too many hops, another origin (without --follow-cross-origin), or a bad Location.',
    explanation:
      'A redirect that loops or has no usable Location strands every client, and one to another origin can leak credentials, so the probe follows only same-origin hops by default. Serve the document at the URL clients use, fix the Location header, or pass --follow-cross-origin when the other origin is intended.',
    examples: {
      invalid: [
        'GET /.well-known/openwop → 302 Location: /.well-known/openwop (a loop)',
        'GET https://a.example/.well-known/openwop → 301 Location: https://b.example/…',
        'GET http://host.example/.well-known/openwop → 301 Location: https://host.example/… (another origin: probe the https:// URL)',
      ],
      valid: ['GET https://host.example/.well-known/openwop → 308 Location: /openwop/discovery.json → 200'],
    },
    sources: [http],
  }),
  notJson: rule({
    id: 'probe/not-json',
    description: 'The response body is not JSON (an HTML page, invalid JSON, empty, binary).',
    explanation:
      'The advertisement is a JSON document; a client that cannot parse it cannot learn anything about the host. An HTML body usually means a catch-all route or a login page answered instead: route /.well-known/openwop to the handler that writes the document.',
    examples: {
      invalid: ['HTTP 200 Content-Type: text/html  <!doctype html>…', 'HTTP 200 {"protocolVersion": "1.0",'],
      valid: ['HTTP 200 Content-Type: application/json  {"protocolVersion": "1.0", …}'],
    },
    sources: [v1Capabilities, json],
  }),
  // HTTP metadata
  contentType: rule({
    id: 'probe/content-type',
    description: 'The discovery document should be served as application/json (UTF-8).',
    explanation:
      'Clients and proxies decide how to treat a body from its media type: a JSON document labelled text/html or text/plain may be sniffed, cached or rejected. Serve it as application/json; JSON exchanged between systems is UTF-8, so any charset parameter must say utf-8.',
    examples: {invalid: ['Content-Type: text/html', 'Content-Type: application/json; charset=iso-8859-1'], valid: ['Content-Type: application/json', 'Content-Type: application/json; charset=utf-8']},
    sources: [json],
  }),
  secretEchoed: rule({
    id: 'probe/secret-echoed',
    description: 'The host echoed the credential it was sent back in its response.',
    explanation:
      'A response that repeats the bearer token or API key it was sent writes the secret into every log, cache and trace that records responses. Never reflect request headers or credentials into the body or response headers; the discovery document needs no credential at all.',
    examples: {invalid: ['request Authorization: Bearer s3cr3t → body {"debug": {"authorization": "Bearer s3cr3t"}}'], valid: ['request Authorization: Bearer s3cr3t → body without the token']},
  }),
  // document
  schema: rule({
    id: 'probe/schema',
    messages: AJV_MESSAGES,
    description: 'The document does not match the capabilities schema.',
    explanation:
      'Clients read the document by the capabilities schema; a missing required field or a wrong type leaves them guessing. The message names the schema keyword and the JSON pointer: make the document match, for example with all of protocolVersion, supportedEnvelopes, schemaVersions and limits at the root.',
    examples: {
      invalid: ['{"protocolVersion": "1.0", "supportedEnvelopes": []}', '{"protocolVersion": 1, "supportedEnvelopes": [], "schemaVersions": {}, "limits": {…}}'],
      valid: ['{"protocolVersion": "1.0", "supportedEnvelopes": [], "schemaVersions": {}, "limits": {"clarificationRounds": 3, "schemaRounds": 2, "envelopesPerTurn": 5}}'],
    },
    sources: [v1Capabilities],
  }),
  closedBlockKey: rule({
    id: 'probe/closed-block-key',
    messages: LABELED_AJV_MESSAGES,
    description: 'A closed capabilities block (limits, httpClient, aiProviders, reliability, …) carries a key it does not define.',
    explanation:
      'These blocks are closed (additionalProperties: false), so a strict client refuses the whole document over one extra key, and a lenient one ignores a setting the host meant to advertise. Remove the key, or move a host-specific setting under a vendor extension.',
    examples: {
      invalid: ['{"httpClient": {"supported": true, "ssrfGuard": true, "defaultTimeoutMs": 5000}}'],
      valid: ['{"httpClient": {"supported": true, "ssrfGuard": true, "requestTimeoutMs": 5000}}'],
    },
    sources: [v1Capabilities],
  }),
  universalKinds: rule({
    id: 'probe/universal-kinds',
    description: 'A non-empty supportedEnvelopes must list all four universal kinds.',
    explanation:
      'clarification.request, schema.request, schema.response and error are the kinds every host must accept, so clients emit them without checking; a host that omits one will refuse envelopes clients consider always allowed. List all four, or advertise an empty list for an engine-only host.',
    examples: {
      invalid: ['{"supportedEnvelopes": ["clarification.request", "error", "vendor.acme.report"]}'],
      valid: ['{"supportedEnvelopes": ["clarification.request", "schema.request", "schema.response", "error", "vendor.acme.report"]}', '{"supportedEnvelopes": []}'],
    },
    sources: [aiEnvelopeV1, rfc0021],
  }),
  universalSchemaVersion: rule({
    id: 'probe/universal-schema-version',
    description: 'schemaVersions of each universal kind must be 1.',
    explanation:
      'The universal kinds have one published payload schema, version 1; a host advertising another number claims a schema that does not exist, and clients emitting version 1 would be treated as drifted. Advertise 1 for each of the four.',
    examples: {
      invalid: ['{"schemaVersions": {"clarification.request": 2, "error": 0}}'],
      valid: ['{"schemaVersions": {"clarification.request": 1, "schema.request": 1, "schema.response": 1, "error": 1}}'],
    },
    sources: [rfc0021],
  }),
  schemaVersionsKey: rule({
    id: 'probe/schema-versions-key',
    description: 'schemaVersions names a kind that supportedEnvelopes does not advertise.',
    explanation:
      'schemaVersions gives the active schema version of each advertised kind; an entry for a kind the host does not list is either stale or a typo of a listed kind. Remove it, or add the kind to supportedEnvelopes.',
    examples: {
      invalid: ['{"supportedEnvelopes": ["vendor.acme.report"], "schemaVersions": {"vendor.acme.reprot": 1}}'],
      valid: ['{"supportedEnvelopes": ["vendor.acme.report"], "schemaVersions": {"vendor.acme.report": 1}}'],
    },
    sources: [v1Capabilities],
  }),
  schemaVersionMissing: rule({
    id: 'probe/schema-version-missing',
    description: 'An advertised kind has no schemaVersions entry.',
    explanation:
      'Without a version, a client cannot tell which payload schema to emit for the kind, and the host cannot tell drift from a current envelope. Add an entry for every kind in supportedEnvelopes.',
    examples: {
      invalid: ['{"supportedEnvelopes": ["vendor.acme.report"], "schemaVersions": {}}'],
      valid: ['{"supportedEnvelopes": ["vendor.acme.report"], "schemaVersions": {"vendor.acme.report": 1}}'],
    },
    sources: [v1Capabilities],
  }),
  duplicateKind: rule({
    id: 'probe/duplicate-kind',
    description: 'supportedEnvelopes lists a kind twice.',
    explanation:
      'supportedEnvelopes is a set of kinds; the schema does not forbid a repeat, but one usually means two parts of the host register the same kind, or a copy-paste slip. List each kind once.',
    examples: {invalid: ['{"supportedEnvelopes": ["error", "error"]}'], valid: ['{"supportedEnvelopes": ["error"]}']},
    sources: [v1Capabilities],
  }),
  kindName: rule({
    id: 'probe/kind-name',
    description: 'An advertised kind is neither a spec kind nor namespaced (vendor.<host>.<kind>, …), or is a deprecated legacy name.',
    explanation:
      "Domain kinds are namespaced so that two hosts' kinds never collide; only the universal kinds, media.* and ui.* go without a prefix, and prd.create, theme.create and tasks.create are tolerated legacy names. Rename the kind to vendor.<host>.<kind> (or another namespace the spec defines).",
    examples: {invalid: ['{"supportedEnvelopes": ["report.create"]}', '{"supportedEnvelopes": ["prd.create"]}'], valid: ['{"supportedEnvelopes": ["vendor.acme.report.create"]}']},
    sources: [aiEnvelopeV1, rfc0021],
  }),
  tierOneCompliance: rule({
    id: 'probe/tier-one-compliance-type',
    description: 'envelopes.tierOneSubsetCompliance must be the string "strict", "warn" or "off", never a boolean.',
    explanation:
      'The field is a three-way posture, not a flag; a boolean fails the schema and clients read it as "off", so the host\'s claim about its envelope schemas is lost. Write "strict", "warn" or "off".',
    examples: {invalid: ['{"envelopes": {"tierOneSubsetCompliance": true}}'], valid: ['{"envelopes": {"tierOneSubsetCompliance": "warn"}}']},
    sources: [v1Capabilities],
  }),
  truncationRetryMultiplier: rule({
    id: 'probe/truncation-retry-multiplier',
    description: 'truncationRetryMultiplier is a known drift; the advertised name is envelopes.reliability.completion.truncationBudgetMultiplier.',
    explanation:
      'Hosts in the wild advertise the multiplier under a name the schema does not define, so clients ignore it and assume the default of 2. Rename it to truncationBudgetMultiplier (a number from 1 to 8) inside envelopes.reliability.completion.',
    examples: {
      invalid: ['{"envelopes": {"reliability": {"supported": true, "truncationRetryMultiplier": 3}}}'],
      valid: ['{"envelopes": {"reliability": {"supported": true, "completion": {"distinguishesTruncation": true, "truncationBudgetMultiplier": 3}}}}'],
    },
    sources: [v1Capabilities],
  }),
  reliabilityEvents: rule({
    id: 'probe/reliability-events',
    description: 'envelopes.reliability.supported: true requires events to include envelope.retry.exhausted and envelope.refusal.',
    explanation:
      'Those two events are the minimum a reliability-capable host emits, and conformance and clients rely on them to see a retry budget run out or a provider refuse. Emit both and list them in events, or do not claim supported: true.',
    examples: {
      invalid: ['{"envelopes": {"reliability": {"supported": true, "events": ["envelope.retry.attempted"]}}}'],
      valid: ['{"envelopes": {"reliability": {"supported": true, "events": ["envelope.retry.exhausted", "envelope.refusal"]}}}'],
    },
    sources: [v1Capabilities],
  }),
  ssrfGuard: rule({
    id: 'probe/ssrf-guard',
    description: 'httpClient.supported: true requires ssrfGuard: true.',
    explanation:
      'A host that fetches URLs for workflows must refuse loopback, private, link-local and cloud-metadata addresses, or any workflow can reach its internal network. Implement the guard and advertise ssrfGuard: true.',
    examples: {
      invalid: ['{"httpClient": {"supported": true}}', '{"httpClient": {"supported": true, "ssrfGuard": false}}'],
      valid: ['{"httpClient": {"supported": true, "ssrfGuard": true, "maxResponseBodyBytes": 1048576}}'],
    },
    sources: [v1Capabilities],
  }),
  safeFetchAudit: rule({
    id: 'probe/safe-fetch-audit',
    description: 'safeFetch together with toolHooks.prePostEvents obliges the host to audit every fetch.',
    explanation:
      'An informational reminder: with both advertised, every safeFetch call must emit the pre/post tool-call audit events, which the advertisement alone cannot show. Test it by running a pack that fetches and checking the events.',
    examples: {
      invalid: ['{"httpClient": {"supported": true, "ssrfGuard": true, "safeFetch": {"supported": true}}, "toolHooks": {"supported": true, "prePostEvents": true}}'],
      valid: ['{"httpClient": {"supported": true, "ssrfGuard": true, "safeFetch": {"supported": true}}, "toolHooks": {"supported": true}}'],
    },
    sources: [v1Capabilities],
  }),
  aiProvidersBoolean: rule({
    id: 'probe/ai-providers-boolean',
    description: 'aiProviders.supported should be a list of provider ids, not a boolean.',
    explanation: 'The list tells clients which providers the host can route to and which byok can name; true says only that some provider exists. List the provider ids.',
    examples: {invalid: ['{"aiProviders": {"supported": true}}'], valid: ['{"aiProviders": {"supported": ["anthropic", "openai", "gemini"]}}']},
    sources: [v1Capabilities],
  }),
  byokSubset: rule({
    id: 'probe/byok-subset',
    description: 'aiProviders.byok must be a subset of aiProviders.supported.',
    explanation:
      'byok names the supported providers for which clients may bring their own key; a provider the host cannot route to at all cannot take a client key either. Add the provider to supported, or remove it from byok.',
    examples: {invalid: ['{"aiProviders": {"supported": ["openai"], "byok": ["anthropic"]}}'], valid: ['{"aiProviders": {"supported": ["openai", "anthropic"], "byok": ["anthropic"]}}']},
    sources: [v1Capabilities],
  }),
  capabilitiesWrapper: rule({
    id: 'probe/capabilities-wrapper',
    description: 'Families belong at the document root; the "capabilities" wrapper object is deprecated.',
    explanation: 'Clients read families from the root; the wrapper is an older layout the probe still reads, and v2 removes it altogether. Move each family out of "capabilities" to the root.',
    examples: {
      invalid: ['{"protocolVersion": "1.0", …, "capabilities": {"httpClient": {"supported": true, "ssrfGuard": true}}}'],
      valid: ['{"protocolVersion": "1.0", …, "httpClient": {"supported": true, "ssrfGuard": true}}'],
    },
    sources: [capabilitiesMd, v1Capabilities, rfc0169],
  }),
  wrapperOnlyFamily: rule({
    id: 'probe/wrapper-only-family',
    description: 'A family appears only inside the deprecated "capabilities" wrapper (read from there).',
    explanation: 'A client that reads only the root does not see this family at all, so the host is not credited with it. Move the family to the root.',
    examples: {invalid: ['{"capabilities": {"toolHooks": {"supported": true}}}'], valid: ['{"toolHooks": {"supported": true}}']},
    sources: [v1Capabilities, rfc0169],
  }),
  wrapperConflict: rule({
    id: 'probe/wrapper-conflict',
    description: 'A family inside the "capabilities" wrapper differs from the same family at the root (the root wins).',
    explanation: 'With two different copies, clients that read the wrapper and clients that read the root see different hosts. Keep the family only at the root.',
    examples: {invalid: ['{"limits": {"envelopesPerTurn": 5, …}, "capabilities": {"limits": {"envelopesPerTurn": 3, …}}}'], valid: ['{"limits": {"envelopesPerTurn": 5, …}}']},
    sources: [v1Capabilities, rfc0169],
  }),
  // version negotiation (openwop spec v2 versioning.md §1): the answer to the main request, then the extra requests
  // (--no-negotiation skips those)
  versionHeaderMissing: rule({
    id: 'probe/version-header-missing',
    description: 'A host that serves v2 must name the contract it used in an OpenWOP-Version response header.',
    explanation:
      'The same URL serves v1 and v2, so the response header is how a client knows which contract the body follows. Send OpenWOP-Version: <major>.<minor> on every protocol response, 304s included.',
    examples: {
      invalid: ['GET /.well-known/openwop (OpenWOP-Version: 2) → 200 without an OpenWOP-Version header'],
      valid: ['GET /.well-known/openwop (OpenWOP-Version: 2) → 200, OpenWOP-Version: 2.0'],
    },
    sources: [versioningMd, headersMd],
  }),
  versionHeaderUnlisted: rule({
    id: 'probe/version-header-unlisted',
    description: 'The OpenWOP-Version response header must be <major>.<minor> and name a version the document lists in protocolVersions.',
    explanation:
      'A client checks the answered contract against what the host says it serves; a header that is malformed or names an unlisted version contradicts the document. Answer with one of protocolVersions, written <major>.<minor>.',
    examples: {
      invalid: ['OpenWOP-Version: 2 with {"protocolVersions": ["1.11", "2.0"]}', 'OpenWOP-Version: 2.1 with {"protocolVersions": ["1.11", "2.0"]}'],
      valid: ['OpenWOP-Version: 2.0 with {"protocolVersions": ["1.11", "2.0"]}'],
    },
    sources: [versioningMd, headersMd],
  }),
  versionDowngrade: rule({
    id: 'probe/version-downgrade',
    description: 'The host answered another major than the one asked for although it lists it (a silent downgrade).',
    explanation:
      'A client that asked for a listed major and got another one would misread the body; the spec calls this a non-conformant silent downgrade. Serve the major the request asked for whenever protocolVersions lists it.',
    examples: {invalid: ['request OpenWOP-Version: 2 → 200, OpenWOP-Version: 1.11 (protocolVersions lists 2.0)'], valid: ['request OpenWOP-Version: 2 → 200, OpenWOP-Version: 2.0']},
    sources: [versioningMd],
  }),
  versionDocumentMismatch: rule({
    id: 'probe/version-document-mismatch',
    description: 'The document is of another major than the one the host says (or was asked for and lists): e.g. v2 asked, a v1 document served.',
    explanation:
      'The v1 and v2 documents have different shapes (v1: protocolVersion and a string array of kinds; v2: capability records), so a body of the wrong major fails every check the client makes. Serve the representation of the major the header names.',
    examples: {
      invalid: ['request OpenWOP-Version: 2 → OpenWOP-Version: 2.0 with {"protocolVersion": "1.11", "supportedEnvelopes": ["error", …]}'],
      valid: ['request OpenWOP-Version: 2 → OpenWOP-Version: 2.0 with {"protocolVersions": ["1.11", "2.0"], "preferredVersion": "1.11", …}'],
    },
    sources: [versioningMd, v2Capabilities],
  }),
  listedMajorRefused: rule({
    id: 'probe/listed-major-refused',
    description: 'The host refused (406) the major the probe asked for although its document lists that major.',
    explanation:
      '406 protocol_version_unsupported is for majors the host does not list; refusing a listed one tells clients the host serves a contract it will not serve. Serve every major in protocolVersions, or drop it from the list.',
    examples: {invalid: ['request OpenWOP-Version: 2 → 406 although protocolVersions lists 2.0'], valid: ['request OpenWOP-Version: 2 → 200, OpenWOP-Version: 2.0']},
    sources: [versioningMd],
  }),
  unlistedMajor: rule({
    id: 'probe/unlisted-major',
    description: 'A request for a major the host does not list must get 406 protocol_version_unsupported with a string message and details.protocolVersions.',
    explanation:
      'The 406 body tells a client which majors it can fall back to; a 200, another status or a body without the list leaves it to guess. Answer 406 with {"error": "protocol_version_unsupported", "message": "…", "details": {"protocolVersions": [...]}}.',
    examples: {
      invalid: ['request OpenWOP-Version: 9 → 200 with the v1 document', 'request OpenWOP-Version: 9 → 406 {"error": "protocol_version_unsupported", "message": "no"} (no details.protocolVersions)'],
      valid: ['request OpenWOP-Version: 9 → 406 {"error": "protocol_version_unsupported", "message": "major 9 is not served", "details": {"protocolVersions": ["1.11", "2.0"]}}'],
    },
    sources: [versioningMd, rfc0172, v2ErrorEnvelope],
  }),
  versionHeaderGrammar: rule({
    id: 'probe/version-header-grammar',
    description: 'OpenWOP-Version: <major>.0 must be served like <major> (only the major selects), answered with that major.',
    explanation:
      'Clients may send either form, and only the major picks the representation; a host that refuses 2.0 while accepting 2 breaks clients that send the long form. Parse the header by its major alone.',
    examples: {invalid: ['request OpenWOP-Version: 2.0 → 406 while OpenWOP-Version: 2 → 200'], valid: ['request OpenWOP-Version: 2.0 → 200, OpenWOP-Version: 2.0']},
    sources: [versioningMd],
  }),
  etag: rule({
    id: 'probe/etag',
    description: 'A v2 discovery document must carry an ETag (checked on the main answer, also with --no-negotiation).',
    explanation:
      'Clients revalidate the discovery document instead of fetching it whole each time, which needs a standard ETag (v2 drops the v1 Capabilities-Etag header). Send an ETag that changes when the document does.',
    examples: {invalid: ['200, OpenWOP-Version: 2.0, no ETag header', '200, OpenWOP-Version: 2.0, Capabilities-Etag: "abc"'], valid: ['200, OpenWOP-Version: 2.0, ETag: "d41d8cd9"']},
    sources: [capabilitiesMd, headersMd],
  }),
  notModified: rule({
    id: 'probe/not-modified',
    description: 'If-None-Match with the ETag must get 304, and the 304 must carry an OpenWOP-Version header of the major the document was served as.',
    explanation:
      "An ETag is only useful if the host honours it; and since a 304 has no body, its OpenWOP-Version header is the only sign of which representation the client's cached copy is. Answer a matching If-None-Match with 304 and the same OpenWOP-Version.",
    examples: {
      invalid: ['If-None-Match: "d41d8cd9" (the ETag just served) → 200 with the whole document', 'If-None-Match: "d41d8cd9" → 304 without OpenWOP-Version'],
      valid: ['If-None-Match: "d41d8cd9" → 304, OpenWOP-Version: 2.0'],
    },
    sources: [capabilitiesMd, headersMd],
  }),
  minClientVersion: rule({
    id: 'probe/min-client-version',
    description: 'A client below minClientVersion may be refused, and then only with 426 client_version_unsupported.',
    explanation:
      'A host may serve old clients or refuse them, but a refusal must have one recognisable shape so clients can tell the user to upgrade. Serve the request, or answer 426 with error client_version_unsupported.',
    examples: {
      invalid: ['minClientVersion "1.3", request OpenWOP-Client-Version: 1.2 → 400 {"error": "bad_request", …}'],
      valid: [
        'minClientVersion "1.3", request OpenWOP-Client-Version: 1.2 → 426 {"error": "client_version_unsupported", "message": "upgrade to 1.3"}',
        'minClientVersion "1.3", request OpenWOP-Client-Version: 1.2 → 200',
      ],
    },
    sources: [headersMd, versioningMd, rfc0172],
  }),
  clientVersionMalformed: rule({
    id: 'probe/client-version-malformed',
    description: 'A malformed OpenWOP-Client-Version counts as absent: it must not cause 400.',
    explanation:
      'The client version is advisory and never selects a contract, so a value the host cannot parse must be treated as if the header were missing. Ignore a malformed value and answer as for a request without the header.',
    examples: {invalid: ['OpenWOP-Client-Version: banana → 400'], valid: ['OpenWOP-Client-Version: banana → 200 (as without the header)']},
    sources: [headersMd],
  }),
  negotiationRequest: rule({
    id: 'probe/negotiation-request',
    description: 'An extra negotiation request could not be completed (timeout, unreachable, …): that check was not made.',
    explanation:
      'The negotiation checks send extra requests after the main one; when one fails in transport, the probe says so rather than pass or fail the check it could not make. Look at why the host stopped answering (rate limiting, a crash on the unusual header), or skip these checks with --no-negotiation.',
    examples: {invalid: ['request OpenWOP-Version: 9 → connection reset'], valid: ['request OpenWOP-Version: 9 → 406 {"error": "protocol_version_unsupported", …}']},
  }),
  // v2 documents (schemas/v2/capabilities.schema.json): the schema, and the rules it cannot check
  tooManyItems: rule({
    id: 'probe/too-many-items',
    description: "The document's arrays hold more than 5,000 items in all: too many to validate in bounded time, so the document is not checked.",
    explanation:
      'A discovery document lists versions, kinds and facets, rarely more than a few hundred items; this many usually means data that does not belong there, and validating it could take unbounded time. Move bulk data to its own endpoint and advertise only its URL.',
    examples: {
      invalid: ['{"supportedEnvelopes": {"status": "stable", …, "kinds": [ …6,000 kinds… ]}}'],
      valid: ['{"supportedEnvelopes": {"status": "stable", "since": "2.0", "witness": "witnessable-gated", "kinds": ["error", …]}}'],
    },
  }),
  v2Schema: rule({
    id: 'probe/v2-schema',
    messages: V2_AJV_MESSAGES,
    description: 'The document does not match the v2 capabilities schema.',
    explanation:
      'The v2 root is closed and every family is a capability record with status, since and witness; a document that fails the schema is refused by strict clients and conformance. The message names the keyword and the JSON pointer: make that part match the schema.',
    examples: {
      invalid: ['{"protocolVersions": ["2.0"], "preferredVersion": "2.0", "idempotency": {"status": "stable"}}'],
      valid: ['{"protocolVersions": ["2.0"], "preferredVersion": "2.0", "idempotency": {"status": "stable", "since": "2.0", "witness": "witnessable-gated"}}'],
    },
    sources: [v2Capabilities],
  }),
  v2UnknownKey: rule({
    id: 'probe/v2-unknown-key',
    messages: {
      ...V2_AJV_MESSAGES,
      additionalPropertiesNewer: `${AJV_MESSAGES.additionalProperties}: not in the bundled schema (${V2_CAPABILITIES_SNAPSHOT.path}, ${V2_CAPABILITIES_SNAPSHOT.label}); most likely from a later RFC`,
    },
    description:
      'A key the bundled v2 schema snapshot does not know, in an otherwise valid document: most likely from an RFC newer than the snapshot. A key close to a known one (a typo) is an error with a suggestion.',
    explanation:
      'The v2 root and families are closed, but the spec grows faster than any copy of its schema, so an unknown key is only a warning: check it against the current schema. A near-miss of a known key is a typo that clients will not read: rename it as suggested.',
    examples: {
      invalid: ['{"protocolVersions": ["2.0"], "preferredVersion": "2.0", "idempotncy": {…}}', '{"protocolVersions": ["2.0"], "preferredVersion": "2.0", "hostEvents": {…}}'],
      valid: ['{"protocolVersions": ["2.0"], "preferredVersion": "2.0", "idempotency": {"status": "stable", "since": "2.0", "witness": "witnessable-gated"}}'],
    },
    sources: [v2Capabilities],
  }),
  preferredVersionListed: rule({
    id: 'probe/preferred-version-listed',
    description: 'preferredVersion must be one of protocolVersions.',
    explanation:
      'A header-less request is served as the major of preferredVersion, so a preferred version the host does not list sends clients to a contract it does not serve. The schema cannot check this: pick preferredVersion from protocolVersions.',
    examples: {invalid: ['{"protocolVersions": ["1.11", "2.0"], "preferredVersion": "1.10"}'], valid: ['{"protocolVersions": ["1.11", "2.0"], "preferredVersion": "1.11"}']},
    sources: [versioningMd, rfc0179],
  }),
  preferredVersionOverlap: rule({
    id: 'probe/preferred-version-overlap',
    description: 'While protocolVersions lists any 1.x, preferredVersion must be that 1.x.',
    explanation:
      'During the v1/v2 overlap a client that sends no version header is a v1 client and must get the v1 document. Keep preferredVersion at the listed 1.x until v1 is dropped, then switch it to 2.x in the same change.',
    examples: {
      invalid: ['{"protocolVersions": ["1.11", "2.0"], "preferredVersion": "2.0"}'],
      valid: ['{"protocolVersions": ["1.11", "2.0"], "preferredVersion": "1.11"}', '{"protocolVersions": ["2.0"], "preferredVersion": "2.0"}'],
    },
    sources: [versioningMd, rfc0172],
  }),
  sinceListed: rule({
    id: 'probe/since-listed',
    description: "A capability record's since must name a minor the host lists in protocolVersions.",
    explanation: 'since says from which contract version the family is offered; a version the host does not serve makes the claim unverifiable. Set since to one of protocolVersions.',
    examples: {
      invalid: ['{"protocolVersions": ["1.11", "2.0"], "idempotency": {"status": "stable", "since": "2.3", "witness": "witnessable-gated"}}'],
      valid: ['{"protocolVersions": ["1.11", "2.0"], "idempotency": {"status": "stable", "since": "2.0", "witness": "witnessable-gated"}}'],
    },
    sources: [v2Capabilities],
  }),
  untilMalformed: rule({
    id: 'probe/until-malformed',
    description: "A capability record's until written as YYYY-MM-DD must be a real calendar date.",
    explanation: 'The schema checks only the pattern, so 2026-02-30 passes it, yet no client can tell when such a claim ends. Write a date the calendar has, or a <major>.<minor> version.',
    examples: {
      invalid: ['{"idempotency": {"status": "experimental", "since": "2.0", "until": "2027-02-30", "witness": "witnessable-gated"}}'],
      valid: ['{"idempotency": {"status": "experimental", "since": "2.0", "until": "2027-02-28", "witness": "witnessable-gated"}}'],
    },
    sources: [v2Capabilities],
  }),
  untilPast: rule({
    id: 'probe/until-past',
    description: "A capability record's until must not be in the past (a date before today, or a version the host already serves).",
    explanation:
      'until is when an experimental or deprecated claim ends; one already past is non-conformant (until_in_past), and clients cannot tell whether the family still works. Renew the claim with a later until, promote it to stable, or remove the record.',
    examples: {
      invalid: ['{"idempotency": {"status": "experimental", "since": "2.0", "until": "2025-01-01", "witness": "witnessable-gated"}}'],
      valid: ['{"idempotency": {"status": "experimental", "since": "2.0", "until": "2099-01-01", "witness": "witnessable-gated"}}'],
    },
    sources: [capabilitiesMd, rfc0169],
  }),
  extensionOrgReserved: rule({
    id: 'probe/extension-org-reserved',
    description: 'Extension orgs openwop, vendor, effect-seams and events are reserved.',
    explanation:
      'Extensions are keyed <org>.<name> so that hosts never collide; the reserved orgs belong to the spec, and the key pattern does not stop a host from using them. Use your own registered org.',
    examples: {invalid: ['{"extensions": {"vendor.billing": {"plan": "pro"}}}'], valid: ['{"extensions": {"acme.billing": {"plan": "pro"}}}']},
    sources: [capabilitiesMd, v2Capabilities, declaration],
  }),
  extensionOrgUnregistered: rule({
    id: 'probe/extension-org-unregistered',
    description: "An extension org that the v2 declaration's registry (as bundled) does not list.",
    explanation:
      "Extension orgs are registered in the spec's declaration so that two hosts cannot claim the same one. The registry grows faster than the copy bundled here (even the reference host uses an org it does not list), so this is only information: register the org upstream if it is not.",
    examples: {invalid: ['{"extensions": {"acme.billing": {"plan": "pro"}}}'], valid: ['{"extensions": {"openwop-app.kanban": {}}}']},
    sources: [declaration, versioningMd],
  }),
  v1Remnant: rule({
    id: 'probe/v1-remnant',
    description:
      'A v1 construct in a v2 document or answer (the capabilities wrapper, supported booleans, root profiles[], host.* mirrors, Capabilities-Etag, …); the message names the v2 replacement.',
    explanation:
      'v2 removed these constructs: presence of a record is the claim, profiles are derived by clients, and families live at the root. Strict clients refuse a v2 document carrying them; replace each with the v2 form the message names.',
    examples: {
      invalid: [
        '{"protocolVersions": ["2.0"], "preferredVersion": "2.0", "idempotency": {"supported": true}}',
        '{"protocolVersions": ["2.0"], "preferredVersion": "2.0", "profiles": ["openwop-core"]}',
      ],
      valid: ['{"protocolVersions": ["2.0"], "preferredVersion": "2.0", "idempotency": {"status": "stable", "since": "2.0", "witness": "witnessable-gated"}}'],
    },
    sources: [capabilitiesMd, rfc0169, v2Capabilities, headersMd],
  }),
  // --bundle
  bundleUrl: rule({
    id: 'probe/bundle-url',
    description: 'With --bundle: the document names no usable conformance.certificationBundleUrl, or it is on another origin (see --follow-cross-origin).',
    explanation:
      'The certification bundle is found through conformance.certificationBundleUrl; without a usable URL there is nothing to verify, and one on another origin is fetched only when --follow-cross-origin says so. Publish the bundle and name its URL there.',
    examples: {
      invalid: ['{"conformance": {}}', '{"conformance": {"certificationBundleUrl": "not a url"}}'],
      valid: ['{"conformance": {"certificationBundleUrl": "https://host.example/conformance/bundle.json"}}'],
    },
    sources: [v2Capabilities],
  }),
  // --lint-schemas
  schemaNotServed: rule({
    id: 'probe/schema-not-served',
    description: "An advertised kind's payload schema could not be fetched from the host.",
    explanation:
      "Clients need a kind's payload schema to emit valid envelopes of it; an advertised kind without a fetchable schema cannot be used or linted. Serve it at a URL the document names or at schemas/envelopes/<kind>.schema.json under the host.",
    examples: {invalid: ['GET /schemas/envelopes/vendor.acme.report.schema.json → 404'], valid: ['GET /schemas/envelopes/vendor.acme.report.schema.json → 200 {"type": "object", …}']},
    sources: [aiEnvelopeV1],
  }),
  schemaSkipped: rule({
    id: 'probe/schema-skipped',
    description: 'A schema URL named by the document is on another origin and was not fetched (see --follow-cross-origin).',
    explanation: "The probe stays on the host's origin unless told otherwise, so a schema served elsewhere goes unchecked. Pass --follow-cross-origin to fetch it, or serve the schema from the host.",
    examples: {
      invalid: ['document on https://host.example names https://cdn.example/vendor.acme.report.schema.json'],
      valid: ['document on https://host.example names https://host.example/schemas/envelopes/vendor.acme.report.schema.json'],
    },
  }),
  schemasCapped: rule({
    id: 'probe/schemas-capped',
    description: "The host advertises more kinds than --max-schemas: only the first ones' schemas were fetched and linted.",
    explanation: 'The cap keeps a probe of a host with many kinds bounded; the kinds past it were not checked. Raise --max-schemas to lint them all.',
    examples: {invalid: ['40 advertised kinds with --max-schemas 25'], valid: ['40 advertised kinds with --max-schemas 50']},
  }),
  schemasDeadline: rule({
    id: 'probe/schemas-deadline',
    description: "The --deadline for fetching schemas passed before every advertised kind's schema was fetched.",
    explanation:
      'The deadline bounds the whole schema-fetching step so a slow host cannot stall the probe; the kinds not reached were not checked. Raise --deadline, or make the schemas quicker to serve.',
    examples: {invalid: ['--deadline 5000 with schemas that take 2 s each'], valid: ['--deadline 30000 with every schema fetched in time']},
  }),
  // --compare
  compareKindAdded: rule({
    id: 'probe/compare-kind-added',
    description: 'The host advertises a kind the saved document did not.',
    explanation:
      'With --compare the probe reports how the advertisement moved since the saved copy; a new kind is harmless to existing clients but worth knowing about. Save the new document as the baseline once the change is expected.',
    examples: {invalid: ['saved {"supportedEnvelopes": ["error"]}, now {"supportedEnvelopes": ["error", "vendor.acme.report"]}'], valid: ['saved and current supportedEnvelopes equal']},
  }),
  compareKindRemoved: rule({
    id: 'probe/compare-kind-removed',
    description: 'The host no longer advertises a kind the saved document did.',
    explanation:
      'Clients built against the saved advertisement may still emit the kind and now get unknown_envelope_kind. Restore the kind, or tell its users before dropping it and update the baseline.',
    examples: {invalid: ['saved {"supportedEnvelopes": ["error", "vendor.acme.report"]}, now {"supportedEnvelopes": ["error"]}'], valid: ['saved and current supportedEnvelopes equal']},
  }),
  compareSchemaVersion: rule({
    id: 'probe/compare-schema-version',
    description: "A kind's schemaVersions entry changed.",
    explanation:
      'A new schema version changes what clients must emit for the kind; clients on the old version may be refused or see drift warnings. Check that clients follow, then update the baseline.',
    examples: {invalid: ['saved {"schemaVersions": {"vendor.acme.report": 1}}, now {"schemaVersions": {"vendor.acme.report": 2}}'], valid: ['saved and current schemaVersions equal']},
  }),
  compareLimit: rule({
    id: 'probe/compare-limit',
    description: 'A limit changed (lowered limits are warnings: clients may rely on them).',
    explanation:
      'Clients size their turns by the advertised limits, so a lowered limit can make envelopes they emit today breach it. Check that clients cope with the new value, then update the baseline.',
    examples: {invalid: ['saved {"limits": {"envelopesPerTurn": 5, …}}, now {"limits": {"envelopesPerTurn": 3, …}}'], valid: ['saved and current limits equal']},
  }),
  compareFamily: rule({
    id: 'probe/compare-family',
    description: 'A capabilities family was added, removed or changed.',
    explanation: 'A family that changed may turn a feature clients use on or off. Review the change, then update the baseline.',
    examples: {invalid: ['saved {"httpClient": {"supported": true, "ssrfGuard": true}}, now without httpClient'], valid: ['saved and current families equal']},
  }),
} as const satisfies Record<string, Rule>;

export type ProbeRuleKey = keyof typeof PROBE_RULES;

import {defineRule, type Rule, type RuleSource, type RuleSpec} from '../../core/rule.js';
import {LABELED_AJV_MESSAGES} from '../../schemas/ajv-findings.js';
import {VERIFIED} from '../../core/rule-sources.js';

const rule = (spec: RuleSpec): Rule => defineRule({commands: ['validate envelope'], ...spec});

const OPENWOP = 'https://github.com/openwop/openwop/blob';
const SDKS = 'https://github.com/openwop/openwop-sdks/blob/257db0f355a327ea7f4338d7b3a70336d4d46991/schemas';

/** The upstream files the envelope rules rest on, at the commits the facts were read from. */
const SOURCES = {
  rfc0021: {
    url: `${OPENWOP}/4aa80535f87740b1b191c38df6712b9f8bcb6064/RFCS/0021-ai-envelope-primitive.md`,
    title: 'OpenWOP RFC 0021: AI envelope, accept pipeline, kind naming, trust and redaction',
    verified: VERIFIED,
  },
  rfc0030: {
    url: `${OPENWOP}/a280371c3afeb9f29a3110044abcdddd6f06f58a/RFCS/0030-envelope-reasoning-and-tier-one-subset.md`,
    title: 'OpenWOP RFC 0030: the reasoning field and the Tier-1 subset',
    verified: VERIFIED,
  },
  rfc0033: {
    url: `${OPENWOP}/9da6281e9ccaf193d0d3be6b062b70f9bddea22e/RFCS/0033-envelope-completion-contract.md`,
    title: 'OpenWOP RFC 0033: envelope completion, retry routing and lenient-parse recovery',
    verified: VERIFIED,
  },
  rfc0055: {
    url: `${OPENWOP}/4aa80535f87740b1b191c38df6712b9f8bcb6064/RFCS/0055-multimodal-envelope-variants-and-rendering-hints.md`,
    title: 'OpenWOP RFC 0055: multimodal envelope kinds and rendering hints',
    verified: VERIFIED,
  },
  aiEnvelope: {url: `${SDKS}/ai-envelope.schema.json`, title: 'OpenWOP v1 AIEnvelope schema (top-level shape, meta, partial)', verified: VERIFIED},
  universalKinds: {
    url: `${SDKS}/envelopes/clarification.request.schema.json`,
    title: 'OpenWOP universal kind payload schemas (clarification.request and its siblings under schemas/envelopes/)',
    verified: VERIFIED,
  },
  capabilities: {
    url: `${OPENWOP}/016bd59c5391484cdaf345f6fa2722df506911d6/schemas/capabilities.schema.json`,
    title: 'OpenWOP v1 capabilities schema (supportedEnvelopes, schemaVersions, limits, envelopeStrictness, aiProviders)',
    verified: VERIFIED,
  },
  runEvents: {url: `${OPENWOP}/05d3d27587c3655132661d4f1914044af3106ff4/schemas/run-event-payloads.schema.json`, title: 'OpenWOP run-event payload schemas (cap.breached)', verified: VERIFIED},
} satisfies Record<string, RuleSource>;

const {rfc0021, rfc0030, rfc0033, rfc0055, aiEnvelope, universalKinds, capabilities, runEvents} = SOURCES;

/**
 * Accept-pipeline rules carry the upstream error code a host would answer as `code` (and accept it as an alias), so a
 * finding maps straight back to it; limit breaches share the `cap.breached` event's code. Every id is `envelope/<name>`;
 * the earlier ids (the bare codes, `envelope-<name>`, `cap.breached/<kind>`) stay accepted as aliases.
 */
export const ENVELOPE_RULES = {
  codeFence: rule({
    id: 'envelope/code-fence',
    explanation:
      "A host parses the model's output as strict JSON, so a fenced envelope fails the parse; a host with lenient recovery strips the fence and reports envelope.recovery.applied, any other spends a schema-violation retry on it. Emit the bare JSON object, without the ```json fence around it.",
    examples: {invalid: ['```json\n{"type": "error", "payload": {"code": "x", "message": "y"}, …}\n```'], valid: ['{"type": "error", "payload": {"code": "x", "message": "y"}, …}']},
    sources: [rfc0033, rfc0021],
    aliases: ['envelope-code-fence'],
    description: "The JSON is wrapped in a Markdown code fence (```json … ```), which a host's strict JSON parse refuses; the fenced JSON is still validated.",
  }),
  shape: rule({
    id: 'envelope/shape',
    explanation:
      'The top-level shape is the first step of the accept pipeline: a host refuses an envelope that fails it with invalid_envelope_shape before looking at its kind or payload. Give type, envelopeId, correlationId, payload and meta (with source and an RFC 3339 ts), and no other top-level keys.',
    examples: {
      invalid: ['{"type": "error", "envelopeId": "env-1", "correlationId": "run-1:node-1:0:k1", "payload": {…}} (no meta)', '{…, "meta": {"source": "ai-generation", "ts": "tomorrow"}}'],
      valid: [
        '{"type": "error", "envelopeId": "env-1", "correlationId": "run-1:node-1:0:k1", "payload": {"code": "x", "message": "y"}, "meta": {"source": "ai-generation", "ts": "2026-01-01T00:00:00Z"}}',
      ],
    },
    sources: [aiEnvelope, rfc0021],
    code: 'invalid_envelope_shape',
    description: 'The envelope does not match the AIEnvelope top-level schema (RFC 0021).',
    messages: LABELED_AJV_MESSAGES,
  }),
  unknownKind: rule({
    id: 'envelope/unknown-kind',
    explanation:
      "A host accepts only the kinds it lists in supportedEnvelopes (the four universal kinds always), and refuses any other with unknown_envelope_kind; a kind openwop does not know either cannot have its payload checked. Use a kind the host advertises, or give the host's capabilities (--capabilities) and the kind's payload schema (--schemas).",
    examples: {
      invalid: ['{"type": "vendor.acme.report", …} to a host whose supportedEnvelopes lacks it', '{"type": "schema.request", "payload": {"envelopeType": "vendor.acme.nope"}, …}'],
      valid: ['{"type": "clarification.request", …}', '{"type": "vendor.acme.report", …} to a host that advertises vendor.acme.report'],
    },
    sources: [rfc0021, capabilities],
    code: 'unknown_envelope_kind',
    description: 'The envelope `type` (or a schema.request/response `envelopeType`) is not a kind the host advertises or openwop knows.',
    messages: {
      notAdvertised: 'unknown envelope kind "{{kind}}"{{suggestion}}: the host ({{host}}) {{why}}',
      unknown: 'unknown envelope kind "{{kind}}"{{suggestion}}: its payload was not checked (give its schema with --schemas DIR, or the host\'s kinds with --capabilities)',
      namesUnadvertised: '{{type}} names "{{kind}}", which the host ({{host}}) does not advertise',
    },
  }),
  payload: rule({
    id: 'envelope/payload-invalid',
    explanation:
      "After the shape and kind checks a host validates the payload against its kind's schema and refuses a failure with envelope_invalid; from a model that is a schema-violation retry with a corrective fragment. Make the payload match the kind's schema (required fields, types, no extra keys on closed payloads).",
    examples: {
      invalid: ['{"type": "clarification.request", "payload": {}, …} (no questions)', '{"type": "clarification.request", "payload": {"reasoning": 42, "questions": […]}, …}'],
      valid: ['{"type": "clarification.request", "payload": {"questions": [{"id": "q1", "question": "Which region?"}]}, …}'],
    },
    sources: [universalKinds, rfc0021, rfc0030, rfc0033],
    code: 'envelope_invalid',
    description: "The payload fails its kind's schema.",
    messages: LABELED_AJV_MESSAGES,
  }),
  correlationConflict: rule({
    id: 'envelope/correlation-conflict',
    explanation:
      'A host deduplicates by correlationId, so a second envelope with the same correlationId but another type cannot be a replay and is refused with envelope_correlation_conflict. Give each logical emission its own correlationId.',
    examples: {
      invalid: ['{"type": "error", "correlationId": "run-1:node-1:0:k1", …} then {"type": "clarification.request", "correlationId": "run-1:node-1:0:k1", …}'],
      valid: ['{"type": "error", "correlationId": "run-1:node-1:0:k1", …} then {"type": "clarification.request", "correlationId": "run-1:node-1:1:k2", …}'],
    },
    sources: [rfc0021],
    code: 'envelope_correlation_conflict',
    description: 'Two envelopes share a correlationId but differ in type.',
  }),
  schemaVersion: rule({
    id: 'envelope/unknown-schema-version',
    explanation:
      'A host cannot validate a payload against a schema version newer than the one it advertises in schemaVersions, so it refuses it with unknown_schema_version; a host with envelopeStrictness strict refuses an older version too. Emit the version the host advertises for the kind (absent means 0).',
    examples: {
      invalid: ['{"type": "error", "schemaVersion": 2, …} to a host advertising schemaVersions {"error": 1}'],
      valid: ['{"type": "error", "schemaVersion": 1, …} to a host advertising schemaVersions {"error": 1}'],
    },
    sources: [rfc0021, capabilities],
    code: 'unknown_schema_version',
    description: 'schemaVersion is higher than the host advertises for the kind (or lower, under envelopeStrictness strict).',
    messages: {
      higher: 'schemaVersion {{emitted}} of "{{kind}}" is higher than the {{advertised}} the host advertises; a host refuses it whatever its strictness',
      lowerStrict: 'schemaVersion {{emitted}} of "{{kind}}" is lower than the {{advertised}} the host advertises; under envelopeStrictness strict{{flag}} it is refused',
    },
  }),
  schemaVersionDrift: rule({
    id: 'envelope/schema-version-drift',
    explanation:
      'A host with envelopeStrictness warn accepts an older schemaVersion but validates it against its own, newer schema and emits a envelope_schema_version_drift warning, so fields the old version allowed may now fail. Emit the version the host advertises.',
    examples: {invalid: ['{"type": "error", "schemaVersion": 0, …} to a warn host advertising schemaVersions {"error": 1}'], valid: ['{"type": "error", "schemaVersion": 1, …} to the same host']},
    sources: [rfc0021, capabilities],
    code: 'envelope_schema_version_drift',
    description: 'schemaVersion is lower than the host advertises; a warn-strictness host validates against its own version.',
    messages: {lower: 'schemaVersion {{emitted}} of "{{kind}}" is lower than the {{advertised}} the host advertises; a warn host validates it against version {{advertised}}'},
  }),
  envelopesPerTurn: rule({
    id: 'envelope/cap-envelopes-per-turn',
    explanation:
      'Limits are a step of the accept pipeline: past limits.envelopesPerTurn a host stops accepting and emits a cap.breached event of kind envelopes. Emit fewer envelopes in one turn (a turn is the third part of the correlationId), or merge them.',
    examples: {
      invalid: ['three envelopes with correlationIds run-1:node-1:0:… to a host with limits.envelopesPerTurn 2'],
      valid: ['two envelopes in turn 0 and the third in turn 1 (run-1:node-1:1:…)'],
    },
    sources: [rfc0021, capabilities, runEvents],
    code: 'cap.breached',
    aliases: ['cap.breached/envelopes'],
    description: "More envelopes in one turn than the host's limits.envelopesPerTurn.",
  }),
  clarificationRounds: rule({
    id: 'envelope/cap-clarification-rounds',
    explanation:
      'limits.clarificationRounds bounds how often one node may ask the user back; past it a host emits cap.breached of kind clarification instead of asking again. Ask all questions in one clarification.request (questions is an array), or decide without asking.',
    examples: {
      invalid: ['two clarification.request envelopes for node-1 to a host with limits.clarificationRounds 1'],
      valid: ['one clarification.request for node-1 whose questions array holds both questions'],
    },
    sources: [rfc0021, capabilities, runEvents],
    code: 'cap.breached',
    aliases: ['cap.breached/clarification'],
    description: "More clarification.request envelopes for one node than the host's limits.clarificationRounds.",
  }),
  schemaRounds: rule({
    id: 'envelope/cap-schema-rounds',
    explanation:
      "limits.schemaRounds bounds how many times one node may ask for the schema of one kind; past it a host emits cap.breached of kind schema. Ask for a kind's schema once and keep the schema.response.",
    examples: {invalid: ['two schema.request envelopes for vendor.acme.report from node-1 to a host with limits.schemaRounds 1'], valid: ['one schema.request for vendor.acme.report from node-1']},
    sources: [rfc0021, capabilities, runEvents],
    code: 'cap.breached',
    aliases: ['cap.breached/schema'],
    description: "More schema.request rounds for one kind and node than the host's limits.schemaRounds.",
  }),
  correlationFormat: rule({
    id: 'envelope/correlation-format',
    explanation:
      'The per-turn and per-node limits read the run, node and turn out of the correlationId (runId:nodeId:turnIndex:kindHash by convention); an id in another form cannot be counted against them. Build correlationIds in that four-part form.',
    examples: {invalid: ['"correlationId": "abc123"', '"correlationId": "run-1:node-1:first:k1" (turn not a number)'], valid: ['"correlationId": "run-1:node-1:0:k1"']},
    sources: [rfc0021, aiEnvelope],
    aliases: ['envelope-correlation-format'],
    description: 'A correlationId outside the runId:nodeId:turnIndex:kindHash convention: per-turn and per-node limits cannot place it.',
  }),
  replay: rule({
    id: 'envelope/correlation-replay',
    explanation:
      "A host treats a repeated correlationId and type as a replay: it returns the cached outcome of the first envelope and emits no new events, so the second envelope's content is ignored. Give a genuinely new emission a new correlationId.",
    examples: {
      invalid: ['{"type": "error", "correlationId": "run-1:node-1:0:k1", …} twice in one input'],
      valid: ['{"type": "error", "correlationId": "run-1:node-1:0:k1", …} then {"type": "error", "correlationId": "run-1:node-1:1:k1", …}'],
    },
    sources: [rfc0021],
    aliases: ['envelope-correlation-replay'],
    description: 'An envelope repeats the correlationId and type of an earlier one: a host replays the cached outcome.',
  }),
  duplicateId: rule({
    id: 'envelope/duplicate-id',
    explanation: 'envelopeId identifies one envelope everywhere (events, traces, audit), so two envelopes with the same id cannot be told apart. Give each envelope a fresh id (a UUID, for instance).',
    examples: {invalid: ['{"envelopeId": "env-1", …} and {"envelopeId": "env-1", …} in one stream'], valid: ['{"envelopeId": "env-1", …} and {"envelopeId": "env-2", …}']},
    sources: [rfc0021, aiEnvelope],
    aliases: ['envelope-duplicate-id'],
    description: 'Two envelopes share an envelopeId, which must be globally unique.',
  }),
  kindNaming: rule({
    id: 'envelope/kind-naming',
    explanation:
      "Only the universal kinds, media.* and ui.* may go un-namespaced; a bare domain kind can collide with another host's kind or a future universal one. Name it vendor.<host>.<kind> (or under openwop., core., community., private.<host>. or local.).",
    examples: {invalid: ['{"type": "report.create", …}'], valid: ['{"type": "vendor.acme.report.create", …}', '{"type": "clarification.request", …}']},
    sources: [rfc0021],
    aliases: ['envelope-kind-naming'],
    description: 'A non-universal kind is not namespaced (vendor.<host>.<kind> and the other canonical prefixes).',
    messages: {unnamespaced: 'kind "{{kind}}" is not namespaced: name a domain kind vendor.<host>.<kind> (or openwop.*, core.*, community.*, private.<host>.*, local.*, ui.*, media.*)'},
  }),
  legacyKind: rule({
    id: 'envelope/legacy-kind',
    explanation: 'prd.create, theme.create and tasks.create predate kind namespacing; v1.x hosts still accept them but they are deprecated and will go. Rename them vendor.<host>.<kind>.',
    examples: {invalid: ['{"type": "prd.create", …}'], valid: ['{"type": "vendor.myhost.prd.create", …}']},
    sources: [rfc0021],
    aliases: ['envelope-legacy-kind'],
    description: 'A legacy un-namespaced kind (prd.create, theme.create, tasks.create), tolerated in v1.x and deprecated.',
    messages: {legacy: '"{{kind}}" is a legacy un-namespaced kind, tolerated in v1.x and deprecated: use vendor.<host>.{{kind}}'},
  }),
  kindSchemaMissing: rule({
    id: 'envelope/kind-schema-missing',
    explanation:
      "The host accepts the kind, but without its payload schema openwop cannot tell whether the host will accept the payload, so a payload error would only show up at run time. Give the kind's schema as <kind>.schema.json in a --schemas directory.",
    examples: {invalid: ['{"type": "vendor.acme.report", …} with --capabilities listing it and no --schemas'], valid: ['the same envelope with --schemas DIR holding vendor.acme.report.schema.json']},
    sources: [rfc0021, capabilities],
    aliases: ['envelope-kind-schema-missing'],
    description: 'The host advertises the kind but no payload schema for it was given, so the payload was not checked.',
    messages: {noSchema: 'no payload schema for "{{kind}}": its payload was not checked (give it with --schemas DIR)'},
  }),
  mediaInline: rule({
    id: 'envelope/media-inline-too-large',
    explanation:
      'A host bounds inline base64 media by aiProviders.maxInlineMediaBytes (262144 bytes unless it says otherwise), since large base64 bloats every event and log that carries the envelope. Store the asset and pass its url instead of base64.',
    examples: {
      invalid: ['{"type": "media.image", "payload": {"bytes": 400000, "base64": "iVBORw0…" (400 kB)}, …}'],
      valid: ['{"type": "media.image", "payload": {"bytes": 400000, "url": "https://host.example/a/1", "mimeType": "image/png"}, …}'],
    },
    sources: [rfc0055, capabilities],
    aliases: ['envelope-media-inline-too-large'],
    description: "Inline base64 media is larger than the host's aiProviders.maxInlineMediaBytes (default 262144).",
    messages: {tooLarge: 'inline base64 media of {{bytes}} bytes is over the {{limit}}-byte limit (aiProviders.maxInlineMediaBytes); pass it by url instead'},
  }),
  partialOrder: rule({
    id: 'envelope/partial-order',
    explanation:
      'A partial emission is reassembled by partial.index, starting at 0, so a missing or out-of-order chunk leaves a hole in the reassembled payload. Send the chunks of one correlationId in index order 0, 1, 2, ….',
    examples: {
      invalid: ['chunks with "partial": {"index": 1, …} then {"index": 0, …}'],
      valid: ['chunks with "partial": {"isPartial": true, "index": 0, "total": 2} then {"isPartial": false, "index": 1, "total": 2}'],
    },
    sources: [aiEnvelope, rfc0021],
    aliases: ['envelope-partial-order'],
    description: 'Chunks of a partial emission arrive out of index order.',
    messages: {
      firstIndex: 'partial emission "{{correlationId}}": the first chunk seen has index {{index}}; chunks start at 0',
      outOfOrder: 'partial emission "{{correlationId}}": chunk index {{index}} follows index {{previous}}; expected {{expected}}',
    },
  }),
  partialTotal: rule({
    id: 'envelope/partial-total',
    explanation:
      'partial.total tells the reader how many chunks to wait for (−1 when unknown); chunks that disagree on it, or an index past it, leave the reader unable to know when the emission is complete. Give every chunk the same total, and no index at or past it.',
    examples: {
      invalid: ['{"partial": {"isPartial": true, "index": 0, "total": 2}} then {"partial": {"isPartial": false, "index": 1, "total": 3}}'],
      valid: ['{"partial": {"isPartial": true, "index": 0, "total": 2}} then {"partial": {"isPartial": false, "index": 1, "total": 2}}'],
    },
    sources: [aiEnvelope, rfc0021],
    aliases: ['envelope-partial-total'],
    description: 'Chunks of a partial emission disagree on `total`, or an index is past it.',
    messages: {
      totalChanged: 'partial emission "{{correlationId}}": total {{total}} differs from the total {{earlier}} earlier chunks gave',
      pastTotal: 'partial emission "{{correlationId}}": index {{index}} is past the last chunk of a total of {{total}}',
    },
  }),
  partialFinal: rule({
    id: 'envelope/partial-final',
    explanation:
      'isPartial false marks the chunk that completes the emission, so a reader that sees it early stops reading, and one that never sees it waits forever. Set isPartial true on every chunk but the last and false on the last.',
    examples: {
      invalid: ['{"partial": {"isPartial": true, "index": 1, "total": 2}} as the last chunk', '{"partial": {"isPartial": false, "index": 0, "total": 2}} as the first of two'],
      valid: ['{"partial": {"isPartial": true, "index": 0, "total": 2}} then {"partial": {"isPartial": false, "index": 1, "total": 2}}'],
    },
    sources: [aiEnvelope, rfc0021],
    aliases: ['envelope-partial-final'],
    description: 'isPartial must be true on every chunk but the last and false on the last one.',
    messages: {
      lastStillPartial: 'partial emission "{{correlationId}}": chunk {{index}} is the last of {{total}} but has isPartial true',
      endedEarly: 'partial emission "{{correlationId}}": chunk {{index}} has isPartial false, ending the emission, but total says {{total}} chunks',
      interrupted: 'partial emission "{{correlationId}}" stopped after chunk {{index}} without a final chunk (isPartial false) before this whole envelope',
      unfinished: 'the input ends inside partial emission "{{correlationId}}": its last chunk (index {{index}}) has isPartial true (truncated?)',
    },
  }),
  mediaMimeMismatch: rule({
    id: 'envelope/media-mime-mismatch',
    severity: 'warning',
    description: "A media.* payload's mimeType names a different media type than the envelope's meta.rendering.mimeType.",
    explanation:
      "The media.image, media.audio and media.file payload schemas say the payload's mimeType SHOULD match meta.rendering.mimeType, the rendering hint a client reads to choose how to show the asset; the schemas cannot compare two fields, so a host accepts the disagreement and one of its readers picks the wrong player or viewer. Media types are compared as IANA defines them: the type/subtype case-insensitively, parameters (; charset=…) ignored. Only when both are present; set them to the same type, or drop the one that is wrong.",
    examples: {
      invalid: [
        '{"type": "media.image", "payload": {"bytes": 2048, "mimeType": "image/png", "url": "https://host.example/a/1"}, "meta": {"rendering": {"display": "image", "mimeType": "image/jpeg"}, …}, …}',
      ],
      valid: [
        '{"type": "media.image", "payload": {"bytes": 2048, "mimeType": "image/png", "url": "https://host.example/a/1"}, "meta": {"rendering": {"display": "image", "mimeType": "image/PNG"}, …}, …}',
      ],
    },
    sources: [
      {url: 'https://github.com/openwop/openwop/blob/main/schemas/envelopes/media.image.schema.json', title: 'OpenWOP media.image payload schema (RFC 0055 §C): mimeType', verified: '2026-11'},
      {url: 'https://github.com/openwop/openwop/blob/main/schemas/envelopes/media.audio.schema.json', title: 'OpenWOP media.audio payload schema (RFC 0055 §C): mimeType', verified: '2026-11'},
      {url: 'https://github.com/openwop/openwop-sdks/blob/main/schemas/envelopes/media.file.schema.json', title: 'OpenWOP media.file payload schema (RFC 0055 §C): mimeType', verified: '2026-11'},
    ],
    messages: {mismatch: 'payload mimeType "{{payload}}" differs from meta.rendering.mimeType "{{rendering}}"; a {{kind}} payload should name the same media type as its rendering hint'},
  }),
  untrusted: rule({
    id: 'envelope/untrusted-unwrapped',
    explanation:
      'Content marked untrusted (meta.contentTrust untrusted, or inherited from the run) must reach an LLM inside <UNTRUSTED>…</UNTRUSTED>, so the model can tell data from instructions; unwrapped it is a prompt-injection path. Wrap the untrusted text before it is forwarded.',
    examples: {
      invalid: ['{"payload": {"code": "x", "message": "ignore previous instructions"}, "meta": {"contentTrust": "untrusted", …}, …}'],
      valid: ['{"payload": {"code": "x", "message": "<UNTRUSTED>ignore previous instructions</UNTRUSTED>"}, "meta": {"contentTrust": "untrusted", …}, …}'],
    },
    sources: [rfc0021, rfc0030],
    aliases: ['envelope-untrusted-unwrapped'],
    description: 'Untrusted text that a host must wrap in <UNTRUSTED>…</UNTRUSTED> before forwarding it to an LLM.',
  }),
  redactionRewritten: rule({
    id: 'envelope/redaction-marker-rewritten',
    explanation:
      'A [REDACTED:<id>] marker lets a host and its audit trail trace what was removed back to the credential it stood for; a rewritten marker (<REDACTED:…>, [REDACTED], ***) loses that link. Keep the markers exactly as they appear in the source content.',
    examples: {invalid: ['"message": "the key was <REDACTED:cred-7>"', '"message": "the key was [REDACTED]"'], valid: ['"message": "the key was [REDACTED:cred-7]"']},
    sources: [rfc0021, rfc0030],
    aliases: ['envelope-redaction-marker-rewritten'],
    description: 'A [REDACTED:<id>] marker was rewritten (to <REDACTED:…>, [REDACTED] or ***); markers must be preserved verbatim.',
  }),
  secret: rule({
    id: 'envelope/reasoning-secret-redaction',
    explanation:
      'The reasoning field is redacted like the rest of the payload, and envelopes are stored, logged and shown; a key or token in any of them is leaked to everyone who reads them. Remove the secret (or let the host redact it to a [REDACTED:<id>] marker) and rotate it if it was real.',
    examples: {invalid: ['"reasoning": "I will call the API with key sk-…" (a real-looking key)'], valid: ['"reasoning": "I will call the API with the key [REDACTED:cred-7]"']},
    sources: [rfc0030, rfc0021],
    aliases: ['envelope-reasoning-secret-redaction'],
    description: 'A secret-shaped string (API key, token) in reasoning or elsewhere in the envelope: a leak. The secret is never echoed.',
  }),
} as const satisfies Record<string, Rule>;

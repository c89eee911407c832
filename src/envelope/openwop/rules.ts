import {defineRule, type Rule, type RuleSpec} from '../../core/rule.js';
import {LABELED_AJV_MESSAGES} from '../../schemas/ajv-findings.js';

const rule = (spec: RuleSpec): Rule => defineRule({commands: ['validate envelope'], ...spec});

/**
 * Accept-pipeline rules carry the upstream error code a host would answer as `code` (and accept it as an alias), so a
 * finding maps straight back to it; limit breaches share the `cap.breached` event's code. Every id is `envelope/<name>`;
 * the earlier ids (the bare codes, `envelope-<name>`, `cap.breached/<kind>`) stay accepted as aliases.
 */
export const ENVELOPE_RULES = {
  codeFence: rule({
    id: 'envelope/code-fence',
    aliases: ['envelope-code-fence'],
    description: "The JSON is wrapped in a Markdown code fence (```json … ```), which a host's strict JSON parse refuses; the fenced JSON is still validated.",
  }),
  shape: rule({id: 'envelope/shape', code: 'invalid_envelope_shape', description: 'The envelope does not match the AIEnvelope top-level schema (RFC 0021).', messages: LABELED_AJV_MESSAGES}),
  unknownKind: rule({
    id: 'envelope/unknown-kind',
    code: 'unknown_envelope_kind',
    description: 'The envelope `type` (or a schema.request/response `envelopeType`) is not a kind the host advertises or openwop knows.',
    messages: {
      notAdvertised: 'unknown envelope kind "{{kind}}"{{suggestion}}: the host ({{host}}) {{why}}',
      unknown: 'unknown envelope kind "{{kind}}"{{suggestion}}: its payload was not checked (give its schema with --schemas DIR, or the host\'s kinds with --capabilities)',
      namesUnadvertised: '{{type}} names "{{kind}}", which the host ({{host}}) does not advertise',
    },
  }),
  payload: rule({id: 'envelope/payload-invalid', code: 'envelope_invalid', description: "The payload fails its kind's schema.", messages: LABELED_AJV_MESSAGES}),
  correlationConflict: rule({id: 'envelope/correlation-conflict', code: 'envelope_correlation_conflict', description: 'Two envelopes share a correlationId but differ in type.'}),
  schemaVersion: rule({
    id: 'envelope/unknown-schema-version',
    code: 'unknown_schema_version',
    description: 'schemaVersion is higher than the host advertises for the kind (or lower, under envelopeStrictness strict).',
    messages: {
      higher: 'schemaVersion {{emitted}} of "{{kind}}" is higher than the {{advertised}} the host advertises; a host refuses it whatever its strictness',
      lowerStrict: 'schemaVersion {{emitted}} of "{{kind}}" is lower than the {{advertised}} the host advertises; under envelopeStrictness strict{{flag}} it is refused',
    },
  }),
  schemaVersionDrift: rule({
    id: 'envelope/schema-version-drift',
    code: 'envelope_schema_version_drift',
    description: 'schemaVersion is lower than the host advertises; a warn-strictness host validates against its own version.',
    messages: {lower: 'schemaVersion {{emitted}} of "{{kind}}" is lower than the {{advertised}} the host advertises; a warn host validates it against version {{advertised}}'},
  }),
  envelopesPerTurn: rule({
    id: 'envelope/cap-envelopes-per-turn',
    code: 'cap.breached',
    aliases: ['cap.breached/envelopes'],
    description: "More envelopes in one turn than the host's limits.envelopesPerTurn.",
  }),
  clarificationRounds: rule({
    id: 'envelope/cap-clarification-rounds',
    code: 'cap.breached',
    aliases: ['cap.breached/clarification'],
    description: "More clarification.request envelopes for one node than the host's limits.clarificationRounds.",
  }),
  schemaRounds: rule({
    id: 'envelope/cap-schema-rounds',
    code: 'cap.breached',
    aliases: ['cap.breached/schema'],
    description: "More schema.request rounds for one kind and node than the host's limits.schemaRounds.",
  }),
  correlationFormat: rule({
    id: 'envelope/correlation-format',
    aliases: ['envelope-correlation-format'],
    description: 'A correlationId outside the runId:nodeId:turnIndex:kindHash convention: per-turn and per-node limits cannot place it.',
  }),
  replay: rule({
    id: 'envelope/correlation-replay',
    aliases: ['envelope-correlation-replay'],
    description: 'An envelope repeats the correlationId and type of an earlier one: a host replays the cached outcome.',
  }),
  duplicateId: rule({id: 'envelope/duplicate-id', aliases: ['envelope-duplicate-id'], description: 'Two envelopes share an envelopeId, which must be globally unique.'}),
  kindNaming: rule({
    id: 'envelope/kind-naming',
    aliases: ['envelope-kind-naming'],
    description: 'A non-universal kind is not namespaced (vendor.<host>.<kind> and the other canonical prefixes).',
    messages: {unnamespaced: 'kind "{{kind}}" is not namespaced: name a domain kind vendor.<host>.<kind> (or openwop.*, core.*, community.*, private.<host>.*, local.*, ui.*, media.*)'},
  }),
  legacyKind: rule({
    id: 'envelope/legacy-kind',
    aliases: ['envelope-legacy-kind'],
    description: 'A legacy un-namespaced kind (prd.create, theme.create, tasks.create), tolerated in v1.x and deprecated.',
    messages: {legacy: '"{{kind}}" is a legacy un-namespaced kind, tolerated in v1.x and deprecated: use vendor.<host>.{{kind}}'},
  }),
  kindSchemaMissing: rule({
    id: 'envelope/kind-schema-missing',
    aliases: ['envelope-kind-schema-missing'],
    description: 'The host advertises the kind but no payload schema for it was given, so the payload was not checked.',
    messages: {noSchema: 'no payload schema for "{{kind}}": its payload was not checked (give it with --schemas DIR)'},
  }),
  mediaInline: rule({
    id: 'envelope/media-inline-too-large',
    aliases: ['envelope-media-inline-too-large'],
    description: "Inline base64 media is larger than the host's aiProviders.maxInlineMediaBytes (default 262144).",
    messages: {tooLarge: 'inline base64 media of {{bytes}} bytes is over the {{limit}}-byte limit (aiProviders.maxInlineMediaBytes); pass it by url instead'},
  }),
  partialOrder: rule({
    id: 'envelope/partial-order',
    aliases: ['envelope-partial-order'],
    description: 'Chunks of a partial emission arrive out of index order.',
    messages: {
      firstIndex: 'partial emission "{{correlationId}}": the first chunk seen has index {{index}}; chunks start at 0',
      outOfOrder: 'partial emission "{{correlationId}}": chunk index {{index}} follows index {{previous}}; expected {{expected}}',
    },
  }),
  partialTotal: rule({
    id: 'envelope/partial-total',
    aliases: ['envelope-partial-total'],
    description: 'Chunks of a partial emission disagree on `total`, or an index is past it.',
    messages: {
      totalChanged: 'partial emission "{{correlationId}}": total {{total}} differs from the total {{earlier}} earlier chunks gave',
      pastTotal: 'partial emission "{{correlationId}}": index {{index}} is past the last chunk of a total of {{total}}',
    },
  }),
  partialFinal: rule({
    id: 'envelope/partial-final',
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
    aliases: ['envelope-untrusted-unwrapped'],
    description: 'Untrusted text that a host must wrap in <UNTRUSTED>…</UNTRUSTED> before forwarding it to an LLM.',
  }),
  redactionRewritten: rule({
    id: 'envelope/redaction-marker-rewritten',
    aliases: ['envelope-redaction-marker-rewritten'],
    description: 'A [REDACTED:<id>] marker was rewritten (to <REDACTED:…>, [REDACTED] or ***); markers must be preserved verbatim.',
  }),
  secret: rule({
    id: 'envelope/reasoning-secret-redaction',
    aliases: ['envelope-reasoning-secret-redaction'],
    description: 'A secret-shaped string (API key, token) in reasoning or elsewhere in the envelope: a leak. The secret is never echoed.',
  }),
} as const satisfies Record<string, Rule>;

import type {RuleDescriptor} from '../../core/finding.js';

/**
 * Accept-pipeline rules carry the upstream error code as their id, so a finding maps straight back to what a host
 * would answer; limit breaches carry the `cap.breached` event and its `kind`. Rules of our own (no upstream code) are
 * kebab-case and start with `envelope-`.
 */
export const ENVELOPE_RULES = {
  codeFence: {id: 'envelope-code-fence', description: "The JSON is wrapped in a Markdown code fence (```json … ```), which a host's strict JSON parse refuses; the fenced JSON is still validated."},
  shape: {id: 'invalid_envelope_shape', description: 'The envelope does not match the AIEnvelope top-level schema (RFC 0021).'},
  unknownKind: {id: 'unknown_envelope_kind', description: 'The envelope `type` (or a schema.request/response `envelopeType`) is not a kind the host advertises or openwop knows.'},
  payload: {id: 'envelope_invalid', description: "The payload fails its kind's schema."},
  correlationConflict: {id: 'envelope_correlation_conflict', description: 'Two envelopes share a correlationId but differ in type.'},
  schemaVersion: {id: 'unknown_schema_version', description: "schemaVersion is higher than the host advertises for the kind (or lower, under envelopeStrictness strict)."},
  schemaVersionDrift: {id: 'envelope_schema_version_drift', description: 'schemaVersion is lower than the host advertises; a warn-strictness host validates against its own version.'},
  envelopesPerTurn: {id: 'cap.breached/envelopes', description: 'More envelopes in one turn than the host\'s limits.envelopesPerTurn.'},
  clarificationRounds: {id: 'cap.breached/clarification', description: 'More clarification.request envelopes for one node than the host\'s limits.clarificationRounds.'},
  schemaRounds: {id: 'cap.breached/schema', description: 'More schema.request rounds for one kind and node than the host\'s limits.schemaRounds.'},
  correlationFormat: {id: 'envelope-correlation-format', description: 'A correlationId outside the runId:nodeId:turnIndex:kindHash convention: per-turn and per-node limits cannot place it.'},
  replay: {id: 'envelope-correlation-replay', description: 'An envelope repeats the correlationId and type of an earlier one: a host replays the cached outcome.'},
  duplicateId: {id: 'envelope-duplicate-id', description: 'Two envelopes share an envelopeId, which must be globally unique.'},
  kindNaming: {id: 'envelope-kind-naming', description: 'A non-universal kind is not namespaced (vendor.<host>.<kind> and the other canonical prefixes).'},
  legacyKind: {id: 'envelope-legacy-kind', description: 'A legacy un-namespaced kind (prd.create, theme.create, tasks.create), tolerated in v1.x and deprecated.'},
  kindSchemaMissing: {id: 'envelope-kind-schema-missing', description: 'The host advertises the kind but no payload schema for it was given, so the payload was not checked.'},
  mediaInline: {id: 'envelope-media-inline-too-large', description: 'Inline base64 media is larger than the host\'s aiProviders.maxInlineMediaBytes (default 262144).'},
  partialOrder: {id: 'envelope-partial-order', description: 'Chunks of a partial emission arrive out of index order.'},
  partialTotal: {id: 'envelope-partial-total', description: 'Chunks of a partial emission disagree on `total`, or an index is past it.'},
  partialFinal: {id: 'envelope-partial-final', description: 'isPartial must be true on every chunk but the last and false on the last one.'},
  untrusted: {id: 'envelope-untrusted-unwrapped', description: 'Untrusted text that a host must wrap in <UNTRUSTED>…</UNTRUSTED> before forwarding it to an LLM.'},
  redactionRewritten: {id: 'envelope-redaction-marker-rewritten', description: 'A [REDACTED:<id>] marker was rewritten (to <REDACTED:…>, [REDACTED] or ***); markers must be preserved verbatim.'},
  secret: {id: 'envelope-reasoning-secret-redaction', description: 'A secret-shaped string (API key, token) in reasoning or elsewhere in the envelope: a leak. The secret is never echoed.'},
} as const satisfies Record<string, RuleDescriptor>;

import type {JsonDocument} from '../../io/json-document.js';
import {ruleFinding} from '../../io/rule-finding.js';
import {ajvFindings} from '../../schemas/ajv-findings.js';
import {closestName} from '../../report/suggest.js';
import {getValidator} from '../../schemas/index.js';
import type {DocScan, EnvelopeRunContext} from '../context.js';
import type {FindingSink} from '../finding-sink.js';
import {DEFAULT_MAX_INLINE_MEDIA_BYTES, kindsField} from '../host.js';
import {checkContent} from './content.js';
import {classifyKindName, type KindName} from './kinds.js';
import {ENVELOPE_RULES} from './rules.js';
import type {AcceptedEnvelope, OpenwopStreamState} from './stream-state.js';
import {isObject} from '../../core/json.js';
import {renderMessage} from '../../core/rule.js';

interface Envelope extends AcceptedEnvelope {
  schemaVersion?: number;
  meta: {contentTrust?: string; rendering?: unknown};
}

/**
 * One AIEnvelope through the accept pipeline in its normative order: shape → kind known → (schemaVersion) →
 * payload → limits → redaction → trust → dedup. A stage that refuses the envelope ends its pipeline, as a host
 * would, except that readable identity fields are still checked against the accepted envelopes (duplicate ids,
 * correlation conflicts); naming, redaction and trust findings never stop it. Returns the envelope's kind for the tally.
 */
export function checkOpenwopEnvelope(
  run: EnvelopeRunContext,
  stream: OpenwopStreamState,
  doc: JsonDocument,
  pointer: string,
  value: unknown,
  ref: number,
  line: number | undefined,
  scan: DocScan,
  sink: FindingSink,
): string | undefined {
  const shape = getValidator(run.major === 2 ? 'v2/ai-envelope' : 'ai-envelope');
  if (!shape(value)) {
    sink.addAll(ajvFindings(shape.errors, doc, {rule: ENVELOPE_RULES.shape, base: pointer, label: 'envelope', value}));
    // A leak is a leak even in an envelope a host would refuse.
    checkContent(doc, pointer, value, scan, undefined, sink);
    const identity = (value ?? {}) as {type?: unknown; envelopeId?: unknown; correlationId?: unknown};
    // Identity fields that can be read are still checked: a duplicate id or conflict outlives the shape fix.
    if (typeof identity.envelopeId === 'string') stream.checkId(identity.envelopeId, doc, pointer, ref, sink);
    if (typeof identity.type === 'string' && typeof identity.correlationId === 'string') stream.refused(identity.type, identity.correlationId, doc, pointer, sink);
    return typeof identity.type === 'string' && identity.type !== '' ? identity.type : undefined;
  }
  const env = value as Envelope;
  const kind = env.type;
  const errorsBefore = sink.errors;
  stream.checkId(env.envelopeId, doc, pointer, ref, sink);

  const refused = (): string => {
    stream.refused(kind, env.correlationId, doc, pointer, sink);
    return kind;
  };
  if (!kindKnown(run, kind, doc, pointer, sink)) return refused();
  checkKindName(run, kind, doc, pointer, sink);
  if (!schemaVersionAccepted(run, env, doc, pointer, sink)) return refused();
  checkPayload(run, env, doc, pointer, sink);
  checkContent(doc, pointer, value, scan, env.meta.contentTrust === 'untrusted' ? `${pointer}/payload` : undefined, sink);
  if (sink.errors === errorsBefore) stream.accepted(env, doc, pointer, ref, line, sink);
  else refused();
  return kind;
}

function kindKnown(run: EnvelopeRunContext, kind: string, doc: JsonDocument, pointer: string, sink: FindingSink): boolean {
  if (run.host ? run.host.supportedEnvelopes.has(kind) : run.kinds.has(kind)) return true;
  const at = `${pointer}/type`;
  if (run.host) {
    const why = run.host.supportedEnvelopes.size === 0 ? 'advertises no envelope kinds at all (an engine-only host)' : `does not advertise it in ${kindsField(run.host)}`;
    const suggestion = didYouMean(kind, run.host, () => run.host?.supportedEnvelopes ?? []);
    sink.add(ruleFinding(doc, ENVELOPE_RULES.unknownKind, 'error', 'notAdvertised', {kind, suggestion, host: run.host.origin, why}, at));
    return false;
  }
  const suggestion = didYouMean(kind, run.kinds, () => run.kinds.kinds());
  sink.add(ruleFinding(doc, ENVELOPE_RULES.unknownKind, run.strict ? 'error' : 'warning', 'unknown', {kind, suggestion}, at));
  return !run.strict;
}

/** Suggestions per set of known kinds: a stream repeats its unknown kinds, and each costs an edit distance per known kind. */
const suggestions = new WeakMap<object, Map<string, string>>();
const MAX_REMEMBERED_SUGGESTIONS = 1024;

/** ` (did you mean "clarification.request"?)` for `clarification_request`, or nothing when no known kind is close. */
function didYouMean(kind: string, owner: object, known: () => Iterable<string>): string {
  let byKind = suggestions.get(owner);
  if (!byKind) suggestions.set(owner, (byKind = new Map<string, string>()));
  let text = byKind.get(kind);
  if (text === undefined) {
    const [best] = closestName(kind, [...known()], 1);
    text = best === undefined ? '' : ` (did you mean "${best}"?)`;
    if (byKind.size < MAX_REMEMBERED_SUGGESTIONS) byKind.set(kind, text);
  }
  return text;
}

/** Kind names repeat across a stream; remember the verdicts (up to a bound). */
const kindNames = new Map<string, KindName>();

function checkKindName(run: EnvelopeRunContext, kind: string, doc: JsonDocument, pointer: string, sink: FindingSink): void {
  let name = kindNames.get(kind);
  if (name === undefined) {
    name = classifyKindName(kind);
    if (kindNames.size < 4096) kindNames.set(kind, name);
  }
  const severity = run.strict ? 'error' : 'warning';
  if (name === 'legacy') {
    sink.add(ruleFinding(doc, ENVELOPE_RULES.legacyKind, severity, 'legacy', {kind}, `${pointer}/type`));
  } else if (name === 'unnamespaced') {
    sink.add(ruleFinding(doc, ENVELOPE_RULES.kindNaming, severity, 'unnamespaced', {kind}, `${pointer}/type`));
  }
}

/** Absent schemaVersion is 0. Checked only against a host's advertised schemaVersions for the kind. */
function schemaVersionAccepted(run: EnvelopeRunContext, env: Envelope, doc: JsonDocument, pointer: string, sink: FindingSink): boolean {
  const advertised = run.host?.schemaVersions.get(env.type);
  if (advertised === undefined) return true;
  const emitted = env.schemaVersion ?? 0;
  const at = env.schemaVersion === undefined ? pointer : `${pointer}/schemaVersion`;
  if (emitted > advertised) {
    sink.add(ruleFinding(doc, ENVELOPE_RULES.schemaVersion, 'error', 'higher', {emitted, kind: env.type, advertised}, at));
    return false;
  }
  if (emitted < advertised) {
    const strict = run.strict || run.host?.strictness === 'strict';
    if (strict) {
      sink.add(ruleFinding(doc, ENVELOPE_RULES.schemaVersion, 'error', 'lowerStrict', {emitted, kind: env.type, advertised, flag: run.strict ? ' (--strict)' : ''}, at));
      return false;
    }
    sink.add(ruleFinding(doc, ENVELOPE_RULES.schemaVersionDrift, 'warning', 'lower', {emitted, kind: env.type, advertised}, at));
  }
  return true;
}

function checkPayload(run: EnvelopeRunContext, env: Envelope, doc: JsonDocument, pointer: string, sink: FindingSink): void {
  const validate = run.kinds.validator(env.type);
  if (validate === undefined) {
    // Reached only for a kind the host advertises (or, without --strict, an unknown one already reported).
    if (run.host) sink.add(ruleFinding(doc, ENVELOPE_RULES.kindSchemaMissing, 'info', 'noSchema', {kind: env.type}, `${pointer}/payload`));
    return;
  }
  if (!validate(env.payload)) {
    // RFC 0030 §D: strict-mode emitters send `reasoning: null` and readers treat it as absent, but the universal kinds'
    // schemas type reasoning as a plain string; so a payload that fails only because of a null reasoning is valid.
    const asAbsent = withoutNullReasoning(env.payload);
    if (asAbsent && validate(asAbsent)) return checkPayloadValue(run, env, doc, pointer, sink);
    sink.addAll(ajvFindings(validate.errors, doc, {rule: ENVELOPE_RULES.payload, base: `${pointer}/payload`, label: `payload of "${env.type}"`, value: asAbsent ?? env.payload}));
    return;
  }
  checkPayloadValue(run, env, doc, pointer, sink);
}

function withoutNullReasoning(payload: unknown): Record<string, unknown> | undefined {
  if (!isObject(payload) || payload.reasoning !== null) return undefined;
  const {reasoning: _absent, ...rest} = payload;
  return rest;
}

/** Checks past the schema: what a valid payload may still get wrong. */
function checkPayloadValue(run: EnvelopeRunContext, env: Envelope, doc: JsonDocument, pointer: string, sink: FindingSink): void {
  const payload = env.payload as Record<string, unknown>;
  if ((env.type === 'schema.request' || env.type === 'schema.response') && run.host && typeof payload.envelopeType === 'string' && !run.host.supportedEnvelopes.has(payload.envelopeType)) {
    sink.add(ruleFinding(doc, ENVELOPE_RULES.unknownKind, 'error', 'namesUnadvertised', {type: env.type, kind: payload.envelopeType, host: run.host.origin}, `${pointer}/payload/envelopeType`));
  }
  if (env.type.startsWith('media.') && typeof payload.base64 === 'string') {
    const limit = run.host?.maxInlineMediaBytes ?? DEFAULT_MAX_INLINE_MEDIA_BYTES;
    const bytes = base64Bytes(payload.base64);
    if (bytes > limit) sink.add(ruleFinding(doc, ENVELOPE_RULES.mediaInline, 'error', 'tooLarge', {bytes, limit}, `${pointer}/payload/base64`));
  }
  if (env.type.startsWith('media.')) checkMediaMimeType(env, payload, doc, pointer, sink);
}

/** A media payload's mimeType against the envelope's rendering hint: the payload schemas say they SHOULD agree. */
function checkMediaMimeType(env: Envelope, payload: Record<string, unknown>, doc: JsonDocument, pointer: string, sink: FindingSink): void {
  const rendering = isObject(env.meta.rendering) ? env.meta.rendering.mimeType : undefined;
  if (typeof payload.mimeType !== 'string' || typeof rendering !== 'string' || mediaTypeEssence(payload.mimeType) === mediaTypeEssence(rendering)) return;
  const rule = ENVELOPE_RULES.mediaMimeMismatch;
  const data = {kind: env.type, payload: payload.mimeType, rendering};
  sink.add({...doc.finding(rule.id, rule.severity, renderMessage(rule.messages.mismatch, data), `${pointer}/payload/mimeType`), messageId: 'mismatch', data});
}

/** type/subtype, lower-cased and without parameters: how IANA media types compare. */
function mediaTypeEssence(mimeType: string): string {
  return mimeType.split(';')[0].trim().toLowerCase();
}

function base64Bytes(text: string): number {
  const body = text.replace(/\s+/g, '');
  const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
  return Math.floor((body.length * 3) / 4) - padding;
}

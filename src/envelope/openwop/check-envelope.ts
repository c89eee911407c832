import type {JsonDocument} from '../../io/json-document.js';
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

interface Envelope extends AcceptedEnvelope {
  schemaVersion?: number;
  meta: {contentTrust?: string};
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
    sink.addAll(ajvFindings(shape.errors, doc, {ruleId: ENVELOPE_RULES.shape.id, base: pointer, label: 'envelope', value}));
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
    sink.add(
      doc.finding(
        ENVELOPE_RULES.unknownKind.id,
        'error',
        `unknown envelope kind "${kind}"${didYouMean(kind, run.host, () => run.host?.supportedEnvelopes ?? [])}: the host (${run.host.origin}) ${why}`,
        at,
      ),
    );
    return false;
  }
  const message = `unknown envelope kind "${kind}"${didYouMean(kind, run.kinds, () => run.kinds.kinds())}: its payload was not checked (give its schema with --schemas DIR, or the host's kinds with --capabilities)`;
  sink.add(doc.finding(ENVELOPE_RULES.unknownKind.id, run.strict ? 'error' : 'warning', message, at));
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
    sink.add(doc.finding(ENVELOPE_RULES.legacyKind.id, severity, `"${kind}" is a legacy un-namespaced kind, tolerated in v1.x and deprecated: use vendor.<host>.${kind}`, `${pointer}/type`));
  } else if (name === 'unnamespaced') {
    sink.add(
      doc.finding(
        ENVELOPE_RULES.kindNaming.id,
        severity,
        `kind "${kind}" is not namespaced: name a domain kind vendor.<host>.<kind> (or openwop.*, core.*, community.*, private.<host>.*, local.*, ui.*, media.*)`,
        `${pointer}/type`,
      ),
    );
  }
}

/** Absent schemaVersion is 0. Checked only against a host's advertised schemaVersions for the kind. */
function schemaVersionAccepted(run: EnvelopeRunContext, env: Envelope, doc: JsonDocument, pointer: string, sink: FindingSink): boolean {
  const advertised = run.host?.schemaVersions.get(env.type);
  if (advertised === undefined) return true;
  const emitted = env.schemaVersion ?? 0;
  const at = env.schemaVersion === undefined ? pointer : `${pointer}/schemaVersion`;
  if (emitted > advertised) {
    sink.add(
      doc.finding(
        ENVELOPE_RULES.schemaVersion.id,
        'error',
        `schemaVersion ${emitted} of "${env.type}" is higher than the ${advertised} the host advertises; a host refuses it whatever its strictness`,
        at,
      ),
    );
    return false;
  }
  if (emitted < advertised) {
    const strict = run.strict || run.host?.strictness === 'strict';
    if (strict) {
      sink.add(
        doc.finding(
          ENVELOPE_RULES.schemaVersion.id,
          'error',
          `schemaVersion ${emitted} of "${env.type}" is lower than the ${advertised} the host advertises; under envelopeStrictness strict${run.strict ? ' (--strict)' : ''} it is refused`,
          at,
        ),
      );
      return false;
    }
    sink.add(
      doc.finding(
        ENVELOPE_RULES.schemaVersionDrift.id,
        'warning',
        `schemaVersion ${emitted} of "${env.type}" is lower than the ${advertised} the host advertises; a warn host validates it against version ${advertised}`,
        at,
      ),
    );
  }
  return true;
}

function checkPayload(run: EnvelopeRunContext, env: Envelope, doc: JsonDocument, pointer: string, sink: FindingSink): void {
  const validate = run.kinds.validator(env.type);
  if (validate === undefined) {
    // Reached only for a kind the host advertises (or, without --strict, an unknown one already reported).
    if (run.host)
      sink.add(doc.finding(ENVELOPE_RULES.kindSchemaMissing.id, 'info', `no payload schema for "${env.type}": its payload was not checked (give it with --schemas DIR)`, `${pointer}/payload`));
    return;
  }
  if (!validate(env.payload)) {
    // RFC 0030 §D: strict-mode emitters send `reasoning: null` and readers treat it as absent, but the universal kinds'
    // schemas type reasoning as a plain string; so a payload that fails only because of a null reasoning is valid.
    const asAbsent = withoutNullReasoning(env.payload);
    if (asAbsent && validate(asAbsent)) return checkPayloadValue(run, env, doc, pointer, sink);
    sink.addAll(ajvFindings(validate.errors, doc, {ruleId: ENVELOPE_RULES.payload.id, base: `${pointer}/payload`, label: `payload of "${env.type}"`, value: asAbsent ?? env.payload}));
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
    sink.add(
      doc.finding(ENVELOPE_RULES.unknownKind.id, 'error', `${env.type} names "${payload.envelopeType}", which the host (${run.host.origin}) does not advertise`, `${pointer}/payload/envelopeType`),
    );
  }
  if (env.type.startsWith('media.') && typeof payload.base64 === 'string') {
    const limit = run.host?.maxInlineMediaBytes ?? DEFAULT_MAX_INLINE_MEDIA_BYTES;
    const bytes = base64Bytes(payload.base64);
    if (bytes > limit)
      sink.add(
        doc.finding(
          ENVELOPE_RULES.mediaInline.id,
          'error',
          `inline base64 media of ${bytes} bytes is over the ${limit}-byte limit (aiProviders.maxInlineMediaBytes); pass it by url instead`,
          `${pointer}/payload/base64`,
        ),
      );
  }
}

function base64Bytes(text: string): number {
  const body = text.replace(/\s+/g, '');
  const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
  return Math.floor((body.length * 3) / 4) - padding;
}

import {fileSource, isInputProblem} from '../io/inputs.js';
import type {JsonDocument} from '../io/json-document.js';
import {readDocuments} from '../io/read-documents.js';
import {fileFinding} from '../io/read-file.js';
import type {ReadScope} from '../io/read-scope.js';
import type {FileResult, Finding, Severity} from '../core/finding.js';
import {ajvFindings} from '../schemas/ajv-findings.js';
import {getValidator, isBundledSchemaName} from '../schemas/index.js';
import {list} from './json-shape.js';
import {isObject} from '../core/json.js';
import {ERROR_CODES, type RouterEvent, type RouterState} from './router.js';
import {RETRY_RULES as R} from './rules.js';
import {appendAll} from '../io/append-all.js';

// --trace: the run events a host emitted for the recorded emission, against the sequence a conformant host emits.
// Only the reliability family (envelope.*), cap.breached and node.failed are compared; other run events are ignored.

interface TraceEvent {
  type: string;
  payload: Record<string, unknown>;
  doc: JsonDocument;
  pointer: string;
}

export interface TraceExpectation {
  state: RouterState;
  nodeId: string;
  /** `envelopes.reliability.events` from the capabilities: events the host says it emits (absent: all). */
  advertised?: readonly string[];
}

const COMPARED = /^(envelope\.|cap\.breached$|node\.failed$)/;
const LEGACY_CODES: Record<string, string> = {envelope_payload_invalid: ERROR_CODES.invalid, envelope_refused_by_provider: ERROR_CODES.refusal};
/** Reasons of one family: a host may say parse-error where we say schema-violation (the conformance suite accepts both). */
const family = (reason: unknown) => (reason === 'parse-error' ? 'schema-violation' : reason);

export async function checkTrace(path: string, scope: ReadScope, expected: TraceExpectation): Promise<{result: FileResult; fatal: boolean}> {
  const source = fileSource(path, scope);
  if (isInputProblem(source)) return {result: {file: source.display, findings: [fileFinding(source.display, source.ruleId, source.message)]}, fatal: true};
  const {display} = source;
  const findings: Finding[] = [];
  const events: TraceEvent[] = [];
  let fatal = false;
  let rootDoc: JsonDocument | undefined;
  for await (const e of readDocuments(source, {maxDocumentBytes: scope.maxBytes, inputTimeoutMs: scope.inputTimeoutMs})) {
    if (e.type === 'problem') {
      findings.push(e.finding);
      fatal ||= Boolean(e.fatal);
      continue;
    }
    appendAll(findings, e.doc.problemFindings());
    if (!e.doc.parsed) continue;
    rootDoc ??= e.doc;
    const v = e.doc.value;
    const items: [unknown, string][] =
      e.mode === 'stream' ? [[v, '']] : Array.isArray(v) ? v.map((x, i) => [x, `/${i}`]) : isObject(v) && Array.isArray(v.events) ? list(v.events).map((x, i) => [x, `/events/${i}`]) : [[v, '']];
    for (const [item, pointer] of items) {
      if (!isObject(item) || typeof item.type !== 'string' || !isObject(item.payload)) {
        findings.push(e.doc.finding(R.traceShape.id, 'error', 'expected a run event {type: string, payload: object}', pointer));
        continue;
      }
      if (COMPARED.test(item.type)) events.push({type: item.type, payload: item.payload, doc: e.doc, pointer});
    }
  }
  if (!rootDoc) return {result: {file: display, findings}, fatal: true};
  const ours = forNode(events, expected.nodeId, rootDoc, findings);
  appendAll(findings, payloadFindings(ours));
  appendAll(findings, compare(ours, expected, rootDoc));
  return {result: {file: display, findings}, fatal};
}

/** The trace may hold several nodes' events: keep the recorded node's (events without a nodeId stay). */
function forNode(events: TraceEvent[], nodeId: string, doc: JsonDocument, findings: Finding[]): TraceEvent[] {
  const ids = new Set(events.map((e) => e.payload.nodeId).filter((id): id is string => typeof id === 'string'));
  if (ids.size === 0 || ids.has(nodeId)) return events.filter((e) => e.payload.nodeId === undefined || e.payload.nodeId === nodeId);
  if (ids.size === 1) {
    const [only] = ids;
    findings.push(doc.finding(R.traceShape.id, 'info', `the trace's events are for node "${only}", the recording's for "${nodeId}": compared anyway (set --node-id to match)`, ''));
    return events;
  }
  findings.push(doc.finding(R.traceShape.id, 'error', `the trace holds events for nodes ${[...ids].map((i) => `"${i}"`).join(', ')} but none for "${nodeId}": say which with --node-id`, ''));
  return [];
}

function payloadFindings(events: TraceEvent[]): Finding[] {
  const out: Finding[] = [];
  for (const e of events) {
    const name = `events/${e.type}`;
    if (!isBundledSchemaName(name)) continue;
    const validate = getValidator(name);
    if (!validate(e.payload)) appendAll(out, ajvFindings(validate.errors, e.doc, {rule: R.tracePayload, base: `${e.pointer}/payload`, label: `${e.type} payload`, value: e.payload}));
  }
  return out;
}

function compare(actual: TraceEvent[], expected: TraceExpectation, doc: JsonDocument): Finding[] {
  const out: Finding[] = [];
  const want = expected.state.events;
  const terminal = expected.state.terminal;
  const advertised = expected.advertised ? new Set(expected.advertised) : undefined;
  const at = (e: TraceEvent | undefined, rule: {id: string}, severity: Severity, message: string) =>
    out.push(e ? e.doc.finding(rule.id, severity, message, e.pointer) : doc.finding(rule.id, severity, message, ''));
  const ofType = <T extends {type: string}>(list: readonly T[], type: string) => list.filter((e) => e.type === type);
  const emitsOptional = (type: string) => !advertised || advertised.has(type);
  const failed = ofType(actual, 'node.failed')[0];

  // envelope.retry.attempted, matched by attempt number.
  const wantRetries = ofType(want, 'envelope.retry.attempted');
  const gotRetries = ofType(actual, 'envelope.retry.attempted');
  for (const w of wantRetries) {
    const g = gotRetries.find((e) => e.payload.attempt === w.payload.attempt);
    if (!g) {
      if (emitsOptional(w.type))
        at(failed, R.traceMissingEvent, 'error', `no envelope.retry.attempted for attempt ${String(w.payload.attempt)} (reason ${String(w.payload.reason)}) before call ${w.call + 1}`);
    } else if (family(g.payload.reason) !== family(w.payload.reason)) {
      at(
        g,
        R.traceReason,
        'error',
        `attempt ${String(w.payload.attempt)} is retried for "${String(g.payload.reason)}" but call ${w.call} ended in ${w.payload.reason === 'truncation' ? 'a truncation' : `a ${String(w.payload.reason)}`}: ${conflation(w.payload.reason)}`,
      );
    }
  }
  const refusalCall = ofType(want, 'envelope.refusal')[0]?.call;
  for (const g of gotRetries) {
    if (wantRetries.some((w) => w.payload.attempt === g.payload.attempt)) continue;
    if (!terminal && typeof g.payload.attempt === 'number' && g.payload.attempt > expected.state.attempt) continue; // beyond the recording
    at(
      g,
      R.traceUnexpectedEvent,
      'error',
      refusalCall !== undefined
        ? `a retry (attempt ${String(g.payload.attempt)}) after the refusal at call ${refusalCall}: a refusal is never retried`
        : `a retry (attempt ${String(g.payload.attempt)}) that a conformant host would not make for this recording`,
    );
  }

  // envelope.truncated: present exactly when a call truncated.
  const wantTrunc = ofType(want, 'envelope.truncated');
  const gotTrunc = ofType(actual, 'envelope.truncated');
  if (wantTrunc.length && !gotTrunc.length && emitsOptional('envelope.truncated')) {
    at(failed, R.traceMissingEvent, 'error', `no envelope.truncated, but call ${wantTrunc[0].call} stopped at the token budget: a host that distinguishes truncation emits it`);
  }
  if (!wantTrunc.length && gotTrunc.length)
    at(gotTrunc[0], R.traceUnexpectedEvent, 'error', 'envelope.truncated, but no recorded call stopped at the token budget: truncation and schema violation are conflated');

  for (const type of ['envelope.refusal', 'envelope.recovery.applied'] as const) {
    const w = ofType(want, type);
    const g = ofType(actual, type);
    if (w.length && !g.length && emitsOptional(type)) at(failed, R.traceMissingEvent, type === 'envelope.refusal' ? 'error' : 'warning', `no ${type}, expected after call ${w[0].call}`);
    if (!w.length && g.length && (terminal || type === 'envelope.refusal'))
      at(g[0], R.traceUnexpectedEvent, 'error', `${type}, but the recording has no ${type === 'envelope.refusal' ? 'refusal' : 'recovered reply'}`);
  }

  if (!terminal) return out; // the recording ends before the emission does: nothing terminal to compare

  const wantExhausted = ofType(want, 'envelope.retry.exhausted')[0] as RouterEvent | undefined;
  const gotExhausted = ofType(actual, 'envelope.retry.exhausted');
  if (wantExhausted && !gotExhausted.length) {
    at(
      failed,
      R.traceMissingEvent,
      terminal.cause === 'refusal' ? 'warning' : 'error',
      `no envelope.retry.exhausted {finalReason: ${String(wantExhausted.payload.finalReason)}}: it is emitted whenever an emission fails for good`,
    );
  }
  if (wantExhausted && gotExhausted.length && family(gotExhausted[0].payload.finalReason) !== family(wantExhausted.payload.finalReason)) {
    at(
      gotExhausted[0],
      R.traceReason,
      'error',
      `finalReason "${String(gotExhausted[0].payload.finalReason)}", but the last call ended in ${String(wantExhausted.payload.finalReason)}: ${conflation(wantExhausted.payload.finalReason)}`,
    );
  }
  if (!wantExhausted && gotExhausted.length) at(gotExhausted[0], R.traceUnexpectedEvent, 'error', 'envelope.retry.exhausted, but a conformant host accepts this emission');
  if (ofType(want, 'cap.breached').length && !ofType(actual, 'cap.breached').length) {
    at(failed, R.traceMissingEvent, 'warning', 'no cap.breached {kind: "schema"} after the retries ran out');
  }

  const wantFailed = ofType(want, 'node.failed')[0];
  if (wantFailed && !failed) at(undefined, R.traceMissingEvent, 'error', `no node.failed; the node fails with ${terminal.errorCode}`);
  if (!wantFailed && failed) at(failed, R.traceUnexpectedEvent, 'error', 'node.failed, but a conformant host accepts this emission');
  if (wantFailed && failed) {
    const code = isObject(failed.payload.error) ? failed.payload.error.code : undefined;
    if (code !== terminal.errorCode) {
      const legacy = typeof code === 'string' && Object.hasOwn(LEGACY_CODES, code) && LEGACY_CODES[code] === terminal.errorCode;
      at(
        failed,
        R.traceErrorCode,
        legacy ? 'warning' : 'error',
        legacy ? `"${code}" is the older name of ${terminal.errorCode}` : `node.failed error.code ${JSON.stringify(code)}; RFC 0033 requires ${terminal.errorCode}`,
      );
    }
    const idx = actual.indexOf(failed);
    for (const type of ['envelope.retry.exhausted', 'cap.breached']) {
      const late = actual.find((e, i) => e.type === type && i > idx);
      if (late) at(late, R.traceOrder, type === 'cap.breached' ? 'warning' : 'error', `${type} comes after node.failed; the cause is emitted before the effect`);
    }
  }
  return out;
}

function conflation(reason: unknown): string {
  if (reason === 'truncation') return 'truncation is retried with a larger budget, not treated as a schema violation';
  if (reason === 'schema-violation' || reason === 'parse-error') return 'a schema violation keeps the budget and adds a corrective fragment; it is not a truncation';
  return 'the reasons differ';
}

import {namedPath, type InputSource} from '../io/inputs.js';
import {JsonDocument} from '../io/json-document.js';
import {fencedBlocks, isFenceMarker} from '../io/markdown-fence.js';
import {readDocumentBatches, type ReadEvent, type ReadOptions} from '../io/read-documents.js';
import type {FileResult, Finding} from '../core/finding.js';
import {checkBarePayload} from './bare-payload.js';
import type {DocScan, EnvelopeRunContext, RefName} from './context.js';
import {FindingSink} from './finding-sink.js';
import {checkFoxctlEnvelope} from './foxctl/check-envelope.js';
import {looksLikeFoxctl} from './foxctl/detect.js';
import {FOXCTL_RULES} from './foxctl/rules.js';
import {FoxctlStreamState} from './foxctl/stream-state.js';
import {checkOpenwopEnvelope} from './openwop/check-envelope.js';
import {scanDocument} from './openwop/content.js';
import {ENVELOPE_RULES} from './openwop/rules.js';
import {OpenwopStreamState} from './openwop/stream-state.js';
import {countKind, emptyTally, type EnvelopeTally} from './tally.js';

export type Protocol = 'auto' | 'openwop' | 'foxctl';

export interface SourceOptions extends ReadOptions {
  run: EnvelopeRunContext;
  protocol: Protocol;
  /** Bare payloads of this kind instead of envelopes. */
  kind?: string;
  maxFindingsPerRule?: number;
  /** Called every PROGRESS_EVERY envelopes. */
  onProgress?: (envelopes: number) => void;
}

/** A result with the input's envelope counts beside its findings (`--format json` carries them). */
export type EnvelopeFileResult = FileResult & EnvelopeTally;

export interface SourceOutcome {
  result: EnvelopeFileResult;
  fatal: boolean;
}

const PROGRESS_EVERY = 4096;
const STREAM_EXTENSIONS = /\.(ndjson|jsonl)$/i;

/**
 * Validates every envelope in one input — a JSON object, a JSON array of envelopes, or an NDJSON stream of either —
 * as it is read: a stream is never held in memory, and stream state is bounded (see OpenwopStreamState).
 */
export async function validateEnvelopeSource(source: InputSource, options: SourceOptions): Promise<SourceOutcome> {
  const sink = new FindingSink(options.maxFindingsPerRule);
  const tally = emptyTally();
  let fatal = false;
  let mode: 'document' | 'stream' = 'document';
  const refName: RefName = (ref) => (mode === 'stream' ? `line ${ref}` : `/${ref}`);
  let openwop: OpenwopStreamState | undefined;
  let foxctl: FoxctlStreamState | undefined;
  let documents = 0;
  let trailingReported = false;
  // An end-of-stream error (no terminal envelope) is about the last envelope: it then no longer counts as valid.
  let lastValid = false;
  // The envelopes of a fenced document: a host's strict parse refuses them, so none counts as valid.
  let fenced = false;
  // Upstream's --strict refuses anything after the first JSON value of a .json input.
  // stdin goes by the name --stdin-filename gives it, if any.
  const named = namedPath(source);
  const singleValueInput = options.run.strict && named !== undefined && !STREAM_EXTENSIONS.test(named);

  const checkValue = (doc: JsonDocument, pointer: string, value: unknown, ref: number, line: number | undefined, scan: DocScan): void => {
    const errorsBefore = sink.errors;
    let kind: string | undefined;
    if (options.protocol === 'foxctl' || (options.protocol === 'auto' && looksLikeFoxctl(value))) {
      if (singleValueInput && documents > 1 && !trailingReported) {
        trailingReported = true;
        sink.add(doc.finding(FOXCTL_RULES.trailingData.id, 'error', "a second JSON value in a .json input (--strict, like upstream's, refuses trailing data; name NDJSON streams .ndjson)", pointer));
      }
      checkFoxctlEnvelope({strict: options.run.strict}, doc, pointer, value, scan, sink);
      (foxctl ??= new FoxctlStreamState(refName)).check(value, doc, pointer, ref, sink);
      const status = (value as {status?: unknown} | null)?.status;
      kind = `foxctl:${typeof status === 'string' ? status : '?'}`;
    } else {
      openwop ??= new OpenwopStreamState(options.run.host?.limits, refName);
      kind = checkOpenwopEnvelope(options.run, openwop, doc, pointer, value, ref, line, scan, sink);
    }
    lastValid = sink.errors === errorsBefore && !fenced;
    count(tally, lastValid, kind);
    if (options.onProgress && tally.envelopes % PROGRESS_EVERY === 0) options.onProgress(tally.envelopes);
  };

  const checkEvent = (event: ReadEvent): void => {
    if (event.type === 'problem') {
      sink.add(event.finding);
      fatal ||= Boolean(event.fatal);
      return;
    }
    mode = event.mode;
    // A streamed array's elements are one document, as the array parsed whole is.
    if (event.element === undefined || event.element === 0) documents++;
    const fence = event.doc.parsed ? undefined : unfence(event.doc, event.mode, options.maxDepth);
    if (fence) sink.add(fence.finding);
    fenced = fence !== undefined;
    if (fence?.doc === null) return;
    const doc = fence?.doc ?? event.doc;
    if (doc.problems.length > 0) sink.addAll(doc.problemFindings());
    if (!doc.parsed) {
      lastValid = false;
      count(tally, false, undefined);
      return;
    }
    const scan = scanDocument(doc.text);
    const ref = event.line ?? 0;
    if (event.element !== undefined) {
      checkValue(doc, `/${event.element}`, doc.value, event.element, undefined, scan);
      return;
    }
    if (options.kind !== undefined) {
      const errorsBefore = sink.errors;
      checkBarePayload(options.run, options.kind, doc, doc.value, scan, sink);
      count(tally, sink.errors === errorsBefore && !fenced, options.kind);
      return;
    }
    if (!Array.isArray(doc.value)) {
      checkValue(doc, '', doc.value, ref, event.line, scan);
      return;
    }
    if (doc.value.length === 0) sink.add(doc.finding(ENVELOPE_RULES.shape.id, 'warning', 'an empty array: no envelopes to check', ''));
    for (let i = 0; i < doc.value.length; i++) checkValue(doc, `/${i}`, doc.value[i], event.line ?? i, event.line, scan);
  };

  // With --kind a JSON array is one payload; otherwise a large array is read an envelope at a time.
  const reading = {...options, arrayElements: options.kind === undefined};
  for await (const batch of readDocumentBatches(source, reading)) for (const event of batch) checkEvent(event);
  const errorsBefore = sink.errors;
  if (openwop) sink.addAll(openwop.finish(source.display));
  foxctl?.finish(sink);
  if (sink.errors > errorsBefore && lastValid) {
    tally.valid--;
    tally.invalid++;
  }
  return {result: {file: source.display, findings: sink.findings(), ...tally}, fatal};
}

/**
 * A document that failed to parse because it is wrapped in a Markdown code fence: the finding that says so (in place
 * of a bare syntax error) and the fenced text as its own document, validated as a lenient host would read it. A
 * stream line that is only a fence marker gets the finding and nothing else to check (`doc: null`); a stream line
 * holding a whole fence (```json {…}```) is a fenced document of its own.
 */
function unfence(doc: JsonDocument, mode: 'document' | 'stream', maxDepth: number | undefined): {finding: Finding; doc: JsonDocument | null} | undefined {
  const rule = ENVELOPE_RULES.codeFence.id;
  if (mode === 'stream' && isFenceMarker(doc.text)) {
    const finding = {
      ...doc.finding(
        rule,
        'error',
        `a Markdown code fence marker (${doc.text.trim()}) where an NDJSON line must be one JSON value: a host's strict parse refuses it; strip the fence lines from the stream`,
        '',
      ),
      ...doc.rangeAt(0, doc.text.length),
    };
    return {finding, doc: null};
  }
  const block = fencedBlocks(doc.text).next().value;
  if (!block) return undefined;
  const prose = doc.text.slice(0, block.start).trim() !== '' || doc.text.slice(block.contentStart + block.content.length + 3).trim() !== '';
  const message = `the JSON is wrapped in a Markdown code fence (${block.opening}${prose ? ', with text around it' : ''}): a host's strict parse refuses it; strip the fence${prose ? ' and the text' : ''} so the document is only JSON. The fenced JSON was validated as if unwrapped (what a host's lenient markdown-fence recovery would read)`;
  const finding = {...doc.finding(rule, 'error', message, ''), ...doc.rangeAt(block.start, block.opening.length)};
  const lineBase = doc.source.lineBase + doc.text.slice(0, block.contentStart).split('\n').length - 1;
  return {finding, doc: JsonDocument.parse(block.content, {file: doc.source.file, lineBase}, {maxDepth})};
}

function count(tally: EnvelopeTally, valid: boolean, kind: string | undefined): void {
  tally.envelopes++;
  if (valid) tally.valid++;
  else tally.invalid++;
  if (kind !== undefined) countKind(tally, kind);
}

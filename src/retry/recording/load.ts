import {open, stat} from 'node:fs/promises';
import {extname, resolve} from 'node:path';
import {Readable} from 'node:stream';
import {decodeJsonBytes, type ByteProblemId} from '../../io/decode.js';
import {noteStdinUsed} from '../../io/files-used.js';
import {displayPath, outsideProblem, type InputSource} from '../../io/inputs.js';
import {listFolder} from '../../io/list-folder.js';
import {readNamedStream, readWhole} from '../../io/open-stream.js';
import {ReadScope} from '../../io/read-scope.js';
import {fileFinding, mb, readInputFile} from '../../io/read-file.js';
import {DEFAULT_MAX_DOCUMENT_BYTES, readDocuments} from '../../io/read-documents.js';
import type {JsonDocument} from '../../io/json-document.js';
import type {Finding} from '../../core/finding.js';
import {adaptStream} from '../providers/index.js';
import {looksLikeSse} from '../sse.js';
import type {RealProviderId} from '../types.js';
import {harEntries, harEntry, isHar} from './har.js';
import {itemToCall, type ItemResult} from './items.js';
import {RETRY_RULES as R} from '../rules.js';
import {type FolderPlan, planFolder} from './folder-plan.js';
import {isMockProgram, mockNodeId, mockStep} from './mock-program.js';
import {placeFinding, type Place, type Recording, type RecordingFormat} from './types.js';
import {appendAll} from '../../io/append-all.js';

export interface LoadOptions {
  cwd: string;
  /** --provider: read every body as this API instead of detecting it. */
  forced?: RealProviderId;
  maxBytes?: number;
  stdin?: AsyncIterable<Buffer | string>;
  /** Where recordings may be read from (default: as named, the working directory as the project root). */
  scope?: ReadScope;
  /** --stdin-filename: what `-` is called in findings (default `<stdin>`). */
  stdinName?: string;
}

const JSON_EXTENSIONS = new Set(['.json', '.ndjson', '.jsonl', '.har']);

/** Collects a recording's calls in order and stops at the first one that cannot be used. */
class Builder {
  readonly recording: Recording;
  private stopped = false;

  constructor(file: string, format: RecordingFormat) {
    this.recording = {file, format, calls: [], findings: [], fatal: false};
  }

  get open(): boolean {
    return !this.stopped;
  }

  add(item: ItemResult): void {
    if (this.stopped) return;
    if (item.ok) {
      this.recording.calls.push(item.call);
      const n = this.recording.calls.length;
      // A capture's own line only means something when the capture is the file (not text inside a JSON document).
      for (const note of item.notes ?? [])
        this.recording.findings.push(placeFinding(item.call.place, note.ruleId, 'warning', `call ${n}: ${note.message}`, item.call.place.doc ? undefined : note.line));
      return;
    }
    const n = this.recording.calls.length + 1;
    const tail = n === 1 ? 'nothing can be replayed' : `the replay stops after call ${n - 1}`;
    this.recording.findings.push(placeFinding(item.place, item.ruleId, 'error', `call ${n}: ${item.message}; ${tail}`, item.line));
    this.stopped = true;
  }

  /** A document that did not parse: its own findings say why; nothing after it is replayed. */
  stop(): void {
    this.stopped = true;
  }

  problem(finding: Finding, fatal = false): void {
    this.recording.findings.push(finding);
    this.recording.fatal ||= fatal;
  }

  done(): Recording {
    const r = this.recording;
    if (r.calls.length === 0) {
      if (!r.findings.some((f) => f.severity === 'error')) {
        r.findings.push(fileFinding(r.file, 'retry/empty-recording', 'the recording holds no usable provider calls: nothing to replay'));
      }
      r.fatal = true;
    }
    return r;
  }
}

/** A folder read once: its plan, or why it could not be listed. */
export type FolderListing = {plan: FolderPlan} | {problem: string};

function listAndPlan(path: string, scope: ReadScope, maxBytes: number): FolderListing {
  const listed = listFolder(path, scope);
  return 'problem' in listed ? {problem: listed.problem} : {plan: planFolder(listed.files, maxBytes)};
}

/**
 * The recordings an argument names: one, except for a folder that does not say it is one emission (numbered call
 * files or a manifest), whose call files are each a recording of their own. A folder is listed once: its plan is
 * handed to the reader.
 */
export async function loadRecordings(arg: string, options: LoadOptions): Promise<Recording[]> {
  const folder = arg === '-' ? undefined : await namedFolder(arg, options);
  if (folder && 'plan' in folder.listing && folder.listing.plan.kind === 'cases' && folder.listing.plan.files.length > 0) {
    const recordings: Recording[] = [];
    for (const file of folder.listing.plan.files) recordings.push(await loadRecording(file.path, {...options, scope: folder.scope}));
    return recordings;
  }
  return [await loadRecording(arg, folder ? {...options, scope: folder.scope} : options, folder?.listing)];
}

/** The folder `arg` names, listed and planned, when it is one inside the scope; anything else loadRecording explains. */
async function namedFolder(arg: string, options: LoadOptions): Promise<{scope: ReadScope; listing: FolderListing} | undefined> {
  const path = resolve(options.cwd, arg);
  const scope = options.scope ?? new ReadScope({cwd: options.cwd, named: [arg]});
  try {
    if (!(await stat(path)).isDirectory() || scope.escapes(path)) return undefined;
  } catch {
    return undefined;
  }
  return {scope, listing: listAndPlan(path, scope, options.maxBytes ?? DEFAULT_MAX_DOCUMENT_BYTES)};
}

/** One recording: a file, a folder of one emission's call files, or - for stdin. */
export async function loadRecording(arg: string, options: LoadOptions, listing?: FolderListing): Promise<Recording> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_DOCUMENT_BYTES;
  if (arg === '-') {
    if (!options.stdin) noteStdinUsed();
    return loadStdin(options.stdin ?? process.stdin, options, maxBytes);
  }
  const path = resolve(options.cwd, arg);
  const display = displayPath(path, options.cwd);
  const scope = options.scope ?? new ReadScope({cwd: options.cwd, named: [arg]});
  let info;
  try {
    info = await stat(path);
    if (scope.escapes(path)) {
      const outside = outsideProblem(display, true);
      return failedRecording(display, fileFinding(display, outside.ruleId, outside.message));
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return failedRecording(
      display,
      fileFinding(display, code === 'ENOENT' ? 'io/not-found' : 'io/unreadable', `cannot read ${display}: ${code === 'ENOENT' ? 'no such file or folder' : (error as Error).message}`),
    );
  }
  if (info.isDirectory()) return loadFolder(display, {...options, scope}, listing ?? listAndPlan(path, scope, maxBytes), maxBytes);
  if (!info.isFile()) {
    // A FIFO or <(cmd): read once, like stdin.
    const read = await readNamedStream(path, display, maxBytes, scope.inputTimeoutMs, tooLarge);
    return read.ok ? streamRecording(read.bytes, display, options, maxBytes) : failedRecording(display, read.finding);
  }
  const ext = extname(path).toLowerCase();
  if (ext === '.sse' || (!JSON_EXTENSIONS.has(ext) && (await startsLikeSse(path)))) return loadSseFile(path, display, options, maxBytes);
  return loadJson({kind: 'file', path, display}, display, options, maxBytes);
}

function failedRecording(display: string, finding: Finding): Recording {
  const b = new Builder(display, 'provider-bodies');
  b.problem(finding, true);
  return b.done();
}

async function loadStdin(input: AsyncIterable<Buffer | string>, options: LoadOptions, maxBytes: number): Promise<Recording> {
  const display = options.stdinName === undefined ? '<stdin>' : displayPath(resolve(options.cwd, options.stdinName), options.cwd);
  const bytes = await readWhole(input, maxBytes);
  if ('over' in bytes) return failedRecording(display, fileFinding(display, 'io/too-large', tooLarge(display === '<stdin>' ? 'stdin' : display, bytes.over, maxBytes)));
  return streamRecording(bytes, display, options, maxBytes);
}

/** stdin, or a FIFO named on the command line, read whole: taken as SSE or JSON by its start. */
async function streamRecording(bytes: Buffer, display: string, options: LoadOptions, maxBytes: number): Promise<Recording> {
  if (looksLikeSse(bytes.toString('utf8', 0, Math.min(bytes.length, 256)))) return sseRecording(bytes, display, options);
  return loadJson({kind: 'stdin', display}, display, {...options, stdin: Readable.from([bytes])}, maxBytes);
}

function loadSseFile(path: string, display: string, options: LoadOptions, maxBytes: number): Recording {
  const read = readInputFile(path, display, maxBytes, tooLarge);
  if (!read.ok) {
    const b = new Builder(display, 'sse-capture');
    b.problem(read.finding, true);
    return b.done();
  }
  return sseRecording(read.bytes, display, options);
}

function sseRecording(bytes: Buffer, display: string, options: LoadOptions): Recording {
  const b = new Builder(display, 'sse-capture');
  const text = decodeText(bytes, display, b);
  if (text !== null) b.add(sseCall(text, {file: display, pointer: '', line: 1}, options.forced));
  return b.done();
}

function sseCall(text: string, place: Place, forced?: RealProviderId): ItemResult {
  const adapted = adaptStream(text, forced);
  if (adapted.ok) return {ok: true, call: {response: adapted.response, place}, ...(adapted.notes ? {notes: adapted.notes} : {})};
  return {ok: false, ruleId: adapted.ruleId, message: adapted.message, place, ...(adapted.line === undefined ? {} : {line: adapted.line})};
}

async function loadJson(source: InputSource, display: string, options: LoadOptions, maxBytes: number): Promise<Recording> {
  let b: Builder | undefined;
  const builder = (format: RecordingFormat) => (b ??= new Builder(display, format));
  for await (const event of readDocuments(source, {maxDocumentBytes: maxBytes, stdin: options.stdin})) {
    if (event.type === 'problem') {
      builder('provider-bodies').problem(event.finding, event.fatal);
      continue;
    }
    // A one-line file (or stdin) reads as a stream of one line: the same shapes are accepted on every line.
    const {doc} = event;
    const value = doc.value;
    const format: RecordingFormat = isMockProgram(value) ? 'mock-program' : isHar(value) ? 'har' : 'provider-bodies';
    const rb = builder(format);
    appendAll(rb.recording.findings, doc.problemFindings());
    if (!doc.parsed) {
      rb.stop();
      continue;
    }
    if (isMockProgram(value)) readProgram(value, doc, rb);
    else if (isHar(value)) readHar(value, doc, rb, options.forced);
    else if (Array.isArray(value)) value.forEach((item, i) => rb.add(itemToCall(item, {file: display, pointer: `/${i}`, doc}, options.forced)));
    else rb.add(itemToCall(value, {file: display, pointer: '', doc}, options.forced));
  }
  return builder('provider-bodies').done();
}

function readProgram(value: {program: unknown[]} & Record<string, unknown>, doc: JsonDocument, b: Builder): void {
  const nodeId = mockNodeId(value);
  if (nodeId !== undefined) b.recording.nodeId = nodeId;
  value.program.forEach((step, i) => b.add(mockStep(step, {file: b.recording.file, pointer: `/program/${i}`, doc})));
}

function readHar(value: {log: {entries: unknown[]}}, doc: JsonDocument, b: Builder, forced?: RealProviderId): void {
  let providerEntries = 0;
  harEntries(value).forEach((entry, i) => {
    if (!b.open) return;
    const got = harEntry(entry, {file: b.recording.file, pointer: `/log/entries/${i}`, doc}, forced);
    if (!got) return;
    providerEntries++;
    if (got.skipped) b.problem(placeFinding(got.skipped.place, got.skipped.ruleId, got.skipped.severity, got.skipped.message));
    if (got.requestProblem) b.problem(placeFinding(got.requestProblem.place, got.requestProblem.ruleId, 'warning', got.requestProblem.message));
    if (got.item) b.add(got.item);
  });
  if (providerEntries === 0) {
    b.problem(
      doc.finding(
        'retry/har-no-provider-entries',
        'error',
        `none of the ${harEntries(value).length} HAR entries is a call to OpenAI Chat Completions, OpenAI Responses, Anthropic Messages or Gemini generateContent`,
        '/log/entries',
      ),
      true,
    );
  }
}

/** `listing` holds the folder's regular files (a symbolic link only when it stays in the folder; see listFolder). */
async function loadFolder(display: string, options: LoadOptions, listing: FolderListing, maxBytes: number): Promise<Recording> {
  const b = new Builder(display, 'folder');
  if ('problem' in listing) {
    b.problem(fileFinding(display, 'io/unreadable', `cannot read the folder ${display}: ${listing.problem}`), true);
    return b.done();
  }
  const {plan} = listing;
  if (plan.kind === 'bad-manifest') {
    b.problem(fileFinding(display, R.folderManifest.id, plan.message), true);
    return b.done();
  }
  if (plan.kind === 'emission') {
    if (plan.nodeId !== undefined) b.recording.nodeId = plan.nodeId;
    for (const name of plan.missing) b.problem(fileFinding(display, R.folderManifest.id, `the manifest names ${name}, which is not a file in the folder`), true);
    if (plan.missing.length > 0) return b.done();
  }
  for (const {name, path: file} of plan.files) {
    if (!b.open) break;
    const fileDisplay = displayPath(file, options.cwd);
    if (extname(name).toLowerCase() === '.sse') {
      const read = readInputFile(file, fileDisplay, maxBytes, tooLarge);
      if (!read.ok) {
        b.problem(read.finding, true);
        b.stop();
        continue;
      }
      const text = decodeText(read.bytes, fileDisplay, b);
      if (text === null) b.stop();
      else b.add(sseCall(text, {file: fileDisplay, pointer: '', line: 1}, options.forced));
      continue;
    }
    for await (const event of readDocuments({kind: 'file', path: file, display: fileDisplay}, {maxDocumentBytes: maxBytes})) {
      if (event.type === 'problem') {
        b.problem(event.finding, event.fatal);
        b.stop();
        continue;
      }
      appendAll(b.recording.findings, event.doc.problemFindings());
      if (!event.doc.parsed) {
        b.stop();
        continue;
      }
      const value = event.doc.value;
      const place = {file: fileDisplay, pointer: '', doc: event.doc};
      if (event.mode === 'stream' || Array.isArray(value) || isMockProgram(value) || isHar(value)) {
        b.add({
          ok: false,
          ruleId: 'retry/recording-shape',
          message: 'in a folder recording each file holds one call (a provider response, or {request, response}); give a list, program or HAR as a recording of its own',
          place,
        });
        break;
      }
      b.add(itemToCall(value, place, options.forced));
    }
  }
  return b.done();
}

/** A capture saved as .txt or .log: decided by its first bytes. */
async function startsLikeSse(path: string): Promise<boolean> {
  try {
    const handle = await open(path, 'r');
    try {
      const {buffer, bytesRead} = await handle.read(Buffer.alloc(256), 0, 256, 0);
      return looksLikeSse(buffer.toString('utf8', 0, bytesRead));
    } finally {
      await handle.close();
    }
  } catch {
    return false;
  }
}

function tooLarge(display: string, _size: number, maxBytes: number): string {
  return `${display} is over the ${mb(maxBytes)} MB limit for one recording (raise it with --max-size)`;
}

/** The shared byte checks (BOM, empty, binary, UTF-8), told in a capture's terms. */
const CAPTURE_PROBLEMS: Record<ByteProblemId, {ruleId: string; message: string}> = {
  'io/empty': {ruleId: 'retry/empty-recording', message: 'the capture is empty: nothing to replay'},
  'io/binary': {ruleId: 'io/binary', message: 'this looks like a binary file, not an SSE capture'},
  'io/invalid-utf8': {ruleId: 'io/invalid-utf8', message: 'invalid UTF-8 byte sequence: an SSE capture is UTF-8 text'},
};

/** SSE text; a problem becomes a fatal finding on the builder and null is returned. */
function decodeText(bytes: Buffer, display: string, b: Builder): string | null {
  const decoded = decodeJsonBytes(bytes);
  if (!decoded.problem) return decoded.text;
  const {ruleId, message} = CAPTURE_PROBLEMS[decoded.problem.ruleId];
  b.problem(fileFinding(display, ruleId, message), true);
  return null;
}

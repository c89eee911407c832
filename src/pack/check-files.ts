import {lstatSync, realpathSync, statSync, type Stats} from 'node:fs';
import {isAbsolute, normalize, sep} from 'node:path';
import {displayPath} from '../io/inputs.js';
import {notRegularMessage} from '../io/read-file.js';
import {inside, realPathOr} from '../io/read-scope.js';
import type {JsonDocument} from '../io/json-document.js';
import {parsePointer} from '../io/json-pointer.js';
import {mb} from '../io/read-file.js';
import type {Finding, Severity} from '../core/finding.js';
import {type FileRef, isUrl} from './file-refs.js';
import {type ReadFailure, readJsonDocument} from './read-json-file.js';
import {PACK_RULES} from './rules.js';
import {appendAll} from '../io/append-all.js';
import {SCAN_MAX_BYTES} from './scan/limits.js';
import {readCodeFile} from './scan/read-code.js';
import {isObject} from '../core/json.js';

export interface FileCheckContext {
  doc: JsonDocument;
  /** Folder the manifest's paths resolve against. */
  root: string;
  inPackFolder: boolean;
  cwd: string;
  maxBytes: number;
  /** Read the runtime entry for the requirement scan (javascript, python .py); otherwise only check it exists. */
  readEntry: boolean;
}

/** A referenced schema that parsed: what --lint-schemas lints. */
export interface LoadedSchema {
  path: string;
  display: string;
  doc: JsonDocument;
  /** The manifest references naming it. */
  refs: FileRef[];
}

export interface FileCheckOutcome {
  findings: Finding[];
  schemas: LoadedSchema[];
  /** Referenced JSON files (absolute paths) already reported as unusable, so not to be judged again. */
  broken: ReadonlySet<string>;
  /** The runtime entry (absolute path) and its text, when it exists and is small enough to scan. */
  entry?: {path: string; text: string};
}

type Loaded = {status: 'missing'; why: string} | {status: 'broken'; why: string} | {status: 'ok'; doc: JsonDocument};

/**
 * Checks that every file the manifest points at is inside the pack, exists, and (for JSON files) parses, and reads the
 * entry file for the requirement scan.
 */
export function checkFiles(refs: readonly FileRef[], ctx: FileCheckContext): FileCheckOutcome {
  const findings: Finding[] = [];
  const missing: Finding[] = [];
  // Made on first use: most manifests name their runtime entry and nothing else.
  let loaded: Map<string, Loaded> | undefined;
  let schemas: Map<string, LoadedSchema> | undefined;
  // Folders already seen to be real folders: a pack's schemas share one or two, and each ref would lstat them again.
  const folders = new Set<string>();
  const outcome: FileCheckOutcome = {findings, schemas: [], broken: new Set()};
  const missingSeverity: Severity = ctx.inPackFolder ? 'error' : 'warning';

  for (const ref of refs) {
    if (isUrl(ref.ref)) continue; // remote: never fetched
    const [pathPart, fragment] = splitFragment(ref.ref);
    // normalize() folds `a/../b` and `./b`, so whatever still starts with `..` leaves the pack.
    const relPath = normalize(pathPart);
    if (pathPart === '' || isAbsolute(pathPart) || relPath === '.' || relPath === '..' || relPath.startsWith(`..${sep}`)) {
      findings.push(ctx.doc.finding(PACK_RULES.refOutsidePack.id, 'error', `"${ref.ref}" must be a relative path to a file inside the pack`, ref.pointer));
      continue;
    }
    // `root` is a normalised absolute folder and `inside` a normalised relative path: what join() gives, without its normalising.
    const abs = ctx.root.endsWith(sep) ? ctx.root + relPath : ctx.root + sep + relPath;
    const refused = refusedFile(ctx.root, relPath, ref, ctx.doc, folders);
    if (refused !== undefined && refused !== ABSENT) {
      findings.push(refused);
      continue;
    }
    if (ref.type === 'entry') {
      const entry = checkEntry(abs, ref, ctx, {missing, findings}, missingSeverity, refused === ABSENT);
      if (entry) outcome.entry = entry;
      continue;
    }
    const display = displayPath(abs, ctx.cwd);
    loaded ??= new Map();
    let file = loaded.get(abs);
    if (!file) loaded.set(abs, (file = loadJson(abs, display, ctx.maxBytes)));
    if (file.status === 'missing') {
      if (ref.envelopeKind !== undefined) continue; // a pack need not ship the payload schema of a kind it names
      missing.push(ctx.doc.finding(PACK_RULES.missingFile.id, missingSeverity, `${what(ref)} "${ref.ref}" ${file.why}`, ref.pointer));
      continue;
    }
    if (file.status === 'broken') {
      findings.push(ctx.doc.finding(PACK_RULES.schemaInvalid.id, 'error', `${what(ref)} "${ref.ref}" ${file.why}`, ref.pointer));
      continue;
    }
    if (fragment !== undefined && !resolvesFragment(file.doc.value, fragment)) {
      missing.push(ctx.doc.finding(PACK_RULES.missingFile.id, missingSeverity, `${what(ref)} "${ref.ref}": ${pathPart} has no #${fragment}`, ref.pointer));
      continue;
    }
    if (ref.type !== 'schema') continue;
    schemas ??= new Map();
    const known = schemas.get(abs);
    if (known) {
      known.refs.push(ref);
      continue;
    }
    schemas.set(abs, {path: abs, display, doc: file.doc, refs: [ref]});
  }
  appendAll(findings, collapseLoneMissing(missing, refs, ctx));
  if (schemas) outcome.schemas = [...schemas.values()];
  if (loaded) outcome.broken = new Set([...loaded].filter(([, file]) => file.status === 'broken').map(([path]) => path));
  return outcome;
}

/** What {@link refusedFile} says of a path with nothing at it: the caller words the missing file. */
const ABSENT = 'absent';

/**
 * A file the manifest names is read only when it is a regular file whose real path stays in the pack: a symbolic link
 * out of it (to /etc/passwd, say) would otherwise be read and quoted, a FIFO would stop the run. Undefined when it
 * may be read, or is absent or a folder (the read says so). `relPath` is normalised and stays below `root` as written,
 * so only a link on the way can lead out: each step is looked at (lstat), and the real path is asked only past a link.
 */
function refusedFile(root: string, relPath: string, ref: FileRef, doc: JsonDocument, folders: Set<string>): Finding | typeof ABSENT | undefined {
  let info: Stats | 'link' | undefined;
  try {
    info = linkFree(root, relPath, folders);
    if (info === undefined) return ABSENT;
    if (info === 'link') {
      if (!inside(realpathSync.native(root + sep + relPath), realPathOr(root))) {
        return doc.finding(PACK_RULES.refOutsidePack.id, 'error', `${what(ref)} "${ref.ref}" is a symbolic link (or lies under one) leading out of the pack; it was not read`, ref.pointer);
      }
      info = statSync(root + sep + relPath);
    }
  } catch {
    return undefined; // a dangling link, or a file where a folder should be: the read says so
  }
  if (info && !info.isFile() && !info.isDirectory()) return doc.finding('io/not-regular', 'error', `${what(ref)} ${notRegularMessage(`"${ref.ref}"`)}`, ref.pointer);
  return undefined;
}

/**
 * What `relPath` below `root` is, without following links: 'link' when a step is one, undefined when absent. Folders on
 * the way that `folders` holds were seen to be real folders (not links) and are not looked at again; those seen now are added.
 */
function linkFree(root: string, relPath: string, folders: Set<string>): Stats | 'link' | undefined {
  let path = root.endsWith(sep) ? root.slice(0, -1) : root;
  let info: Stats | undefined;
  const parts = relPath.split(sep);
  for (let i = 0; i < parts.length; i++) {
    path += sep + parts[i];
    const last = i === parts.length - 1;
    if (!last && folders.has(path)) continue;
    info = lstatSync(path, {throwIfNoEntry: false});
    if (!info) return undefined;
    if (info.isSymbolicLink()) return 'link';
    if (!last && info.isDirectory()) folders.add(path);
  }
  return info;
}

function what(ref: FileRef): string {
  return ref.type === 'schema' ? `schema ${ref.key}` : ref.key;
}

function splitFragment(ref: string): [string, string | undefined] {
  const hash = ref.indexOf('#');
  if (hash === -1) return [ref, undefined];
  const fragment = ref.slice(hash + 1);
  return [ref.slice(0, hash), fragment === '' ? undefined : fragment];
}

function loadJson(abs: string, display: string, maxBytes: number): Loaded {
  const read = readJsonDocument(abs, display, maxBytes, 'a referenced JSON file');
  if ('reason' in read) {
    if (read.reason === 'missing') return {status: 'missing', why: whyMissing(read)};
    return {status: 'broken', why: `cannot be used: ${read.finding.message} (${display}:${read.finding.line}:${read.finding.column})`};
  }
  const {doc} = read;
  const broken = doc.problemFindings().find((f) => f.severity === 'error');
  if (!doc.parsed || broken) {
    const f = broken ?? doc.problemFindings()[0];
    return {status: 'broken', why: `is not valid JSON: ${f?.message ?? 'unreadable'} (${display}:${f?.line ?? 1}:${f?.column ?? 1})`};
  }
  const value = doc.value;
  if (typeof value !== 'boolean' && !isObject(value)) {
    return {status: 'broken', why: `is not a JSON Schema: it holds ${Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`}, not an object or a boolean`};
  }
  return {status: 'ok', doc};
}

function whyMissing(failure: ReadFailure): string {
  return failure.finding.ruleId === 'io/not-found' ? 'does not exist' : 'is a folder, not a file';
}

function checkEntry(abs: string, ref: FileRef, ctx: FileCheckContext, {missing, findings}: {missing: Finding[]; findings: Finding[]}, severity: Severity, absent: boolean): FileCheckOutcome['entry'] {
  if (!ctx.readEntry) {
    const why = whyNotAFile(abs);
    if (why) missing.push(ctx.doc.finding(PACK_RULES.missingFile.id, severity, `runtime.entry "${ref.ref}" ${why}`, ref.pointer));
    return undefined;
  }
  // A lone manifest away from its pack has no entry next to it: known from the look refusedFile took, not from a thrown error.
  if (absent) {
    missing.push(ctx.doc.finding(PACK_RULES.missingFile.id, severity, `runtime.entry "${ref.ref}" does not exist`, ref.pointer));
    return undefined;
  }
  // Named as written: the entry of every pack is read, and its display path is only needed for a finding.
  const read = readCodeFile(abs, ref.ref);
  if (typeof read === 'string') return {path: abs, text: read};
  if (read.reason === 'missing') missing.push(ctx.doc.finding(PACK_RULES.missingFile.id, severity, `runtime.entry "${ref.ref}" ${whyMissing(read)}`, ref.pointer));
  else if (read.reason === 'unreadable') missing.push(ctx.doc.finding(PACK_RULES.missingFile.id, severity, `runtime.entry "${ref.ref}": ${read.finding.message}`, ref.pointer));
  else {
    // It exists, but is over the scan's cap (a bundle?): say so, so an unchecked entry is never taken as a clean one.
    findings.push(
      ctx.doc.finding(
        PACK_RULES.entryNotScanned.id,
        'warning',
        `runtime.entry "${ref.ref}" is over the ${mb(SCAN_MAX_BYTES)} MB the requirement scan reads (a bundle?): what its code uses was not checked against runtime.requires`,
        ref.pointer,
      ),
    );
  }
  return undefined;
}

/** Why `abs` is not a readable file (a .wasm or wheel entry need not be read, only be there), or undefined. */
function whyNotAFile(abs: string): string | undefined {
  try {
    const info = statSync(abs, {throwIfNoEntry: false});
    if (info === undefined) return 'does not exist';
    return info.isFile() ? undefined : 'is a folder, not a file';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOTDIR' ? 'does not exist' : `cannot be read (${(error as Error).message})`;
  }
}

function resolvesFragment(root: unknown, fragment: string): boolean {
  let segments: string[];
  try {
    segments = parsePointer(`#${fragment}`);
  } catch {
    return true; // a plain-name anchor (#foo): Ajv resolves those by $anchor, not worth second-guessing here
  }
  let v = root;
  for (const seg of segments) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, seg)) return false;
    v = (v as Record<string, unknown>)[seg];
  }
  return true;
}

/** A lone manifest copied away from its files would get one warning per reference; say it once instead. */
function collapseLoneMissing(missing: Finding[], refs: readonly FileRef[], ctx: FileCheckContext): Finding[] {
  if (ctx.inPackFolder || missing.length < 2) return missing;
  const total = refs.filter((r) => !isUrl(r.ref) && r.envelopeKind === undefined).length;
  if (missing.length < total) return missing;
  const [first] = missing;
  const ref = /"([^"]*)"/.exec(first.message)?.[1] ?? '';
  return [
    {
      ...first,
      message: `none of the ${total} files this manifest points at are next to it (first: ${ref}); a lone manifest's files are checked only when present: validate its pack folder to check them`,
    },
  ];
}

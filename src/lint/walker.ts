import {dirname, isAbsolute, resolve} from 'node:path';
import {decodeJsonBytes} from '../io/decode.js';
import {displayPath} from '../io/inputs.js';
import {JsonDocument} from '../io/json-document.js';
import {toPointer} from '../io/json-pointer.js';
import {ReadScope} from '../io/read-scope.js';
import {cutAt} from '../io/trim.js';
import {isStdinName} from '../io/paths.js';
import {remoteUrl, type RemoteDocs} from './remote-refs.js';
import {isAncestorOrSelf, ptr} from './schema-util.js';
import {isObject, type JsonObject} from '../core/json.js';
import {TIER1_MAX_DEPTH, type EdgeKind, type RefInfo, type SchemaNode} from './types.js';

export interface WalkOptions {
  /** Folder that display names (and refs from stdin) are relative to. */
  cwd?: string;
  /** Absolute path of the linted document; relative `$ref`s resolve against its folder. Derived from the document's name when absent. */
  path?: string;
  /** Reads a referenced file (tests, and probe's served schemas, pass their own); the default reads the disk within `scope`. */
  readFile?: (absolutePath: string) => Uint8Array | string;
  /**
   * Where referenced files may be read from, and how large they may be (default: the working directory and the linted
   * file's folder). A reference leading elsewhere, or to something not a regular file, is refused, not read.
   */
  scope?: ReadScope;
  /** Remote documents fetched beforehand (--allow-remote-refs), by URL; without an entry a remote ref is not followed. */
  remote?: RemoteDocs;
  /** Upper bound on visits, against pathological `$ref` fan-out. */
  maxVisits?: number;
  /** Bits by key: each node's {@link SchemaNode.keywordMask} is the union of its keys' bits (the engine's dispatch table). */
  keywordBits?: ReadonlyMap<string, number>;
  /** Bits a key gives when `keywordBits` does not list it (rules that report on keys they do not know). */
  otherKeywordBits?: number;
}

export interface WalkStats {
  visits: number;
  /** The walk stopped at `maxVisits`. */
  truncated: boolean;
}

export const DEFAULT_MAX_VISITS = 500_000;
/** Ref targets are walked once per depth up to this; deeper visits share one walk (no rule cares past OpenAI's 10). */
const DEPTH_MEMO_CAP = 12;

interface Trail {
  doc: JsonDocument;
  pointer: string;
  prev?: Trail;
}

/**
 * One visit. Its pointer is built only when asked for (a rule reporting, a `$ref` site): most nodes never need it, and
 * building one string per sub-schema cost more than the checks.
 */
class WalkNode implements SchemaNode {
  ref?: RefInfo;
  keywordMask = 0;
  /** The engine's note of where this node's findings go ({@link placementSlot}), made when the first one is reported. */
  placement: unknown = undefined;
  private ownPointer: string | undefined;

  constructor(
    readonly schema: JsonObject,
    readonly doc: JsonDocument,
    readonly depth: number,
    readonly edge: EdgeKind,
    readonly parent: WalkNode | undefined,
    readonly reach: 'upstream' | 'extension',
    readonly tier1: boolean,
    /** The `$ref` sites that led here, for recursion checks. */
    readonly trail: Trail | undefined,
    /** Where this node sits under the keyword its edge names (`a` for …/properties/a), or exactly where it is. */
    readonly key: string | number | undefined,
    pointer?: string,
  ) {
    this.ownPointer = pointer;
  }

  get inPredicate(): boolean {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the cursor of a walk up the parents starts at this node
    for (let n: WalkNode | undefined = this; n; n = n.parent) if (PREDICATE_EDGES.has(n.edge)) return true;
    return false;
  }

  get isRoot(): boolean {
    return this.parent === undefined;
  }

  get pointer(): string {
    if (this.ownPointer === undefined) {
      const base = `${(this.parent as WalkNode).pointer}/${this.edge === 'tupleItems' ? 'items' : this.edge}`;
      this.ownPointer = this.key === undefined ? base : ptr(base, this.key);
    }
    return this.ownPointer;
  }
}

/**
 * The segment `node`'s pointer adds to its parent's before its {@link WalkNode.key} (the keyword its edge names);
 * undefined for the root and for `$ref` targets, whose pointer is their own.
 */
export function edgeSegment(node: SchemaNode): string | undefined {
  const {edge} = node as WalkNode;
  if (edge === 'root' || edge === '$ref') return undefined;
  return edge === 'tupleItems' ? 'items' : edge;
}

/** The segment `node`'s pointer adds after its {@link edgeSegment}: its name or index under that keyword, if any. */
export function memberSegment(node: SchemaNode): string | undefined {
  const {key} = node as WalkNode;
  return key === undefined ? undefined : String(key);
}

/** Where the engine keeps its own note on a node of the walk (one per node, so no map from nodes is needed). */
export function placementSlot(node: SchemaNode): {placement: unknown} {
  return node as WalkNode;
}

/**
 * Walks a schema iteratively (no recursion: a deep schema cannot overflow the stack) and calls `visit` for every object
 * sub-schema, parents before children, in document order.
 *
 * Edges, each one level deeper: `properties/*`, `anyOf/*`, object `items`, `$defs/*` — exactly the upstream conformance
 * walker's — then ours: `definitions/*`, `additionalProperties`, `patternProperties/*`, `contains`, `prefixItems/*`,
 * tuple `items/*`; and `$ref`, whose target stands in for the referring schema at the same depth. Local refs
 * (`#/…`, `#anchor`) and relative file refs are followed; http(s) refs never are. A ref that leads back into a schema
 * it came from is reported as recursive and not followed, so every cycle terminates.
 */
export function walkSchema(root: JsonDocument, options: WalkOptions, visit: (node: SchemaNode) => void): WalkStats {
  const cwd = options.cwd ?? process.cwd();
  const maxVisits = options.maxVisits ?? DEFAULT_MAX_VISITS;
  const stats: WalkStats = {visits: 0, truncated: false};
  if (!isObject(root.value)) return stats;
  let resolver: RefResolver | undefined;
  const bits = options.keywordBits;
  const otherBits = options.otherKeywordBits ?? 0;

  let memo: Set<string> | undefined;
  const stack: WalkNode[] = [new WalkNode(root.value, root, 0, 'root', undefined, 'upstream', true, undefined, undefined, '')];
  while (stack.length > 0) {
    const node = stack.pop() as WalkNode;
    if (++stats.visits > maxVisits) {
      stats.truncated = true;
      break;
    }
    const {schema} = node;
    // One pass over the schema's own keys finds its edges, whether it has a `$ref` (both in `held`) and, for the engine,
    // which rules can report on it: looking each keyword up instead costs a failed property lookup per absent keyword,
    // which on most sub-schemas is all.
    let held = 0;
    let mask = 0;
    for (const k in schema) {
      const edge = edgeBit(k);
      const bit = bits === undefined ? 0 : (bits.get(k) ?? otherBits);
      if ((edge | bit) !== 0 && Object.hasOwn(schema, k)) {
        held |= edge;
        mask |= bit;
      }
    }
    node.keywordMask = mask;
    let refTarget: {doc: JsonDocument; pointer: string; value: JsonObject} | undefined;
    if ((held & REF) !== 0 && typeof schema.$ref === 'string') {
      resolver ??= new RefResolver(root, cwd, options);
      const resolved = resolver.resolve(node.doc, schema.$ref);
      if (resolved.status !== 'found') node.ref = resolved;
      else {
        const site: Trail = {doc: node.doc, pointer: node.pointer, prev: node.trail};
        let recursive = false;
        for (let t: Trail | undefined = site; t; t = t.prev) {
          if (t.doc === resolved.doc && isAncestorOrSelf(resolved.pointer, t.pointer)) {
            recursive = true;
            break;
          }
        }
        node.ref = {status: recursive ? 'recursive' : 'resolved', ref: schema.$ref, doc: resolved.doc, pointer: resolved.pointer, external: resolved.doc !== root};
        if (!recursive && isObject(resolved.value)) refTarget = {doc: resolved.doc, pointer: resolved.pointer, value: resolved.value};
      }
    }
    visit(node);

    // Children go on the stack in document order, then that stretch is reversed so the first is popped first.
    const from = stack.length;
    const tier1 = node.tier1 && node.depth <= TIER1_MAX_DEPTH;
    if (held !== 0) {
      const up = node.reach === 'upstream';
      if (held & PROPERTIES) members(stack, node, tier1, schema.properties, 'properties', up);
      if (held & ANY_OF) elements(stack, node, tier1, schema.anyOf, 'anyOf', up);
      if (held & ITEMS) pushChild(stack, node, tier1, schema.items, 'items', up, undefined);
      if (held & DEFS) members(stack, node, tier1, schema.$defs, '$defs', up);
      if (held & DEFINITIONS) members(stack, node, tier1, schema.definitions, 'definitions', false);
      if (held & ADDITIONAL_PROPERTIES) pushChild(stack, node, tier1, schema.additionalProperties, 'additionalProperties', false, undefined);
      if (held & PATTERN_PROPERTIES) members(stack, node, tier1, schema.patternProperties, 'patternProperties', false);
      if (held & CONTAINS) pushChild(stack, node, tier1, schema.contains, 'contains', false, undefined);
      if (held & PREFIX_ITEMS) elements(stack, node, tier1, schema.prefixItems, 'prefixItems', false);
      if (held & ITEMS) elements(stack, node, tier1, schema.items, 'tupleItems', false);
      if (held & ONE_OF) elements(stack, node, tier1, schema.oneOf, 'oneOf', false);
      if (held & ALL_OF) elements(stack, node, tier1, schema.allOf, 'allOf', false);
      if (held & NOT) pushChild(stack, node, tier1, schema.not, 'not', false, undefined);
      if (held & IF) pushChild(stack, node, tier1, schema.if, 'if', false, undefined);
      if (held & THEN) pushChild(stack, node, tier1, schema.then, 'then', false, undefined);
      if (held & ELSE) pushChild(stack, node, tier1, schema.else, 'else', false, undefined);
      if (held & DEPENDENT_SCHEMAS) members(stack, node, tier1, schema.dependentSchemas, 'dependentSchemas', false);
    }
    if (refTarget) {
      const key = `${(resolver as RefResolver).idOf(refTarget.doc)}\u0000${refTarget.pointer}\u0000${Math.min(node.depth, DEPTH_MEMO_CAP)}\u0000${tier1}`;
      memo ??= new Set();
      if (!memo.has(key)) {
        memo.add(key);
        const trail = {doc: node.doc, pointer: node.pointer, prev: node.trail};
        stack.push(new WalkNode(refTarget.value, refTarget.doc, node.depth, '$ref', node, 'extension', tier1, trail, undefined, refTarget.pointer));
      }
    }
    reverseFrom(stack, from);
  }
  return stats;
}

/** `upstream`: the edge is one upstream's walker follows, so the child is upstream's when its parent is. */
function pushChild(stack: WalkNode[], node: WalkNode, tier1: boolean, value: unknown, edge: EdgeKind, upstream: boolean, key: string | number | undefined): void {
  if (!isObject(value)) return;
  stack.push(new WalkNode(value, node.doc, node.depth + 1, edge, node, upstream ? 'upstream' : 'extension', tier1, node.trail, key));
}

function members(stack: WalkNode[], node: WalkNode, tier1: boolean, v: unknown, edge: EdgeKind, upstream: boolean): void {
  if (isObject(v)) for (const k in v) if (Object.hasOwn(v, k)) pushChild(stack, node, tier1, v[k], edge, upstream, k);
}

function elements(stack: WalkNode[], node: WalkNode, tier1: boolean, v: unknown, edge: EdgeKind, upstream: boolean): void {
  if (Array.isArray(v)) for (let i = 0; i < v.length; i++) pushChild(stack, node, tier1, v[i], edge, upstream, i);
}

const PREDICATE_EDGES: ReadonlySet<EdgeKind> = new Set(['allOf', 'not', 'if', 'then', 'else', 'dependentSchemas']);

const PROPERTIES = 1;
const ANY_OF = 2;
const ITEMS = 4;
const DEFS = 8;
const DEFINITIONS = 16;
const ADDITIONAL_PROPERTIES = 32;
const PATTERN_PROPERTIES = 64;
const CONTAINS = 128;
const PREFIX_ITEMS = 256;
const ONE_OF = 512;
const ALL_OF = 1024;
const NOT = 2048;
const IF = 4096;
const THEN = 8192;
const ELSE = 16384;
const DEPENDENT_SCHEMAS = 32768;
/** Not an edge to a child: the key whose target stands in for the schema (see the walk). */
const REF = 65536;

function edgeBit(key: string): number {
  switch (key) {
    case 'properties':
      return PROPERTIES;
    case 'anyOf':
      return ANY_OF;
    case 'items':
      return ITEMS;
    case '$defs':
      return DEFS;
    case 'definitions':
      return DEFINITIONS;
    case 'additionalProperties':
      return ADDITIONAL_PROPERTIES;
    case 'patternProperties':
      return PATTERN_PROPERTIES;
    case 'contains':
      return CONTAINS;
    case 'prefixItems':
      return PREFIX_ITEMS;
    case 'oneOf':
      return ONE_OF;
    case 'allOf':
      return ALL_OF;
    case 'not':
      return NOT;
    case 'if':
      return IF;
    case 'then':
      return THEN;
    case 'else':
      return ELSE;
    case 'dependentSchemas':
      return DEPENDENT_SCHEMAS;
    case '$ref':
      return REF;
    default:
      return 0;
  }
}

function reverseFrom<T>(list: T[], from: number): void {
  for (let i = from, j = list.length - 1; i < j; i++, j--) {
    const t = list[i];
    list[i] = list[j];
    list[j] = t;
  }
}

type Unresolved = Extract<RefInfo, {reason: string}>;
type Resolved = {status: 'found'; doc: JsonDocument; pointer: string; value: unknown} | {status: 'remote'; ref: string} | Unresolved;
/** Why a referenced file gave no document: kept per file, so each is read (or refused) once per walk. */
type Unloadable = {status: 'unresolved'; reason: string} | {status: 'refused'; ruleId: 'ref/outside-root' | 'ref/not-regular'; reason: string};

/** Resolves `$ref` strings to documents and pointers; loads each referenced file once per walk. */
class RefResolver {
  private readonly docs = new Map<string, JsonDocument | Unloadable>();
  private scope: ReadScope | undefined;
  private readonly rootPath: string | undefined;
  private readonly paths = new Map<JsonDocument, string | undefined>();
  private readonly ids = new Map<JsonDocument, number>();
  private readonly urls = new Map<JsonDocument, string>();

  constructor(
    root: JsonDocument,
    private readonly cwd: string,
    private readonly options: WalkOptions,
  ) {
    const file = root.source.file;
    const path = options.path ?? (isStdinName(file) ? undefined : resolve(cwd, file));
    this.rootPath = path;
    this.paths.set(root, path);
    if (path) this.docs.set(path, root);
    for (const [url, doc] of options.remote ?? []) if (typeof doc !== 'string') this.urls.set(doc, url);
  }

  idOf(doc: JsonDocument): number {
    let id = this.ids.get(doc);
    if (id === undefined) this.ids.set(doc, (id = this.ids.size));
    return id;
  }

  resolve(from: JsonDocument, ref: string): Resolved {
    const hash = ref.indexOf('#');
    const location = hash < 0 ? ref : ref.slice(0, hash);
    const fragment = hash < 0 ? '' : ref.slice(hash + 1);
    let doc: JsonDocument = from;
    if (location !== '') {
      const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(location)?.[1]?.toLowerCase();
      const ownId = isObject(from.value) && typeof from.value.$id === 'string' ? cutAt(from.value.$id, '#') : undefined;
      const base = this.urls.get(from);
      if (ownId !== undefined && location === ownId) doc = from;
      else if (scheme === 'http' || scheme === 'https' || (!scheme && base)) {
        const url = remoteUrl(location, base);
        const fetched = url === undefined ? undefined : this.options.remote?.get(url);
        if (fetched === undefined) return {status: 'remote', ref};
        if (typeof fetched === 'string') return {status: 'unresolved', ref, reason: fetched};
        doc = fetched;
      } else if (scheme === 'file')
        return {
          status: 'refused',
          ref,
          ruleId: 'ref/outside-root',
          reason: 'is a file: URL, which names a place on this machine rather than a file beside the schema; only relative file references are followed',
        };
      else if (scheme) return {status: 'unresolved', ref, reason: `only local ("#/…") and relative file references are followed, not "${scheme}:" URIs`};
      else {
        const loaded = this.load(from, location);
        if (!(loaded instanceof JsonDocument)) return {...loaded, ref};
        doc = loaded;
      }
    }
    const target = locate(doc, fragment);
    if (typeof target === 'string') return {status: 'unresolved', ref, reason: target};
    return {status: 'found', doc, pointer: target.pointer, value: target.value};
  }

  private load(from: JsonDocument, location: string): JsonDocument | Unloadable {
    let relPath: string;
    try {
      relPath = decodeURIComponent(location);
    } catch {
      return {status: 'unresolved', reason: `"${location}" is not a valid URI reference`};
    }
    if (isAbsolute(relPath)) return {status: 'refused', ruleId: 'ref/outside-root', reason: 'is an absolute path; only relative file references (inside the project) are followed'};
    const base = this.paths.get(from);
    const abs = resolve(base ? dirname(base) : this.cwd, relPath);
    const cached = this.docs.get(abs);
    if (cached !== undefined) return cached;
    const display = displayPath(abs, this.cwd);
    const result = this.parse(abs, display);
    if (result instanceof JsonDocument) this.paths.set(result, abs);
    this.docs.set(abs, result);
    return result;
  }

  private parse(abs: string, display: string): JsonDocument | Unloadable {
    const bytes = this.read(abs, display);
    if (!(bytes instanceof Uint8Array)) return bytes;
    const decoded = decodeJsonBytes(bytes);
    if (decoded.problem) return {status: 'unresolved', reason: `${display}: ${decoded.problem.message}`};
    const doc = JsonDocument.parse(decoded.text, {file: display});
    const broken = doc.problemFindings().find((f) => f.severity === 'error');
    if (!doc.parsed || broken) return {status: 'unresolved', reason: `${display}:${broken?.line ?? 1}:${broken?.column ?? 1}: ${broken?.message ?? 'invalid JSON'}`};
    return doc;
  }

  private read(abs: string, display: string): Uint8Array | Unloadable {
    if (this.options.readFile) {
      try {
        const raw = this.options.readFile(abs);
        return typeof raw === 'string' ? Buffer.from(raw) : raw;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        return {status: 'unresolved', reason: code === 'ENOENT' ? `${display} does not exist` : `cannot read ${display}: ${(error as Error).message}`};
      }
    }
    this.scope ??= this.options.scope ?? new ReadScope({cwd: this.cwd, named: this.rootPath ? [this.rootPath] : []});
    const read = this.scope.readReference(abs, display);
    if (read.ok) return read.bytes;
    const {ruleId} = read.finding;
    if (ruleId === 'io/outside-root')
      return {status: 'refused', ruleId: 'ref/outside-root', reason: `leads outside the project root (to ${display}); it was not read (--ref-root DIR allows another folder)`};
    if (ruleId === 'io/not-regular') return {status: 'refused', ruleId: 'ref/not-regular', reason: `names ${display}, which is not a regular file (a FIFO, device or socket); it was not read`};
    if (read.reason === 'missing') return {status: 'unresolved', reason: ruleId === 'io/not-found' ? `${display} does not exist` : `${display} is a folder`};
    return {status: 'unresolved', reason: read.finding.message};
  }
}

function locate(doc: JsonDocument, fragment: string): {pointer: string; value: unknown} | string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(fragment);
  } catch {
    return `"#${fragment}" is not a valid fragment`;
  }
  if (decoded === '' || decoded.startsWith('/')) {
    const segments =
      decoded === ''
        ? []
        : decoded
            .slice(1)
            .split('/')
            .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
    let value: unknown = doc.value;
    for (const seg of segments) {
      if (Array.isArray(value) && /^(0|[1-9]\d*)$/.test(seg) && Number(seg) < value.length) value = value[Number(seg)];
      else if (isObject(value) && Object.hasOwn(value, seg)) value = value[seg];
      else return `${doc.source.file} has nothing at "#${decoded}"`;
    }
    return {pointer: toPointer(segments), value};
  }
  const found = findAnchor(doc.value, decoded);
  return found ?? `${doc.source.file} has no "$anchor": "${decoded}"`;
}

/** Plain-name fragments (`#node`) name a schema's `$anchor`. Iterative search. */
function findAnchor(root: unknown, name: string): {pointer: string; value: unknown} | undefined {
  const stack: {value: unknown; path: (string | number)[]}[] = [{value: root, path: []}];
  while (stack.length) {
    const {value, path} = stack.pop() as {value: unknown; path: (string | number)[]};
    if (Array.isArray(value)) value.forEach((v, i) => stack.push({value: v, path: [...path, i]}));
    else if (isObject(value)) {
      if (value.$anchor === name) return {pointer: toPointer(path), value};
      for (const k of Object.keys(value)) stack.push({value: value[k], path: [...path, k]});
    }
  }
  return undefined;
}

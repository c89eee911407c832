import {createScanner, SyntaxKind, type JSONScanner} from 'jsonc-parser';
import {hasEscape, isWhitespace, restEnd, skipWhitespace, stringAt, stringEnd, valueEnd} from './json-skip.js';

// Local, not imported: V8 folds a module's own constants into hot loops, not imported bindings.
const SPACE = 0x20;
const QUOTE = 0x22;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

export interface OffsetRange {
  start: number;
  end: number;
}

/** Where members found by earlier lookups in the same text sit, keyed by their pointer. */
export type MemberCache = Map<string, Member>;

export interface LocateOptions {
  /** The text repeats keys: scan whole objects so the last duplicate wins, as in JSON.parse. */
  lastWins?: boolean;
  cache?: MemberCache;
}

/**
 * Where the value at `segments` sits in `text`: from its key (for an object member) to the end of its value; for a
 * missing path, the nearest existing ancestor. A forward scan that skips unrelated values token by token, with no
 * tree built: most documents need a few positions, and a full position tree costs more than the whole check.
 * Members found on the way are cached, so later lookups under the same parents start there.
 */
export function locateOffsets(text: string, segments: readonly string[], options: LocateOptions = {}): OffsetRange {
  const sc = createScanner(text, true);
  let kind = sc.scan();
  let start = sc.getTokenOffset();
  let prefix = '';
  for (const seg of segments) {
    prefix += '/' + seg.replaceAll('~', '~0').replaceAll('/', '~1');
    let member = options.cache?.get(prefix);
    if (!member) {
      member = kind === SyntaxKind.OpenBraceToken ? findMember(sc, seg, options.lastWins ?? false) : kind === SyntaxKind.OpenBracketToken ? findElement(sc, seg) : undefined;
      if (!member) break;
      options.cache?.set(prefix, member);
    }
    sc.setPosition(member.valueOffset);
    kind = sc.scan();
    start = member.keyOffset;
  }
  const valueStart = sc.getTokenOffset();
  sc.setPosition(valueStart);
  kind = sc.scan();
  return {start, end: skipValue(sc, kind)};
}

export interface Member {
  keyOffset: number;
  valueOffset: number;
}

/** Scanner is on `{`. Returns the first (or, with `lastWins`, the last) member named `key`, or undefined. */
function findMember(sc: JSONScanner, key: string, lastWins: boolean): Member | undefined {
  let found: Member | undefined;
  for (let kind = sc.scan(); kind !== SyntaxKind.CloseBraceToken && kind !== SyntaxKind.EOF; kind = sc.scan()) {
    if (kind === SyntaxKind.CommaToken) continue;
    if (kind !== SyntaxKind.StringLiteral) return found;
    const keyOffset = sc.getTokenOffset();
    const name = sc.getTokenValue();
    if (sc.scan() !== SyntaxKind.ColonToken) return found;
    const valueKind = sc.scan();
    const valueOffset = sc.getTokenOffset();
    if (name === key) {
      found = {keyOffset, valueOffset};
      if (!lastWins) return found;
    }
    skipValue(sc, valueKind);
  }
  return found;
}

/** Scanner is on `[`. Returns element `index`, or undefined. */
function findElement(sc: JSONScanner, seg: string): Member | undefined {
  if (!/^(0|[1-9]\d*)$/.test(seg)) return undefined;
  const index = Number(seg);
  let i = 0;
  for (let kind = sc.scan(); kind !== SyntaxKind.CloseBracketToken && kind !== SyntaxKind.EOF; kind = sc.scan()) {
    if (kind === SyntaxKind.CommaToken) continue;
    const offset = sc.getTokenOffset();
    if (i === index) return {keyOffset: offset, valueOffset: offset};
    skipValue(sc, kind);
    i++;
  }
  return undefined;
}

/** Skips the value whose first token is `kind` (already scanned); returns the offset just past it. */
function skipValue(sc: JSONScanner, kind: SyntaxKind): number {
  if (kind !== SyntaxKind.OpenBraceToken && kind !== SyntaxKind.OpenBracketToken) return sc.getTokenOffset() + sc.getTokenLength();
  let depth = 1;
  while (depth > 0) {
    const next = sc.scan();
    if (next === SyntaxKind.EOF) return sc.getTokenOffset();
    if (next === SyntaxKind.OpenBraceToken || next === SyntaxKind.OpenBracketToken) depth++;
    else if (next === SyntaxKind.CloseBraceToken || next === SyntaxKind.CloseBracketToken) depth--;
  }
  return sc.getTokenOffset() + sc.getTokenLength();
}

/** The pointers wanted under one value, as a tree of their segments. */
interface Wanted {
  /** This node's segment: a member name, or an element index. */
  seg: string;
  /** `seg` holds a backslash (so a key matching it textually is escaped, and means something else). */
  backslash: boolean;
  /**
   * The children, as a list linked through `next` (newest first: their segments differ, so order does not matter),
   * rather than an array per node: a document's tree has a node per finding, and arrays grown by push took room for 16.
   */
  first: Wanted | undefined;
  next: Wanted | undefined;
  childCount: number;
  /** The children by segment, once there are more than a linear search should scan (a finding on each of 80k members). */
  byName: Map<string, Wanted> | undefined;
  /** Indexes (into the caller's list) of the paths that end here: one (most paths are marked once) or a list. */
  ends: number | number[] | undefined;
  found: boolean;
  /** A node of a {@link PathPool}, kept from one document to the next. */
  pooled: boolean;
  /** A pooled node's pooled children, by segment: every one made so far, not only this round's (see `first`). */
  pooledChildren: Map<string, Wanted> | undefined;
  /** The round the fields from `first` to `found` belong to (0: a node no round has taken). */
  round: number;
  /** Set by the caller, and then the path's RFC 6901 pointer: one string for every finding at this path. */
  pointer: string | undefined;
}

function wanted(seg: string, pooled = false): Wanted {
  return {
    seg,
    backslash: seg.includes('\\'),
    first: undefined,
    next: undefined,
    childCount: 0,
    byName: undefined,
    ends: undefined,
    found: false,
    pooled,
    pooledChildren: undefined,
    round: 0,
    pointer: undefined,
  };
}

/** Children are searched one by one up to this many; past it, through `byName`. */
const LINEAR_CHILDREN = 8;

/**
 * The paths a {@link locateWanted} pass looks for, as a tree of their segments, added as segment lists or as RFC 6901
 * pointers (read in place: a document's findings share most of their pointers' prefixes, and splitting each pointer
 * into new strings cost more than finding them).
 */
export class WantedPaths {
  readonly root: Wanted;
  /** Paths marked. */
  count = 0;
  /** Nodes some path ends at (fewer than `count` when a path is marked twice). */
  ranged = 0;
  private readonly round: number;

  /** With `pool`, the tree is the pool's, taken over for a new round. */
  constructor(private readonly pool?: PathPool) {
    if (pool) {
      this.round = pool.begin();
      this.root = pool.root;
      this.reset(this.root);
    } else {
      this.round = 0;
      this.root = wanted('');
    }
  }

  /**
   * False once another round of the same pool has begun: this tree's nodes were taken over, so its paths no longer say
   * where anything is (a caller places by pointer instead).
   */
  intact(): boolean {
    return this.pool === undefined || this.pool.round === this.round;
  }

  addSegments(segments: readonly string[]): void {
    let node = this.root;
    for (const segment of segments) node = this.child(node, segment);
    this.mark(node);
  }

  /** `pointer` is '' or starts with '/'. */
  addPointer(pointer: string): void {
    this.mark(this.at(pointer));
  }

  /** The path `pointer` names ('' or starting with '/'), added to the tree if new. */
  at(pointer: string): WantedPath {
    let node = this.root;
    let tilde = pointer.indexOf('~');
    for (let from = 1; from <= pointer.length;) {
      let to = pointer.indexOf('/', from);
      if (to === -1) to = pointer.length;
      if (tilde !== -1 && tilde < from) tilde = pointer.indexOf('~', from);
      node = childIn(node, pointer, from, to, tilde !== -1 && tilde < to) ?? this.child(node, unescapeSegment(pointer.slice(from, to)));
      from = to + 1;
    }
    return node;
  }

  /** The path one segment below `parent`, added to the tree if new. */
  child(parent: WantedPath, seg: string): WantedPath {
    // Once another round has taken the pool over, its nodes are that round's: this tree adds nodes of its own only.
    const pooled = parent.pooled && this.intact();
    const kept = pooled ? parent.pooledChildren?.get(seg) : undefined;
    if (kept !== undefined) return kept.round === this.round ? kept : this.adopt(parent, kept);
    return childNamed(parent, seg) ?? this.adopt(parent, (pooled ? this.pool?.pooledChild(parent, seg) : undefined) ?? wanted(seg));
  }

  /** The next range {@link locateWanted} gives is that of `node`. */
  mark(node: WantedPath): void {
    const {ends} = node;
    if (ends === undefined) {
      node.ends = this.count++;
      this.ranged++;
    } else if (typeof ends === 'number') node.ends = [ends, this.count++];
    else ends.push(this.count++);
  }

  /**
   * Unlinks this round's tree from the pool's nodes once its ranges are found: a document's paths then stay reachable
   * from the pool no longer than the document itself. Nothing is done once another round has begun.
   */
  release(): void {
    if (this.pool !== undefined && this.intact()) unlinkBelow(this.root);
  }

  /** `child` joins this round's tree under `parent`, with no children or marks yet. */
  private adopt(parent: Wanted, child: Wanted): Wanted {
    this.reset(child);
    addChild(parent, child);
    return child;
  }

  private reset(node: Wanted): void {
    node.first = undefined;
    node.next = undefined;
    node.childCount = 0;
    node.byName = undefined;
    node.ends = undefined;
    node.found = false;
    node.round = this.round;
  }
}

/**
 * A tree of paths kept from one document to the next, for a caller that places the findings of many documents of the
 * same shapes: each document's {@link WantedPaths} (a round) reuses the nodes earlier ones made, instead of making a
 * node per finding again. Up to {@link POOLED_PATHS} nodes; past that, a round makes its own as an unpooled tree does.
 */
export class PathPool {
  readonly root = wanted('', true);
  private rounds = 0;
  private size = 0;

  /** The round begun last. */
  get round(): number {
    return this.rounds;
  }

  /** Begins a round (a {@link WantedPaths} made with this pool does): the previous one stops being intact. */
  begin(): number {
    return ++this.rounds;
  }

  /** The pooled child of pooled `parent` named `seg`, made if there is room (not added to any round's tree). */
  pooledChild(parent: WantedPath, seg: string): WantedPath | undefined {
    let child = parent.pooledChildren?.get(seg);
    if (child === undefined && parent.pooled && this.size < POOLED_PATHS) {
      this.size++;
      child = wanted(seg, true);
      (parent.pooledChildren ??= new Map()).set(seg, child);
    }
    return child;
  }
}

/** Nodes a {@link PathPool} keeps; past it (a folder of unrelated shapes), each document's paths are its own. */
const POOLED_PATHS = 4096;

/** A path in a {@link WantedPaths} tree. */
export type WantedPath = Wanted;

/** The child named by `pointer` from `from` to `to` (one segment, `escaped` when it holds a `~`). */
function childIn(parent: Wanted, pointer: string, from: number, to: number, escaped: boolean): Wanted | undefined {
  if (parent.first === undefined) return undefined;
  if (parent.byName || escaped) return childNamed(parent, unescapeSegment(pointer.slice(from, to)));
  const length = to - from;
  for (let child: Wanted | undefined = parent.first; child !== undefined; child = child.next) if (child.seg.length === length && pointer.startsWith(child.seg, from)) return child;
  return undefined;
}

function unescapeSegment(raw: string): string {
  return raw.includes('~') ? raw.replaceAll('~1', '/').replaceAll('~0', '~') : raw;
}

/**
 * {@link locateOffsets} for many paths at once, in a text JSON.parse accepted whose objects repeat no key: the same
 * ranges, from one forward pass that goes no further than the last member asked for, descends only into members some
 * path names, and skips every other value by characters, not tokens.
 */
export function locateAllInJson(text: string, paths: readonly (readonly string[])[]): OffsetRange[] {
  const wantedPaths = new WantedPaths();
  for (const segments of paths) wantedPaths.addSegments(segments);
  const offsets = locateWanted(text, wantedPaths);
  return paths.map((_, i) => ({start: offsets[2 * i], end: offsets[2 * i + 1]}));
}

/**
 * {@link locateAllInJson} for paths already gathered: their ranges, in the order they were added, as start and end
 * offsets side by side (the i-th path's at 2i and 2i + 1): no object per range.
 */
export function locateWanted(text: string, paths: WantedPaths): number[] {
  const {root} = paths;
  const out = new Array<number>(2 * paths.count).fill(0);
  const start = skipWhitespace(text, 0);
  if (root.ends !== undefined) {
    // The pass can stop at the root's last path.
    setRanges(root.ends, start, rootEnd(text, start), out);
    root.ends = undefined;
  }
  // A text without a backslash has no escapes: every quote in it opens or closes a string.
  resolveWanted(text, !text.includes('\\'), root, start, start, false, out);
  return out;
}

/** The text is one value and whitespace: the root's range needs no scan. */
export function rootEnd(text: string, start: number): number {
  let end = text.length;
  while (end > start && isWhitespace(text.charCodeAt(end - 1))) end--;
  return end;
}

/**
 * Resolves the paths under the value at `valueOffset` (a member from `keyOffset`). Returns the offset just past the
 * value when the caller needs it (`needEnd`) or a path ends here or misses below; otherwise -1, having stopped early.
 */
function resolveWanted(text: string, plain: boolean, node: Wanted, keyOffset: number, valueOffset: number, needEnd: boolean, out: number[]): number {
  const {first, ends} = node;
  const mustEnd = needEnd || ends !== undefined;
  const c = text.charCodeAt(valueOffset);
  let end: number;
  if (first !== undefined && c === OPEN_BRACE) end = resolveMembers(text, plain, node, valueOffset, mustEnd, out);
  else if (first !== undefined && c === OPEN_BRACKET) end = resolveElements(text, plain, node, valueOffset, mustEnd, out);
  else end = valueEndIn(text, valueOffset, plain);
  if (end < 0) return -1;
  if (ends !== undefined) setRanges(ends, keyOffset, end, out);
  // A missing path points at its nearest existing ancestor.
  for (let child: Wanted | undefined = first; child !== undefined; child = child.next) if (!child.found) fillWanted(child, keyOffset, end, out);
  return end;
}

function setRanges(ends: number | number[], start: number, end: number, out: number[]): void {
  if (typeof ends === 'number') setRange(ends, start, end, out);
  else for (const i of ends) setRange(i, start, end, out);
}

function setRange(i: number, start: number, end: number, out: number[]): void {
  out[2 * i] = start;
  out[2 * i + 1] = end;
}

function fillWanted(node: Wanted, start: number, end: number, out: number[]): void {
  if (node.ends !== undefined) setRanges(node.ends, start, end, out);
  for (let child: Wanted | undefined = node.first; child !== undefined; child = child.next) fillWanted(child, start, end, out);
}

/** `open` is on `{`. Returns the offset past the object, or -1 when every child was found and `mustEnd` is false. */
function resolveMembers(text: string, plain: boolean, parent: Wanted, open: number, mustEnd: boolean, out: number[]): number {
  let remaining = parent.childCount;
  let i = skipBlank(text, open + 1);
  while (i < text.length && text.charCodeAt(i) !== CLOSE_BRACE) {
    const keyEnd = stringEndIn(text, i, plain);
    const valueOffset = skipBlank(text, skipBlank(text, keyEnd) + 1);
    // The first of repeated keys, as the token scan does when it is not told that keys repeat.
    const child = remaining > 0 ? memberNamed(text, i, keyEnd, parent) : undefined;
    let after: number;
    if (child) {
      child.found = true;
      remaining--;
      after = resolveWanted(text, plain, child, i, valueOffset, remaining > 0 || mustEnd, out);
      if (remaining === 0) return mustEnd ? restEnd(text, after, plain) : -1;
    } else after = valueEndIn(text, valueOffset, plain);
    i = skipBlank(text, after);
    if (text.charCodeAt(i) !== COMMA) break;
    i = skipBlank(text, i + 1);
  }
  return Math.min(i + 1, text.length);
}

/** `open` is on `[`: {@link resolveMembers} by element index. */
function resolveElements(text: string, plain: boolean, parent: Wanted, open: number, mustEnd: boolean, out: number[]): number {
  let remaining = parent.childCount;
  let i = skipBlank(text, open + 1);
  for (let index = 0; i < text.length && text.charCodeAt(i) !== CLOSE_BRACKET; index++) {
    const child = remaining > 0 ? childNamed(parent, String(index)) : undefined;
    let after: number;
    if (child) {
      child.found = true;
      remaining--;
      after = resolveWanted(text, plain, child, i, i, remaining > 0 || mustEnd, out);
      if (remaining === 0) return mustEnd ? restEnd(text, after, plain) : -1;
    } else after = valueEndIn(text, i, plain);
    i = skipBlank(text, after);
    if (text.charCodeAt(i) !== COMMA) break;
    i = skipBlank(text, i + 1);
  }
  return Math.min(i + 1, text.length);
}

/** {@link skipWhitespace} for a text JSON.parse accepted, where nothing else outside a string is below a space. */
function skipBlank(text: string, at: number): number {
  while (at < text.length && text.charCodeAt(at) <= SPACE) at++;
  return at;
}

/**
 * `at` is on a string's opening quote: the offset past its closing one. In a `plain` text (no backslash anywhere) that
 * is the next quote, which indexOf finds faster than a loop over the characters.
 */
function stringEndIn(text: string, at: number, plain: boolean): number {
  if (!plain) return stringEnd(text, at);
  const close = text.indexOf('"', at + 1);
  return close === -1 ? text.length : close + 1;
}

/** `at` is on the first character of a value: the offset just past the value ({@link valueEnd}, faster in a `plain` text). */
function valueEndIn(text: string, at: number, plain: boolean): number {
  if (!plain) return valueEnd(text, at);
  const c = text.charCodeAt(at);
  if (c === QUOTE) return stringEndIn(text, at, true);
  if (c === OPEN_BRACE || c === OPEN_BRACKET) return restEnd(text, at + 1, true);
  return valueEnd(text, at);
}

export function childNamed(parent: Wanted, seg: string): Wanted | undefined {
  if (parent.byName) return parent.byName.get(seg);
  for (let child: Wanted | undefined = parent.first; child !== undefined; child = child.next) if (child.seg === seg) return child;
  return undefined;
}

function addChild(parent: Wanted, child: Wanted): void {
  child.next = parent.first;
  parent.first = child;
  parent.childCount++;
  if (parent.byName) parent.byName.set(child.seg, child);
  else if (parent.childCount > LINEAR_CHILDREN) {
    parent.byName = new Map();
    for (let c: Wanted | undefined = child; c !== undefined; c = c.next) parent.byName.set(c.seg, c);
  }
}

/** Clears the links and marks of `node` and of every node below it in the current round. */
function unlinkBelow(node: Wanted): void {
  for (let child = node.first; child !== undefined;) {
    const next = child.next;
    unlinkBelow(child);
    child.next = undefined;
    child = next;
  }
  node.first = undefined;
  node.byName = undefined;
  node.ends = undefined;
}

/** The child the key token from `open` to `end` names, unless it was found already. */
function memberNamed(text: string, open: number, end: number, parent: Wanted): Wanted | undefined {
  if (parent.byName) {
    const child = parent.byName.get(stringAt(text, open, end));
    return child && !child.found ? child : undefined;
  }
  for (let child: Wanted | undefined = parent.first; child !== undefined; child = child.next) if (!child.found && keyIs(text, open, end, child)) return child;
  return undefined;
}

/** The key token from `open` to `end` names `node`, compared without building the key's string unless it is escaped. */
function keyIs(text: string, open: number, end: number, node: Wanted): boolean {
  const length = end - open - 2;
  if (length === node.seg.length) return !node.backslash && text.startsWith(node.seg, open + 1);
  // An escape is the only way a key's text is longer than its value.
  return length > node.seg.length && hasEscape(text, open, end) && stringAt(text, open, end) === node.seg;
}

import {createScanner, parse as jsoncParse, ParseErrorCode, parseTree, printParseErrorCode, ScanError, SyntaxKind, visit, type Node, type ParseError} from 'jsonc-parser';
import type {Finding, Severity} from '../core/finding.js';
import {parsePointerOrRoot, toPointer, type PathSegment} from './json-pointer.js';
import {locateAllInJson, locateOffsets, locateWanted, WantedPaths, type MemberCache, type PathPool} from './json-locate.js';
import {keyColons} from './json-key-tokens.js';
import {locateWantedByKeys} from './json-keyed-locate.js';
import {LineIndex} from './line-index.js';
import {appendAll} from './append-all.js';

const SLASH = 0x2f;

/** Positions asked of one document before a full position tree is cheaper than scanning for each. */
const TREE_AFTER_LOCATES = 8;

/** Deeper than any real schema or envelope, and far below where recursive validators overflow the stack. */
export const DEFAULT_MAX_DEPTH = 1000;

export type ParseRuleId = 'json/syntax' | 'json/duplicate-key' | 'json/proto-key' | 'json/too-deep';

export interface ParseProblem {
  ruleId: ParseRuleId;
  severity: Severity;
  message: string;
  pointer: string;
  offset: number;
  length: number;
}

export interface DocumentSource {
  file: string;
  /** Lines of the file before this document: 0 for a whole file, N-1 for line N of a stream. */
  lineBase?: number;
  /** Characters before this document on its first line (an element of a streamed array starts mid-line). */
  columnBase?: number;
  /** Where this document sits in the file's value (`/3` for a streamed array's 4th element): findings' pointers start with it. */
  pointerBase?: string;
}

export interface Range {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** Something with a pointer into a document that {@link JsonDocument.placeAll} gives a range. */
export interface Placed {
  readonly pointer: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
}

export interface ParseOptions {
  maxDepth?: number;
}

/**
 * A parsed JSON text that can say where any JSON pointer sits in it.
 * The value comes from JSON.parse (fast, and no recursion limit); the position tree is built only when a finding needs one.
 */
export class JsonDocument {
  private tree: Node | undefined | null = null;
  private lines: LineIndex | undefined;
  private locates = 0;
  private members: MemberCache | undefined;
  private held: Map<string, boolean> | undefined;
  private lastAsked: string | undefined;
  private lastHeld = false;

  private constructor(
    readonly text: string,
    readonly source: Required<DocumentSource>,
    readonly value: unknown,
    readonly parsed: boolean,
    readonly problems: ParseProblem[],
    private readonly treeSafe: boolean,
    /** The colon of each key token, in text order, when those tokens are exactly the parsed value's keys. */
    private readonly colons?: readonly number[],
  ) {}

  static parse(text: string, source: DocumentSource, options: ParseOptions = {}): JsonDocument {
    const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    const src = {file: source.file, lineBase: source.lineBase ?? 0, columnBase: source.columnBase ?? 0, pointerBase: source.pointerBase ?? ''};
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const overflow = depthOverflowOffset(text, maxDepth);
      if (overflow >= 0) return new JsonDocument(text, src, undefined, false, [tooDeep(overflow, maxDepth)], false);
      return new JsonDocument(text, src, undefined, false, [syntaxProblem(text, error as Error)], true);
    }
    const shape = inspect(value, maxDepth);
    if (shape.tooDeep) {
      return new JsonDocument(text, src, undefined, false, [tooDeep(Math.max(0, depthOverflowOffset(text, maxDepth)), maxDepth)], false);
    }
    const problems: ParseProblem[] = [];
    const colons = keyColons(text, shape.keys);
    if (!colons) appendAll(problems, duplicateKeys(text));
    for (const path of shape.protoPaths) {
      problems.push({
        ruleId: 'json/proto-key',
        severity: 'warning',
        message: 'key "__proto__" is ambiguous: JavaScript code that copies this object may set its prototype instead of the property',
        pointer: toPointer(path),
        offset: -1,
        length: 0,
      });
    }
    return new JsonDocument(text, src, value, true, problems, true, colons);
  }

  /** The range of the value at `pointer`, or of its nearest existing ancestor (a missing property points at its parent). */
  locate(pointer: string): Range {
    if (!this.treeSafe) return this.rangeAt(0, 0);
    const segments = parsePointerOrRoot(this.withinDocument(pointer));
    // A few positions: scan for each. Many: one position tree pays for itself.
    if (++this.locates <= TREE_AFTER_LOCATES) {
      const lastWins = this.hasDuplicateKeys();
      const {start, end} = this.parsed && !lastWins ? locateAllInJson(this.text, [segments])[0] : locateOffsets(this.text, segments, {lastWins, cache: (this.members ??= new Map())});
      return this.rangeAt(start, end - start);
    }
    const tree = this.positionTree();
    if (!tree) return this.rangeAt(0, 0);
    let node = tree;
    for (const seg of segments) {
      const next = childNode(node, seg);
      if (!next) break;
      node = next;
    }
    const start = node.parent?.type === 'property' ? node.parent.offset : node.offset;
    return this.rangeAt(start, node.offset + node.length - start);
  }

  /**
   * {@link locate} for many findings at once, writing each one's range into it: one pass over the text, and no range
   * object per finding (what a linter needs for all of a document's findings).
   */
  placeAll(items: readonly Placed[]): void {
    // Documents that repeat keys are rare enough to take the per-pointer scan, which knows which duplicate wins.
    if (!this.parsed || this.hasDuplicateKeys()) {
      for (const item of items) Object.assign(item, this.locate(item.pointer));
      return;
    }
    const paths = new WantedPaths();
    for (const item of items) {
      const pointer = this.withinDocument(item.pointer);
      if (pointer === '' || pointer.charCodeAt(0) === SLASH) paths.addPointer(pointer);
      else paths.addSegments(parsePointerOrRoot(pointer));
    }
    this.placeAt(items, paths);
  }

  /**
   * A tree for {@link placeAt} to gather paths in (a round of `pool`), or undefined when this document's
   * findings must be placed by their pointers ({@link placeAll}): it did not parse, repeats keys, or is one part of a
   * larger file.
   */
  pathsForPlacing(pool: PathPool): WantedPaths | undefined {
    if (!this.parsed || this.source.pointerBase !== '' || this.hasDuplicateKeys()) return undefined;
    return new WantedPaths(pool);
  }

  /** {@link placeAll} for paths already gathered: `items[i]` gets the range of the i-th path marked in `paths`. */
  placeAt(items: readonly Omit<Placed, 'pointer'>[], paths: WantedPaths): void {
    const offsets = (this.colons ? locateWantedByKeys(this.text, this.value, this.colons, paths) : undefined) ?? locateWanted(this.text, paths);
    for (let i = 0; i < items.length; i++) this.writeRange(items[i], offsets[2 * i], offsets[2 * i + 1]);
  }

  rangeAt(offset: number, length: number): Range {
    const range = {line: 0, column: 0, endLine: 0, endColumn: 0};
    this.writeRange(range, offset, offset + Math.max(length, 0));
    return range;
  }

  /** Writes the line and column of `start` and `end` (offsets into the text) into `target`. */
  private writeRange(target: Omit<Placed, 'pointer'>, start: number, end: number): void {
    const lines = (this.lines ??= new LineIndex(this.text));
    const first = lines.lineOf(start);
    const last = lines.lineOf(end);
    const base = this.source.lineBase;
    const columns = this.source.columnBase;
    target.line = first + 1 + base;
    target.column = start - lines.startOf(first) + 1 + (first === 0 ? columns : 0);
    target.endLine = last + 1 + base;
    target.endColumn = end - lines.startOf(last) + 1 + (last === 0 ? columns : 0);
  }

  /** A finding's pointer (into the file's value) as a pointer into this document's own text. */
  private withinDocument(pointer: string): string {
    const base = this.source.pointerBase;
    if (base === '') return pointer;
    return pointer.startsWith(base) && (pointer.length === base.length || pointer[base.length] === '/') ? pointer.slice(base.length) : '';
  }

  finding(ruleId: string, severity: Severity, message: string, pointer: string): Finding {
    return {ruleId, severity, message, file: this.source.file, pointer, ...this.locate(pointer)};
  }

  problemFindings(): Finding[] {
    if (this.problems.length === 0) return [];
    return this.problems.map((p) => ({
      ruleId: p.ruleId,
      severity: p.severity,
      message: p.message,
      file: this.source.file,
      pointer: this.source.pointerBase + p.pointer,
      ...(p.offset >= 0 ? this.rangeAt(p.offset, p.length) : this.locate(this.source.pointerBase + p.pointer)),
    }));
  }

  /**
   * Whether a string in the parsed value (a key or a value) may be `value`: false proves none is, told from the text
   * alone (it holds neither `value` nor an escape that could spell it). Kept per value asked.
   */
  mayHoldString(value: string): boolean {
    // Asked of every sub-schema by each counting rule, almost always for the same string: the last answer comes first.
    if (value === this.lastAsked) return this.lastHeld;
    let held = this.held?.get(value);
    if (held === undefined) {
      held = this.text.includes(value) || this.text.includes('\\');
      (this.held ??= new Map()).set(value, held);
    }
    this.lastAsked = value;
    this.lastHeld = held;
    return held;
  }

  private hasDuplicateKeys(): boolean {
    return this.problems.some((p) => p.ruleId === 'json/duplicate-key');
  }

  private positionTree(): Node | undefined {
    if (this.tree === null) this.tree = this.treeSafe ? parseTree(this.text, [], {disallowComments: true}) : undefined;
    return this.tree;
  }
}

/** Members of the position tree's larger objects by name: a finding on each of 80k members must not scan 80k each. */
const membersByName = new WeakMap<Node, Map<string, Node>>();
const SCAN_MEMBERS = 16;

function childNode(node: Node, seg: string): Node | undefined {
  if (node.type === 'object') {
    const props = node.children ?? [];
    if (props.length > SCAN_MEMBERS) {
      let byName = membersByName.get(node);
      if (!byName) {
        byName = new Map();
        // In order, so the last duplicate wins, as it does in JSON.parse.
        for (const prop of props) {
          const [key, value] = prop.children ?? [];
          if (key && value && typeof key.value === 'string') byName.set(key.value, value);
        }
        membersByName.set(node, byName);
      }
      return byName.get(seg);
    }
    // The last duplicate wins, as it does in JSON.parse.
    for (let i = props.length - 1; i >= 0; i--) {
      const [key, value] = props[i].children ?? [];
      if (key?.value === seg) return value;
    }
    return undefined;
  }
  if (node.type === 'array' && /^(0|[1-9]\d*)$/.test(seg)) return node.children?.[Number(seg)];
  return undefined;
}

interface Shape {
  keys: number;
  tooDeep: boolean;
  protoPaths: PathSegment[][];
}

function inspect(root: unknown, maxDepth: number): Shape {
  const walk = new ShapeWalk(maxDepth);
  if (root !== null && typeof root === 'object') walk.visit(root, 0);
  return {keys: walk.keys, tooDeep: walk.tooDeep, protoPaths: walk.proto && !walk.tooDeep ? protoPaths(root) : []};
}

/**
 * Counts a parsed value's keys and notes whether it nests too deep or has a `__proto__` key. Hot for every document
 * read: no path bookkeeping here; the rare `__proto__` key is located by a second walk.
 */
class ShapeWalk {
  keys = 0;
  tooDeep = false;
  proto = false;

  constructor(private readonly maxDepth: number) {}

  visit(v: object, depth: number): void {
    if (depth >= this.maxDepth) {
      this.tooDeep = true;
      return;
    }
    if (Array.isArray(v)) {
      for (const item of v as unknown[]) {
        if (item !== null && typeof item === 'object') this.visit(item, depth + 1);
        if (this.tooDeep) return;
      }
      return;
    }
    const obj = v as Record<string, unknown>;
    for (const k in obj) {
      this.keys++;
      if (k === '__proto__') this.proto = true;
      const child = obj[k];
      if (child !== null && typeof child === 'object') this.visit(child, depth + 1);
      if (this.tooDeep) return;
    }
  }
}

function protoPaths(root: unknown): PathSegment[][] {
  const found: PathSegment[][] = [];
  const stack: {value: unknown; path: PathSegment[]}[] = [{value: root, path: []}];
  while (stack.length > 0) {
    const {value, path} = stack.pop() as {value: unknown; path: PathSegment[]};
    if (value === null || typeof value !== 'object') continue;
    const entries: [PathSegment, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.keys(value).map((k) => [k, (value as Record<string, unknown>)[k]]);
    for (const [k, v] of entries.reverse()) {
      if (k === '__proto__') found.push([...path, k]);
      stack.push({value: v, path: [...path, k]});
    }
  }
  return found;
}

function duplicateKeys(text: string): ParseProblem[] {
  const problems: ParseProblem[] = [];
  const seen: Map<string, number>[] = [];
  visit(
    text,
    {
      onObjectBegin: () => void seen.push(new Map()),
      onObjectEnd: () => void seen.pop(),
      onObjectProperty: (property, offset, length, _line, _col, pathSupplier) => {
        const keys = seen[seen.length - 1];
        if (!keys) return;
        if (keys.has(property)) {
          problems.push({
            ruleId: 'json/duplicate-key',
            severity: 'error',
            message: `duplicate key "${property}": JSON parsers disagree on which value wins (this tool, like JSON.parse, keeps the last)`,
            pointer: toPointer([...pathSupplier(), property]),
            offset,
            length,
          });
        } else keys.set(property, offset);
      },
    },
    {disallowComments: true},
  );
  return problems;
}

/** Offset of the first bracket past `maxDepth`, or -1. Iterative, so a 10,000-deep document cannot overflow the stack. */
function depthOverflowOffset(text: string, maxDepth: number): number {
  const scanner = createScanner(text, true);
  let depth = 0;
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind === SyntaxKind.OpenBraceToken || kind === SyntaxKind.OpenBracketToken) {
      if (++depth > maxDepth) return scanner.getTokenOffset();
    } else if (kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken) depth--;
  }
  return -1;
}

function tooDeep(offset: number, maxDepth: number): ParseProblem {
  return {
    ruleId: 'json/too-deep',
    severity: 'error',
    message: `nesting deeper than ${maxDepth} levels; the document was not checked further`,
    pointer: '',
    offset,
    length: 1,
  };
}

const SYNTAX_MESSAGES: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected ":" after the property name',
  CommaExpected: 'expected "," between values',
  CloseBraceExpected: 'expected "}" to close the object',
  CloseBracketExpected: 'expected "]" to close the array',
  EndOfFileExpected: 'unexpected content after the JSON value',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unexpected end of number',
  InvalidUnicode: 'invalid \\u escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'control character inside a string',
};

function syntaxProblem(text: string, nativeError: Error): ParseProblem {
  const errors: ParseError[] = [];
  jsoncParse(text, errors, {disallowComments: true, allowTrailingComma: false});
  const first = errors[0] ?? scannerError(text);
  if (first) {
    const code = printParseErrorCode(first.error);
    const atEnd = first.offset >= text.trimEnd().length;
    return {
      ruleId: 'json/syntax',
      severity: 'error',
      message: `invalid JSON: ${SYNTAX_MESSAGES[code] ?? code}${atEnd ? ' (the text ends early: truncated?)' : ''}`,
      pointer: '',
      offset: first.offset,
      length: Math.max(first.length, 1),
    };
  }
  // jsonc-parser is more lenient than JSON.parse in a few corners; fall back to V8's own position.
  const m = /position (\d+)/.exec(nativeError.message);
  return {
    ruleId: 'json/syntax',
    severity: 'error',
    message: `invalid JSON: ${nativeError.message.replace(/ in JSON at position \d+.*$/, '')}`,
    pointer: '',
    offset: m ? Number(m[1]) : Math.max(0, text.length - 1),
    length: 1,
  };
}

/** jsonc-parser's parser tolerates some scanner errors (control characters in strings); ask the scanner directly. */
function scannerError(text: string): ParseError | undefined {
  const scanner = createScanner(text, true);
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    const err = scanner.getTokenError();
    if (err !== ScanError.None) {
      const code = {
        [ScanError.InvalidCharacter]: ParseErrorCode.InvalidCharacter,
        [ScanError.InvalidEscapeCharacter]: ParseErrorCode.InvalidEscapeCharacter,
        [ScanError.InvalidUnicode]: ParseErrorCode.InvalidUnicode,
        [ScanError.UnexpectedEndOfString]: ParseErrorCode.UnexpectedEndOfString,
        [ScanError.UnexpectedEndOfNumber]: ParseErrorCode.UnexpectedEndOfNumber,
        [ScanError.UnexpectedEndOfComment]: ParseErrorCode.UnexpectedEndOfComment,
      }[err];
      return {error: code, offset: scanner.getTokenOffset(), length: scanner.getTokenLength()};
    }
  }
  return undefined;
}

import {createScanner, SyntaxKind, type JSONScanner} from 'jsonc-parser';

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

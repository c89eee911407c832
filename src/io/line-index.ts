export interface LineColumn {
  line: number;
  column: number;
}

/** Line starts a new index makes room for at most (past that, the list grows as it must). */
const PRESIZED_LINES = 4096;

/**
 * Maps string offsets to 1-based line and column. Line starts are found as far as the offsets asked for reach, on
 * first use: most documents never need a position, and a linter's findings seldom need the whole text's.
 */
export class LineIndex {
  /** Line starts found so far (the first `found`); made with room for the lines the text likely has. */
  private readonly starts: number[];
  private found = 1;
  /** Offset of the first newline not yet in `starts`, -1 past the last one; undefined until the first lookup. */
  private next: number | undefined;
  /** The line the last lookup found. */
  private last = 0;

  constructor(private readonly text: string) {
    // A list grown by push from one entry is copied four times on the way to a hundred lines, and placing a document's
    // findings reaches most of its lines: room for one line per 16 characters (pretty-printed JSON runs 20-30), bounded.
    this.starts = new Array<number>(Math.min(Math.max(text.length >> 4, 1), PRESIZED_LINES));
    this.starts[0] = 0;
  }

  at(offset: number): LineColumn {
    const line = this.lineOf(offset);
    return {line: line + 1, column: offset - this.starts[line] + 1};
  }

  /** The 0-based line `offset` is on. */
  lineOf(offset: number): number {
    const {starts, text} = this;
    let next = this.next ?? text.indexOf('\n');
    let found = this.found;
    while (next !== -1 && next < offset) {
      starts[found++] = next + 1;
      next = text.indexOf('\n', next + 1);
    }
    this.next = next;
    this.found = found;
    // Every line start at or before `offset` is known now. Offsets mostly come in document order: on the furthest line
    // reached so far, or on the line asked for last. Those two are tried before the search.
    const known = found - 1;
    if (starts[known] <= offset) return (this.last = known);
    const last = this.last;
    if (starts[last] <= offset && offset < starts[last + 1]) return last;
    let lo = 0;
    let hi = known;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    this.last = lo;
    return lo;
  }

  /** The offset where 0-based `line` starts; the line must have been reached by {@link lineOf}. */
  startOf(line: number): number {
    return this.starts[line];
  }
}

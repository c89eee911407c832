export interface LineColumn {
  line: number;
  column: number;
}

/** Maps string offsets to 1-based line and column; built on first use because most documents never need it. */
export class LineIndex {
  private starts: number[] | undefined;

  constructor(private readonly text: string) {}

  at(offset: number): LineColumn {
    const starts = (this.starts ??= lineStarts(this.text));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return {line: lo + 1, column: offset - starts[lo] + 1};
  }
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

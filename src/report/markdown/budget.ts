/** GitHub's limit for one step's `$GITHUB_STEP_SUMMARY`: the whole summary stays below it. */
export const SUMMARY_LIMIT_BYTES = 1024 * 1024;

/** Room kept for the closing lines that say what was cut (our own short text). */
const CLOSING_ROOM = 4096;

/**
 * Lines of a Markdown document counted in UTF-8 bytes, each with its newline. A block (a table row, a section with its
 * Mermaid fence) goes in whole or not at all, so a cut never leaves a broken table or an open fence.
 */
export class ByteBudget {
  readonly lines: string[] = [];
  private used = 0;

  constructor(private readonly limit = SUMMARY_LIMIT_BYTES) {}

  /** Adds the block if it fits (closing room kept) and says whether it did. */
  fit(block: readonly string[]): boolean {
    const bytes = size(block);
    if (this.used + bytes > this.limit - CLOSING_ROOM) return false;
    this.push(block, bytes);
    return true;
  }

  /**
   * A block per item until one does not fit; then the closing line counts what was left out, of `total` when the
   * items are only the first of more. False when it cut.
   */
  fitEach<T>(items: readonly T[], block: (item: T) => string[], what: string, total = items.length): boolean {
    for (let i = 0; i < items.length; i++) {
      if (!this.fit(block(items[i]))) {
        this.close(cutLine(total - i, what));
        return false;
      }
    }
    return true;
  }

  /** Adds a closing line whatever is left: it is what tells the reader that something was cut. */
  close(line: string): void {
    this.push(['', line], size(['', line]));
  }

  text(): string {
    return this.lines.join('\n') + '\n';
  }

  private push(block: readonly string[], bytes: number): void {
    for (const line of block) this.lines.push(line);
    this.used += bytes;
  }
}

function size(block: readonly string[]): number {
  let bytes = 0;
  for (const line of block) bytes += Buffer.byteLength(line, 'utf8') + 1;
  return bytes;
}

/** The closing line of a cut: how many of what were left out, and why. */
export function cutLine(count: number, what: string): string {
  return `… ${count} more ${what} not shown; the summary is limited to 1 MiB`;
}

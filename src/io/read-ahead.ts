/** Inputs a stretch holds at most. */
export const READ_AHEAD_ITEMS = 64;
/** Characters of text a stretch holds before it ends (the input that crosses the bound is the stretch's last). */
export const READ_AHEAD_CHARS = 256 * 1024;

/**
 * A run's inputs loaded a stretch at a time, ahead of their checks: a few dozen small files read in a row, then parsed
 * in a row, then each checked, instead of each read and parsed just before its check. Measured on the lint of the bench
 * corpus on this project's 2-core VM, in bench/NOTES.md. A stretch ends at `maxItems` inputs or at the input whose text
 * takes it to `maxChars` characters or more: it holds under `maxChars` characters of text plus that one input (as large
 * as the read limit allows, as a run without read-ahead holds it), and their parses.
 */
export class ReadAhead<R, T> {
  private held: (T | undefined)[] = [];
  private from = 0;

  constructor(
    private readonly count: number,
    /** Reads input `index`; undefined for one that is not loaded ahead (stdin, a stream), which is never taken. */
    private readonly read: (index: number) => R | undefined,
    /** The characters of text a read input holds. */
    private readonly weigh: (read: R) => number,
    /** Parses an input read, once its whole stretch is read. */
    private readonly parse: (read: R) => T,
    private readonly maxItems = READ_AHEAD_ITEMS,
    private readonly maxChars = READ_AHEAD_CHARS,
  ) {}

  /**
   * Input `index`, read and parsed; the stretch lets go of it. Inputs are taken in order, each once: past the stretch
   * held, the next one starts at `index`.
   */
  take(index: number): T {
    if (index < this.from || index >= this.count) throw new Error(`read-ahead: input ${index} taken out of order`);
    if (index >= this.from + this.held.length) this.fill(index);
    const at = index - this.from;
    const loaded = this.held[at];
    if (loaded === undefined) throw new Error(`read-ahead: input ${index} was not read ahead or was taken already`);
    this.held[at] = undefined;
    return loaded;
  }

  private fill(from: number): void {
    const reads: (R | undefined)[] = [];
    let chars = 0;
    for (let i = from; i < this.count && reads.length < this.maxItems && chars < this.maxChars; i++) {
      const read = this.read(i);
      reads.push(read);
      if (read !== undefined) chars += this.weigh(read);
    }
    this.from = from;
    this.held = reads.map((read) => (read === undefined ? undefined : this.parse(read)));
  }
}

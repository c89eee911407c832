/** Inputs a stretch holds at most. */
export const READ_AHEAD_ITEMS = 64;
/** Characters of text a stretch holds before it ends (the input that crosses the bound is the stretch's last). */
export const READ_AHEAD_CHARS = 256 * 1024;

/**
 * A run's inputs loaded a stretch at a time, ahead of their checks: a few dozen small files read in a row, then parsed
 * in a row, then each checked, instead of each read and parsed just before its check. On this project's machines the
 * lint of the bench corpus ran several milliseconds faster so (bench/NOTES.md): the system calls of a read seem to cost
 * the code around them its warm caches, and in a stretch they come together. A stretch ends at `maxItems` inputs or once
 * `maxChars` of text are held, so a run holds at most that much more than the one input it checks.
 */
export class ReadAhead<R, T> {
  private held: (T | undefined)[] = [];
  private from = 0;

  constructor(
    private readonly count: number,
    /** Reads input `index`; undefined for one that is not loaded ahead (stdin, a stream). */
    private readonly read: (index: number) => R | undefined,
    /** The characters of text a read input holds. */
    private readonly weigh: (read: R) => number,
    /** What an input read becomes once the whole stretch is read (its parse). */
    private readonly complete: (read: R) => T,
    private readonly maxItems = READ_AHEAD_ITEMS,
    private readonly maxChars = READ_AHEAD_CHARS,
  ) {}

  /**
   * Input `index` read and completed, handed over once: the stretch lets go of it, and asked again gives undefined (as
   * for an input not loaded ahead). An index outside the stretch held starts the next stretch there.
   */
  take(index: number): T | undefined {
    if (index < this.from || index >= this.from + this.held.length) this.fill(index);
    const at = index - this.from;
    const loaded = this.held[at];
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
    this.held = reads.map((read) => (read === undefined ? undefined : this.complete(read)));
  }
}

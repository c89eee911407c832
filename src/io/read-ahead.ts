/** Inputs a stretch holds at most. */
export const READ_AHEAD_ITEMS = 64;
/** Characters of text a stretch holds before it ends (the input that crosses the bound is the stretch's last). */
export const READ_AHEAD_CHARS = 256 * 1024;

/**
 * A run's inputs loaded a stretch at a time, ahead of their checks: a few dozen small files read and parsed in a row,
 * then each checked, instead of each read just before its check. On this project's machines the lint of the bench
 * corpus ran several milliseconds faster so (bench/NOTES.md): the system calls of a read seem to cost the code around
 * them its warm caches, and in a stretch they come together. A stretch ends at `maxItems` inputs or once `maxChars` of
 * text are held, so a run holds at most that much more than the one input it checks.
 */
export class ReadAhead<T> {
  private held: (T | undefined)[] = [];
  private from = 0;

  constructor(
    private readonly count: number,
    /** Loads input `index`; undefined for one that is not loaded ahead (stdin, a stream). */
    private readonly load: (index: number) => T | undefined,
    /** The characters of text a loaded input holds. */
    private readonly weigh: (loaded: T) => number,
    private readonly maxItems = READ_AHEAD_ITEMS,
    private readonly maxChars = READ_AHEAD_CHARS,
  ) {}

  /**
   * What `load(index)` gave, handed over once: the stretch lets go of it, and asked again gives undefined (as for an
   * input not loaded ahead). An index outside the stretch held starts the next stretch there.
   */
  take(index: number): T | undefined {
    if (index < this.from || index >= this.from + this.held.length) this.fill(index);
    const at = index - this.from;
    const loaded = this.held[at];
    this.held[at] = undefined;
    return loaded;
  }

  private fill(from: number): void {
    const held: (T | undefined)[] = [];
    let chars = 0;
    for (let i = from; i < this.count && held.length < this.maxItems && chars < this.maxChars; i++) {
      const loaded = this.load(i);
      held.push(loaded);
      if (loaded !== undefined) chars += this.weigh(loaded);
    }
    this.from = from;
    this.held = held;
  }
}

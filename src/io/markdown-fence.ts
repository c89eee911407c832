// Models often wrap JSON in a ```json fence despite being told not to: `simulate retry` recovers from it as a lenient
// host does, `validate envelope` reports it. One detector for both.
// The content starts on the next line, or on the opening's own line (```json {…}``` as one NDJSON line).
const FENCE = /(```[\w-]*)[ \t]*(?:\r?\n)?([\s\S]*?)```/g;
const FENCE_MARKER = /^[ \t]*```[\w-]*[ \t]*\r?$/;

export interface FencedBlock {
  /** Index of the opening ``` in the text. */
  start: number;
  /** Index where the fenced content starts (after the opening line). */
  contentStart: number;
  content: string;
  /** The opening marker as written (```json, ```), for messages. */
  opening: string;
}

/** Every Markdown code fence in `text`, in order. */
export function* fencedBlocks(text: string): Generator<FencedBlock, void, undefined> {
  for (const m of text.matchAll(FENCE)) {
    const start = m.index ?? 0;
    yield {start, contentStart: start + m[0].length - 3 - m[2].length, content: m[2], opening: m[1]};
  }
}

/** A line that is only a fence's opening or closing marker (what a fenced document looks like read line by line). */
export function isFenceMarker(line: string): boolean {
  return FENCE_MARKER.test(line);
}

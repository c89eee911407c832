/**
 * A top-level JSON array read element by element, so a 70 MB array of envelopes costs the memory of one envelope
 * rather than the ~30× its size a whole parsed document takes. Each element comes with where it starts in the file,
 * for findings that keep their true line and column. The splitter only finds element boundaries (strings, escapes,
 * nesting); each element is then parsed on its own, so JSON.parse still judges its syntax.
 */
export interface ArrayElement {
  index: number;
  text: string;
  /** 1-based line and column of the element's first character in the file. */
  line: number;
  column: number;
  /** The element was longer than the cap: `text` is empty and `size` says how long it was. */
  tooLong?: boolean;
  size: number;
}

/** Why splitting stopped early: bytes that are not an array's continuation, or the end of the text inside it. */
export interface ArrayStop {
  message: string;
  line: number;
  column: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const NEWLINE = 0x0a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

type State = 'start' | 'before-element' | 'element' | 'after-element' | 'done';

export class JsonArraySplitter {
  private state: State = 'start';
  private line = 1;
  private column = 1;
  private index = 0;
  // The element being read: its text so far (dropped once over the cap), size, and where its scan stands.
  private parts: string[] = [];
  private size = 0;
  private scalar = false;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private startLine = 1;
  private startColumn = 1;
  /** Set once the text stops being an array's continuation; nothing more is read after it. */
  stop: ArrayStop | undefined;

  constructor(private readonly maxElementChars: number) {}

  /** Where the next character would be. */
  get position(): {line: number; column: number} {
    return {line: this.line, column: this.column};
  }

  /** The elements completed by `chunk` (the next piece of decoded text). */
  push(chunk: string): ArrayElement[] {
    const out: ArrayElement[] = [];
    let from = 0;
    for (let i = 0; i < chunk.length && this.stop === undefined; i++) {
      const c = chunk.charCodeAt(i);
      if (this.state === 'element') {
        if (!this.scalar) {
          if (this.structuredEndsWith(c)) {
            this.keep(chunk.slice(from, i + 1));
            out.push(this.finishElement());
          }
          this.advance(c);
          continue;
        }
        if (c !== COMMA && c !== CLOSE_BRACKET && !isBlank(c)) {
          this.advance(c);
          continue;
        }
        // A scalar (number, literal, or junk JSON.parse will name) ends before a delimiter or a blank.
        this.keep(chunk.slice(from, i));
        out.push(this.finishElement());
      }
      // A BOM the decoder left in place takes no column, as when a whole file is read.
      if (c === BOM && this.state === 'start' && this.line === 1 && this.column === 1) continue;
      if (!isBlank(c)) this.structure(c);
      if (this.state === 'element') from = i;
      if (this.stop === undefined) this.advance(c);
    }
    if (this.state === 'element' && this.stop === undefined) this.keep(chunk.slice(from));
    return out;
  }

  /** Call at the end of the text: a scalar still open ends there; anything else still open is a truncated array. */
  end(): ArrayElement[] {
    if (this.stop !== undefined) return [];
    const last = this.state === 'element' && this.scalar ? [this.finishElement()] : [];
    if (this.state !== 'done') this.fail(this.state === 'start' ? 'expected "[" to open the array' : 'expected "]" to close the array (the text ends early: truncated?)');
    return last;
  }

  /** A character between elements. */
  private structure(c: number): void {
    switch (this.state) {
      case 'start':
        if (c === OPEN_BRACKET) this.state = 'before-element';
        else this.fail('expected "[" to open the array');
        return;
      case 'before-element':
        if (c === CLOSE_BRACKET && this.index === 0) this.state = 'done';
        else if (c === COMMA || c === CLOSE_BRACKET) this.fail('expected a value');
        else this.beginElement(c);
        return;
      case 'after-element':
        if (c === COMMA) this.state = 'before-element';
        else if (c === CLOSE_BRACKET) this.state = 'done';
        else this.fail('expected "," between values');
        return;
      default:
        this.fail('unexpected content after the JSON value');
    }
  }

  private beginElement(c: number): void {
    this.state = 'element';
    this.startLine = this.line;
    this.startColumn = this.column;
    this.parts = [];
    this.size = 0;
    this.scalar = c !== OPEN_BRACE && c !== OPEN_BRACKET && c !== QUOTE;
    this.depth = c === QUOTE ? 0 : 1;
    this.inString = c === QUOTE;
    this.escaped = false;
  }

  /** Follows strings and nesting through `c`; true when `c` closes the element. */
  private structuredEndsWith(c: number): boolean {
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (c === BACKSLASH) this.escaped = true;
      else if (c === QUOTE) this.inString = false;
    } else if (c === QUOTE) this.inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) this.depth++;
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) this.depth--;
    return !this.inString && this.depth <= 0;
  }

  private advance(c: number): void {
    if (c === NEWLINE) {
      this.line++;
      this.column = 1;
    } else this.column++;
  }

  private keep(text: string): void {
    this.size += text.length;
    if (this.size <= this.maxElementChars) this.parts.push(text);
    else this.parts = [];
  }

  private finishElement(): ArrayElement {
    this.state = 'after-element';
    const tooLong = this.size > this.maxElementChars;
    const element: ArrayElement = {index: this.index++, text: tooLong ? '' : this.parts.join(''), line: this.startLine, column: this.startColumn, size: this.size};
    if (tooLong) element.tooLong = true;
    this.parts = [];
    return element;
  }

  private fail(message: string): void {
    this.stop = {message, line: this.line, column: this.column};
  }
}

const BOM = 0xfeff;

function isBlank(c: number): boolean {
  return c === 0x20 || c === NEWLINE || c === 0x0d || c === 0x09;
}

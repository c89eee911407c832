import {pythonModule} from './modules.js';
import {type CodeScan, UseCollector} from './uses.js';

/** `os.` attributes that reach a primitive (os itself is mostly paths and process facts). */
const OS_ATTRIBUTES: Readonly<Record<string, {token: 'env.read' | 'subprocess'; what: string}>> = {
  environ: {token: 'env.read', what: 'reads os.environ'},
  getenv: {token: 'env.read', what: 'calls os.getenv()'},
  environb: {token: 'env.read', what: 'reads os.environb'},
  system: {token: 'subprocess', what: 'calls os.system()'},
  popen: {token: 'subprocess', what: 'calls os.popen()'},
  fork: {token: 'subprocess', what: 'calls os.fork()'},
};
// execl … execvpe, spawnl … spawnvpe (a bare `exec` is the builtin, which `from os import *` leaves alone).
const OS_EXEC = /^(exec|spawn)[lvpe]+$/;

/** Statements whose header ends in `:` and whose body may follow on the same line (`if x: import y`). */
const COMPOUND = new Set(['if', 'elif', 'else', 'while', 'for', 'try', 'except', 'finally', 'with', 'def', 'class', 'async', 'case']);

/**
 * Python: `import a.b as c, d` and `from a import b, c` statements (module table in modules.ts), `os.environ`,
 * `os.getenv`, `os.system`/`popen`/`exec*`/`spawn*` (and the same names imported from os, or all of them after
 * `from os import *`), and the builtin `open()` (fs.read). A statement starts a logical line, follows a `;`, or follows
 * the `:` of a compound statement's header on the same line. Strings and comments are skipped by the tokenizer
 * (prefixes, triple quotes, escapes), so an import inside a docstring does not count. Relative imports
 * (`from . import x`) are not followed. One pass over the tokens: the time grows with the file's size only.
 */
export function scanPython(text: string): CodeScan {
  const uses = new UseCollector();
  const fromOs = new Map<string, string>();
  let osStar = false;
  // Python reads \r\n and a lone \r as line ends too (universal newlines): one spelling, so none can hide a statement.
  const tokens = new Tokens(text.replace(/\r\n?/g, '\n'));
  let statementStart = true;
  // Within a compound statement's header, the `:` that ends it (a lambda there has a `:` of its own).
  let header = false;
  let lambdas = 0;
  let previous = '';
  for (let token = tokens.next(); token; token = tokens.next()) {
    const at = {line: token.line, column: token.column};
    let headerEnd = false;
    if (header && token.depth === 0) {
      if (token.value === 'lambda') lambdas++;
      else if (token.value === ':' && lambdas > 0) lambdas--;
      else headerEnd = token.value === ':';
    }
    if (token.kind === 'newline' || headerEnd || (token.depth === 0 && token.value === ';')) {
      statementStart = true;
      header = false;
      lambdas = 0;
      previous = '';
      continue;
    }
    const first = statementStart;
    statementStart = false;
    if (first && token.value === 'import') {
      for (const module of importNames(tokens)) {
        const hit = pythonModule(module);
        if (hit) uses.add(hit.token, at, `imports ${hit.module}`);
      }
      continue;
    }
    if (first && token.value === 'from') {
      const {module, names} = fromImport(tokens);
      for (const {name, alias} of names) {
        const hit = pythonModule(`${module}.${name}`) ?? pythonModule(module);
        if (hit) uses.add(hit.token, at, `imports ${hit.module}`);
        if (module !== 'os') continue;
        if (name === '*') osStar = true;
        else fromOs.set(alias, name);
      }
      continue;
    }
    if (first) header = token.kind === 'name' && COMPOUND.has(token.value);
    if (token.kind === 'name' && token.value === 'os' && tokens.peek()?.value === '.') {
      previous = tokens.next()?.value ?? '';
      const attribute = tokens.peek();
      if (attribute?.kind === 'name') osAttribute(uses, attribute.value, at);
      continue;
    }
    if (token.kind === 'name' && previous !== '.') {
      const imported = fromOs.get(token.value) ?? (osStar ? token.value : undefined);
      if (imported !== undefined) osAttribute(uses, imported, at);
      if (token.value === 'open' && tokens.peek()?.value === '(') uses.add('fs.read', at, 'calls open()');
    }
    previous = token.value;
  }
  return {uses: uses.list(), imports: []};
}

function osAttribute(uses: UseCollector, name: string, at: {line: number; column: number}): void {
  const known = Object.hasOwn(OS_ATTRIBUTES, name) ? OS_ATTRIBUTES[name] : OS_EXEC.test(name) ? {token: 'subprocess' as const, what: `calls os.${name}()`} : undefined;
  if (known) uses.add(known.token, at, known.what);
}

/** After `import`: each dotted module name (`a.b as c, d` → a.b, d), up to the first token that does not fit. */
function importNames(tokens: Tokens): string[] {
  const modules: string[] = [];
  do {
    const module = dotted(tokens);
    if (module === '') break;
    modules.push(module);
    alias(tokens);
  } while (tokens.take(','));
  return modules;
}

/** After `from`: the module as written (relative dots kept) and each name imported with its local name; `*` for all. */
function fromImport(tokens: Tokens): {module: string; names: {name: string; alias: string}[]} {
  let module = '';
  for (let t = tokens.peek(); t && (t.value === '.' || (t.kind === 'name' && t.value !== 'import')); t = tokens.peek()) {
    module += t.value;
    tokens.next();
  }
  if (module === '' || !tokens.take('import')) return {module, names: []};
  const names: {name: string; alias: string}[] = [];
  const parenthesised = tokens.take('(');
  do {
    const t = tokens.peek();
    if (t?.value === '*' || t?.kind === 'name') {
      tokens.next();
      names.push({name: t.value, alias: alias(tokens) ?? t.value});
    } else break;
  } while (tokens.take(','));
  if (parenthesised) tokens.take(')');
  return {module, names};
}

function dotted(tokens: Tokens): string {
  let name = tokens.peek()?.kind === 'name' ? (tokens.next()?.value ?? '') : '';
  while (name !== '' && tokens.peek()?.value === '.') {
    tokens.next();
    const part = tokens.peek();
    if (part?.kind !== 'name') break;
    name += `.${tokens.next()?.value}`;
  }
  return name;
}

function alias(tokens: Tokens): string | undefined {
  if (!tokens.take('as')) return undefined;
  return tokens.peek()?.kind === 'name' ? tokens.next()?.value : undefined;
}

interface Token {
  /** name: an identifier or keyword; op: any other character (`:=` is one token); newline: the end of a logical line. */
  kind: 'name' | 'number' | 'op' | 'newline';
  value: string;
  line: number;
  column: number;
  /** Open brackets around the token: a newline inside them continues the line, and `;` and `:` there end nothing. */
  depth: number;
}

const NAME = /[\p{ID_Start}_]\p{ID_Continue}*/uy;
const NUMBER = /[0-9][\p{ID_Continue}.]*/uy;

/**
 * Python tokens, one at a time, with their 1-based line and column (UTF-16 units): names, numbers, operators and
 * logical line ends. Strings (any prefix, triple quotes, escapes) and comments are skipped whole; a backslash at
 * the end of a line and a newline inside brackets join lines, as Python does.
 */
class Tokens {
  private index = 0;
  private line = 1;
  private lineStart = 0;
  private depth = 0;
  private ahead: Token | undefined;

  constructor(private readonly text: string) {}

  peek(): Token | undefined {
    this.ahead ??= this.read();
    return this.ahead;
  }

  next(): Token | undefined {
    const token = this.peek();
    this.ahead = undefined;
    return token;
  }

  /** Consumes the next token if its value is `value`. */
  take(value: string): boolean {
    if (this.peek()?.value !== value) return false;
    this.next();
    return true;
  }

  private read(): Token | undefined {
    const text = this.text;
    while (this.index < text.length) {
      const start = this.index;
      const ch = text[start];
      if (ch === ' ' || ch === '\t' || ch === '\f') this.index++;
      else if (ch === '\n') {
        const token = this.token('newline', '\n', start);
        this.newLine(start);
        if (token.depth === 0) return token;
      } else if (ch === '\\' && text[start + 1] === '\n') {
        this.newLine(start + 1);
      } else if (ch === '#') {
        const end = text.indexOf('\n', start);
        this.index = end === -1 ? text.length : end;
      } else if (ch === '"' || ch === "'") this.skipString(ch);
      else {
        const name = this.match(NAME);
        if (name !== undefined) return this.token('name', name, start);
        const number = this.match(NUMBER);
        if (number !== undefined) return this.token('number', number, start);
        const value = ch === ':' && text[start + 1] === '=' ? ':=' : ch;
        this.index = start + value.length;
        const token = this.token('op', value, start);
        if (ch === '(' || ch === '[' || ch === '{') this.depth++;
        else if ((ch === ')' || ch === ']' || ch === '}') && this.depth > 0) this.depth--;
        return token;
      }
    }
    return undefined;
  }

  private token(kind: Token['kind'], value: string, start: number): Token {
    return {kind, value, line: this.line, column: start - this.lineStart + 1, depth: this.depth};
  }

  private match(pattern: RegExp): string | undefined {
    pattern.lastIndex = this.index;
    const m = pattern.exec(this.text);
    if (m === null) return undefined;
    this.index += m[0].length;
    return m[0];
  }

  /** `at` is the index of a '\n'. */
  private newLine(at: number): void {
    this.line++;
    this.lineStart = at + 1;
    this.index = at + 1;
  }

  /** From an opening quote to past its closing one; a one-quote string left open ends at its line's end. */
  private skipString(quote: string): void {
    const text = this.text;
    const triple = text.startsWith(quote.repeat(3), this.index);
    const close = triple ? quote.repeat(3) : quote;
    let k = this.index + close.length;
    while (k < text.length && !text.startsWith(close, k) && (triple || text[k] !== '\n')) {
      if (text[k] === '\n') this.newLine(k);
      else if (text[k] === '\\' && text[k + 1] === '\n') this.newLine(k + 1);
      k += text[k] === '\\' ? 2 : 1;
    }
    this.index = Math.min(text.length, k + (text.startsWith(close, k) ? close.length : 0));
  }
}

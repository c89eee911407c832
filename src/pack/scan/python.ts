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
const OS_EXEC = /^(exec|spawn)[lvpe]*$/;

const IMPORT = /^(\s*)import\s+(.+)$/;
const FROM = /^(\s*)from\s+([\w.]+)\s+import\s+(.+)$/;
const OS_USE = /\bos\s*\.\s*(\w+)/g;
const OPEN_CALL = /(?<![\w.])open\s*\(/g;

/**
 * Python: `import a.b as c, d` and `from a import b, c` statements (module table in modules.ts), `os.environ`,
 * `os.getenv`, `os.system`/`popen`/`exec*`/`spawn*` (and the same names imported from os), and the builtin `open()`
 * (fs.read). Strings and comments are blanked first by a small tokenizer (prefixes, triple quotes, escapes), so an
 * import inside a docstring does not count. Relative imports (`from . import x`) are not followed.
 */
export function scanPython(text: string): CodeScan {
  const uses = new UseCollector();
  const fromOs = new Map<string, string>();
  const lines = logicalLines(blankStringsAndComments(text));
  for (const {text: line, line: number} of lines) {
    const at = (index: number) => ({line: number, column: index + 1});
    const from = FROM.exec(line);
    const imported = IMPORT.exec(line);
    if (from) {
      const names = from[3].replace(/[()]/g, '').split(',').map((n) => n.trim().split(/\s+as\s+/));
      for (const [name, alias] of names) {
        const hit = pythonModule(`${from[2]}.${name}`) ?? pythonModule(from[2]);
        if (hit) uses.add(hit.token, at(from[1].length), `imports ${hit.module}`);
        if (from[2] === 'os' && name) fromOs.set(alias ?? name, name);
      }
    } else if (imported) {
      for (const part of imported[2].split(',')) {
        const hit = pythonModule(part.trim().split(/\s+as\s+/)[0]);
        if (hit) uses.add(hit.token, at(imported[1].length), `imports ${hit.module}`);
      }
    }
    OS_USE.lastIndex = 0;
    for (let m = OS_USE.exec(line); m !== null; m = OS_USE.exec(line)) osAttribute(uses, m[1], at(m.index));
    for (const [local, name] of fromOs) {
      const use = new RegExp(`(?<![\\w.])${local}\\b`).exec(line);
      if (use && !from) osAttribute(uses, name, at(use.index));
    }
    OPEN_CALL.lastIndex = 0;
    const open = OPEN_CALL.exec(line);
    if (open) uses.add('fs.read', at(open.index), 'calls open()');
  }
  return {uses: uses.list(), imports: []};
}

function osAttribute(uses: UseCollector, name: string, at: {line: number; column: number}): void {
  const known = OS_ATTRIBUTES[name] ?? (OS_EXEC.test(name) ? {token: 'subprocess' as const, what: `calls os.${name}()`} : undefined);
  if (known) uses.add(known.token, at, known.what);
}

/** Physical lines joined where a backslash or an open bracket continues them; each keeps its first line's number. */
function logicalLines(code: string): {text: string; line: number}[] {
  const out: {text: string; line: number}[] = [];
  let current = '';
  let start = 1;
  let depth = 0;
  const physical = code.split('\n');
  physical.forEach((raw, i) => {
    if (current === '') start = i + 1;
    for (const ch of raw) depth += ch === '(' || ch === '[' || ch === '{' ? 1 : ch === ')' || ch === ']' || ch === '}' ? -1 : 0;
    depth = Math.max(depth, 0);
    const continued = raw.endsWith('\\');
    current += (current === '' ? '' : ' ') + (continued ? raw.slice(0, -1) : raw);
    if (!continued && depth === 0) {
      out.push({text: current, line: start});
      current = '';
    }
  });
  if (current !== '') out.push({text: current, line: start});
  return out;
}

/** Replaces the contents of string literals and comments with spaces, keeping newlines, so positions stay put. */
function blankStringsAndComments(text: string): string {
  const out = text.split('');
  let i = 0;
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  while (i < text.length) {
    const ch = text[i];
    if (ch === '#') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      blank(i, stop);
      i = stop;
    } else if (ch === '"' || ch === "'") {
      const triple = text.startsWith(ch.repeat(3), i);
      const quote = triple ? ch.repeat(3) : ch;
      let k = i + quote.length;
      while (k < text.length && !text.startsWith(quote, k) && (triple || text[k] !== '\n')) k += text[k] === '\\' ? 2 : 1;
      const stop = Math.min(text.length, k + (text.startsWith(quote, k) ? quote.length : 0));
      blank(i + 1, stop - 1);
      i = stop;
    } else i++;
  }
  return out.join('');
}

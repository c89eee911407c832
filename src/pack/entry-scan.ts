import {LineIndex} from '../io/line-index.js';
import {isCovered} from './gate.js';
import {builtinModuleName, type RuntimeToken} from './tokens.js';

/** A primitive the entry file evidently uses, with the first place that shows it. */
export interface EntryUse {
  token: RuntimeToken;
  line: number;
  /** What was seen: `imports node:dns/promises`, `reads process.env`. */
  evidence: string;
}

/** The builtins the issue names for the scan; other modules (http, tls…) are left to the author. */
const SCANNED: Readonly<Record<string, RuntimeToken | 'fs'>> = {
  dns: 'net.dns',
  net: 'net.outbound',
  crypto: 'crypto',
  child_process: 'subprocess',
  fs: 'fs',
};

// `\s*(?:\(\s*)?`, not `\s*\(?\s*`: two adjacent \s* split a run of blanks n ways, quadratic on a long one.
const IMPORT = /\b(?:from|import|require)\s*(?:\(\s*)?(['"`])([^'"`\n]+)\1/g;
const PROCESS_ENV = /\bprocess\s*(?:\.\s*env\b|\[\s*(['"`])env\1\s*\])/g;
const FS_WRITE = /\b(?:writeFile|writeFileSync|appendFile|appendFileSync|createWriteStream|mkdir|mkdirSync|mkdtemp|mkdtempSync|rm|rmSync|rmdir|rmdirSync|unlink|unlinkSync|rename|renameSync|copyFile|copyFileSync|cp|cpSync|truncate|truncateSync|chmod|chmodSync|symlink|symlinkSync|utimes|utimesSync)\s*\(/;

/**
 * A static look at a JavaScript entry file for uses of the primitives RFC 0076 makes packs declare. Comments are
 * blanked first (keeping line numbers) so commented-out imports do not count; string contents are kept, so an import
 * specifier still matches. A regex scan, not a parser: it sees static and dynamic imports, require and process.env.
 */
export function scanEntry(text: string): EntryUse[] {
  const code = blankComments(text);
  let lines: LineIndex | undefined;
  const uses: EntryUse[] = [];
  const seen = new Set<RuntimeToken>();
  const add = (token: RuntimeToken, offset: number, evidence: string) => {
    if (seen.has(token)) return;
    seen.add(token);
    uses.push({token, line: (lines ??= new LineIndex(code)).at(offset).line, evidence});
  };
  // exec on the shared /g patterns (lastIndex reset first): matchAll would copy each pattern on every call.
  IMPORT.lastIndex = 0;
  for (let m = IMPORT.exec(code); m !== null; m = IMPORT.exec(code)) {
    const base = builtinModuleName(m[2]);
    const mapped = base === undefined ? undefined : SCANNED[base];
    if (mapped === undefined) continue;
    const evidence = `imports ${m[2]}`;
    if (mapped === 'fs') {
      // Once: FS_WRITE scans the whole file, and a file may import fs on every line.
      if (seen.has('fs.read')) continue;
      add('fs.read', m.index, evidence);
      if (FS_WRITE.test(code)) add('fs.write', m.index, `${evidence} and writes files`);
    } else add(mapped, m.index, evidence);
  }
  PROCESS_ENV.lastIndex = 0;
  for (let m = PROCESS_ENV.exec(code); m !== null; m = PROCESS_ENV.exec(code)) add('env.read', m.index, 'reads process.env');
  return uses.sort((a, b) => a.line - b.line);
}

/** Uses whose primitive `declared` does not cover (a declared parent covers a finer token). */
export function undeclaredUses(uses: readonly EntryUse[], declared: readonly string[]): EntryUse[] {
  return uses.filter((u) => !isCovered(u.token, declared));
}

/** Replaces // and /* *\/ comments with spaces (newlines kept), leaving strings, templates and regex-free code as is. */
export function blankComments(text: string): string {
  // Built from slices of the text between comments: a file without comments comes back as is, uncopied.
  let out = '';
  let kept = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"' || ch === "'" || ch === '`') {
      i = skipString(text, i, ch);
      continue;
    }
    if (ch === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) {
      const block = text[i + 1] === '*';
      const end = block ? text.indexOf('*/', i + 2) : text.indexOf('\n', i + 2);
      const stop = end === -1 ? text.length : block ? end + 2 : end;
      out += text.slice(kept, i) + (block ? text.slice(i, stop).replace(/[^\n]/g, ' ') : ' '.repeat(stop - i));
      kept = i = stop;
      continue;
    }
    i++;
  }
  return kept === 0 ? text : out + text.slice(kept);
}

function skipString(text: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\\') i += 2;
    else if (ch === quote) return i + 1;
    // An unterminated ' or " ends at the line; a template literal may span lines.
    else if (ch === '\n' && quote !== '`') return i;
    else i++;
  }
  return i;
}

import {existsSync, statSync} from 'node:fs';
import {dirname, extname, relative, resolve, sep} from 'node:path';
import {fileURLToPath} from 'node:url';
import {inside, realPathOr} from '../../io/read-scope.js';
import {mb} from '../../io/read-file.js';
import {readCodeFile} from './read-code.js';
import {isCovered} from '../gate.js';
import type {RuntimeToken} from '../tokens.js';
import {SCAN_MAX_BYTES, SCAN_MAX_DEPTH, SCAN_MAX_FILES} from './limits.js';
import {scanPython} from './python.js';
import type {CodeUse} from './uses.js';
import {type JavaScriptScan, scanJavaScript} from './javascript.js';

export type {CodeUse} from './uses.js';

/** A use found in the pack's code, with the file (relative to the pack folder, `/`-separated) it was found in. */
export interface PackUse extends CodeUse {
  file: string;
}

/** A file of the pack's code the scan could not vouch for. */
export interface ScanProblem {
  kind: 'unparsed' | 'not-scanned' | 'outside' | 'missing';
  /** The file (relative to the pack folder) the problem is in or about. */
  file: string;
  line?: number;
  column?: number;
  /** For an import left unread (outside, missing): the specifier as written. */
  specifier?: string;
  message: string;
}

export interface PackScan {
  uses: PackUse[];
  problems: ScanProblem[];
}

/** Whether a manifest's runtime has code this scan reads: javascript, or python with a .py entry (not a wheel). */
export function scannable(language: unknown, entry: unknown): boolean {
  return language === 'javascript' || (language === 'python' && typeof entry === 'string' && entry.endsWith('.py'));
}

// A file none of these words appear in can reach nothing the scanners look for (an identifier spelt with \u escapes
// is caught by the last one), so it is not parsed: the parser is then never loaded for a trivial entry.
const MAY_REACH = /import|require|from|fetch|process|Deno|WebSocket|EventSource|XMLHttpRequest|crypto|\\u/;

/**
 * What a relative import is followed into; '' is a CommonJS file named without one. Node 22.18+ and 23.6+ run
 * .ts/.mts/.cts themselves (type stripping), and a bundler-built pack may import .jsx/.tsx: all are code, not data.
 */
const JS_EXTENSIONS = new Set(['.js', '.mjs', '.cjs', '', '.jsx', '.ts', '.mts', '.cts', '.tsx']);
const TYPESCRIPT = new Set(['.ts', '.mts', '.cts', '.tsx']);

/**
 * Scans a pack's code for the primitives it uses: the runtime entry, and for JavaScript the files it imports by
 * relative path, breadth first, up to SCAN_MAX_DEPTH imports away and SCAN_MAX_FILES files. An import is read only
 * when it resolves inside `packRoot`, and so does the real path of the file it opens (`./x` opens x.js or x/index.js):
 * a symbolic link out of the pack is not followed.
 */
export function scanPackCode(entry: {path: string; text: string}, packRoot: string, language: 'javascript' | 'python'): PackScan {
  if (language === 'javascript' && !MAY_REACH.test(entry.text)) return {uses: [], problems: []};
  // Most entries import nothing relative: the pack folder's real path is asked for only when one does.
  let root: string | undefined;
  const uses: PackUse[] = [];
  const problems: ScanProblem[] = [];
  const rel = (abs: string) => relative(packRoot, abs).split(sep).join('/');
  const queue: {path: string; text: string | undefined; depth: number; from?: string}[] = [{path: entry.path, text: entry.text, depth: 0}];
  const seen = new Set([entry.path]);
  for (let next = queue.shift(); next; next = queue.shift()) {
    const file = rel(next.path);
    const text = next.text ?? readCodeFile(next.path, file);
    if (typeof text !== 'string') {
      const why = text.reason === 'too-large' ? `is over the ${mb(SCAN_MAX_BYTES)} MB the requirement scan reads` : `cannot be read (${text.finding.message})`;
      problems.push({kind: 'not-scanned', file, message: `${file} (imported at ${next.from}) ${why}: it was not scanned`});
      continue;
    }
    const scan: JavaScriptScan = language === 'python' ? scanPython(text) : MAY_REACH.test(text) ? scanJavaScript(text, next.path) : {uses: [], imports: []};
    if (scan.unparsed) problems.push({kind: 'unparsed', file, ...scan.unparsed, message: unparsedMessage(file, scan.unparsed)});
    if (scan.unscanned) problems.push({kind: 'not-scanned', file, message: `${file} ${scan.unscanned}`});
    for (const use of scan.uses) uses.push({...use, file});
    for (const imported of scan.imports) {
      const where = `${file}:${imported.line}:${imported.column}`;
      const target = importTarget(next.path, imported.specifier);
      root ??= realPathOr(packRoot);
      const refused = (kind: 'outside' | 'missing', why: string) =>
        problems.push({kind, file, line: imported.line, column: imported.column, specifier: imported.specifier, message: `${where} imports "${imported.specifier}", ${why}`});
      if (!inside(target, packRoot) || !inside(realPathOr(target), root)) {
        refused('outside', 'which leads out of the pack; it was not read');
        continue;
      }
      const found = resolveFile(target);
      if (found === undefined) {
        refused('missing', 'which is not in the pack');
        continue;
      }
      // The file opened is not always the one named (./x opens x.js or x/index.js): its own real path must stay in too.
      if (found !== target && !inside(realPathOr(found), root)) {
        refused('outside', `which opens ${rel(found)}, and that leads out of the pack through a symbolic link; it was not read`);
        continue;
      }
      if (seen.has(found)) continue;
      seen.add(found);
      const ext = extname(found);
      if (ext === '.node') {
        problems.push({kind: 'not-scanned', file: rel(found), message: `${rel(found)} (imported at ${where}) is a native addon, which can reach anything and cannot be scanned`});
        continue;
      }
      // JSON, WebAssembly, text: data, or code that reaches only what its JavaScript host hands it.
      if (!JS_EXTENSIONS.has(ext)) continue;
      if (next.depth + 1 > SCAN_MAX_DEPTH || seen.size > SCAN_MAX_FILES) {
        problems.push({
          kind: 'not-scanned',
          file: rel(found),
          message: `${rel(found)} (imported at ${where}) is past the scan's bounds (${SCAN_MAX_DEPTH} imports deep, ${SCAN_MAX_FILES} files): it was not scanned`,
        });
        continue;
      }
      queue.push({path: found, text: undefined, depth: next.depth + 1, from: where});
    }
  }
  return {uses: firstPerToken(uses), problems};
}

/** Uses whose primitive `declared` does not cover (a declared parent covers a finer token). */
export function undeclaredUses<T extends {token: RuntimeToken}>(uses: readonly T[], declared: readonly string[]): T[] {
  return uses.filter((u) => !isCovered(u.token, declared));
}

/** The first use of each primitive: the entry's before an imported file's, then in source order. */
function firstPerToken(uses: PackUse[]): PackUse[] {
  const first = new Map<RuntimeToken, PackUse>();
  for (const use of uses) if (!first.has(use.token)) first.set(use.token, use);
  return [...first.values()];
}

/** A specifier as Node would take it: the file itself, or (CommonJS style) with an extension or as a folder's index. */
/** The path an import names: relative to the importing file, or a file: URL's path (an unusable URL names nothing in the pack). */
function importTarget(importer: string, specifier: string): string {
  if (/^file:/i.test(specifier)) {
    try {
      return fileURLToPath(specifier);
    } catch {
      return resolve(sep, 'not-a-file-url');
    }
  }
  return resolve(dirname(importer), specifier.replace(/[?#].*$/, ''));
}

/** What an extensionless import may open: Node's own candidates, then the TypeScript and JSX ones a loader resolves. */
const EXTENSION_CANDIDATES = ['.js', '.mjs', '.cjs', '.jsx', '.ts', '.mts', '.cts', '.tsx', '/index.js', '/index.mjs', '/index.ts'];

function resolveFile(target: string): string | undefined {
  const candidates = extname(target) === '' ? [target, ...EXTENSION_CANDIDATES.map((s) => target + s)] : [target];
  for (const c of candidates) {
    if (existsSync(c) && statSync(c).isFile()) return c;
  }
  return undefined;
}

/** Why a file did not parse; a TypeScript file is said to be one, since most of them never parse as JavaScript. */
function unparsedMessage(file: string, at: NonNullable<JavaScriptScan['unparsed']>): string {
  const where = `${file}:${at.line}:${at.column}`;
  return TYPESCRIPT.has(extname(file))
    ? `${where} is TypeScript, which the requirement scan cannot read (it does not parse as JavaScript: ${at.message}): its requirements were not scanned`
    : `${where} does not parse as JavaScript (${at.message}): its requirements were not scanned`;
}

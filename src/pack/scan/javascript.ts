import {createRequire} from 'node:module';
import type * as Meriyah from 'meriyah';
import type {ESTree} from 'meriyah';
import type {RuntimeToken} from '../tokens.js';
import {FS_WRITES, javascriptModule} from './modules.js';
import {LineIndex} from '../../io/line-index.js';
import {type Node, startOf, walk} from './js-walk.js';
import {type CodeScan, UseCollector} from './uses.js';

/** eslint-scope ships no types: the part of its API used here. It reads each node's `range`, so the parser must make them. */
interface ScopeAnalysis {
  analyze(ast: unknown, options: {ecmaVersion: number; sourceType: 'module' | 'script'; nodejsScope: boolean}): {globalScope: {through: {identifier: ESTree.Identifier}[]}};
}

// Loaded on the first file parsed, synchronously (manifests are checked synchronously): a run without a javascript
// entry worth parsing never loads the parser, and eslint-scope loads only for a file that declares a watched name.
const requireHere = createRequire(import.meta.url);
let meriyah: typeof Meriyah | undefined;
let scopes: ScopeAnalysis | undefined;

/** Globals whose unshadowed use reaches a primitive, and the objects that hold them (`globalThis.fetch`). */
const NETWORK_GLOBALS = new Set(['fetch', 'WebSocket', 'EventSource', 'XMLHttpRequest']);
const GLOBAL_OBJECTS = new Set(['globalThis', 'global', 'window', 'self']);
const WATCHED = new Set([...NETWORK_GLOBALS, ...GLOBAL_OBJECTS, 'process', 'Deno', 'crypto', 'require']);
/** Ancestors kept per global read: enough for `const m = globalThis.process.getBuiltinModule('x')`. */
const CHAIN = 5;

/** A local name bound to a module's namespace (`import fs from`, `const fs = require(…)`) or to one of its exports. */
interface Binding {
  module: string;
  base: RuntimeToken | 'fs' | 'process';
  /** The export's name, or `*` for the namespace. */
  imported: string;
}

/** A file's scan; `unscanned` says why a file that parsed could still not be scanned whole (a sentence after its name). */
export interface JavaScriptScan extends CodeScan {
  unscanned?: string;
}

/**
 * Parses one JavaScript file and maps what it reaches to RFC 0076 primitives: imports of every form with a literal
 * specifier (static, `export … from`, `require`, `import()`, `process.getBuiltinModule`), `process.env` and `Deno.env`,
 * the global `crypto`, and the network globals (`fetch`, `WebSocket`, `EventSource`, `XMLHttpRequest`, also through
 * `globalThis.`). A global counts only where no local binding of that name is in scope: when the file declares one of
 * the watched names anywhere, eslint-scope resolves every reference; otherwise none can be shadowed.
 * `.cjs`/`.cts` parse as a script, `.mjs`/`.mts` as a module, anything else as a module and then, failing that, as a
 * script; `.jsx`/`.tsx` with JSX. TypeScript is read only where it is written in plain JavaScript syntax.
 */
export function scanJavaScript(text: string, file = 'index.js'): JavaScriptScan {
  const parsed = parse(text, file, false);
  if ('error' in parsed) return {uses: [], imports: [], unparsed: parsed.error};
  const lines = new LineIndex(text);
  const pos = (node: Node) => lines.at(startOf(node));
  const uses = new UseCollector();
  const imports: CodeScan['imports'] = [];
  const bindings = new Map<string, Binding>();
  const writeCalls: {callee: string; fn: string; node: Node}[] = [];
  const globalRefs: {node: ESTree.Identifier; chain: Node[]}[] = [];
  const declared = new Set<string>();
  /** `x.env` for a local x: env.read when x is node:process imported or required. */
  const envReads: {node: Node; name: string}[] = [];

  const onModule = (specifier: unknown, at: Node, declaredAs?: Node) => {
    if (typeof specifier !== 'string') return;
    // A path, or a file: URL (which names a path as surely): followed like any relative import, and refused if it leaves.
    if (/^\.{0,2}\//.test(specifier) || /^file:/i.test(specifier)) {
      imports.push({specifier, ...pos(at)});
      return;
    }
    const mapped = specifier === 'process' || specifier === 'node:process' ? 'process' : javascriptModule(specifier);
    if (mapped === undefined) return;
    if (mapped !== 'process') uses.add(mapped === 'fs' ? 'fs.read' : mapped, pos(at), `imports ${specifier}`);
    if (declaredAs) bind(declaredAs, specifier, mapped);
  };
  /** Records what `pattern` (an import declaration, or a declarator's id) binds from a mapped module. */
  const bind = (pattern: Node, module: string, base: Binding['base']) => {
    if (pattern.type === 'ImportDeclaration') {
      for (const s of pattern.specifiers) {
        const imported = s.type === 'ImportSpecifier' ? importedName(s.imported) : '*';
        bindings.set(s.local.name, {module, base, imported});
        if (base === 'process' && imported === 'env') uses.add('env.read', pos(s), `imports env from ${module}`);
      }
    } else if (pattern.type === 'Identifier') bindings.set(pattern.name, {module, base, imported: '*'});
    else if (pattern.type === 'ObjectPattern') {
      for (const p of pattern.properties) {
        if (p.type !== 'Property' || p.computed || p.value.type !== 'Identifier') continue;
        const imported = importedName(p.key);
        bindings.set(p.value.name, {module, base, imported});
        if (base === 'process' && imported === 'env') uses.add('env.read', pos(p), `takes env from ${module}`);
      }
    }
  };

  walk(parsed.ast, {
    node(node, ancestors) {
      switch (node.type) {
        case 'ImportDeclaration':
          onModule(node.source.value, node, node);
          break;
        case 'ExportNamedDeclaration':
        case 'ExportAllDeclaration':
          if (node.source) onModule(node.source.value, node);
          break;
        case 'ImportExpression': {
          const awaited = ancestors.at(-1)?.type === 'AwaitExpression';
          onModule(literal(node.source), node, awaited ? declaratorId(ancestors.at(-2)) : undefined);
          break;
        }
        case 'CallExpression': {
          // Kept for when every binding is known (require() binds in the second step): a call of a local name (a write
          // function imported under another name) or of a member named like a write function.
          const callee = node.callee;
          if (callee.type === 'Identifier') writeCalls.push({callee: callee.name, fn: callee.name, node});
          else if (callee.type === 'MemberExpression' && !callee.computed && 'name' in callee.property && FS_WRITES.has(callee.property.name)) {
            const root = rootName(callee);
            if (root !== undefined) writeCalls.push({callee: root, fn: callee.property.name, node});
          }
          break;
        }
        case 'MemberExpression':
          if (node.object.type === 'Identifier' && propertyName(node) === 'env') envReads.push({node, name: node.object.name});
          break;
      }
    },
    reference(node, ancestors) {
      if (WATCHED.has(node.name)) globalRefs.push({node, chain: ancestors.slice(-CHAIN)});
    },
    binding(name) {
      if (WATCHED.has(name)) declared.add(name);
    },
  });

  /** A global read where nothing local shadows it; `i` indexes its parent in `chain` (its last ancestors). */
  const onGlobal = (name: string, at: Node, chain: readonly Node[], i: number): void => {
    const holder = chain[i];
    const caller = chain[i - 1];
    const member = holder?.type === 'MemberExpression' && holder.object === at ? propertyName(holder) : undefined;
    const called = holder?.type === 'CallExpression' && holder.callee === at;
    if (NETWORK_GLOBALS.has(name)) uses.add('net.outbound', pos(at), called ? `calls ${name}()` : holder?.type === 'NewExpression' && holder.callee === at ? `constructs ${name}` : `uses ${name}`);
    else if (name === 'crypto' && member !== undefined) uses.add('crypto', pos(at), `uses the global crypto (crypto.${member})`);
    else if ((name === 'process' || name === 'Deno') && member === 'env') uses.add('env.read', pos(at), `reads ${name}.env`);
    else if (name === 'process' && holder?.type === 'VariableDeclarator' && holder.init === at && destructures(holder.id, 'env')) uses.add('env.read', pos(at), 'takes env from process');
    else if (name === 'process' && member === 'getBuiltinModule' && caller?.type === 'CallExpression' && caller.callee === holder) {
      onModule(literal(caller.arguments[0]), caller, declaratorId(chain[i - 2]));
    } else if (name === 'require' && called) onModule(literal(holder.arguments[0]), holder, declaratorId(caller));
    else if (GLOBAL_OBJECTS.has(name) && holder !== undefined && member !== undefined && WATCHED.has(member) && !GLOBAL_OBJECTS.has(member)) onGlobal(member, holder, chain, i - 1);
  };
  const unshadowed = globalRefs.some((r) => declared.has(r.node.name)) ? resolvedGlobals(text, file) : undefined;
  if (typeof unshadowed !== 'string') {
    for (const {node, chain} of globalRefs) if (!unshadowed || unshadowed.has(startOf(node))) onGlobal(node.name, node, chain, chain.length - 1);
  }

  for (const {node, name} of envReads) {
    const binding = bindings.get(name);
    if (binding?.base === 'process' && binding.imported === '*') uses.add('env.read', pos(node), `reads ${name}.env`);
  }
  for (const {callee, fn, node} of writeCalls) {
    const binding = bindings.get(callee);
    if (binding?.base !== 'fs') continue;
    const name = binding.imported === '*' || binding.imported === 'promises' ? fn : binding.imported;
    if (FS_WRITES.has(name)) uses.add('fs.write', pos(node), `imports ${binding.module} and calls ${name}()`);
  }
  return {uses: uses.list(), imports, ...(typeof unshadowed === 'string' ? {unscanned: unshadowed} : {})};
}

/**
 * Node offsets: `start` for positions, and `range` too when eslint-scope reads the tree (asking only for `start` makes a
 * parse ≈ 15% cheaper). Regular expression literals are not checked: meriyah would check them with the running Node's
 * RegExp, which on Node 20 and 22 rejects ES2025 modifiers (`(?i:…)`) and duplicate group names, so a file's verdict
 * would depend on the Node it runs on. HTML-like comments (`<!--`) are allowed in scripts, as Node allows them (webcompat).
 */
const OFFSETS = {start: true} as const;
const OFFSETS_AND_RANGES = {start: true, range: true} as const;

function parse(text: string, file: string, ranges: boolean): {ast: ESTree.Program; sourceType: 'module' | 'script'} | {error: NonNullable<CodeScan['unparsed']>} {
  meriyah ??= requireHere('meriyah') as typeof Meriyah;
  const order: ('module' | 'script')[] = /\.c[jt]s$/.test(file) ? ['script'] : /\.m[jt]s$/.test(file) ? ['module'] : ['module', 'script'];
  const jsx = /\.[jt]sx$/.test(file);
  let first: NonNullable<CodeScan['unparsed']> | undefined;
  for (const sourceType of order) {
    try {
      const ast = meriyah.parse(text, {
        sourceType,
        globalReturn: sourceType === 'script',
        ranges: ranges ? OFFSETS_AND_RANGES : OFFSETS,
        validateRegex: false,
        webcompat: true,
        jsx,
      });
      return {ast, sourceType};
    } catch (error) {
      // A ParseError's message starts with its position ("[2:13-2:14]: …"), which the finding carries itself. Anything
      // else is the stack running out on deep nesting (meriyah descends recursively), reported where the file starts.
      first ??= meriyah.isParseError(error) ? {line: error.loc.start.line, column: error.loc.start.column + 1, message: error.description} : {line: 1, column: 1, message: (error as Error).message};
    }
  }
  return {error: first as NonNullable<typeof first>};
}

/**
 * Offsets of the reads of watched names that no declaration in the file resolves (eslint-scope's analysis), or why the
 * analysis failed: it descends recursively, so a deep expression (`1+a+a…`, a few thousand terms) the iterative walk
 * got through overflows the stack there. Which reads are global is then unknown, so none is counted.
 */
function resolvedGlobals(text: string, file: string): Set<number> | string {
  const parsed = parse(text, file, true);
  if ('error' in parsed) return new Set();
  scopes ??= requireHere('eslint-scope') as ScopeAnalysis;
  try {
    const {through} = scopes.analyze(parsed.ast, {ecmaVersion: 2022, sourceType: parsed.sourceType, nodejsScope: parsed.sourceType === 'script'}).globalScope;
    return new Set(through.filter((r) => WATCHED.has(r.identifier.name)).map((r) => startOf(r.identifier)));
  } catch (error) {
    return `is nested too deeply for the scope analysis that tells a global fetch or process from a local one (${(error as Error).message}): the globals it uses (fetch, process.env, …) were not scanned`;
  }
}

function literal(node: Node | undefined): string | undefined {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked ?? undefined;
  return undefined;
}

/** The name a non-computed key or an import's `imported` gives: an identifier, or a string or number literal. */
function importedName(node: Node): string {
  if (node.type === 'Identifier') return node.name;
  return node.type === 'Literal' ? String(node.value) : '';
}

function propertyName(member: ESTree.MemberExpression): string | undefined {
  if (!member.computed) return member.property.type === 'Identifier' ? member.property.name : undefined;
  return literal(member.property);
}

function rootName(node: Node): string | undefined {
  let n: Node = node;
  while (n.type === 'MemberExpression') n = n.object;
  return n.type === 'Identifier' ? n.name : undefined;
}

function destructures(pattern: Node, key: string): boolean {
  return pattern.type === 'ObjectPattern' && pattern.properties.some((p) => p.type === 'Property' && !p.computed && importedName(p.key) === key);
}

/** The id of `node` when it is a declarator: the `fs` of `const fs = require(…)`, the `{x}` of `const {x} = await import(…)`. */
function declaratorId(node: Node | undefined): Node | undefined {
  return node?.type === 'VariableDeclarator' ? node.id : undefined;
}

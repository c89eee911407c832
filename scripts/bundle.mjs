// Bundles the compiled CLI (dist/commands + dist/src + @oclif/core and the small dependencies) into one CommonJS file,
// dist/cli/openwop.cjs, with esbuild. A pre-commit hook pays cold start on every commit, and the way to skip V8's
// parse and compile of ~1 MB of JavaScript on each start, on every Node we support, is a script compiled from cached
// data made after a run (bin/load-bundle.cjs); that needs one classic script, not a graph of ES modules.
// - Commands are exported as getters (oclif's `explicit` discovery reads only the one that runs), and each command's
//   modules are initialised on first use, so a start evaluates oclif and the running command, nothing else.
// - A script compiled from cached data cannot run `import()` on Node 20 (the dynamic-import callback is lost), so
//   the few dynamic imports that must stay real — oclif loading plugins and TypeScript hooks, and the packages src/
//   imports on demand (undici, ora, the @inquirer prompts, jsonrepair) — call `globalThis.__openwopImport`, which
//   bin/load-bundle.cjs defines as a real `import()`. The build fails if any other `import(` survives.
// The library API (dist/src) is not bundled: it is what `import('openwop')` gives.
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {dirname, join, relative, sep} from 'node:path';
import {build} from 'esbuild';
import {globSync} from 'tinyglobby';
import {BUNDLE_FILE, COMMANDS_EXPORT, FILE_WORKER_EXPORT, RUNTIME_CACHE_DIR} from '../bin/load-bundle.cjs';

/** Packages src/ only ever import() on demand: probe's HTTP client and spinner, scaffold's prompts, retry's repair, export's YAML. */
const LAZY_PACKAGES = ['undici', 'ora', '@inquirer/input', '@inquirer/select', '@inquirer/confirm', 'jsonrepair', 'yaml'];
const LAZY_IMPORT = new RegExp(`\\bimport\\((?=(["'])(${LAZY_PACKAGES.map((p) => p.replace(/[/@]/g, '\\$&')).join('|')})\\1\\))`, 'g');
/**
 * oclif's runtime import()s: module-loader (plugins' commands and hooks), ts-path (TypeScript hooks in development)
 * and lilconfig, which oclif's package.json reader uses for `.oclifrc.mjs`-style files.
 */
const OCLIF_DYNAMIC = /[\\/](@oclif[\\/]core[\\/]lib[\\/](module-loader|config[\\/]ts-path)|lilconfig[\\/]src[\\/]index)\.js$/;
/** `import(` followed by an argument: a call, not the "import()" text of an error message. */
const ANY_IMPORT_CALL = /\bimport\((?=[^)])/g;
/**
 * Rewrites of oclif's own code for a faster start. Each is named (bench/startup-patches.mjs builds the bundle without
 * one to measure what it still buys, per Node version; bench/NOTES.md has the figures) and checked: the build fails
 * when one no longer applies (an oclif upgrade changed the code), rather than silently losing it.
 * - ordinal-sort: oclif sorts a plugin's command ids with localeCompare on every start, and the first localeCompare of
 *   a process loads ICU's collation data. Command ids are lowercase ASCII words and colons, which an ordinal
 *   comparison puts in the same order.
 * - is-wsl: oclif asks wsl-utils whether it runs under WSL on every start; wsl-utils only re-exports is-wsl for that,
 *   but loading it loads child_process and PowerShell helpers too.
 * - no-engine-check: oclif's index checks the running Node against oclif's own `engines` with semver on every start;
 *   npm already checks ours (which is stricter) at install, and semver's set-up is dozens of regular expressions.
 * - sync-json: oclif reads its manifest and the theme file with fs/promises; the first asynchronous file operation of a
 *   process starts libuv's thread pool, and waiting for it to read two small files took longer than the reads (≈ 6 ms
 *   on a busy 2-core machine). Read synchronously, as the rest of a start does.
 * - lazy-stdout: oclif's command module adds its EPIPE listener to process.stdout when it is loaded, and its flush after
 *   a command writes an empty string to it: either makes the stream, which loads node:stream (and node:net on a pipe),
 *   ≈ 2–4 ms on Node 22, though a check writes its report to the file descriptor (src/report/write-output.ts). The
 *   listener is added when the stream is made, and there is nothing to flush on a stream never made
 *   (globalThis.__openwopStdio, from bin/run.js; without it, as before).
 */
const OCLIF_REWRITES = [
  {
    name: 'ordinal-sort',
    file: /[\\/]@oclif[\\/]core[\\/]lib[\\/]config[\\/]plugin\.js$/,
    from: '.sort((a, b) => a.id.localeCompare(b.id))',
    to: '.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))',
  },
  {name: 'is-wsl', file: /[\\/]@oclif[\\/]core[\\/]lib[\\/]util[\\/]os\.js$/, from: "(await import('wsl-utils')).isWsl", to: "(await import('is-wsl')).default"},
  {name: 'no-engine-check', file: /[\\/]@oclif[\\/]core[\\/]lib[\\/]index\.js$/, from: '\ncheckNodeVersion();\n', to: '\n'},
  {
    name: 'one-logger',
    file: /[\\/]@oclif[\\/]core[\\/]lib[\\/]logger\.js$/,
    from: '    else {\n        set(makeLogger(OCLIF_NS));',
    to: "    else if (!cachedLoggers.has('root')) {\n        set(makeLogger(OCLIF_NS));",
  },
  {name: 'sync-json', file: /[\\/]@oclif[\\/]core[\\/]lib[\\/]util[\\/]fs\.js$/, from: "await (0, promises_1.readFile)(path, 'utf8')", to: "(0, node_fs_1.readFileSync)(path, 'utf8')"},
  {
    name: 'lazy-stdout',
    file: /[\\/]@oclif[\\/]core[\\/]lib[\\/]command\.js$/,
    from: "\nprocess.stdout.on('error', (err) => {\n    if (err && err.code === 'EPIPE')\n        return;\n    throw err;\n});\n",
    to: "\n(globalThis.__openwopStdio?.whenCreated ?? ((name, use) => use(process[name])))('stdout', (stdout) => stdout.on('error', (err) => {\n    if (err && err.code === 'EPIPE')\n        return;\n    throw err;\n}));\n",
  },
  {
    name: 'lazy-stdout',
    file: /[\\/]@oclif[\\/]core[\\/]lib[\\/]flush\.js$/,
    from: 'async function _flush() {\n',
    to: "async function _flush() {\n    if (globalThis.__openwopStdio?.created.has('stdout') === false)\n        return;\n",
  },
];
/**
 * lazy-require: every top-level `require()` of oclif's lib (its own modules, its dependencies, builtins) is deferred to
 * the first use of what it returns. oclif's modules require one another densely (the index requires help, ux, the
 * parser, …; running a command needs a fraction of them), and a start would otherwise evaluate nearly all of oclif.
 * TypeScript's CommonJS output mostly reads members of what a require returns (`x_1.name`), which a proxy defers; a
 * require whose result is called is deferred too.
 */
const OCLIF_LIB = /[\\/]@oclif[\\/]core[\\/]lib[\\/]/;
const TOP_LEVEL_REQUIRE = /^(const|var|let|exports\.)\s*(\w+) = ((?:__importDefault\(|__importStar\()?require\((["'])[^"']+\4\)\)?);$/gm;
const lazyRequire = (_line, declaration, name, value) => `${declaration === 'exports.' ? 'exports.' : `${declaration} `}${name} = __openwopLazy(() => ${value});`;
/** Defined at the top of the bundle: an object standing for what `load` returns, loaded when first used. */
const LAZY_HELPER = `function __openwopLazy(load) {
  let loaded;
  const target = () => (loaded ??= load());
  // An arrow function as the stand-in, so a module that exports a function can be called through it (oclif's help
  // calls its word-wrap module directly: a missing argument crashed with "… is not a function"); it has no
  // non-configurable own keys, which keeps the traps below within a proxy's invariants.
  return new Proxy(() => {}, {
    apply: (_, self, args) => Reflect.apply(target(), self, args),
    get: (_, key) => target()[key],
    set: (_, key, value) => Reflect.set(target(), key, value),
    has: (_, key) => key in target(),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(target(), key);
      return descriptor && {...descriptor, configurable: true};
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(target(), key, descriptor),
    getPrototypeOf: () => Reflect.getPrototypeOf(target()),
  });
}`;
/**
 * lazy-builtins: the same for the builtins our own modules (and the ES modules bundled with them) import at the top but
 * a start seldom uses; esbuild turns those imports into `x = require("node:…")` (or `__toESM(require(…), 1)`) in its
 * output, which is rewritten. fs/promises alone (it loads readline's Interface too) was ≈ 1 ms of every start.
 * The build fails if one of them is still required up front.
 */
const DEFERRED_BUILTINS = ['fs/promises', 'child_process', 'crypto', 'readline', 'perf_hooks'];
const BUILTIN = `node:(?:${DEFERRED_BUILTINS.join('|')})`;
const EAGER_BUILTIN = new RegExp(`([\\w$]+)=((?:__toESM\\()?require\\("${BUILTIN}"\\)(?:,1\\))?)`, 'g');
const ANY_EAGER_BUILTIN = new RegExp(`[\\w$]+\\s*=\\s*(?:__toESM\\(\\s*)?require\\("${BUILTIN}"\\)`, 'g');
/**
 * lazy-packages: the same for the CommonJS packages our modules import (`import_x = __toESM(require_x(), 1)` in
 * esbuild's output): Ajv and ajv-formats are needed only when a schema must be compiled at run time, which the
 * build's generated validators spare a start.
 */
const EAGER_PACKAGE = /(import_[\w$]+)=(__toESM\(require_[\w$]+\(\)(?:,1)?\))/g;
/**
 * pure-jsonc: jsonc-parser's modules are free of side effects but do not say so, so esbuild kept its formatter and
 * editor, which we never call, and a start built their tables of indentation strings (≈ 180 KB of allocations).
 */
const JSONC_PARSER = /^jsonc-parser$|^\.\/impl\//;
const RESOLVING = Symbol('openwop-resolving');
/**
 * ascii: esbuild writes every non-ASCII character as an escape, except in regular expression literals (ansis has one),
 * where `\\uXXXX` means the same. A source of ASCII only is read as Latin-1, which is ≈ 2 ms faster for the bundle than
 * decoding UTF-8, and V8 then keeps it one byte per character. bin/load-bundle.cjs checks before it decodes so.
 */
const NON_ASCII = /(?<!\\)[^\0-\x7f]/g;
const asciiOnly = (code) => code.replace(NON_ASCII, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * bundled-validators: the validators a `validate envelope` start uses (the envelope's and its payload's, of the
 * generated ones in dist/src/schemas/compiled) are bundled too, each evaluated on first use, so they run from the
 * bundle's code cache instead of being resolved, read and compiled by Node's module loader on each start (with
 * ajv-formats' formats and Ajv's runtime helpers, which the bundle carries anyway). Not the others: all 36 would make
 * the bundle 0.7 MB larger, and reading that costs every start more than it saves the pack validators' (measured on
 * Node 22: a lint start ≈ 1.8 ms slower, an envelope start ≈ 1.5 ms faster). src/schemas/compiled.ts still decides
 * whether they are current; only how a current one is loaded changes.
 */
const COMPILED_VALIDATORS = /[\\/]dist[\\/]src[\\/]schemas[\\/]compiled\.js$/;
const ENVELOPE_VALIDATORS = ['ai-envelope.cjs', 'envelopes__*.cjs', 'foxctl__*.cjs'];
const REQUIRE_VALIDATOR = 'return existsSync(file) ? requireHere(file) : undefined;';
function bundledValidators(root, source) {
  if (!source.includes(REQUIRE_VALIDATOR))
    throw new Error(`bundle: src/schemas/compiled.ts no longer loads a validator with \`${REQUIRE_VALIDATOR}\`; review bundled-validators in scripts/bundle.mjs`);
  const files = globSync(ENVELOPE_VALIDATORS, {cwd: join(root, 'dist', 'src', 'schemas', 'compiled')}).sort();
  const table = `const BUNDLED_VALIDATORS = {${files.map((f) => `${JSON.stringify(f)}: () => require(${JSON.stringify(`./compiled/${f}`)})`).join(', ')}};`;
  const lookup = 'const bundled = file.startsWith(defaultCompiledValidators().dir) ? BUNDLED_VALIDATORS[file.slice(defaultCompiledValidators().dir.length + 1)] : undefined;';
  return `${source.replace(REQUIRE_VALIDATOR, `${lookup}\n    return bundled ? bundled() : existsSync(file) ? requireHere(file) : undefined;`)}\n${table}\n`;
}

/** A bundled file's source as the bundle takes it, or undefined to take it as it is. */
function transform(path, root, skip) {
  const ours = path.startsWith(join(root, 'dist'));
  if (!ours && !OCLIF_LIB.test(path) && !OCLIF_DYNAMIC.test(path)) return undefined;
  const original = readFileSync(path, 'utf8');
  let source = original;
  if (ours) {
    if (COMPILED_VALIDATORS.test(path) && !skip.includes('bundled-validators')) source = bundledValidators(root, source);
    return source.replace(LAZY_IMPORT, 'globalThis.__openwopImport(');
  }
  if (OCLIF_DYNAMIC.test(path)) source = source.replace(ANY_IMPORT_CALL, 'globalThis.__openwopImport(');
  for (const {name, file, from, to} of OCLIF_REWRITES) {
    if (!file.test(path) || skip.includes(name)) continue;
    if (!source.includes(from)) throw new Error(`bundle: ${path} no longer contains ${from}; review the rewrite in scripts/bundle.mjs`);
    source = source.replace(from, to);
  }
  if (!skip.includes('lazy-require')) source = source.replace(TOP_LEVEL_REQUIRE, lazyRequire);
  return source === original ? undefined : source;
}

/** Command id (oclif's `topic:verb`) → compiled file, for every command under dist/commands. */
function commandFiles(root) {
  const files = globSync(['dist/commands/**/*.js', '!**/_*.js'], {cwd: root}).sort();
  if (files.length === 0) throw new Error('bundle: no compiled commands under dist/commands (run tsc first)');
  return files.map((file) => ({id: relative('dist/commands', file).slice(0, -3).split(/[\\/]/).join(':'), file}));
}

/**
 * Command id → file, for the commands of the oclif plugins package.json names (plugin-help's `help`, plugin-autocomplete's
 * `autocomplete`…), from each plugin's own manifest. They are bundled with ours, so an installed openwop needs neither
 * plugin nor their copy of @oclif/core (bin/run.js then loads no plugin). Files, not module names: plugin-autocomplete
 * exports no command module.
 */
function pluginCommandFiles(root, plugins) {
  return plugins.flatMap((name) => {
    const folder = join('node_modules', ...name.split('/'));
    const manifest = JSON.parse(readFileSync(join(root, folder, 'oclif.manifest.json'), 'utf8'));
    return Object.entries(manifest.commands).map(([id, command]) => ({
      id,
      file: join(folder, ...command.relativePath)
        .split(sep)
        .join('/'),
    }));
  });
}

/** Everything `bundle` does only to make a start faster, by name: what `skip` can leave out to measure what each buys. */
export const START_UP_MEASURES = [
  ...new Set(OCLIF_REWRITES.map(({name}) => name)),
  'lazy-require',
  'lazy-builtins',
  'lazy-packages',
  'bundled-validators',
  'pure-jsonc',
  'no-color-probe',
  'short-names',
  'ascii',
];

/**
 * no-color-probe: chalk detects the terminal's colours when imported (its vendored supports-color), which loads node:tty
 * and with it node:net. Every Chalk we make is given its level (src/report/color.ts decides), so the probe's answer is
 * never read: the bundle gives chalk one that says "no colour" without probing.
 */
const NO_COLOR_PROBE = 'openwop-no-color-probe';

/** `skip`: names from START_UP_MEASURES to leave out. */
export async function bundle(root, {skip = []} = {}) {
  // The caches starts wrote (bin/load-bundle.cjs) were made from the old bundle: V8 checks a cache against the source's
  // length only, so one that outlived its bundle could run old code.
  for (const dir of [dirname(BUNDLE_FILE), RUNTIME_CACHE_DIR]) rmSync(join(root, dir), {recursive: true, force: true});
  const {oclif} = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const commands = [...commandFiles(root), ...pluginCommandFiles(root, oclif.plugins ?? [])];
  const getters = commands.map(({id, file}) => `get ${JSON.stringify(id)}() { return require(${JSON.stringify(`./${file}`)}).default; }`);
  // The --jobs worker threads run from the bundle too (bin/file-worker.cjs): from its code cache, a worker starts in a
  // fraction of the time the library build's module graph takes to load.
  const worker = `get ${FILE_WORKER_EXPORT}() { return require('./dist/src/file-worker.js').serveFileWorker; }`;
  const entry = `const {execute, Performance} = require('@oclif/core');\nmodule.exports = {execute, Performance, ${worker}, ${COMMANDS_EXPORT}: {${getters.join(', ')}}};\n`;
  const built = await build({
    absWorkingDir: root,
    stdin: {contents: entry, resolveDir: root, sourcefile: 'openwop-entry.js', loader: 'js'},
    outfile: join(root, BUNDLE_FILE),
    write: false,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20.18',
    // Less source to read and decode, and a smaller code cache to load, on every start.
    minifyWhitespace: true,
    minifySyntax: true,
    // short-names: local identifiers shortened (1.36 MB → 1.0 MB; −0.12× on a Node 22/24 lint start). Nothing depends on
    // a function's or class's name (oclif takes command ids from its index; our errors set their own `name`); the cost is
    // short names in an internal error's stack trace, which users are never shown (`bin/dev.js` runs the sources).
    minifyIdentifiers: !skip.includes('short-names'),
    // jsonc-parser's "main" is a UMD build whose require() calls esbuild cannot follow; its "module" build is ESM.
    mainFields: ['module', 'main'],
    // TypeScript compilers only serve bin/dev.js.
    external: ['typescript', 'ts-node', 'tsx', ...LAZY_PACKAGES],
    // src/io/package-root.ts finds the package from its own location.
    define: {'import.meta.url': '__openwopModuleUrl'},
    banner: {js: `var __openwopModuleUrl = require('node:url').pathToFileURL(__filename).href;\n${LAZY_HELPER}`},
    plugins: [
      {
        name: 'openwop-rewrites',
        setup(b) {
          if (!skip.includes('pure-jsonc')) {
            b.onResolve({filter: JSONC_PARSER}, async (args) => {
              if (args.pluginData === RESOLVING || (args.path !== 'jsonc-parser' && !/[\\/]jsonc-parser[\\/]/.test(args.importer))) return undefined;
              const resolved = await b.resolve(args.path, {kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: RESOLVING});
              return {path: resolved.path, namespace: resolved.namespace, sideEffects: false};
            });
          }
          if (!skip.includes('no-color-probe')) {
            b.onResolve({filter: /^#supports-color$/}, (args) => (/[\\/]chalk[\\/]/.test(args.importer) ? {path: 'chalk-supports-color', namespace: NO_COLOR_PROBE} : undefined));
            b.onLoad({filter: /.*/, namespace: NO_COLOR_PROBE}, () => ({contents: 'export default {stdout: false, stderr: false};', loader: 'js'}));
          }
          b.onLoad({filter: /\.js$/}, (args) => {
            const contents = transform(args.path, root, skip);
            return contents === undefined ? undefined : {contents, loader: 'js'};
          });
        },
      },
    ],
    logLevel: 'warning',
  });
  let out = built.outputFiles[0].text;
  if (!skip.includes('lazy-builtins')) out = out.replace(EAGER_BUILTIN, (_, name, value) => `${name}=__openwopLazy(()=>${value})`);
  if (!skip.includes('lazy-packages')) out = out.replace(EAGER_PACKAGE, (_, name, value) => `${name}=__openwopLazy(()=>${value})`);
  if (!skip.includes('ascii')) out = asciiOnly(out);
  const eager = [...out.matchAll(ANY_EAGER_BUILTIN)].map((m) => m[0]);
  if (eager.length > 0 && !skip.includes('lazy-builtins')) throw new Error(`bundle: builtins meant to load on first use are required up front:\n${eager.join('\n')}`);
  const left = [...out.matchAll(ANY_IMPORT_CALL)].map((m) => out.slice(Math.max(0, m.index - 60), m.index + 60));
  if (left.length > 0) throw new Error(`bundle: import() calls would fail in the cached script; route them through __openwopImport:\n${left.join('\n')}`);
  mkdirSync(join(root, dirname(BUNDLE_FILE)), {recursive: true});
  writeFileSync(join(root, BUNDLE_FILE), out);
  return {file: BUNDLE_FILE, bytes: Buffer.byteLength(out)};
}

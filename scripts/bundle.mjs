// Bundles the compiled CLI (dist/commands + dist/src + @oclif/core and the small dependencies) into one CommonJS file,
// dist/cli/openwop.cjs, with esbuild. A pre-commit hook pays cold start on every commit, and on Node 20 the only way
// to skip V8's parse and compile of ~1 MB of JavaScript on each start is a script compiled from cached data
// (bin/load-bundle.js); that needs one classic script, not a graph of ES modules.
// - Commands are exported as getters (oclif's `explicit` discovery reads only the one that runs), and each command's
//   modules are initialised on first use, so a start evaluates oclif and the running command, nothing else.
// - A script compiled from cached data cannot run `import()` on Node 20 (the dynamic-import callback is lost), so
//   the few dynamic imports that must stay real — oclif loading plugins and TypeScript hooks, and the packages src/
//   imports on demand (undici, ora, the @inquirer prompts, jsonrepair) — call `globalThis.__openwopImport`, which
//   bin/load-bundle.js defines as a real `import()`. The build fails if any other `import(` survives.
// The library API (dist/src) is not bundled: it is what `import('openwop')` gives.
import {readFileSync, rmSync, statSync} from 'node:fs';
import {dirname, join, relative, sep} from 'node:path';
import {build} from 'esbuild';
import {globSync} from 'tinyglobby';
import {BUNDLE_FILE, COMMANDS_EXPORT} from '../bin/load-bundle.js';

/** Packages src/ only ever import() on demand: probe's HTTP client and spinner, scaffold's prompts, retry's repair. */
const LAZY_PACKAGES = ['undici', 'ora', '@inquirer/input', '@inquirer/select', '@inquirer/confirm', 'jsonrepair'];
const LAZY_IMPORT = new RegExp(`\\bimport\\((?=(["'])(${LAZY_PACKAGES.map((p) => p.replace(/[/@]/g, '\\$&')).join('|')})\\1\\))`, 'g');
/**
 * oclif's runtime import()s: module-loader (plugins' commands and hooks), ts-path (TypeScript hooks in development)
 * and lilconfig, which oclif's package.json reader uses for `.oclifrc.mjs`-style files.
 */
const OCLIF_DYNAMIC = /[\\/](@oclif[\\/]core[\\/]lib[\\/](module-loader|config[\\/]ts-path)|lilconfig[\\/]src[\\/]index)\.js$/;
/** `import(` followed by an argument: a call, not the "import()" text of an error message. */
const ANY_IMPORT_CALL = /\bimport\((?=[^)])/g;
/**
 * Rewrites of oclif's own code for a faster start, each checked: the build fails when one no longer applies (an oclif
 * upgrade changed the code), rather than silently losing it.
 * - oclif sorts a plugin's command ids with localeCompare on every start, and the first localeCompare of a process
 *   loads ICU's collation data (~8 ms, an eighth of a lint cold start). Command ids are lowercase ASCII words and
 *   colons, which an ordinal comparison puts in the same order.
 * - oclif asks wsl-utils whether it runs under WSL on every start; wsl-utils only re-exports is-wsl for that, but
 *   loading it loads child_process and PowerShell helpers too.
 */
const OCLIF_REWRITES = [
  {file: /[\\/]@oclif[\\/]core[\\/]lib[\\/]config[\\/]plugin\.js$/, from: '.sort((a, b) => a.id.localeCompare(b.id))', to: '.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))'},
  {file: /[\\/]@oclif[\\/]core[\\/]lib[\\/]util[\\/]os\.js$/, from: "(await import('wsl-utils')).isWsl", to: "(await import('is-wsl')).default"},
];
/**
 * Builtins oclif requires at the top of modules every start evaluates but uses only now and then: readline (a flag
 * read from stdin), child_process (Windows shell detection), perf_hooks (OCLIF_PERFORMANCE). The bundle defers each to
 * its first property read.
 */
const OCLIF_LIB = /[\\/]@oclif[\\/]core[\\/]lib[\\/]/;
const DEFERRED_BUILTIN = /^const (\w+) = require\("(node:(?:readline|child_process|perf_hooks))"\);$/gm;
const deferredBuiltin = (_line, name, id) => `const ${name} = new Proxy({}, {get: (_target, key) => require("${id}")[key]});`;

/** A bundled file's source as the bundle takes it, or undefined to take it as it is. */
function transform(path, root) {
  const ours = path.startsWith(join(root, 'dist'));
  if (!ours && !OCLIF_LIB.test(path) && !OCLIF_DYNAMIC.test(path)) return undefined;
  const original = readFileSync(path, 'utf8');
  let source = original;
  if (ours) return source.replace(LAZY_IMPORT, 'globalThis.__openwopImport(');
  if (OCLIF_DYNAMIC.test(path)) source = source.replace(ANY_IMPORT_CALL, 'globalThis.__openwopImport(');
  for (const {file, from, to} of OCLIF_REWRITES) {
    if (!file.test(path)) continue;
    if (!source.includes(from)) throw new Error(`bundle: ${path} no longer contains ${from}; review the rewrite in scripts/bundle.mjs`);
    source = source.replace(from, to);
  }
  source = source.replace(DEFERRED_BUILTIN, deferredBuiltin);
  return source === original ? undefined : source;
}

/** Command id (oclif's `topic:verb`) → compiled file, for every command under dist/commands. */
export function commandFiles(root) {
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
export function pluginCommandFiles(root, plugins) {
  return plugins.flatMap((name) => {
    const folder = join('node_modules', ...name.split('/'));
    const manifest = JSON.parse(readFileSync(join(root, folder, 'oclif.manifest.json'), 'utf8'));
    return Object.entries(manifest.commands).map(([id, command]) => ({id, file: join(folder, ...command.relativePath).split(sep).join('/')}));
  });
}

export async function bundle(root) {
  rmSync(join(root, dirname(BUNDLE_FILE)), {recursive: true, force: true});
  const {oclif} = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const commands = [...commandFiles(root), ...pluginCommandFiles(root, oclif.plugins ?? [])];
  const getters = commands.map(({id, file}) => `get ${JSON.stringify(id)}() { return require(${JSON.stringify(`./${file}`)}).default; }`);
  const entry = `const {execute, Performance} = require('@oclif/core');\nmodule.exports = {execute, Performance, ${COMMANDS_EXPORT}: {${getters.join(', ')}}};\n`;
  await build({
    absWorkingDir: root,
    stdin: {contents: entry, resolveDir: root, sourcefile: 'openwop-entry.js', loader: 'js'},
    outfile: join(root, BUNDLE_FILE),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20.18',
    // Less source to read on every start. Identifiers keep their names: stack traces of an internal error stay
    // readable, and esbuild's keepNames would instead wrap every closure creation in a call (measurable per envelope).
    minifyWhitespace: true,
    minifySyntax: true,
    // jsonc-parser's "main" is a UMD build whose require() calls esbuild cannot follow; its "module" build is ESM.
    mainFields: ['module', 'main'],
    // TypeScript compilers only serve bin/dev.js.
    external: ['typescript', 'ts-node', 'tsx', ...LAZY_PACKAGES],
    // src/io/package-root.ts finds the package from its own location.
    define: {'import.meta.url': '__openwopModuleUrl'},
    banner: {js: "var __openwopModuleUrl = require('node:url').pathToFileURL(__filename).href;"},
    plugins: [{name: 'openwop-rewrites', setup(b) {
      b.onLoad({filter: /\.js$/}, (args) => {
        const contents = transform(args.path, root);
        return contents === undefined ? undefined : {contents, loader: 'js'};
      });
    }}],
    logLevel: 'warning',
  });
  const out = readFileSync(join(root, BUNDLE_FILE), 'utf8');
  const eager = [...out.matchAll(/\w+\s*=\s*require\("node:(?:readline|child_process|perf_hooks)"\)/g)].map((m) => m[0]);
  if (eager.length > 0) throw new Error(`bundle: builtins meant to load on first use are required up front:\n${eager.join('\n')}`);
  const left = [...out.matchAll(ANY_IMPORT_CALL)].map((m) => out.slice(Math.max(0, m.index - 60), m.index + 60));
  if (left.length > 0) throw new Error(`bundle: import() calls would fail in the cached script; route them through __openwopImport:\n${left.join('\n')}`);
  return {file: BUNDLE_FILE, bytes: statSync(join(root, BUNDLE_FILE)).size};
}

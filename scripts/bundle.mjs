// Bundles the compiled CLI (dist/commands + dist/src + @oclif/core and the small dependencies) into dist/cli with
// esbuild: one module graph instead of hundreds of files to resolve and read on every start (a pre-commit hook pays
// cold start on every commit). Each command stays its own entry so oclif loads only the one that runs; code shared by
// several commands lands in shared chunks, our own lazily imported modules become chunks loaded only when used, and
// the packages src/ imports on demand (undici, inquirer, ora, jsonrepair) stay real imports of the installed package.
// The library API (dist/src) is not bundled: it is what `import('openwop')` gives.
import {rmSync} from 'node:fs';
import {join, relative} from 'node:path';
import {build} from 'esbuild';
import {globSync} from 'tinyglobby';

/** Where bin/run.js finds the bundle; package.json's oclif.commands.target stays ./dist/commands for bin/dev.js. */
export const BUNDLE_DIR = 'dist/cli';

/** Packages src/ only ever import()s on demand: probe's HTTP client and spinner, scaffold's prompts, retry's repair. */
const LAZY_PACKAGES = ['undici', 'ora', '@inquirer/prompts', 'jsonrepair'];

/** The entry bin/run.js imports: the parts of @oclif/core it drives. */
const ENTRY = "export {execute, Performance} from '@oclif/core';";

export async function bundle(root) {
  const out = join(root, BUNDLE_DIR);
  rmSync(out, {recursive: true, force: true});
  const commands = globSync(['dist/commands/**/*.js', '!**/_*.js'], {cwd: root}).sort();
  if (commands.length === 0) throw new Error('bundle: no compiled commands under dist/commands (run tsc first)');
  const result = await build({
    absWorkingDir: root,
    entryPoints: [{in: 'openwop-entry', out: 'run'}, ...commands.map((file) => ({in: file, out: join('commands', relative('dist/commands', file)).slice(0, -3)}))],
    outdir: out,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.18',
    // jsonc-parser's "main" is a UMD build whose require() calls esbuild cannot follow; its "module" build is ESM.
    mainFields: ['module', 'main'],
    // oclif only needs TypeScript compilers in development mode (bin/dev.js); plugins are loaded by oclif from
    // node_modules by name, as oclif expects. What src/ imports lazily stays a real import() of the installed package:
    // bundling it would not make any start faster, and Node's own CommonJS interop (undici) is the one it is tested with.
    external: ['typescript', 'ts-node', 'tsx', '@oclif/plugin-*', ...LAZY_PACKAGES],
    // CommonJS dependencies bundled into ESM still call require() for Node builtins.
    banner: {js: "import {createRequire as __openwopCreateRequire} from 'node:module'; const require = __openwopCreateRequire(import.meta.url);"},
    plugins: [{name: 'openwop-entry', setup(b) {
      b.onResolve({filter: /^openwop-entry$/}, () => ({path: 'openwop-entry', namespace: 'openwop-entry'}));
      b.onLoad({filter: /.*/, namespace: 'openwop-entry'}, () => ({contents: ENTRY, resolveDir: root, loader: 'js'}));
    }}],
    logLevel: 'warning',
    metafile: true,
  });
  return {files: Object.keys(result.metafile.outputs).length, bytes: Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0)};
}

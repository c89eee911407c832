// Build step (run by scripts/manifest.mjs in a fresh process): writes dist/cli/openwop.cjs.<node version>-<arch>.cache,
// V8's cached data for the bundle, which a start on the same Node version compiles the bundle from (bin/load-bundle.cjs).
// The cache holds every function compiled so far, so the bundled examples are run through the real CLI first, as a start
// runs them: the code paths a start needs are then in it, not only the top level.
import {readFileSync} from 'node:fs';
import {dirname, join, relative} from 'node:path';
import {fileURLToPath} from 'node:url';
import {BUNDLE_FILE, buildCacheFile, runBundle, startOptions, writeCodeCache} from '../bin/load-bundle.cjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const file = join(root, BUNDLE_FILE);
const pjson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** Offline runs that exit 0: what a pre-commit hook or CI job typically starts. */
const WARM_UP = [
  ['lint', 'schema', 'examples/schemas/clean'],
  ['validate', 'envelope', 'examples/envelopes/clarification.json'],
  ['validate', 'envelope', 'examples/envelopes/foxctl-progress.ndjson', '--protocol', 'foxctl'],
  ['validate', 'pack', 'examples/packs/webhook'],
  ['lint', 'schema', '--help'],
];

// As bin/run.js sets it: the build, never TypeScript sources (a warm-up that imported tsx would cache its path).
globalThis.oclif = {...globalThis.oclif, enableAutoTranspile: false};
const {exports: cli, script} = runBundle(file, undefined);
const write = process.stdout.write;
/** Swallows the report; calls back as a real write would, since the CLI waits for stdout to drain before it returns. */
const discard = (_chunk, encoding, callback) => {
  (typeof encoding === 'function' ? encoding : callback)?.();
  return true;
};
const loadOptions = startOptions(root, pjson);
for (const args of WARM_UP) {
  process.stdout.write = discard;
  try {
    await cli.execute({loadOptions, args});
  } finally {
    process.stdout.write = write;
  }
  if (process.exitCode) throw new Error(`code cache: \`openwop ${args.join(' ')}\` exited ${process.exitCode}; the warm-up runs must succeed`);
}
if (!writeCodeCache(script, buildCacheFile(file))) throw new Error(`code cache: could not write ${buildCacheFile(file)}`);
console.log(`${relative(root, buildCacheFile(file))}: written after ${WARM_UP.length} warm-up runs`);

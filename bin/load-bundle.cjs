'use strict';
// Loads the CommonJS bundle (scripts/bundle.mjs) from V8's cached data: parsing and compiling ~1 MB of JavaScript is
// otherwise the largest part of a cold start. V8 takes cached data only from the same V8 version and flags; made after
// the script has run, it holds every function the run compiled, not only the top level. That is why this is used on
// every Node rather than Node's own compile cache (module.enableCompileCache, 22.1+), which keeps only what V8 compiles
// before the code runs (bench/NOTES.md compares them). The cache is, in order:
// 1. the one this Node wrote after an earlier start of the same command (runtimeCacheFile, under dist/cache), or
// 2. the one the build wrote beside the bundle, if the build ran on this Node version (buildCacheFile);
// 3. none: the bundle is compiled from source, and at exit this process writes 1. for the next start.
// V8 checks cached data against the length of the source only, so a cache must never outlive its bundle: the build
// empties dist/cache, and a runtime cache's name carries the bundle's modification time. dist/cache is inside the
// package (`files` leaves it out of the tarball): nothing is written under $HOME or a shared temp folder, and whoever
// can write there can already change the code itself. An install nobody can write to just never gets a runtime cache.
const {isAscii} = require('node:buffer');
const {closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync} = require('node:fs');
const {dirname, join} = require('node:path');
const vm = require('node:vm');
/** Node's CommonJS Module class, without loading the public `node:module` (≈ 1 ms of its own imports on Node 22). */
const Module = module.constructor;

/** The bundle, relative to the package root, and the export oclif's `explicit` command discovery reads from it. */
const BUNDLE_FILE = 'dist/cli/openwop.cjs';
const COMMANDS_EXPORT = 'COMMANDS';
/** The bundle's export that runs a --jobs worker thread (bin/file-worker.cjs). */
const FILE_WORKER_EXPORT = 'serveFileWorker';
/** package.json's `oclif.commands` for running from the bundle (it names the tsc output, for bin/dev.js). */
const BUNDLE_COMMANDS = {strategy: 'explicit', target: `./${BUNDLE_FILE}`, identifier: COMMANDS_EXPORT};
/** Where starts write their caches, relative to the package root. */
const RUNTIME_CACHE_DIR = 'dist/cache';

/** V8's cached data is valid for one V8 version (one Node version) on one architecture. */
const runtimeTag = () => `${process.version}-${process.arch}`;
/** The build's cache, named after the Node that made it. */
const buildCacheFile = (bundleFile) => `${bundleFile}.${runtimeTag()}.cache`;

/**
 * One runtime cache per command, plus a shared one for everything else (help, `commands`, typos): each holds the start
 * and that command's own code, so no command runs from a cache another command's run made.
 */
function runtimeCacheFile(packageRoot, command, bundleStamp) {
  const key = /^[a-z]{1,32}:[a-z]{1,32}$/.test(command) ? command.replace(':', '-') : 'other';
  return join(packageRoot, RUNTIME_CACHE_DIR, `${runtimeTag()}-${key}-${bundleStamp}.cache`);
}

/**
 * oclif's load options for a start from the bundle: package.json handed over (oclif need not find and read it again)
 * with the bundle as the command target; no user-installed plugins (oclif would otherwise read
 * $XDG_DATA_HOME/openwop/package.json on every start, warn on stderr when $HOME is not a readable folder, and wait for
 * ever if that file is a FIFO).
 */
function startOptions(packageRoot, pjson) {
  // The bundle carries the plugins' commands (help, autocomplete) with ours (scripts/bundle.mjs): the installed package
  // has no plugin to load, and no start pays for looking.
  const oclif = {...pjson.oclif, commands: BUNDLE_COMMANDS, plugins: []};
  return {root: packageRoot, pjson: {...pjson, oclif}, userPlugins: false, ...(process.env.DEBUG ? {} : {logger: QUIET})};
}

const quiet = () => undefined;
const QUIET = {child: () => QUIET, debug: quiet, error: quiet, info: quiet, trace: quiet, warn: quiet, namespace: 'oclif'};

/** The bundle's text: the build leaves it ASCII only (scripts/bundle.mjs), which decodes faster as Latin-1 than UTF-8. */
function readSource(file) {
  const bytes = readFileSync(file);
  return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
}

function readOrUndefined(file) {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Compiles (from `cachedData` when V8 takes it) and runs the bundle as Node's require() would, registered in
 * require.cache so oclif's own require() of it (the `explicit` command target) gets this instance.
 * @param {string} file absolute path of the bundle
 * @param {Buffer | undefined} cachedData
 * @returns {{exports: any, script: vm.Script, cacheUsed: boolean}}
 */
function runBundle(file, cachedData) {
  // The bundle's own import()s come here: a script compiled from cached data has no dynamic-import callback on Node 20.
  globalThis.__openwopImport ??= (specifier) => import(specifier);
  const script = new vm.Script(Module.wrap(readSource(file)), {filename: file, cachedData});
  const module = new Module(file, undefined);
  module.filename = file;
  require.cache[file] = module;
  try {
    script.runInThisContext().call(module.exports, module.exports, Module.createRequire(file), module, file, dirname(file));
  } catch (error) {
    delete require.cache[file];
    throw error;
  }
  module.loaded = true;
  return {exports: module.exports, script, cacheUsed: cachedData !== undefined && !script.cachedDataRejected};
}

/**
 * runBundle from the best cache there is (see the top of this file). Without one, or when V8 rejects it (other V8
 * flags: NODE_OPTIONS=--max-old-space-size=… rejects every cache made without it), a runtime cache is written at exit,
 * when the script has compiled the command's code too, for the command that ran.
 * @param {string} packageRoot
 * @param {string} command the command id as typed (`lint:schema` for `openwop lint schema …`)
 */
function loadBundle(packageRoot, command) {
  const file = join(packageRoot, BUNDLE_FILE);
  const stamp = Math.trunc(statSync(file).mtimeMs);
  const cachedData = readOrUndefined(runtimeCacheFile(packageRoot, command, stamp)) ?? readOrUndefined(buildCacheFile(file));
  const loaded = runBundle(file, cachedData);
  if (!loaded.cacheUsed) {
    const ran = Object.hasOwn(loaded.exports[COMMANDS_EXPORT], command) ? command : 'other';
    process.once('exit', () => writeCodeCache(loaded.script, runtimeCacheFile(packageRoot, ran, stamp)));
  }
  return loaded;
}

/**
 * The bundle in a worker thread of a run of `command` (src/io/worker-pool.ts): from the cache that command's starts
 * wrote, which holds the checker's compiled code, else the build's. A worker never writes a cache: the run's main
 * thread does, and two writers would only race.
 * @param {string} packageRoot
 * @param {string} command the command id of the run (`lint:schema`)
 */
function loadBundleInWorker(packageRoot, command) {
  const file = join(packageRoot, BUNDLE_FILE);
  const stamp = Math.trunc(statSync(file).mtimeMs);
  return runBundle(file, readOrUndefined(runtimeCacheFile(packageRoot, command, stamp)) ?? readOrUndefined(buildCacheFile(file))).exports;
}

/**
 * Writes V8's cached data for everything the script has compiled so far: to a temp file, renamed into place, so a
 * concurrent start (pre-commit runs hooks in parallel) reads a whole cache or none. Silent when the folder cannot be
 * written: the next start compiles from source again, which is slower, never wrong.
 * @returns {boolean} whether it was written
 */
function writeCodeCache(script, target) {
  const temp = `${target}.${process.pid}.tmp`;
  let fd;
  try {
    mkdirSync(dirname(target), {recursive: true});
    fd = openSync(temp, 'wx');
  } catch {
    return false;
  }
  try {
    writeSync(fd, script.createCachedData());
    closeSync(fd);
    renameSync(temp, target);
    return true;
  } catch {
    rmSync(temp, {force: true});
    return false;
  }
}

module.exports = {BUNDLE_COMMANDS, BUNDLE_FILE, COMMANDS_EXPORT, FILE_WORKER_EXPORT, RUNTIME_CACHE_DIR, buildCacheFile, loadBundle, loadBundleInWorker, runBundle, startOptions, writeCodeCache};

// Loads the CommonJS bundle (scripts/bundle.mjs) as Node's require() would, but compiled from V8's cached data when
// the build left some beside it: Node 20 has no compile cache of its own (module.enableCompileCache is 22.1+), and
// parsing and compiling the bundle is a third of a cold start. A cache written by another Node or V8 version is
// rejected by V8 and the bundle is simply compiled from source.
import {readFileSync, renameSync, writeFileSync} from 'node:fs';
import Module, {createRequire} from 'node:module';
import {dirname} from 'node:path';
import vm from 'node:vm';

/** The bundle, relative to the package root, and the export oclif's `explicit` command discovery reads from it. */
export const BUNDLE_FILE = 'dist/cli/openwop.cjs';
export const COMMANDS_EXPORT = 'COMMANDS';
/** package.json's `oclif.commands` for running from the bundle (it names the tsc output, for bin/dev.js). */
export const BUNDLE_COMMANDS = {strategy: 'explicit', target: `./${BUNDLE_FILE}`, identifier: COMMANDS_EXPORT};

export const codeCachePath = (bundleFile) => `${bundleFile}.cache`;

/**
 * @param {string} file absolute path of the bundle
 * @returns {{exports: any, script: vm.Script, cacheUsed: boolean}}
 */
export function loadBundle(file) {
  // The bundle's own import()s come here: a script compiled from cached data has no dynamic-import callback on Node 20.
  globalThis.__openwopImport ??= (specifier) => import(specifier);
  let cachedData;
  try {
    cachedData = readFileSync(codeCachePath(file));
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(Module.wrap(readFileSync(file, 'utf8')), {filename: file, cachedData});
  const module = new Module(file, undefined);
  module.filename = file;
  module.paths = Module._nodeModulePaths(dirname(file));
  // Registered before it runs, as require() does, so oclif's own require() of the bundle gets this instance.
  Module._cache[file] = module;
  try {
    script.runInThisContext().call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  } catch (error) {
    delete Module._cache[file];
    throw error;
  }
  module.loaded = true;
  return {exports: module.exports, script, cacheUsed: cachedData !== undefined && !script.cachedDataRejected};
}

/** Writes V8's cached data for everything the script has compiled so far (temp file, then rename). */
export function writeCodeCache(script, file) {
  const target = codeCachePath(file);
  const temp = `${target}.${process.pid}.tmp`;
  writeFileSync(temp, script.createCachedData());
  renameSync(temp, target);
}

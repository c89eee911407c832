// npm's `prepare` and `prepack` scripts: a clean build, unless the last clean build is still current.
// - pre-commit 4 installs a `language: node` hook repository with `npm install -g git+file://<clone>`; npm packs the
//   clone after running `prepare` (never `prepack`), so without a build here `dist/` and oclif.manifest.json would be
//   missing from what it installs. In a global install from git npm does not install the clone's own dependencies
//   first (npm/cli#8440), so the build tools are installed here, from the lockfile, when they are missing.
// - npm runs `prepare` more than once in one install (after the clone's dependency install, and again before packing
//   it), and pre-commit 3 runs `npm install` and then `npm pack` (`prepack`, then `prepare`) in the clone: the build
//   being current makes each repeat a no-op, so every route builds once.
// - After `npm ci` in a checkout it does nothing: `npm run demo`, `npm test` and `npm run test:e2e` build first.
import {spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {dirname, join, relative} from 'node:path';
import {fileURLToPath} from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const MANIFEST = join(root, 'oclif.manifest.json');
/** Written after a clean build: what its inputs hashed to. Not in the package (`files` lists dist/src and dist/cli only). */
const MARK = join(root, 'dist', '.clean-build.json');
/** Not inputs of the build: its outputs, the installed dependencies, packed tarballs, and dot-folders (.git, .ci/.venv). */
const NOT_INPUT = /^(\.|node_modules$|dist$|coverage$|oclif\.manifest\.json$|.*\.tgz$)/;

/**
 * A hash of the Node version (the build leaves V8 code cached for it) and of every file's path and content in the
 * package folder but those above: contents, not times, because `npm install` rewrites an unchanged package-lock.json.
 * Everything else counts, so a new source folder needs no entry here (a few hundred files, some 3 MB: tens of ms).
 */
function inputsHash() {
  const hash = createHash('sha256').update(`${process.version}\0`);
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      if (NOT_INPUT.test(name)) continue;
      const path = join(dir, name);
      const info = statSync(path);
      if (info.isDirectory()) walk(path);
      else if (info.isFile())
        hash
          .update(`${relative(root, path)}\0`)
          .update(readFileSync(path))
          .update('\0');
    }
  };
  walk(root);
  return hash.digest('hex');
}

/** The last clean build is current when no plain `npm run build` came after it and its inputs are unchanged. */
function current(inputs) {
  if (!existsSync(MARK) || !existsSync(MANIFEST) || statSync(MANIFEST).mtimeMs > statSync(MARK).mtimeMs) return false;
  return JSON.parse(readFileSync(MARK, 'utf8')).inputs === inputs;
}

/** Runs npm in the package root; through the shell because on Windows npm is npm.cmd. */
function npm(args, env = process.env) {
  const r = spawnSync(`npm ${args}`, {cwd: root, stdio: 'inherit', shell: true, env});
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function resolves(name) {
  try {
    createRequire(join(root, 'package.json')).resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

if (process.env.npm_command === 'ci') process.exit(0);
const inputs = inputsHash();
if (current(inputs)) {
  console.log(`${process.env.npm_lifecycle_event ?? 'prepare'}: the build is current`);
  process.exit(0);
}
if (!resolves('typescript') || !resolves('esbuild')) {
  // A project install, not the global one this may be running inside of; no scripts, or it would run this again.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_config_(global|location)$/i.test(k)));
  npm('ci --include=dev --ignore-scripts --no-audit --no-fund', env);
}
rmSync(join(root, 'dist'), {recursive: true, force: true});
rmSync(MANIFEST, {force: true});
npm('run build');
writeFileSync(MARK, JSON.stringify({inputs}) + '\n');

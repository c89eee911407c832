// npm's `prepare` script: makes sure an install from git gets a build. pre-commit 4 installs a `language: node` hook
// repository with `npm install -g git+file://<clone>`, and npm packs the clone after running `prepare` (never
// `prepack`), so without a build here `dist/` and oclif.manifest.json would be missing from what it installs.
// In a global install from git npm does not install the clone's own dependencies first (npm/cli#8440), so the build
// tools are installed here, from the lockfile, when they are missing.
// npm also runs `prepare` for `npm pack`/`npm publish` (right after `prepack`, which has just built from clean) and after
// `npm install`/`npm ci` in a checkout. Hence: build only when there is no build yet, and never for `npm ci`, whose
// users go on to `npm run demo`/`npm test`, which build first anyway.
import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

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

// The build writes oclif.manifest.json after compiling and bundling: its presence means a build ran to that point.
const built = existsSync(join(root, 'oclif.manifest.json')) && existsSync(join(root, 'dist'));
if (process.env.npm_command !== 'ci' && !built) {
  if (!resolves('typescript') || !resolves('esbuild')) {
    // A project install, not the global one this script may be running inside of; no scripts, or it would run us again.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_config_(global|location)$/i.test(k)));
    npm('ci --include=dev --ignore-scripts --no-audit --no-fund', env);
  }
  npm('run build');
}

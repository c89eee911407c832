// npm's `prepare` script: makes sure an install from git gets a build. pre-commit 4 installs a `language: node` hook
// repository with `npm install -g git+file://<clone>`; npm then installs the clone's dependencies (which runs this once)
// and packs the clone (which runs this again, but never `prepack`), so without a build here `dist/` and
// oclif.manifest.json would be missing from what it installs.
// npm also runs `prepare` for `npm pack`/`npm publish` (right after `prepack`, which has just built from clean) and after
// `npm install`/`npm ci` in a checkout. Hence: build only when there is no build yet, and never for `npm ci`, whose
// users go on to `npm run demo`/`npm test`, which build first anyway.
import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// The build writes oclif.manifest.json after compiling and bundling: its presence means a build ran to that point.
const built = existsSync(join(root, 'oclif.manifest.json')) && existsSync(join(root, 'dist'));
if (process.env.npm_command !== 'ci' && !built) {
  // Through the shell: on Windows npm is npm.cmd.
  const r = spawnSync('npm run build', {cwd: root, stdio: 'inherit', shell: true});
  process.exit(r.status ?? 1);
}

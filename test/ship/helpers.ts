import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import {join, resolve, sep} from 'node:path';
import {type CliResult, ROOT, runProgram, tempDir} from '../helpers/cli.js';

/** Fails with the command's own output, so a broken step says why. */
export function expectOk(r: CliResult, what: string): CliResult {
  if (r.code !== 0) throw new Error(`${what} exited ${r.code}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`);
  return r;
}

/** npm without the registry where its cache serves (`npm ci` filled it), and without audit, fund or update chatter. */
export const npmEnv = {...process.env, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', NO_COLOR: '1'};

export interface PackInfo {
  filename: string;
  size: number;
  unpackedSize: number;
  entryCount: number;
  files: {path: string}[];
}

/** `npm pack` of this checkout into a fresh folder: the tarball a user would install. */
export async function packTarball(): Promise<{pack: PackInfo; tarball: string}> {
  const out = tempDir('openwop-pack-out-');
  // --ignore-scripts: packs the build `npm test` just made; prepack would wipe dist/ under the other running tests.
  const packed = expectOk(await runProgram('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', out], {cwd: ROOT, env: npmEnv}), 'npm pack');
  const pack = (JSON.parse(packed.stdout) as PackInfo[])[0];
  return {pack, tarball: join(out, pack.filename)};
}

/** A consumer project (an ES module package) with the tarball installed from npm's cache, as `npm install <tarball>` does. */
export async function installTarball(tarball: string): Promise<{app: string; ms: number}> {
  const app = tempDir('openwop-pack-app-');
  writeFileSync(join(app, 'package.json'), JSON.stringify({name: 'openwop-consumer', version: '1.0.0', private: true, type: 'module'}));
  const install = expectOk(await runProgram('npm', ['install', '--no-audit', '--no-fund', tarball], {cwd: app, env: npmEnv}), 'npm install <tarball>');
  return {app, ms: install.ms};
}

/**
 * The bundled example host (examples/hosts) on 127.0.0.1: its discovery document and the schemas it advertises, as
 * `npm run demo` serves them. `dir` lets a test serve a copy of the examples instead of the checkout's.
 */
export async function startExampleHost(dir = join(ROOT, 'examples', 'hosts')): Promise<{url: string; close(): Promise<void>}> {
  const base = resolve(dir);
  const server: Server = createServer((req, res) => {
    const file = req.url === '/.well-known/openwop' ? join(base, 'acme.well-known-openwop.json') : resolve(base, 'acme', `.${req.url ?? ''}`);
    if (!file.startsWith(base + sep) || !existsSync(file)) {
      res.writeHead(404, {'content-type': 'application/json'}).end('{"error":"not_found"}');
      return;
    }
    res.writeHead(200, {'content-type': 'application/json'}).end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('example host: no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/**
 * One invocation of every command on the bundled examples, with the exit code each example is meant to produce
 * (relative paths: run from a folder holding a copy of examples/). `host` is the example host's URL.
 */
export function exampleInvocations(host: string, scratch: string): {name: string; args: string[]; code: number}[] {
  const rec = 'examples/recordings';
  return [
    {name: 'validate envelope (valid)', args: ['validate', 'envelope', 'examples/envelopes/clarification.json'], code: 0},
    {name: 'validate envelope (stream with two bad envelopes)', args: ['validate', 'envelope', 'examples/envelopes/stream.ndjson'], code: 1},
    {name: 'lint schema (clean)', args: ['lint', 'schema', 'examples/schemas/clean'], code: 0},
    {name: 'lint schema (violations)', args: ['lint', 'schema', 'examples/schemas/violations'], code: 1},
    {name: 'validate pack (clean, with --lint-schemas)', args: ['validate', 'pack', 'examples/packs/webhook', '--lint-schemas'], code: 0},
    {name: 'validate pack (defective)', args: ['validate', 'pack', 'examples/packs/webhook-defective'], code: 1},
    {name: 'probe host (loopback example host)', args: ['probe', 'host', host, '--lint-schemas'], code: 0},
    {
      name: 'simulate retry (conformant host HAR)',
      args: [
        'simulate',
        'retry',
        `${rec}/anthropic-conformant-host.har`,
        '--schema',
        `${rec}/ticket.schema.json`,
        '--capabilities',
        `${rec}/capabilities.json`,
        '--node-id',
        'extract-ticket',
        '--trace',
        `${rec}/anthropic-conformant-host.events.ndjson`,
      ],
      code: 0,
    },
    {name: 'simulate retry (mis-routing host HAR)', args: ['simulate', 'retry', `${rec}/openai-responses-nonconformant-host.har`, '--schema', `${rec}/ticket.schema.json`], code: 1},
    {name: 'scaffold kind', args: ['scaffold', 'kind', 'vendor.acme.plan.create', '--field', 'title:string:Plan title', '--out', scratch], code: 0},
  ];
}

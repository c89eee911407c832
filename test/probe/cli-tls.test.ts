import {execFileSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {createServer as createHttpsServer, type Server} from 'node:https';
import {createServer as createTcpServer, type Server as TcpServer, type Socket} from 'node:net';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {tempDir} from '../helpers/cli.js';
import {acmeDocument, json, startHost, type TestHost} from './helpers/host.js';
import {probeJson} from './helpers/probe.js';

const listen = (server: Server | TcpServer) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as {port: number}).port)));

describe('probe host over TLS', () => {
  let https: Server;
  let httpsPort: number;
  let silent: TcpServer;
  let silentPort: number;
  let plain: TestHost;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    const dir = tempDir();
    // A self-signed certificate for 127.0.0.1, made for this run (no key material in the repository).
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      {stdio: 'ignore'},
    );
    https = createHttpsServer({key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem'))}, (_req, res) => {
      res.writeHead(200, {'content-type': 'application/json'});
      res.end(JSON.stringify(acmeDocument()));
    });
    httpsPort = await listen(https);
    // Accepts TCP and never starts the TLS handshake.
    silent = createTcpServer((socket) => void sockets.push(socket));
    silentPort = await listen(silent);
    plain = await startHost({'/.well-known/openwop': json(acmeDocument())});
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    https.closeAllConnections();
    await plain.close();
    await Promise.all([new Promise((r) => https.close(r)), new Promise((r) => silent.close(r))]);
  });

  it('a certificate that does not verify: probe/tls, exit 2, with the --insecure hint', async () => {
    const r = await probeJson([`https://127.0.0.1:${httpsPort}`]);
    expect(r.code).toBe(2);
    expect(r.ids).toEqual(['probe/tls']);
    expect(r.findings[0].message).toMatch(/TLS verification failed.*--insecure/);
  });

  it('--insecure probes it anyway', async () => {
    const r = await probeJson([`https://127.0.0.1:${httpsPort}`, '--insecure']);
    expect(r.code).toBe(0);
    expect(r.report.results[0].profiles).toEqual(['openwop-core', 'openwop-interrupts']);
  });

  it('a handshake that never completes: the connect timeout, not the total one', async () => {
    const r = await probeJson([`https://127.0.0.1:${silentPort}`, '--connect-timeout', '300', '--timeout', '20000']);
    expect(r.code).toBe(2);
    expect(r.ids).toEqual(['probe/timeout']);
    expect(r.findings[0].message).toMatch(/300 ms connect timeout/);
  });

  it.each([[[]], [['--insecure']]])('a plain-HTTP port addressed as https:// (%j): says it does not speak TLS, never to pass --insecure', async (flags) => {
    const https = plain.origin.replace('http:', 'https:');
    const r = await probeJson([https, ...flags]);
    expect(r.code).toBe(2);
    expect(r.ids).toEqual(['probe/tls']);
    expect(r.findings[0].message).toContain(`the server at ${new URL(plain.origin).host} does not speak TLS: is it http://?`);
    expect(r.findings[0].message).toContain(`probe ${plain.origin}/.well-known/openwop instead`);
    expect(r.findings[0].message).not.toMatch(/--insecure|verification/);
  });
});

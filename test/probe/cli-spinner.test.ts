import {spawn} from 'node:child_process';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {BIN} from '../helpers/cli.js';
import {acmeDocument, json, startHost, type TestHost} from './helpers/host.js';

/**
 * Runs the CLI with a pseudo-terminal on stdin/stdout/stderr (util-linux `script`), as a person at a terminal would.
 * Asynchronous: the test's own HTTP server must keep answering meanwhile.
 */
function inTerminal(setup: string, args: string[]): Promise<{status: number | null; output: string; timedOut: boolean}> {
  const command = `${setup}${process.execPath} ${BIN} ${args.join(' ')}`;
  return new Promise((resolve) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], {env: {...process.env, NO_COLOR: '1'}, stdio: ['ignore', 'pipe', 'pipe'], detached: true});
    let output = '';
    let timedOut = false;
    child.stdout.on('data', (d: Buffer) => (output += d.toString('utf8')));
    const timer = setTimeout(() => {
      timedOut = true;
      // The whole group: killing `script` alone would leave the CLI under it running.
      process.kill(-(child.pid as number), 'SIGKILL');
    }, 30_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({status, output, timedOut});
    });
  });
}

describe('probe host: the spinner on a terminal', () => {
  let host: TestHost;
  beforeAll(async () => {
    host = await startHost({'/.well-known/openwop': json(acmeDocument())});
  });
  afterAll(() => host.close());

  it('shows while fetching on a real terminal, and the report follows', async () => {
    const r = await inTerminal('stty cols 100 rows 40; ', ['probe', 'host', host.url()]);
    expect(r.timedOut).toBe(false);
    expect(r.status).toBe(0);
    expect(r.output).toMatch(/Probing http:\/\/127\.0\.0\.1/);
    expect(r.output).toMatch(/profiles: openwop-core, openwop-interrupts/);
  });

  it('a terminal without a size gets no spinner (and does not hang)', async () => {
    const r = await inTerminal('stty cols 0 rows 0; ', ['probe', 'host', host.url()]);
    expect(r.timedOut).toBe(false);
    expect(r.status).toBe(0);
    expect(r.output).not.toMatch(/Probing/);
    expect(r.output).toMatch(/profiles: openwop-core/);
  });

  it('JSON output on a terminal gets no spinner', async () => {
    const r = await inTerminal('stty cols 100 rows 40; ', ['probe', 'host', host.url(), '--format', 'json']);
    expect(r.status).toBe(0);
    expect(r.output).not.toMatch(/Probing/);
    expect(JSON.parse(r.output.replace(/\r/g, '')).command).toBe('probe host');
  });
});

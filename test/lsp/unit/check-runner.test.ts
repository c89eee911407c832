import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {CheckRunner} from '../../../src/lsp/check-runner.js';
import {tempDir} from '../../helpers/cli.js';

/** A stand-in check worker: answers each request with its input; prints, dies or never answers when asked to. */
function fakeWorker(): string {
  const file = join(tempDir(), 'worker.mjs');
  writeFileSync(
    file,
    `import {parentPort} from 'node:worker_threads';
parentPort.on('message', (r) => {
  if (r.input?.path === 'print') { console.log('a stray line'); process.stderr.write('a stray error line\\n'); }
  if (r.input?.path === 'die') process.exit(7);
  if (r.input?.path === 'endless') for (;;);
  parentPort.postMessage({id: r.id, ok: true, value: r.input?.path});
});
`,
  );
  return file;
}

const input = (path: string) => ({path, text: ''});

describe('CheckRunner', () => {
  let runner: CheckRunner | undefined;
  afterEach(async () => runner?.close());

  it("keeps the worker's stdout and stderr off the process's output: they go to the log", async () => {
    const logged: string[] = [];
    runner = new CheckRunner(fakeWorker(), (m) => logged.push(m));
    expect(await runner.run('check', input('print')).result).toBe('print');
    // Output of a worker arrives asynchronously; another round trip lets it in.
    await runner.run('check', input('after')).result;
    await new Promise((r) => setTimeout(r, 50));
    expect(logged.join('\n')).toContain('openwop (check worker): a stray line');
    expect(logged.join('\n')).toContain('openwop (check worker): a stray error line');
  });

  it('a cancelled job that waits is answered undefined and never runs; the others run in order', async () => {
    runner = new CheckRunner(fakeWorker(), () => {});
    const first = runner.run('check', input('one'));
    const second = runner.run('check', input('two'));
    const third = runner.run('check', input('three'));
    second.cancel();
    expect(await Promise.all([first.result, second.result, third.result])).toEqual(['one', undefined, 'three']);
  });

  it('a running job that is cancelled is stopped (its worker ended) if it has not finished soon after; the next job gets a new worker', async () => {
    runner = new CheckRunner(fakeWorker(), () => {});
    // Cancelled at once: it is given until it has run a while, then its worker is ended. Without that, the next job
    // would wait forever behind it.
    const endless = runner.run('check', input('endless'));
    const next = runner.run('check', input('next'));
    endless.cancel();
    expect(await endless.result).toBeUndefined();
    expect(await next.result).toBe('next');
    // And once it has run past that, at the cancel itself.
    const again = runner.run('check', input('endless'));
    await new Promise((r) => setTimeout(r, 400));
    const after = runner.run('check', input('after'));
    again.cancel();
    expect(await after.result).toBe('after');
  });

  it('a worker that dies fails its job with the reason, says so in the log, and is replaced', async () => {
    const logged: string[] = [];
    runner = new CheckRunner(fakeWorker(), (m) => logged.push(m));
    await expect(runner.run('check', input('die')).result).rejects.toThrow(/the check worker stopped: exit code 7/);
    expect(logged.join('\n')).toMatch(/check worker stopped \(exit code 7\); starting a new one/);
    expect(await runner.run('check', input('again')).result).toBe('again');
  });
});

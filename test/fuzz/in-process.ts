import {readFileSync} from 'node:fs';
import {join} from 'node:path';
// @ts-expect-error plain JavaScript module without declarations (the production loader of the bundle)
import {BUNDLE_FILE, runBundle, startOptions} from '../../bin/load-bundle.cjs';

export interface InProcessRun {
  code: number;
  stdout: string;
  stderr: string;
}

type Write = typeof process.stdout.write;

/**
 * Runs CLI commands inside this process, as bin/run.js would run them from the built bundle, thousands of times
 * faster than a process each. stdout and stderr are captured per run; process.exit only records its code (oclif's
 * error handler calls it last, and a throwing stub would make that handler print the stacks it otherwise keeps back).
 */
export function inProcessCli(root: string): (args: string[]) => Promise<InProcessRun> {
  const loadOptions = startOptions(root, JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')));
  // No code cache: compiled from source, and none written into the checkout's dist/cache.
  const {exports: oclif} = runBundle(join(root, BUNDLE_FILE), undefined) as {exports: {execute(o: unknown): Promise<unknown>}};
  return async (args) => {
    let stdout = '';
    let stderr = '';
    const capture =
      (append: (text: string) => void): Write =>
      (chunk: string | Uint8Array, ...rest: unknown[]) => {
        append(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
        const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
        if (done) queueMicrotask(done);
        return true;
      };
    // eslint-disable-next-line @typescript-eslint/unbound-method -- saved to be put back on the same objects after the run
    const saved = {out: process.stdout.write, err: process.stderr.write, exit: process.exit, argv: process.argv};
    let exitedWith: number | undefined;
    process.stdout.write = capture((t) => (stdout += t));
    process.stderr.write = capture((t) => (stderr += t));
    process.exit = ((code?: number) => {
      exitedWith ??= code ?? 0;
    }) as typeof process.exit;
    // oclif's help on a usage error reads the arguments from process.argv.
    process.argv = [process.execPath, join(root, 'bin', 'run.js'), ...args];
    process.exitCode = undefined;
    let code: number;
    try {
      await oclif.execute({loadOptions, args});
      code = exitedWith ?? Number(process.exitCode ?? 0);
    } catch (error) {
      code = -1;
      stderr += `\n[thrown out of execute] ${(error as Error)?.stack ?? String(error)}`;
    } finally {
      process.argv = saved.argv;
      process.stdout.write = saved.out;
      process.stderr.write = saved.err;
      process.exit = saved.exit;
      process.exitCode = undefined;
    }
    return {code, stdout, stderr};
  };
}

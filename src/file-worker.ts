/**
 * A worker thread of `lint schema`, `validate pack` or `validate envelope` with --jobs (src/io/worker-pool.ts): it
 * checks the files it is sent with the task's settings and answers once per batch, with the files each check read.
 * Only the task's own modules are initialised. The worker's entry is bin/file-worker.cjs, which runs this from the CLI
 * bundle's code cache, or src/file-worker-entry.ts in a build without the bundle.
 */
import {parentPort, workerData} from 'node:worker_threads';
import {UserError} from './core/user-error.js';
import {takeFilesUsed} from './io/files-used.js';
import type {FileReply, FileRequest, FileTask, FileWorkerData} from './io/worker-pool.js';

type Check = (item: never) => unknown;

async function load(task: FileTask, setup: unknown): Promise<Check> {
  switch (task) {
    case 'lint':
      return (await import('./lint/run.js')).lintWorkerTask(setup as never);
    case 'pack':
      return (await import('./pack/index.js')).packWorkerTask(setup as never);
    case 'envelope':
      return (await import('./envelope/index.js')).envelopeWorkerTask(setup as never);
  }
}

/**
 * For the crash tests only: under NODE_ENV=test, OPENWOP_TEST_WORKER_CRASH=`throw` makes a worker's check of its first
 * file throw an internal error, `exit` end the worker there, and `uncaught` throw where no check catches it, as the
 * first request arrives (the worker dies). Only the environment reaches it: nothing in a file or on the command line
 * does, and the main thread (which checks files too) never reads it.
 */
function testHook(): string | undefined {
  return process.env.NODE_ENV === 'test' ? process.env.OPENWOP_TEST_WORKER_CRASH : undefined;
}

function testCrash(how: string | undefined): void {
  if (how === 'exit') process.exit(70);
  if (how === 'throw') throw new TypeError('the test hook threw');
}

/** Answers the pool's requests on this worker thread until the pool ends it. */
export function serveFileWorker(): void {
  const port = parentPort;
  if (!port) throw new Error('the file worker runs as a worker thread of a checking command');
  const {task, setup, current} = workerData as FileWorkerData;
  const checking = new Int32Array(current);
  const check = load(task, setup);
  // Read once: the environment is slow to ask, and this is asked for every file.
  const hook = testHook();
  takeFilesUsed();
  // One file at a time, in the order sent: a batch that arrives while a file awaits (a fix written back) waits its turn.
  let queue: Promise<void> = Promise.resolve();
  port.on('message', ({items}: FileRequest) => {
    // The crash test's `uncaught`: an error no check catches, which ends the worker.
    if (hook === 'uncaught') throw new TypeError('the test hook threw outside a check');
    queue = queue.then(async () => {
      const run = await check;
      const replies: FileReply[] = [];
      for (const {index, item} of items) replies.push(await answer(run, checking, index, item, hook));
      port.postMessage(replies);
    });
  });
}

async function answer(run: Check, checking: Int32Array, index: number, item: unknown, hook: string | undefined): Promise<FileReply> {
  Atomics.store(checking, 0, index);
  try {
    testCrash(hook);
    const value = await run(item as never);
    return {index, ok: true, value, used: takeFilesUsed()};
  } catch (error) {
    const used = takeFilesUsed();
    if (error instanceof UserError) return {index, ok: false, user: true, error: error.message, hint: error.hint, used};
    const e = error instanceof Error ? error : new Error(String(error));
    return {index, ok: false, user: false, error: e.message, stack: e.stack, used};
  }
}

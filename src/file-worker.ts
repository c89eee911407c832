/**
 * A worker thread of `lint schema`, `validate pack` or `validate envelope` with --jobs (src/io/worker-pool.ts): it
 * checks the files it is sent with the task's settings and answers once per file, with the files the check read.
 * Only the task's own modules are loaded.
 */
import {parentPort, workerData} from 'node:worker_threads';
import {UserError} from './core/user-error.js';
import {takeFilesUsed} from './io/files-used.js';
import type {FileReply, FileRequest, FileTask, FileWorkerData} from './io/worker-pool.js';

const port = parentPort;
if (!port) throw new Error('file-worker.js runs as a worker thread of a checking command');

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
 * For the crash test only: under NODE_ENV=test, OPENWOP_TEST_WORKER_CRASH=`throw` makes a worker's check of its first
 * file throw an internal error, `exit` end the worker there. Only the environment reaches it: nothing in a file or on
 * the command line does, and the main thread (which checks files too) never reads it.
 */
function testCrash(): void {
  const how = process.env.NODE_ENV === 'test' ? process.env.OPENWOP_TEST_WORKER_CRASH : undefined;
  if (how === 'exit') process.exit(70);
  if (how === 'throw') throw new TypeError('the test hook threw');
}

const {task, setup, current} = workerData as FileWorkerData;
const checking = new Int32Array(current);
const check = load(task, setup);
takeFilesUsed();
// One file at a time, in the order sent: a batch that arrives while a file awaits (a fix written back) waits its turn.
let queue: Promise<void> = Promise.resolve();

port.on('message', ({items}: FileRequest) => {
  queue = queue.then(async () => {
    const run = await check;
    const replies: FileReply[] = [];
    for (const {index, item} of items) replies.push(await answer(run, index, item));
    port.postMessage(replies);
  });
});

async function answer(run: Check, index: number, item: unknown): Promise<FileReply> {
  Atomics.store(checking, 0, index);
  try {
    testCrash();
    const value = await run(item as never);
    return {index, ok: true, value, used: takeFilesUsed()};
  } catch (error) {
    const used = takeFilesUsed();
    if (error instanceof UserError) return {index, ok: false, user: true, error: error.message, hint: error.hint, used};
    const e = error instanceof Error ? error : new Error(String(error));
    return {index, ok: false, user: false, error: e.message, stack: e.stack, used};
  }
}

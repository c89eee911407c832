import {existsSync} from 'node:fs';
import {availableParallelism} from 'node:os';
import {join} from 'node:path';
import type {Worker} from 'node:worker_threads';
import {UserError} from '../core/user-error.js';
import {noteFileUsed} from './files-used.js';
import {packageRoot} from './package-root.js';

/** What a worker thread checks: one command's files (src/file-worker.ts loads the matching task). */
export type FileTask = 'lint' | 'pack' | 'envelope';

/** The command each task belongs to, as bin/load-bundle.cjs names its code caches. */
const TASK_COMMAND: Record<FileTask, string> = {lint: 'lint:schema', pack: 'validate:pack', envelope: 'validate:envelope'};

export interface FileWorkerData {
  task: FileTask;
  /** The command id of the run: the worker loads the code cache that command's starts wrote. */
  command: string;
  /** The task's settings for every file: structured-cloneable (no functions, streams or class instances). */
  setup: unknown;
  /**
   * One Int32: the index of the file the worker is checking (-1 before the first). Shared, so the file is known even
   * when the worker dies without a word; replies come a batch at a time and cannot say it.
   */
  current: SharedArrayBuffer;
}

export interface FileRequest {
  items: {index: number; item: unknown}[];
}

/** A worker answers a request once, with one reply per item (one message per file would cost more than a small file's check). */
export type FileReply = {index: number; used: string[]} & ({ok: true; value: unknown} | {ok: false; error: string; stack?: string; hint?: string; user: boolean});

/** A worker takes files in batches of at most this many, and answers each batch in one message. */
const MAX_BATCH = 16;

/**
 * How many threads check `files` files, the main thread one of them: 1 means the main thread alone, as before there
 * were workers. An explicit --jobs N is taken as asked (one thread per file at most). The default, from `minFiles` files
 * on (the command's estimate of where a worker's start is paid back), is one thread per core but one: a run on one
 * thread already keeps about a core and a third busy, V8 compiling and collecting garbage beside it, and on two cores
 * a worker cost more than it saved (bench/throughput: lint schema over 12,130 schemas 1.08 s on one thread, 1.29 s on two).
 */
export function threadCount(jobs: number | undefined, files: number, minFiles: number, cores = availableParallelism()): number {
  if (jobs !== undefined) return Math.max(1, Math.min(jobs, files));
  return files < minFiles ? 1 : Math.max(1, Math.min(cores - 1, files));
}

/** The worker's entry: the CLI bundle's (bin/file-worker.cjs) when the build made one, else the library build's. */
function workerFile(): string {
  const root = packageRoot();
  return existsSync(join(root, 'dist', 'cli', 'openwop.cjs')) ? join(root, 'bin', 'file-worker.cjs') : join(root, 'dist', 'src', 'file-worker-entry.js');
}

interface Slot<O> {
  promise: Promise<O>;
  resolve: (value: O) => void;
  reject: (error: Error) => void;
  settled: boolean;
}

/**
 * Checks `items` on `threads` threads, the main thread and `threads - 1` workers, and hands the results back in input
 * order ({@link next}), whatever order they finish in. The main thread checks a batch (with `local`, which must do what
 * a worker's task does) only while the result it waits for is not in yet: it never holds back a worker's next batch
 * for long, and a run whose workers keep up leaves it only the report. A file whose check threw fails at its own turn,
 * as it would have on the main thread (a UserError stays one: exit 2 with its message). A worker that dies (an uncaught
 * error, an exit) fails the run at once: every result not yet settled is rejected with an error naming the file that
 * worker was checking, so nothing waits for ever.
 */
export class FilePool<I, O> {
  /** One per item; a slot is dropped once next() has handed its result on, so results are not kept for the whole run. */
  private readonly slots: (Slot<O> | undefined)[];
  private readonly workers: Worker[] = [];
  private readonly batches: number[][] = [];
  private nextResult = 0;
  private failure: Error | undefined;

  constructor(
    task: FileTask,
    setup: unknown,
    private readonly items: readonly I[],
    threads: number,
    private readonly name: (item: I) => string,
    private readonly local: (item: I) => O | Promise<O>,
  ) {
    this.slots = items.map(() => {
      const slot = {settled: false} as Slot<O>;
      slot.promise = new Promise<O>((resolve, reject) => Object.assign(slot, {resolve, reject}));
      // Awaited in order by next(); a rejection nobody reaches (the run stopped earlier) is not an unhandled one.
      slot.promise.catch(() => undefined);
      return slot;
    });
    const size = Math.max(1, Math.min(MAX_BATCH, Math.ceil(items.length / (threads * 4))));
    for (let start = 0; start < items.length; start += size) this.batches.push(Array.from({length: Math.min(size, items.length - start)}, (_, k) => start + k));
    this.batches.reverse();
    // Loaded only for a parallel run: node:worker_threads loads node:stream, which a run on one thread never needs.
    const {Worker: WorkerThread} = process.getBuiltinModule('node:worker_threads');
    const entry = workerFile();
    for (let w = 1; w < threads; w++) {
      const current = new SharedArrayBuffer(4);
      new Int32Array(current)[0] = -1;
      this.start(new WorkerThread(entry, {workerData: {task, command: TASK_COMMAND[task], setup, current} satisfies FileWorkerData}), new Int32Array(current));
    }
  }

  /** The next item's result, in input order. */
  async next(): Promise<O> {
    const index = this.nextResult++;
    const slot = this.slots[index];
    if (!slot) throw new Error('FilePool.next: no item left');
    while (!slot.settled && !this.failure) {
      const batch = this.batches.pop();
      if (!batch) break;
      await this.checkHere(batch);
      // Let the workers' answers in (each asks for its next batch as it answers).
      await new Promise((resolve) => setImmediate(resolve));
    }
    try {
      return await slot.promise;
    } finally {
      this.slots[index] = undefined;
    }
  }

  private async checkHere(batch: readonly number[]): Promise<void> {
    for (const index of batch) {
      const slot = this.slots[index];
      if (!slot) continue;
      try {
        const pending = this.local(this.items[index]);
        const value = pending instanceof Promise ? await pending : pending;
        if (!slot.settled) slot.resolve(value);
      } catch (error) {
        if (!slot.settled) slot.reject(error as Error);
      }
      slot.settled = true;
    }
  }

  /** Ends the workers (when the run is done, or stopped by an error). */
  async close(): Promise<void> {
    this.failure ??= new Error('the run stopped');
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private start(worker: Worker, current: Int32Array): void {
    this.workers.push(worker);
    const send = () => {
      const batch = this.batches.pop();
      if (!batch) return;
      worker.postMessage({items: batch.map((index) => ({index, item: this.items[index]}))} satisfies FileRequest);
    };
    worker.on('message', (replies: FileReply[]) => {
      for (const reply of replies) {
        for (const path of reply.used) noteFileUsed(path);
        this.settle(reply);
      }
      // A batch is done: two stay queued at the worker, so it never waits for the main thread between them.
      send();
    });
    const lost = (why: string, stack?: string) => {
      if (this.failure) return;
      const working = Atomics.load(current, 0);
      const where = working === -1 ? 'before it checked a file' : `while checking ${this.name(this.items[working])}`;
      const error = new Error(`a worker thread stopped ${where}: ${why}`);
      // The worker's own stack, for --verbose: the message stays one line.
      if (stack) error.stack = stack;
      this.fail(error);
    };
    worker.on('error', (error) => lost(error.message.split('\n')[0], error.stack));
    worker.on('exit', (code) => lost(`it exited with code ${code}`));
    send();
    send();
  }

  private settle(reply: FileReply): void {
    const slot = this.slots[reply.index];
    if (!slot || slot.settled) return;
    slot.settled = true;
    if (reply.ok) {
      slot.resolve(reply.value as O);
      return;
    }
    const file = this.name(this.items[reply.index]);
    const error = reply.user ? new UserError(reply.error, reply.hint) : new Error(`${reply.error} (in a worker thread, checking ${file})`);
    if (reply.stack) error.stack = reply.stack;
    slot.reject(error);
  }

  private fail(error: Error): void {
    this.failure = error;
    for (const slot of this.slots) {
      if (!slot || slot.settled) continue;
      slot.settled = true;
      slot.reject(error);
    }
    void Promise.all(this.workers.map((w) => w.terminate()));
  }
}

import {Worker} from 'node:worker_threads';
import {editorText} from './editor-text.js';
import type {JobType, WorkerJobs, WorkerReply, WorkerRequest} from './worker-messages.js';

/** A job past this age is stopped by ending its worker when it is cancelled; a younger one is let finish and dropped. */
const STOP_AFTER_MS = 250;

interface Job {
  request: WorkerRequest;
  settle: (reply: WorkerReply | undefined) => void;
  started?: number;
}

export interface Pending<T> {
  /** The answer, or undefined when the job was cancelled (or its worker was ended under it). */
  result: Promise<T | undefined>;
  cancel(): void;
}

/**
 * Runs check jobs one at a time on a worker thread, in the order asked. A cancelled job that waits is dropped; one that
 * runs is dropped when it ends, or, if it is still running {@link STOP_AFTER_MS} after it started (a stale check of a
 * huge document), its worker is ended and a new one started for the next job: a superseded run never holds up the
 * current one for long.
 * A worker that dies fails its job with the reason and is replaced.
 */
export class CheckRunner {
  private worker: Worker | undefined;
  private readonly queue: Job[] = [];
  private running: Job | undefined;
  private nextId = 1;

  constructor(
    private readonly workerFile: string,
    private readonly log: (message: string) => void,
  ) {}

  run<T extends JobType>(type: T, input: WorkerJobs[T]['input']): Pending<WorkerJobs[T]['value']> {
    let job!: Job;
    const result = new Promise<WorkerJobs[T]['value'] | undefined>((resolve, reject) => {
      job = {
        request: {id: this.nextId++, type, input} as WorkerRequest,
        settle: (reply) => {
          if (reply === undefined) resolve(undefined);
          else if (reply.ok) resolve(reply.value as WorkerJobs[T]['value']);
          else reject(new Error(reply.error));
        },
      };
    });
    this.queue.push(job);
    this.pump();
    return {result, cancel: () => this.cancel(job)};
  }

  /** Ends the worker (at shutdown): waiting and running jobs are answered with undefined. */
  async close(): Promise<void> {
    for (const job of this.queue.splice(0)) job.settle(undefined);
    const worker = this.worker;
    this.worker = undefined;
    this.finish(undefined);
    await worker?.terminate();
  }

  private cancel(job: Job): void {
    const waiting = this.queue.indexOf(job);
    if (waiting !== -1) {
      this.queue.splice(waiting, 1);
      job.settle(undefined);
      return;
    }
    if (this.running !== job) return;
    job.settle(undefined);
    job.settle = () => {};
    // Stopped once it has run STOP_AFTER_MS (now, or when it gets there): a short one finishes first, cheaper than a new worker.
    const left = STOP_AFTER_MS - (performance.now() - (job.started ?? 0));
    if (left <= 0) this.restart();
    else setTimeout(() => this.running === job && this.restart(), left).unref();
  }

  private restart(): void {
    const worker = this.worker;
    this.worker = undefined;
    this.running = undefined;
    void worker?.terminate();
    this.pump();
  }

  private pump(): void {
    if (this.running || this.queue.length === 0) return;
    const job = this.queue.shift()!;
    this.running = job;
    job.started = performance.now();
    this.ensureWorker().postMessage(job.request);
  }

  private finish(reply: WorkerReply | undefined): void {
    const job = this.running;
    this.running = undefined;
    job?.settle(reply);
    this.pump();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    // The worker's output is not let through to the process's: standard output carries the protocol alone.
    const worker = new Worker(this.workerFile, {stdout: true, stderr: true});
    for (const stream of [worker.stdout, worker.stderr]) stream.on('data', (chunk: Buffer) => this.log(editorText(`openwop (check worker): ${chunk.toString('utf8').trimEnd()}`, true)));
    worker.on('message', (reply: WorkerReply) => {
      if (this.worker === worker && this.running?.request.id === reply.id) this.finish(reply);
    });
    const lost = (why: string) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.log(editorText(`openwop: the check worker stopped (${why}); starting a new one`, true));
      const job = this.running;
      if (job) this.finish({id: job.request.id, ok: false, error: `the check worker stopped: ${why}`});
    };
    worker.on('error', (error) => lost(error.message));
    worker.on('exit', (code) => lost(`exit code ${code}`));
    this.worker = worker;
    return worker;
  }
}

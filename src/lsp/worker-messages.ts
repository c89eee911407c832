import type {DocumentCheck, DocumentInput} from './check-document.js';

/** What the server asks its check worker, and what each request is answered with. */
export interface WorkerJobs {
  check: {input: DocumentInput; value: DocumentCheck};
  'fix-all': {input: DocumentInput; value: {text: string; fixed: number} | undefined};
  'forget-configs': {input: undefined; value: undefined};
}

export type JobType = keyof WorkerJobs;

export type WorkerRequest = {[T in JobType]: {id: number; type: T; input: WorkerJobs[T]['input']}}[JobType];

export type WorkerReply = {id: number; ok: true; value: unknown} | {id: number; ok: false; error: string};

/**
 * The language server's checks run here, off the thread that answers the editor: a 5 MB schema or a 100k-line stream
 * keeps this thread busy, never the protocol. Started by {@link CheckRunner} from the built file next to this one.
 */
import {parentPort} from 'node:worker_threads';
import {checkDocument, fixAllText, forgetConfigs} from './check-document.js';
import type {WorkerReply, WorkerRequest} from './worker-messages.js';

const port = parentPort;
if (!port) throw new Error('check-worker.js runs as a worker thread of `openwop lsp`');

port.on('message', (request: WorkerRequest) => {
  void answer(request).then((reply) => port.postMessage(reply));
});

async function answer(request: WorkerRequest): Promise<WorkerReply> {
  try {
    switch (request.type) {
      case 'check':
        return {id: request.id, ok: true, value: await checkDocument(request.input)};
      case 'fix-all':
        return {id: request.id, ok: true, value: await fixAllText(request.input)};
      case 'forget-configs':
        forgetConfigs();
        return {id: request.id, ok: true, value: undefined};
    }
  } catch (error) {
    return {id: request.id, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error)};
  }
}

// Preloaded by bench/lsp.bench.mjs (NODE_OPTIONS=--expose-gc --require=<this file>) into the `openwop lsp` process and,
// as every --require preload is, into its check worker: on SIGUSR2 the main thread collects garbage on both threads
// and writes what each holds to $OPENWOP_BENCH_MEMORY_FILE. The server itself has no memory request.
const {isMainThread} = require('node:worker_threads');
const {writeFileSync} = require('node:fs');

const channel = new BroadcastChannel('openwop-bench-memory');
const heap = () => {
  globalThis.gc();
  const m = process.memoryUsage();
  return {heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external};
};

if (isMainThread) {
  let workers = [];
  channel.onmessage = (event) => workers.push(event.data);
  process.on('SIGUSR2', () => {
    workers = [];
    channel.postMessage('measure');
    // The worker answers between checks; the bench asks only when no check is running.
    setTimeout(() => {
      const main = heap();
      writeFileSync(process.env.OPENWOP_BENCH_MEMORY_FILE, JSON.stringify({rss: process.memoryUsage().rss, main, workers}));
    }, 300);
  });
} else {
  channel.onmessage = () => channel.postMessage(heap());
}
channel.unref();

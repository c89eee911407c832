'use strict';
// A --jobs worker thread (src/io/worker-pool.ts starts it): the checker runs from the CLI bundle, compiled from the code
// cache of the command that started the thread, which is several times faster to start than the library build's
// module graph.
const {join} = require('node:path');
const {workerData} = require('node:worker_threads');
const {FILE_WORKER_EXPORT, loadBundleInWorker} = require('./load-bundle.cjs');

loadBundleInWorker(join(__dirname, '..'), workerData.command)[FILE_WORKER_EXPORT]();

// The worker entry in a build without the CLI bundle (a tsc-only build): src/io/worker-pool.ts starts it then.
import {serveFileWorker} from './file-worker.js';

serveFileWorker();

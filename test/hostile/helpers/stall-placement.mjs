// Test-only, preloaded into a real CLI child (node --import): a write is caught half-way, its temp file written and
// synced but not yet moved into place, so a test can signal or kill the process at exactly that moment.
// The product has no hook for this; the child's own fs module is changed, as a slow or stuck disk would.
import fs from 'node:fs';
import {syncBuiltinESMExports} from 'node:module';

const stall = () => {
  process.stderr.write('STALLED\n');
  // A pending promise alone does not keep a process alive.
  setInterval(() => {}, 60_000);
  return new Promise(() => {});
};
fs.promises.rename = stall;
fs.promises.link = stall;
syncBuiltinESMExports();

import {chmodSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

/**
 * vitest globalSetup: every temporary folder of a run (tempDir, mkdtemp in tests, the CLI processes they start) is made
 * under one folder that is removed when the run ends. Tests write files of hundreds of MB (huge inputs); left in /tmp,
 * a few dozen runs filled the disk.
 */
export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'openwop-tests-'));
  // As /tmp is: tests that run a writer as another user (nobody) must reach their own folders inside.
  chmodSync(root, 0o755);
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(root, {recursive: true, force: true});
  };
}

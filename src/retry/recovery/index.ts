import {braceWalker} from './brace-walker.js';
import {markdownFence} from './markdown-fence.js';
import type {Recovery, RecoveryPath} from './types.js';

export {RECOVERY_PATHS, type Recovered, type Recovery, type RecoveryPath} from './types.js';

/** The recoveries for the named paths, in the order given (a host tries its paths in its own order). */
export async function loadRecoveries(paths: readonly RecoveryPath[]): Promise<Recovery[]> {
  const out: Recovery[] = [];
  for (const path of paths) {
    if (path === 'markdown-fence') out.push(markdownFence);
    else if (path === 'brace-walker') out.push(braceWalker);
    else out.push(await (await import('./jsonrepair.js')).loadJsonRepair());
  }
  return out;
}

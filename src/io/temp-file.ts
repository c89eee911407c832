import {unlinkSync, type BigIntStats} from 'node:fs';
import {link, lstat, open, readdir, rename, unlink} from 'node:fs/promises';
import {hostname} from 'node:os';
import {basename, dirname, join} from 'node:path';

/**
 * Temp files beside their targets, and the bookkeeping that keeps them from outliving the run:
 * - every live temp file is in one process-wide set; SIGINT, SIGTERM and SIGHUP remove them synchronously and the
 *   signal is then raised again, so the process still dies of it (exit status 128+n);
 * - a run killed outright (SIGKILL, power loss) cannot clean up, so its temp files are named
 *   `.openwop-tmp.<host>.<pid>.<random>.<name>`, and the next write into that folder removes those of this host whose
 *   process is gone. Another host's (a folder shared between machines or containers) are left alone: its pids mean
 *   nothing here.
 */

export interface StagedFile {
  temp: string;
  dest: string;
  /** Whether the temp file took the owner of the file it replaces (always true when there is none). */
  ownerKept: boolean;
}

const TEMP_PREFIX = '.openwop-tmp';
const TEMP_NAME = /^\.openwop-tmp\.([0-9a-z]+)\.(\d+)\.[0-9a-f]{12}\./;
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

const live = new Set<string>();
const swept = new Set<string>();
let host: string | undefined;

/**
 * Writes `text` to a new temp file in `dest`'s folder and syncs it. With `like` (the file it will replace), the temp
 * file first takes that file's owner (best effort, see `ownerKept`) and mode (open's own mode is subject to the umask).
 */
export async function stageFile(dest: string, text: string, like?: BigIntStats): Promise<StagedFile> {
  const dir = dirname(dest);
  await sweepStale(dir);
  const temp = join(dir, tempName(dest));
  // Tracked before it exists: a signal between open and the next line must not leave it behind.
  track(temp);
  let ownerKept = true;
  try {
    const handle = await open(temp, 'wx', 0o666);
    try {
      if (like) {
        // chown before chmod: changing the owner clears set-user-id bits.
        ownerKept = await handle.chown(Number(like.uid), Number(like.gid)).then(
          () => true,
          () => false,
        );
        await handle.chmod(Number(like.mode & 0o7777n));
      }
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await discardStaged({temp, dest, ownerKept});
    throw error;
  }
  return {temp, dest, ownerKept};
}

/** File systems without hard links answer `link` with one of these; there a file is placed by check-then-rename. */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/**
 * Moves a staged file into place. `exclusive`: only if the name is still free — `link` fails with EEXIST if anything
 * took it meanwhile, so nothing that appeared after the checks is ever replaced. Otherwise `rename` replaces the old
 * file whole: a reader sees the old content or the new, never half of either. Throws EEXIST (exclusive) or the
 * file system's error, after removing the temp file.
 */
export async function placeStaged(staged: StagedFile, exclusive: boolean): Promise<void> {
  try {
    await place(staged, exclusive);
  } catch (error) {
    await discardStaged(staged);
    throw error;
  }
}

async function place(staged: StagedFile, exclusive: boolean): Promise<void> {
  if (exclusive) {
    try {
      await link(staged.temp, staged.dest);
      await discardStaged(staged);
      return;
    } catch (error) {
      if (!NO_HARD_LINKS.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
    }
    if (
      await lstat(staged.dest).then(
        () => true,
        () => false,
      )
    )
      throw Object.assign(new Error(`${staged.dest} exists`), {code: 'EEXIST'});
  }
  await rename(staged.temp, staged.dest);
  untrack(staged.temp);
}

export async function discardStaged(staged: StagedFile): Promise<void> {
  await unlink(staged.temp).catch(() => undefined);
  untrack(staged.temp);
}

/** Makes renames in `dir` durable. Best effort: not every platform can fsync a folder. */
export async function syncFolder(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    await handle.sync().finally(() => handle.close());
  } catch {
    // ignored on purpose
  }
}

function tempName(dest: string): string {
  // crypto is loaded here, on first use: importing it up front cost every start of the CLI ~6 ms.
  const random = process.getBuiltinModule('node:crypto').randomBytes(6).toString('hex');
  // Only a readable hint of the target: its full name could push the temp name over the 255-byte limit.
  const hint = basename(dest)
    .replace(/[^\w.-]/g, '_')
    .slice(0, 60);
  return `${TEMP_PREFIX}.${hostTag()}.${process.pid}.${random}.${hint}`;
}

/** A short, stable tag of this machine (or container): FNV-1a of the host name, in base 36. */
function hostTag(): string {
  if (host === undefined) {
    let h = 0x811c9dc5;
    for (const c of hostname()) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
    host = h.toString(36);
  }
  return host;
}

/** Removes, once per folder and run, the temp files a killed openwop run on this host left in `dir`. */
async function sweepStale(dir: string): Promise<void> {
  if (swept.has(dir)) return;
  swept.add(dir);
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const match = TEMP_NAME.exec(name);
    if (match?.[1] !== hostTag()) continue;
    const pid = Number(match[2]);
    if (pid === process.pid || isAlive(pid)) continue;
    await unlink(join(dir, name)).catch(() => undefined);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// ---- cleanup on signals -----------------------------------------------------------------------------------------

function track(temp: string): void {
  live.add(temp);
  if (live.size > 1) return;
  for (const signal of SIGNALS) process.on(signal, onSignal);
  process.on('exit', removeLive);
}

function untrack(temp: string): void {
  if (!live.delete(temp) || live.size > 0) return;
  stopListening();
}

function stopListening(): void {
  for (const signal of SIGNALS) process.off(signal, onSignal);
  process.off('exit', removeLive);
}

function removeLive(): void {
  for (const temp of live) {
    try {
      unlinkSync(temp);
    } catch {
      // gone already, or never created
    }
  }
  live.clear();
}

/**
 * Listening to a signal replaces its default action, so once the temp files are gone the listener is removed and the
 * signal raised again: the process ends as if it had never listened. Another listener (a prompt library's, say)
 * keeps its say.
 */
function onSignal(signal: NodeJS.Signals): void {
  removeLive();
  stopListening();
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

import {fstatSync, statSync} from 'node:fs';

/**
 * Whether standard output or standard error is a terminal (the stream's isTTY), without making the stream where it
 * cannot be one: Node makes process.stdout/stderr on first use, which loads node:stream, and node:net for a pipe
 * (≈ 2–4 ms of a start on Node 22). A terminal is a character device; the null device, where output is often sent,
 * is one too but never a terminal. Only a character device other than that one is asked.
 */
export function isTerminal(name: 'stdout' | 'stderr'): boolean {
  if (process.platform !== 'win32') {
    try {
      const stats = fstatSync(name === 'stdout' ? 1 : 2);
      if (!stats.isCharacterDevice() || stats.rdev === statSync('/dev/null').rdev) return false;
    } catch {
      // The stream decides.
    }
  }
  return process[name].isTTY === true;
}

/** Standard output's width in columns when it is a terminal that reports one; undefined for a pipe or a file. */
export function terminalWidth(): number | undefined {
  if (!isTerminal('stdout')) return undefined;
  const columns = process.stdout.columns;
  return typeof columns === 'number' && columns > 0 ? columns : undefined;
}

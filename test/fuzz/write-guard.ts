import fs from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve, sep} from 'node:path';

/**
 * Watches every way the CLI can change the file system from inside this process (the bundle calls `node:fs` through
 * its module objects at call time, so replacing the properties catches each call) and records the calls that reach
 * outside the folder the current case may write in. Reads are not watched: the read guard has tests of its own.
 */
export interface WriteGuard {
  /** Sets the one folder writes may touch (and everything below it). */
  allow(folder: string): void;
  /** Writes outside the allowed folder since the last call, as `call path`. */
  takeViolations(): string[];
}

const PATH_ARG_WRITES = ['writeFile', 'appendFile', 'mkdir', 'mkdtemp', 'rm', 'rmdir', 'unlink', 'truncate', 'chmod', 'chown', 'utimes', 'createWriteStream'] as const;
const TWO_PATH_WRITES = ['rename', 'link', 'symlink', 'copyFile', 'cp'] as const;
/** open's flags that can change a file: anything but plain read. */
const isWriteFlag = (flags: unknown) =>
  flags !== undefined &&
  flags !== 'r' &&
  flags !== 'rs' &&
  flags !== fs.constants.O_RDONLY &&
  !(typeof flags === 'number' && (flags & (fs.constants.O_WRONLY | fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_TRUNC)) === 0);

/**
 * tsx, which runs this harness, caches what it compiles here (the dependencies the CLI loads on first use, such as the
 * pack scan's parser, pass through it): the harness's own writes, not the CLI's.
 */
const TSX_CACHE = join(tmpdir(), `tsx-${process.getuid?.() ?? ''}`);

export function installWriteGuard(): WriteGuard {
  let allowed = '/nonexistent-folder';
  let violations: string[] = [];
  const outside = (path: unknown): boolean => {
    if (typeof path !== 'string' && !(path instanceof URL) && !Buffer.isBuffer(path)) return false; // a file descriptor: its open was checked
    const abs = resolve(String(path instanceof URL ? path.pathname : path));
    return abs !== allowed && !abs.startsWith(allowed + sep) && !abs.startsWith(TSX_CACHE);
  };
  const note = (call: string, path: unknown) => {
    if (outside(path)) violations.push(`${call} ${String(path)}`);
  };
  const wrap = (target: Record<string, unknown>, name: string, check: (args: unknown[]) => void) => {
    const original = target[name];
    if (typeof original !== 'function') return;
    target[name] = function guarded(this: unknown, ...args: unknown[]) {
      check(args);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  };
  for (const target of [fs as unknown as Record<string, unknown>, fs.promises as unknown as Record<string, unknown>]) {
    for (const base of PATH_ARG_WRITES) for (const name of [base, `${base}Sync`]) wrap(target, name, (args) => note(name, args[0]));
    for (const base of TWO_PATH_WRITES) for (const name of [base, `${base}Sync`]) wrap(target, name, (args) => note(name, args[1]));
    for (const name of ['open', 'openSync']) wrap(target, name, (args) => isWriteFlag(args[1]) && note(`${name}(${String(args[1])})`, args[0]));
  }
  return {
    allow(folder) {
      allowed = resolve(folder);
    },
    takeViolations() {
      const taken = violations;
      violations = [];
      return taken;
    },
  };
}

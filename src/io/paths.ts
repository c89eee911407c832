import {isAbsolute, relative, resolve, sep} from 'node:path';

/** Names the io layer may give standard input; none of them is a real path, so no formatter may link to it. */
const STDIN_NAMES = new Set(['-', '<stdin>', 'stdin', '(stdin)']);

export function isStdinName(file: string): boolean {
  return STDIN_NAMES.has(file);
}

/** `probe host` reports against a URL rather than a file; such names are links already. */
export function isUrlName(file: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(file);
}

/**
 * The path of `file` relative to `cwd` with forward slashes, or undefined when it is not inside `cwd` (another drive,
 * a `..` escape, stdin, a URL) — in which case callers must not pretend it is repository-relative.
 */
export function relativeToCwd(file: string, cwd: string): string | undefined {
  if (isStdinName(file) || isUrlName(file)) return undefined;
  const rel = relative(cwd, resolve(cwd, file));
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return undefined;
  return rel.split(sep).join('/');
}

/** How a file is named to a person: stdin gets a name that cannot be mistaken for a file called "-". */
export function displayName(file: string): string {
  return isStdinName(file) ? '<stdin>' : file;
}

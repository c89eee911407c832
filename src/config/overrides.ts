import {isAbsolute, relative, resolve, sep} from 'node:path';
import picomatch from 'picomatch';
import {normaliseIgnorePattern} from '../io/ignore-pattern-bound.js';
import {isStdinName} from '../io/paths.js';
import type {OpenwopConfig} from './types.js';

const matchers = new Map<string, (path: string) => boolean>();

/**
 * Whether an `overrides[].files` glob list matches `rel` (a path relative to the config file's folder, with forward
 * slashes). A glob without a slash also matches the base name (`*.schema.json`).
 */
export function overrideMatches(globs: readonly string[], rel: string): boolean {
  return globs.some((g) => {
    let m = matchers.get(g);
    if (!m) matchers.set(g, (m = picomatch(normaliseIgnorePattern(g), {dot: true, basename: !g.includes('/')})));
    return m(rel);
  });
}

/**
 * The `overrides[].files` glob that matches `rel` (as {@link overrideMatches} is given it) and no other path: glob
 * characters in the name escaped, and a name without a slash anchored with `./`, which otherwise matches that base
 * name in every folder.
 */
export function exactFileGlob(rel: string): string {
  // picomatch reads an escaped backslash twice over as one: a backslash in a name becomes a one-character class.
  const escaped = rel.replace(/[\\*?[\]{}()!+@|]/g, (ch) => (ch === '\\' ? '[\\\\]' : `\\${ch}`));
  return rel.includes('/') ? escaped : `./${escaped}`;
}

/** `file` (absolute or relative to the working directory) relative to `baseDir`, with forward slashes; undefined for stdin or a path outside it. */
export function configRelativePath(file: string, baseDir: string): string | undefined {
  if (isStdinName(file)) return undefined;
  const rel = relative(baseDir, resolve(file));
  // Another drive gives an absolute path; a folder beside or above gives one through `..`.
  if (isAbsolute(rel) || rel === '..' || rel.startsWith(`..${sep}`)) return undefined;
  return rel.split(sep).join('/');
}

/** Indexes of the `overrides` entries whose `files` match `file` (absolute or relative to cwd), in config order. */
export function matchingOverrides(config: OpenwopConfig, file: string, baseDir: string): number[] {
  const rel = configRelativePath(file, baseDir);
  return rel === undefined ? [] : (config.overrides ?? []).flatMap((o, i) => (overrideMatches(o.files, rel) ? [i] : []));
}

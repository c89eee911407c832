import {relative, sep} from 'node:path';
import {UserError} from '../core/user-error.js';
import type {InputSource} from './inputs.js';

/** `--shard i/n`: this run checks part `index` (1-based) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

/** Parses `i/n` (1 ≤ i ≤ n), as Jest and Playwright take it; anything else is a usage error. */
export function parseShard(text: string): Shard {
  const match = /^(\d{1,9})\/(\d{1,9})$/.exec(text.trim());
  const hint = 'give i/n with 1 ≤ i ≤ n, e.g. --shard 2/4 for the second of four CI jobs';
  if (!match) throw new UserError(`--shard: "${text}" is not i/n`, hint);
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || index < 1 || index > count) throw new UserError(`--shard: ${index}/${count} is not a part of the run (1 ≤ i ≤ n)`, hint);
  return {index, count};
}

/**
 * Whether an input is this shard's. A file goes by a hash of its path relative to the project root, with `/`
 * separators: the same part on every machine and every run, whatever else the run holds or in which order, so a file
 * added to the project moves no other file between shards. stdin (no path) is shard 1's.
 */
export function inShard(source: InputSource, shard: Shard, projectRoot: string): boolean {
  return source.kind === 'stdin' ? shard.index === 1 : pathInShard(source.path, shard, projectRoot);
}

/** Whether the file at `path` (absolute) is this shard's: see {@link inShard}. */
export function pathInShard(path: string, shard: Shard, projectRoot: string): boolean {
  return shardOf(relative(projectRoot, path).split(sep).join('/'), shard.count) === shard.index;
}

/**
 * The items of `items` that are this shard's (all of them without a shard), and, when the shard holds none of the
 * run's inputs, the note that says so (a job of a CI matrix that checked nothing should say why it passed).
 */
export function takeShard<T>(items: T[], shard: Shard | undefined, projectRoot: string, sourceOf: (item: T) => InputSource): {items: T[]; notes: string[]} {
  if (!shard) return {items, notes: []};
  const taken = items.filter((item) => inShard(sourceOf(item), shard, projectRoot));
  const notes = taken.length === 0 && items.length > 0 ? [`no files in shard ${shard.index}/${shard.count} (the run has ${items.length}; the other shards check them)`] : [];
  return {items: taken, notes};
}

/** 1-based part of `count` for `key`: FNV-1a (32-bit) over its UTF-8 bytes, a hash any language can recompute. */
export function shardOf(key: string, count: number): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(key, 'utf8')) hash = Math.imul(hash ^ byte, 0x01000193);
  return ((hash >>> 0) % count) + 1;
}

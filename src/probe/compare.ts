import {isDeepStrictEqual} from 'node:util';
import {childPointer, parsePointer, toPointer} from '../io/json-pointer.js';
import {isObject} from './advert-view.js';
import type {AdvertContext} from './checks/context.js';

/** Families with their own, more precise comparison. */
const SPECIFIC = new Set(['supportedEnvelopes', 'schemaVersions', 'limits']);
const MAX_PATHS_NAMED = 5;

/**
 * What a deploy changed, as findings on the current document: what clients may rely on and lost (a removed kind, a
 * lowered limit, a schema version going back) is a warning; everything else is info. Both sides are effective
 * documents (wrapper families included), so moving a family out of the wrapper is not reported as a change.
 */
export function compareAdvertisements(ctx: AdvertContext, saved: Record<string, unknown>): number {
  const current = ctx.view.effective;
  let changes = 0;
  const report: AdvertContext['report'] = (...args) => {
    changes++;
    ctx.report(...args);
  };
  const scoped: AdvertContext = {...ctx, report};

  const before = kindList(saved.supportedEnvelopes);
  const after = kindList(current.supportedEnvelopes);
  after.forEach((kind, i) => {
    if (!before.includes(kind)) scoped.report('compareKindAdded', 'info', `new kind "${kind}" (not in the saved document)`, childPointer('/supportedEnvelopes', i));
  });
  for (const kind of before) {
    if (!after.includes(kind)) scoped.report('compareKindRemoved', 'warning', `kind "${kind}" is no longer advertised (it was in the saved document): clients emitting it will get unknown_envelope_kind`, '/supportedEnvelopes');
  }
  compareSchemaVersions(scoped, objectOr(saved.schemaVersions), objectOr(current.schemaVersions), before, after);
  compareLimits(scoped, objectOr(saved.limits), objectOr(current.limits));

  for (const family of new Set([...Object.keys(saved), ...Object.keys(current)])) {
    if (SPECIFIC.has(family)) continue;
    const had = Object.hasOwn(saved, family);
    const has = Object.hasOwn(current, family);
    const at = childPointer('', family);
    if (had && !has) scoped.report('compareFamily', 'warning', `"${family}" is no longer advertised (it was in the saved document)`, '');
    else if (!had && has) scoped.report('compareFamily', 'info', `"${family}" is newly advertised`, at);
    else if (!isDeepStrictEqual(saved[family], current[family])) {
      const paths: string[] = [];
      diffPaths(saved[family], current[family], at, paths);
      const named = paths.slice(0, MAX_PATHS_NAMED).map((p) => p.slice(1).replaceAll('/', '.')).join(', ');
      const more = paths.length > MAX_PATHS_NAMED ? ` and ${paths.length - MAX_PATHS_NAMED} more` : '';
      scoped.report('compareFamily', 'info', `"${family}" changed: ${named}${more}`, pointerInCurrent(current, paths[0] ?? at));
    }
  }
  return changes;
}

function compareSchemaVersions(ctx: AdvertContext, saved: Record<string, unknown>, current: Record<string, unknown>, before: string[], after: string[]): void {
  for (const kind of new Set([...Object.keys(saved), ...Object.keys(current)])) {
    const was = saved[kind];
    const now = current[kind];
    const at = childPointer('/schemaVersions', kind);
    if (typeof was === 'number' && typeof now === 'number' && was !== now) {
      if (now > was) ctx.report('compareSchemaVersion', 'info', `schemaVersions["${kind}"] bumped from ${was} to ${now}: envelopes at version ${was} are now below the advertised version`, at);
      else ctx.report('compareSchemaVersion', 'warning', `schemaVersions["${kind}"] went back from ${was} to ${now}: envelopes at version ${was} will be refused as unknown_schema_version`, at);
    } else if (was === undefined && now !== undefined && before.includes(kind)) {
      ctx.report('compareSchemaVersion', 'info', `schemaVersions["${kind}"] is now ${JSON.stringify(now)} (the saved document had no entry)`, at);
    } else if (was !== undefined && now === undefined && after.includes(kind)) {
      ctx.report('compareSchemaVersion', 'warning', `schemaVersions["${kind}"] (${JSON.stringify(was)} in the saved document) is gone`, '/schemaVersions');
    }
  }
}

function compareLimits(ctx: AdvertContext, saved: Record<string, unknown>, current: Record<string, unknown>): void {
  for (const key of new Set([...Object.keys(saved), ...Object.keys(current)])) {
    const was = saved[key];
    const now = current[key];
    const at = childPointer('/limits', key);
    if (isDeepStrictEqual(was, now)) continue;
    if (was === undefined) ctx.report('compareLimit', 'info', `limits.${key} is new: ${JSON.stringify(now)}`, at);
    else if (now === undefined) ctx.report('compareLimit', 'warning', `limits.${key} (${JSON.stringify(was)} in the saved document) is gone`, '/limits');
    else if (typeof was === 'number' && typeof now === 'number') {
      const lowered = now < was;
      ctx.report('compareLimit', lowered ? 'warning' : 'info', `limits.${key} ${lowered ? 'lowered' : 'raised'} from ${was} to ${now}`, at);
    } else ctx.report('compareLimit', 'info', `limits.${key} changed from ${JSON.stringify(was)} to ${JSON.stringify(now)}`, at);
  }
}

/** Pointers of the leaves that differ, for the message; arrays compare as wholes (order matters in lists like events). */
function diffPaths(a: unknown, b: unknown, pointer: string, out: string[]): void {
  if (isObject(a) && isObject(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!isDeepStrictEqual(a[k], b[k])) diffPaths(a[k], b[k], childPointer(pointer, k), out);
    }
  } else out.push(pointer);
}

/** A removed leaf has no position in the current document; its nearest existing parent does. */
function pointerInCurrent(current: Record<string, unknown>, pointer: string): string {
  const kept: string[] = [];
  let v: unknown = current;
  for (const key of parsePointer(pointer)) {
    if (!isObject(v) || !Object.hasOwn(v, key)) break;
    v = v[key];
    kept.push(key);
  }
  return toPointer(kept);
}

function kindList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((k): k is string => typeof k === 'string') : [];
}

function objectOr(value: unknown): Record<string, unknown> {
  return isObject(value) ? value : {};
}

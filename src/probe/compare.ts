import {isDeepStrictEqual} from 'node:util';
import {childPointer, parsePointer, toPointer} from '../io/json-pointer.js';
import {isObject} from './advert-view.js';
import type {DocumentMajor} from '../v2/document-major.js';
import {isRemovedInV2} from '../v2/v1-to-v2.js';
import type {AdvertContext} from './checks/context.js';
import {type Comparable, comparable} from './v2/comparable.js';

const MAX_PATHS_NAMED = 5;

/** A document to compare, with the major it is (FACTS §1): v1 and v2 spell the same advertisement differently. */
export interface ComparedDocument {
  document: Record<string, unknown>;
  major: DocumentMajor;
}

/**
 * What a deploy changed, as findings on the current document: what clients may rely on and lost (a removed kind, a
 * lowered limit, a schema version going back) is a warning; everything else is info. Both sides are effective
 * documents (wrapper families included), so moving a family out of the wrapper is not reported as a change; across
 * majors both are read through `comparable`, so a v2 record is the same claim as v1's `supported: true`.
 */
export function compareAdvertisements(ctx: AdvertContext, currentMajor: DocumentMajor, saved: ComparedDocument): number {
  const across = currentMajor !== saved.major;
  const now = comparable(ctx.view.effective, currentMajor, across);
  const was = comparable(saved.document, saved.major, across);
  let changes = 0;
  const report: AdvertContext['report'] = (...args) => {
    changes++;
    ctx.report(...args);
  };
  const scoped: AdvertContext = {...ctx, report};
  if (across) ctx.report('compareFamily', 'info', `the saved document is v${saved.major} and this one v${currentMajor}: compared family by family, v1 supported: true as the presence of the v2 record, renamed facets under their v2 names`, '');

  now.kinds.forEach((kind, i) => {
    if (!was.kinds.includes(kind)) scoped.report('compareKindAdded', 'info', `new kind "${kind}" (not in the saved document)`, childPointer(now.kindsAt, i));
  });
  for (const kind of was.kinds) {
    if (!now.kinds.includes(kind)) scoped.report('compareKindRemoved', 'warning', `kind "${kind}" is no longer advertised (it was in the saved document): clients emitting it will get unknown_envelope_kind`, now.kindsAt);
  }
  compareSchemaVersions(scoped, was, now);
  compareLimits(scoped, was.limits, now.limits);

  for (const family of new Set([...was.families.keys(), ...now.families.keys()])) {
    const before = was.families.get(family);
    const after = now.families.get(family);
    if (before && !after && across && saved.major === 1 && isRemovedInV2(family)) scoped.report('compareFamily', 'info', `"${family}" (in the saved v1 document) is removed in v2: no v2 document advertises it`, '');
    else if (before && !after) scoped.report('compareFamily', 'warning', `"${family}" is no longer advertised (it was in the saved document)`, '');
    else if (!before && after) scoped.report('compareFamily', 'info', `"${family}" is newly advertised`, after.at);
    else if (before && after && !isDeepStrictEqual(before.value, after.value)) {
      const paths: string[] = [];
      diffPaths(before.value, after.value, '', paths);
      const named = paths.slice(0, MAX_PATHS_NAMED).map((p) => p.slice(1).replaceAll('/', '.') || '(the value)').join(', ');
      const more = paths.length > MAX_PATHS_NAMED ? ` and ${paths.length - MAX_PATHS_NAMED} more` : '';
      scoped.report('compareFamily', 'info', `"${family}" changed: ${named}${more}`, pointerInCurrent(ctx.view.effective, after.at + (paths[0] ?? '')));
    }
  }
  return changes;
}

function compareSchemaVersions(ctx: AdvertContext, savedDoc: Comparable, currentDoc: Comparable): void {
  const saved = savedDoc.schemaVersions;
  const current = currentDoc.schemaVersions;
  const before = savedDoc.kinds;
  const after = currentDoc.kinds;
  for (const kind of new Set([...Object.keys(saved), ...Object.keys(current)])) {
    const was = saved[kind];
    const now = current[kind];
    const at = childPointer(currentDoc.schemaVersionsAt, kind);
    if (typeof was === 'number' && typeof now === 'number' && was !== now) {
      if (now > was) ctx.report('compareSchemaVersion', 'info', `schemaVersions["${kind}"] bumped from ${was} to ${now}: envelopes at version ${was} are now below the advertised version`, at);
      else ctx.report('compareSchemaVersion', 'warning', `schemaVersions["${kind}"] went back from ${was} to ${now}: envelopes at version ${was} will be refused as unknown_schema_version`, at);
    } else if (was === undefined && now !== undefined && before.includes(kind)) {
      ctx.report('compareSchemaVersion', 'info', `schemaVersions["${kind}"] is now ${JSON.stringify(now)} (the saved document had no entry)`, at);
    } else if (was !== undefined && now === undefined && after.includes(kind)) {
      ctx.report('compareSchemaVersion', 'warning', `schemaVersions["${kind}"] (${JSON.stringify(was)} in the saved document) is gone`, currentDoc.schemaVersionsAt);
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


import {isDeepStrictEqual} from 'node:util';
import {childPointer, parsePointer, toPointer} from '../io/json-pointer.js';
import {isObject} from '../core/json.js';
import type {DocumentMajor} from '../v2/document-major.js';
import {isRemovedInV2} from '../v2/v1-to-v2.js';
import type {AdvertContext} from './checks/context.js';
import {type Comparable, comparable} from './v2/comparable.js';

const MAX_PATHS_NAMED = 5;
/** A value in a message is cut here; the JSON result's list carries it whole. */
const MAX_VALUE_SHOWN = 60;

/**
 * One difference between the saved document and this one (the `compare.list` JSON field). `pointer` is where the
 * finding sits in the current document (a removed thing's nearest existing parent); `before` is absent for an addition,
 * `after` for a removal.
 */
export interface CompareChange {
  pointer: string;
  kind: 'added' | 'removed' | 'changed';
  /** What changed, as the message names it: `kind "x"`, `schemaVersions["x"]`, `limits.x`, `httpClient.requestTimeoutMs`. */
  what: string;
  before?: unknown;
  after?: unknown;
}

type Change = Omit<CompareChange, 'pointer'>;
type ChangeReport = (rule: Parameters<AdvertContext['report']>[0], severity: Parameters<AdvertContext['report']>[1], message: string, pointer: string, change: Change) => void;

/**
 * A document to compare, with the major it is (openwop spec v2 versioning.md §1): v1 and v2 spell the same
 * advertisement differently.
 */
export interface ComparedDocument {
  document: Record<string, unknown>;
  major: DocumentMajor;
}

/**
 * What a deploy changed, as findings on the current document: what clients may rely on and lost (a removed kind, a
 * lowered limit, a schema version going back) is a warning; everything else is info. Both sides are effective
 * documents (wrapper families included), so moving a family out of the wrapper is not reported as a change; across
 * majors both are read through `comparable`, so a v2 record is the same claim as v1's `supported: true`. Returns every
 * change with its values: one per kind, schema version and limit, and one per leaf of a family that changed.
 */
export function compareAdvertisements(ctx: AdvertContext, currentMajor: DocumentMajor, saved: ComparedDocument): CompareChange[] {
  const across = currentMajor !== saved.major;
  const now = comparable(ctx.view.effective, currentMajor, across);
  const was = comparable(saved.document, saved.major, across);
  const changes: CompareChange[] = [];
  const report: ChangeReport = (rule, severity, message, pointer, change) => {
    changes.push({pointer, ...change});
    ctx.report(rule, severity, message, pointer);
  };
  if (across)
    ctx.report(
      'compareFamily',
      'info',
      `the saved document is v${saved.major} and this one v${currentMajor}: compared family by family, v1 supported: true as the presence of the v2 record, renamed facets under their v2 names`,
      '',
    );

  now.kinds.forEach((kind, i) => {
    if (!was.kinds.includes(kind))
      report('compareKindAdded', 'info', `new kind "${kind}" (not in the saved document)`, childPointer(now.kindsAt, i), {kind: 'added', what: `kind "${kind}"`, after: kind});
  });
  for (const kind of was.kinds) {
    if (!now.kinds.includes(kind))
      report('compareKindRemoved', 'warning', `kind "${kind}" is no longer advertised (it was in the saved document): clients emitting it will get unknown_envelope_kind`, now.kindsAt, {
        kind: 'removed',
        what: `kind "${kind}"`,
        before: kind,
      });
  }
  compareSchemaVersions(report, was, now);
  compareLimits(report, was.limits, now.limits);

  for (const family of new Set([...was.families.keys(), ...now.families.keys()])) {
    const before = was.families.get(family);
    const after = now.families.get(family);
    if (before && !after) {
      const removed: Change = {kind: 'removed', what: family, before: before.value};
      if (across && saved.major === 1 && isRemovedInV2(family)) report('compareFamily', 'info', `"${family}" (in the saved v1 document) is removed in v2: no v2 document advertises it`, '', removed);
      else report('compareFamily', 'warning', `"${family}" is no longer advertised (it was in the saved document: ${shown(before.value)})`, '', removed);
    } else if (!before && after) report('compareFamily', 'info', `"${family}" is newly advertised: ${shown(after.value)}`, after.at, {kind: 'added', what: family, after: after.value});
    else if (before && after && !isDeepStrictEqual(before.value, after.value)) {
      const paths: string[] = [];
      diffPaths(before.value, after.value, '', paths);
      const leaves = paths.map((path) => ({path, what: `${family}${path.replaceAll('/', '.')}`, before: valueAt(before.value, path), after: valueAt(after.value, path)}));
      const named = leaves
        .slice(0, MAX_PATHS_NAMED)
        .map((l) => `${l.path ? l.what.slice(family.length + 1) : '(the value)'} ${fromTo(l.before, l.after)}`)
        .join(', ');
      const more = paths.length > MAX_PATHS_NAMED ? ` and ${paths.length - MAX_PATHS_NAMED} more` : '';
      const message = `"${family}" changed: ${named}${more}`;
      ctx.report('compareFamily', 'info', message, pointerInCurrent(ctx.view.effective, after.at + (paths[0] ?? '')));
      for (const l of leaves)
        changes.push({
          pointer: pointerInCurrent(ctx.view.effective, after.at + l.path),
          kind: l.before === undefined ? 'added' : l.after === undefined ? 'removed' : 'changed',
          what: l.what,
          ...defined(l.before, l.after),
        });
    }
  }
  return changes;
}

function compareSchemaVersions(report: ChangeReport, savedDoc: Comparable, currentDoc: Comparable): void {
  const saved = savedDoc.schemaVersions;
  const current = currentDoc.schemaVersions;
  const before = savedDoc.kinds;
  const after = currentDoc.kinds;
  for (const kind of new Set([...Object.keys(saved), ...Object.keys(current)])) {
    const was = saved[kind];
    const now = current[kind];
    const at = childPointer(currentDoc.schemaVersionsAt, kind);
    const what = `schemaVersions["${kind}"]`;
    if (typeof was === 'number' && typeof now === 'number' && was !== now) {
      const change: Change = {kind: 'changed', what, before: was, after: now};
      if (now > was) report('compareSchemaVersion', 'info', `${what} bumped from ${was} to ${now}: envelopes at version ${was} are now below the advertised version`, at, change);
      else report('compareSchemaVersion', 'warning', `${what} went back from ${was} to ${now}: envelopes at version ${was} will be refused as unknown_schema_version`, at, change);
    } else if (was === undefined && now !== undefined && before.includes(kind)) {
      report('compareSchemaVersion', 'info', `${what} is now ${shown(now)} (the saved document had no entry)`, at, {kind: 'added', what, after: now});
    } else if (was !== undefined && now === undefined && after.includes(kind)) {
      report('compareSchemaVersion', 'warning', `${what} (${shown(was)} in the saved document) is gone`, currentDoc.schemaVersionsAt, {kind: 'removed', what, before: was});
    }
  }
}

function compareLimits(report: ChangeReport, saved: Record<string, unknown>, current: Record<string, unknown>): void {
  for (const key of new Set([...Object.keys(saved), ...Object.keys(current)])) {
    const was = saved[key];
    const now = current[key];
    const at = childPointer('/limits', key);
    const what = `limits.${key}`;
    if (isDeepStrictEqual(was, now)) continue;
    if (was === undefined) report('compareLimit', 'info', `${what} is new: ${shown(now)}`, at, {kind: 'added', what, after: now});
    else if (now === undefined) report('compareLimit', 'warning', `${what} (${shown(was)} in the saved document) is gone`, '/limits', {kind: 'removed', what, before: was});
    else if (typeof was === 'number' && typeof now === 'number') {
      const lowered = now < was;
      report('compareLimit', lowered ? 'warning' : 'info', `${what} ${lowered ? 'lowered' : 'raised'} from ${was} to ${now}`, at, {kind: 'changed', what, before: was, after: now});
    } else report('compareLimit', 'info', `${what} changed ${fromTo(was, now)}`, at, {kind: 'changed', what, before: was, after: now});
  }
}

/** `from X to Y`, `added: Y` or `removed (was X)`, for one leaf of a change. */
function fromTo(before: unknown, after: unknown): string {
  if (before === undefined) return `added: ${shown(after)}`;
  if (after === undefined) return `removed (was ${shown(before)})`;
  return `from ${shown(before)} to ${shown(after)}`;
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_VALUE_SHOWN ? `${text.slice(0, MAX_VALUE_SHOWN - 1)}…` : text;
}

function defined(before: unknown, after: unknown): Pick<CompareChange, 'before' | 'after'> {
  return {...(before === undefined ? {} : {before}), ...(after === undefined ? {} : {after})};
}

function valueAt(value: unknown, pointer: string): unknown {
  let v = value;
  for (const key of parsePointer(pointer)) v = isObject(v) && Object.hasOwn(v, key) ? v[key] : undefined;
  return v;
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

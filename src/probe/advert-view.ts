import {isDeepStrictEqual} from 'node:util';
import {parsePointer, toPointer} from '../io/json-pointer.js';
import {isObject} from '../core/json.js';

/** The deprecated wrapper some hosts still nest families under (deprecated: families belong at the root). */
export const WRAPPER_KEY = 'capabilities';

/**
 * What the host advertises, read the way the capabilities spec says: the root first, then any family found only inside
 * the deprecated `capabilities` wrapper. Checks work on `effective`; `docPointer` maps their pointers back into the
 * fetched text, so a family read from the wrapper is reported where it really sits.
 */
export interface AdvertView {
  root: Record<string, unknown>;
  effective: Record<string, unknown>;
  /** Present (as an object) when the host still sends the wrapper. */
  wrapper?: Record<string, unknown>;
  /** Families read from the wrapper because the root lacks them. */
  fromWrapper: ReadonlySet<string>;
  /** Families in both places with different values (the root's is used). */
  conflicts: readonly string[];
  docPointer(effectivePointer: string): string;
}

export function buildAdvertView(root: Record<string, unknown>): AdvertView {
  const wrapperValue = Object.hasOwn(root, WRAPPER_KEY) ? root[WRAPPER_KEY] : undefined;
  // A non-object `capabilities` is just an unknown key in an open root, not the deprecated wrapper.
  const wrapper = isObject(wrapperValue) ? wrapperValue : undefined;
  const effective: Record<string, unknown> = {};
  const fromWrapper = new Set<string>();
  const conflicts: string[] = [];
  for (const [k, v] of Object.entries(wrapper ?? {})) {
    if (!Object.hasOwn(root, k)) {
      define(effective, k, v);
      fromWrapper.add(k);
    } else if (!isDeepStrictEqual(root[k], v)) conflicts.push(k);
  }
  for (const [k, v] of Object.entries(root)) if (!(wrapper && k === WRAPPER_KEY)) define(effective, k, v);
  return {
    root,
    effective,
    wrapper,
    fromWrapper,
    conflicts,
    docPointer(pointer: string): string {
      const segments = parsePointer(pointer);
      return segments.length > 0 && fromWrapper.has(segments[0]) ? toPointer([WRAPPER_KEY, ...segments]) : pointer;
    },
  };
}

/** A `__proto__` key must become a property, not the object's prototype. */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {value, enumerable: true, writable: true, configurable: true});
}

/** A v2 root as it is: v2 has no wrapper to read families from (one there is a v1 remnant, reported as such). */
export function plainAdvertView(root: Record<string, unknown>): AdvertView {
  return {root, effective: root, fromWrapper: new Set(), conflicts: [], docPointer: (pointer) => pointer};
}

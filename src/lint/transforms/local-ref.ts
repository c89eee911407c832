import {parsePointer} from '../../io/json-pointer.js';
import {isObject} from '../../core/json.js';

/** A `$ref` the document itself holds: `#` or a `#/…` JSON pointer (`#/$defs/…`, `#/definitions/…`, any other). */
export function isLocalPointerRef(ref: unknown): ref is string {
  return typeof ref === 'string' && (ref === '#' || ref.startsWith('#/'));
}

/** The value a local `$ref` names inside `root`, or undefined when it names nothing (or is not local). */
export function resolveLocalRef(root: unknown, ref: unknown): unknown {
  return isLocalPointerRef(ref) ? valueAt(root, ref) : undefined;
}

/** The value at a JSON pointer (plain, or as a `#` URI fragment) inside `root`, or undefined. */
export function valueAt(root: unknown, pointer: string): unknown {
  let segments: string[];
  try {
    segments = parsePointer(pointer);
  } catch {
    return undefined;
  }
  let node: unknown = root;
  for (const seg of segments) {
    if (Array.isArray(node) && /^(0|[1-9]\d*)$/.test(seg)) node = node[Number(seg)];
    else if (isObject(node) && Object.hasOwn(node, seg)) node = node[seg];
    else return undefined;
  }
  return node;
}

/**
 * Whether the schema a local `$ref` names can reach itself through local refs: then no finite copy of it exists.
 * A ref to the root (`#`) or to any schema holding the target also counts: following it leads back in.
 */
export function isRecursiveRef(root: unknown, ref: string): boolean {
  const target = resolveLocalRef(root, ref);
  if (target === undefined) return false;
  const seen = new Set<unknown>();
  const stack: unknown[] = [target];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isObject(node) && !Array.isArray(node)) continue;
    if (seen.has(node)) continue;
    seen.add(node);
    if (isObject(node) && isLocalPointerRef(node.$ref)) {
      const next = resolveLocalRef(root, node.$ref);
      if (next === target || contains(next, target)) return true;
      stack.push(next);
    }
    for (const child of Object.values(node)) stack.push(child);
  }
  return false;
}

/** `outer` holds `inner` somewhere below it (by identity). */
function contains(outer: unknown, inner: unknown): boolean {
  const stack: unknown[] = [outer];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === inner) return true;
    if ((!isObject(node) && !Array.isArray(node)) || seen.has(node)) continue;
    seen.add(node);
    for (const child of Object.values(node)) stack.push(child);
  }
  return false;
}

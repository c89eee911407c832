import {isObject, type JsonObject} from '../../core/json.js';
import {isLocalPointerRef, isRecursiveRef, resolveLocalRef} from './local-ref.js';
import {put} from './put.js';

/** Keywords that say something about a value without constraining it: a sibling may replace the target's. */
const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', '$comment', 'deprecated', 'readOnly', 'writeOnly']);

/** Keys of a referenced schema that describe the document it sits in, not the schema: never copied. */
const DOCUMENT_KEYS = new Set(['$schema', '$id', '$defs', 'definitions']);

export interface InlineRefOptions {
  /**
   * Inline one level even when the target refers back to itself: the copy keeps its own `$ref`s, which still resolve
   * in the same document (what OpenAI's Python SDK does for a `$ref` with siblings). Default false: undefined then.
   */
  allowRecursive?: boolean;
}

/**
 * A schema whose `$ref` names a local target (`#`, `#/$defs/…`, `#/definitions/…`, any `#/` pointer), replaced by a
 * copy of that target merged with the schema's other keywords, those winning. Undefined when the ref is not local,
 * names nothing or no object, the target is recursive (unless `allowRecursive`), or a sibling other than an annotation
 * would replace a keyword of the target.
 */
export function inlineRef(schema: JsonObject, root: unknown, options: InlineRefOptions = {}): JsonObject | undefined {
  if (!canInline(schema, root, options)) return undefined;
  const target = resolveLocalRef(root, schema.$ref);
  const out: JsonObject = {};
  if (isObject(target)) for (const [k, v] of Object.entries(target)) if (!DOCUMENT_KEYS.has(k)) put(out, k, structuredClone(v));
  for (const [k, v] of Object.entries(schema)) if (k !== '$ref') put(out, k, v);
  return out;
}

/** Whether {@link inlineRef} would inline, without making the copy (a linter asks for every `$ref` it reports). */
export function canInline(schema: JsonObject, root: unknown, options: InlineRefOptions = {}): boolean {
  const ref = schema.$ref;
  if (!isLocalPointerRef(ref)) return false;
  const target = resolveLocalRef(root, ref);
  if (!isObject(target) && target !== true) return false;
  if (!options.allowRecursive && recursiveIn(root, ref)) return false;
  // Beside a $ref, a keyword the target also has constrains the value twice (both must hold); copying the target and
  // letting the sibling win would drop one of them. Only annotations may be overridden.
  return !(isObject(target) && Object.keys(schema).some((k) => k !== '$ref' && Object.hasOwn(target, k) && !ANNOTATIONS.has(k)));
}

/** {@link isRecursiveRef}, once per document and ref: many `$ref`s name the same few definitions. */
const recursion = new WeakMap<object, Map<string, boolean>>();

function recursiveIn(root: unknown, ref: string): boolean {
  if (!isObject(root)) return isRecursiveRef(root, ref);
  let known = recursion.get(root);
  if (!known) recursion.set(root, (known = new Map<string, boolean>()));
  let answer = known.get(ref);
  if (answer === undefined) known.set(ref, (answer = isRecursiveRef(root, ref)));
  return answer;
}

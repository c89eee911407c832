import {has} from '../schema-util.js';
import {isObject, type JsonObject} from '../../core/json.js';

/** Annotations a schema's own value may replace without changing which values pass. */
const ANNOTATIONS = new Set(['description', 'title', 'examples', '$comment', 'default']);

/**
 * `allOf` with one branch, merged into the schema (what pydantic v1 writes for a described nested model, and what
 * OpenAI's Python SDK merges before sending): both must hold, so one schema with the keywords of both says the same.
 * The schema's own annotations win over the branch's. Undefined when the branch is not an object, or the two share a
 * keyword that is not an annotation (the merge would drop one of the two constraints).
 */
export function mergeSingleAllOf(schema: JsonObject): JsonObject | undefined {
  const list = schema.allOf;
  if (!Array.isArray(list) || list.length !== 1 || !isObject(list[0])) return undefined;
  const branch = list[0];
  const {allOf: _allOf, ...rest} = schema;
  if (Object.keys(branch).some((k) => has(rest, k) && !ANNOTATIONS.has(k))) return undefined;
  return {...branch, ...rest};
}

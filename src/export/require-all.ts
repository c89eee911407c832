import {nullablePlan} from '../lint/fixes.js';
import {propertiesOf, requiredList} from '../lint/schema-util.js';
import {isObject, type JsonObject} from '../core/json.js';
import {mapChildren} from './rewrite.js';
import {put} from '../lint/transforms/put.js';

/**
 * OpenAI strict mode wants every property in `required`. `--fix` (run first) lists the optional properties whose type
 * can simply take `null` too; this does the same for the ones it leaves — a `$ref`, an `anyOf`, a `const` — as
 * `anyOf: [schema, {type: "null"}]` (an `anyOf` gains the null branch), the RFC 0030 §D emulation of an optional property.
 */
export function requireAllAsNullable(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  let node = mapChildren(schema, requireAllAsNullable);
  const props = propertiesOf(node);
  if (!props) return node;
  const required = requiredList(node);
  const missing = Object.keys(props).filter((k) => !required.includes(k));
  if (missing.length === 0 || (node.required !== undefined && !Array.isArray(node.required))) return node;
  const nextProps: JsonObject = {...props};
  for (const k of missing) put(nextProps, k, orNull(props[k]));
  node = {...node, properties: nextProps, required: [...(Array.isArray(node.required) ? (node.required as unknown[]) : []), ...missing]};
  return node;
}

function orNull(prop: unknown): unknown {
  if (!isObject(prop)) return prop;
  const plan = nullablePlan(prop);
  if (plan.safe) {
    const out: JsonObject = {...prop};
    if (plan.addNullType) out.type = [...(Array.isArray(prop.type) ? (prop.type as unknown[]) : [prop.type]), 'null'];
    if (plan.addNullEnum && Array.isArray(prop.enum)) out.enum = [...(prop.enum as unknown[]), null];
    return out;
  }
  if (Array.isArray(prop.anyOf)) return prop.anyOf.some(isNullSchema) ? prop : {...prop, anyOf: [...(prop.anyOf as unknown[]), {type: 'null'}]};
  const {description, title, ...rest} = prop;
  return {...(title === undefined ? {} : {title}), ...(description === undefined ? {} : {description}), anyOf: [rest, {type: 'null'}]};
}

function isNullSchema(s: unknown): boolean {
  return isObject(s) && s.type === 'null';
}

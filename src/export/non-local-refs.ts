import {ptr} from '../lint/schema-util.js';
import {isObject} from '../core/json.js';

/**
 * Pointers to the `$ref`s that name another document (a file, a URL, an `#anchor`): a request carries one schema, so
 * the vendor could not resolve them. Bundle the schema first.
 */
export function nonLocalRefs(value: unknown, pointer = '', out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v, i) => nonLocalRefs(v, ptr(pointer, i), out));
  else if (isObject(value)) {
    if (typeof value.$ref === 'string' && value.$ref !== '#' && !value.$ref.startsWith('#/')) out.push(ptr(pointer, '$ref'));
    for (const [k, v] of Object.entries(value)) if (k !== 'enum' && k !== 'const' && k !== 'examples' && k !== 'default') nonLocalRefs(v, ptr(pointer, k), out);
  }
  return out;
}

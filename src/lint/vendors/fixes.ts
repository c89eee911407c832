import type {JsonDocument} from '../../io/json-document.js';
import type {Fix, TextEdit} from '../../report/finding.js';
import {addProperty, nodeAt} from '../fixes.js';
import {ptr} from '../schema-util.js';

/*
 * Lossless rewrites a vendor needs, as minimal text edits (the rest of the file keeps its formatting). Each returns
 * undefined when the text is not what the value says (a duplicate key, say): the finding is then shown unfixed.
 */

/** An edit renaming the member at `memberPointer` (its key token only). */
function renameKey(doc: JsonDocument, memberPointer: string, to: string): TextEdit | undefined {
  const key = nodeAt(doc, memberPointer)?.parent?.children?.[0];
  if (!key || key.type !== 'string') return undefined;
  return {offset: key.offset, length: key.length, content: JSON.stringify(to)};
}

/** `"oneOf": […]` → `"anyOf": […]` (the caller has shown the branches disjoint, so the same values pass). */
export function fixOneOfToAnyOf(doc: JsonDocument, schemaPointer: string): Fix | undefined {
  const edit = renameKey(doc, ptr(schemaPointer, 'oneOf'), 'anyOf');
  return edit && {description: 'rename "oneOf" to "anyOf" (its branches are told apart by a discriminator)', edits: [edit]};
}

/** `"const": x` → `"enum": [x]`. */
export function fixConstToEnum(doc: JsonDocument, schemaPointer: string): Fix | undefined {
  const member = ptr(schemaPointer, 'const');
  const value = nodeAt(doc, member);
  const edit = renameKey(doc, member, 'enum');
  if (!value || !edit) return undefined;
  return {description: 'write "const" as a one-value "enum"', edits: [edit, {offset: value.offset, length: 0, content: '['}, {offset: value.offset + value.length, length: 0, content: ']'}]};
}

/** `"type": ["T", "null"]` → `"type": "T", "nullable": true` (OpenAPI 3.0 spelling). */
export function fixTypeListToNullable(doc: JsonDocument, schemaPointer: string, type: string, hasNullable: boolean): Fix | undefined {
  const value = nodeAt(doc, ptr(schemaPointer, 'type'));
  if (!value || value.type !== 'array') return undefined;
  const edits: TextEdit[] = [{offset: value.offset, length: value.length, content: JSON.stringify(type)}];
  if (!hasNullable) {
    const add = addProperty(doc, schemaPointer, 'nullable', 'true');
    if (!add) return undefined;
    edits.push(add);
  }
  return {description: `write the type list as "type": ${JSON.stringify(type)}, "nullable": true`, edits};
}

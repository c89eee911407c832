import {modify, type FormattingOptions} from 'jsonc-parser';
import type {JsonDocument} from '../../io/json-document.js';
import {parsePointer} from '../../io/json-pointer.js';
import type {Fix, TextEdit} from '../../core/finding.js';
import {addProperty, detectIndent, nodeAt} from '../fixes.js';
import {ptr} from '../schema-util.js';
import type {JsonObject} from '../../core/json.js';

/*
 * Lossless rewrites a vendor needs, as minimal text edits (the rest of the file keeps its formatting). Each returns
 * undefined when the text is not what the value says (a duplicate key, say): the finding is then shown unfixed.
 */

/** An edit renaming the member at `memberPointer` (its key token only). */
function renameKey(doc: JsonDocument, memberPointer: string, to: string): TextEdit | undefined {
  const key = nodeAt(doc, memberPointer)?.parent?.children?.[0];
  if (key?.type !== 'string') return undefined;
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

/** `"type": ["T", "null"]` → `"type": "T"`, plus `"nullable": true` (the OpenAPI 3.0 spelling) when `addNullable`. */
export function fixTypeListToNullable(doc: JsonDocument, schemaPointer: string, type: string, addNullable: boolean): Fix | undefined {
  const value = nodeAt(doc, ptr(schemaPointer, 'type'));
  if (value?.type !== 'array') return undefined;
  const edits: TextEdit[] = [{offset: value.offset, length: value.length, content: JSON.stringify(type)}];
  if (addNullable) {
    const add = addProperty(doc, schemaPointer, 'nullable', 'true');
    if (!add) return undefined;
    edits.push(add);
  }
  return {description: `write the type list as "type": ${JSON.stringify(type)}${addNullable ? ', "nullable": true' : ''}`, edits};
}

/** The sub-schema at `schemaPointer` replaced by `value`, written in the file's indentation (one line in a one-line file). */
export function fixReplaceSchema(doc: JsonDocument, schemaPointer: string, value: JsonObject, description: string): Fix | undefined {
  const segments = parsePointer(schemaPointer);
  const path: (string | number)[] = [];
  for (let i = 0; i < segments.length; i++) {
    const parent = nodeAt(doc, ptr('', ...segments.slice(0, i)));
    if (!parent) return undefined;
    path.push(parent.type === 'array' ? Number(segments[i]) : segments[i]);
  }
  if (path.length === 0) return undefined; // the root is never replaced whole: a fix is a local edit
  const edits = modify(doc.text, path, value, {formattingOptions: formattingOf(doc)});
  return edits.length > 0 ? {description, edits} : undefined;
}

function formattingOf(doc: JsonDocument): FormattingOptions | undefined {
  if (!doc.text.includes('\n')) return undefined;
  const indent = detectIndent(doc.text);
  return {insertSpaces: indent !== '\t', tabSize: indent === '\t' ? 1 : indent.length, eol: doc.text.includes('\r\n') ? '\r\n' : '\n'};
}

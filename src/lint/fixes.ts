import {parseTree, type Node} from 'jsonc-parser';
import type {JsonDocument} from '../io/json-document.js';
import {parsePointer} from '../io/json-pointer.js';
import type {Fix, TextEdit} from '../core/finding.js';
import {has, propertiesOf, ptr, typesOf} from './schema-util.js';
import {isObject, type JsonObject} from '../core/json.js';
import {isNullBranch} from './transforms/type-list-to-nullable.js';

/*
 * Fix builders. Every edit is minimal and relative to the document's text as read: an insertion after the last member
 * reuses the separator (comma, newline and indentation) already between members, so a fix keeps the file's style and a
 * diff shows only what changed. Nothing here reformats surrounding text.
 */

const trees = new WeakMap<JsonDocument, Node | null>();

function treeOf(doc: JsonDocument): Node | undefined {
  let tree = trees.get(doc);
  if (tree === undefined) {
    tree = parseTree(doc.text, [], {disallowComments: true}) ?? null;
    trees.set(doc, tree);
  }
  return tree ?? undefined;
}

/** The value node at `pointer` (the last duplicate key wins, as in JSON.parse). */
export function nodeAt(doc: JsonDocument, pointer: string): Node | undefined {
  let node = treeOf(doc);
  for (const seg of parsePointer(pointer)) {
    if (!node) return undefined;
    if (node.type === 'object') node = memberValue(node, seg);
    else if (node.type === 'array' && /^(0|[1-9]\d*)$/.test(seg)) node = node.children?.[Number(seg)];
    else return undefined;
  }
  return node;
}

const end = (n: Node) => n.offset + n.length;

/** Objects with more members than this get a key index on first lookup: fixes for each of n properties look n keys up. */
const INDEX_FROM = 16;
const keyIndexes = new WeakMap<Node, Map<unknown, Node | undefined>>();

/** The value of member `key` of an object node (the last duplicate wins, as in JSON.parse). */
function memberValue(object: Node, key: string): Node | undefined {
  const props = object.children ?? [];
  if (props.length <= INDEX_FROM) {
    for (let i = props.length - 1; i >= 0; i--) if (props[i].children?.[0]?.value === key) return props[i].children?.[1];
    return undefined;
  }
  let index = keyIndexes.get(object);
  if (!index) {
    index = new Map();
    for (const p of props) index.set(p.children?.[0]?.value, p.children?.[1]);
    keyIndexes.set(object, index);
  }
  return index.get(key);
}

/** The members' property nodes of an object, or the elements of an array, in text order. */
function members(node: Node): Node[] {
  return node.children ?? [];
}

function isMultiLine(doc: JsonDocument): boolean {
  return doc.text.includes('\n');
}

function eolOf(doc: JsonDocument): string {
  return doc.text.includes('\r\n') ? '\r\n' : '\n';
}

/** The file's indentation unit: a tab, or the smallest indentation in spaces (2 when the file has none). */
export function detectIndent(text: string): string {
  let min = Infinity;
  for (const m of text.matchAll(/\n([ \t]+)\S/g)) {
    if (m[1].startsWith('\t')) return '\t';
    min = Math.min(min, m[1].length);
  }
  return ' '.repeat(Number.isFinite(min) ? Math.min(min, 8) : 2);
}

function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start, offset))?.[0] ?? '';
}

/** The separator to put before a new last member: the one between the last two, else one derived from the opening. */
function separatorFor(doc: JsonDocument, container: Node, kids: Node[]): string {
  if (kids.length >= 2) return doc.text.slice(end(kids[kids.length - 2]), kids[kids.length - 1].offset);
  const opening = doc.text.slice(container.offset + 1, kids[0].offset);
  if (opening.includes('\n')) return ',' + opening; // only whitespace: a newline and the members' indentation
  return opening.length > 0 ? ', ' : commaStyle(doc);
}

/** `", "` unless the file is written without a space after its commas (minified). */
function commaStyle(doc: JsonDocument): string {
  return /,[ \t\r\n]/.test(doc.text) || !doc.text.includes(',') ? ', ' : ',';
}

function colonStyle(doc: JsonDocument): string {
  const m = /"\s*:(\s*)/.exec(doc.text);
  return m ? `:${m[1].includes('\n') ? ' ' : m[1]}` : ': ';
}

/** Appends `items` (JSON texts) to the array at `pointer`. */
export function appendToArray(doc: JsonDocument, pointer: string, items: string[]): TextEdit | undefined {
  const node = nodeAt(doc, pointer);
  if (node?.type !== 'array' || items.length === 0) return undefined;
  const kids = members(node);
  if (kids.length === 0) return {offset: node.offset, length: node.length, content: `[${items.join(commaStyle(doc))}]`};
  const sep = separatorFor(doc, node, kids);
  return {offset: end(kids[kids.length - 1]), length: 0, content: items.map((i) => sep + i).join(''), joinable: true};
}

/** Adds `"key": value` as the last member of the object at `pointer` (which must not have the key). */
export function addProperty(doc: JsonDocument, pointer: string, key: string, valueText: string): TextEdit | undefined {
  const node = nodeAt(doc, pointer);
  if (node?.type !== 'object') return undefined;
  const member = `${JSON.stringify(key)}${colonStyle(doc)}${valueText}`;
  const kids = members(node);
  if (kids.length > 0) return {offset: end(kids[kids.length - 1]), length: 0, content: separatorFor(doc, node, kids) + member};
  if (!isMultiLine(doc)) return {offset: node.offset, length: node.length, content: `{${member}}`};
  const outer = lineIndent(doc.text, node.offset);
  const eol = eolOf(doc);
  return {offset: node.offset, length: node.length, content: `{${eol}${outer}${detectIndent(doc.text)}${member}${eol}${outer}}`};
}

/** Moves member `index` of the object or array at `pointer` to the front, keeping the text of every member as is. */
export function moveToFront(doc: JsonDocument, pointer: string, index: number): TextEdit[] | undefined {
  const node = nodeAt(doc, pointer);
  if (!node || (node.type !== 'object' && node.type !== 'array')) return undefined;
  const kids = members(node);
  if (index <= 0 || index >= kids.length) return undefined;
  const moved = kids[index];
  const before = kids[index - 1];
  const sep = doc.text.slice(end(before), moved.offset);
  return [
    {offset: kids[0].offset, length: 0, content: doc.text.slice(moved.offset, end(moved)) + sep},
    {offset: end(before), length: end(moved) - end(before), content: ''},
  ];
}

/** Keys of the object at `pointer` in text order. */
export function keysInTextOrder(doc: JsonDocument, pointer: string, value: JsonObject): string[] {
  const keys = Object.keys(value);
  if (!keys.some((k) => /^(0|[1-9]\d*)$/.test(k))) return keys;
  const node = nodeAt(doc, pointer);
  if (node?.type !== 'object') return keys;
  const seen = new Set<string>();
  const out: string[] = [];
  // A repeated key keeps its first position, as in JSON.parse.
  for (const p of members(node)) {
    const k: unknown = p.children?.[0]?.value;
    if (typeof k === 'string' && !seen.has(k)) {
      seen.add(k);
      out.push(k);
    }
  }
  return out;
}

// ---- the fixes ------------------------------------------------------------------------------------------------

export function fixAdditionalPropertiesFalse(doc: JsonDocument, objectPointer: string, schema: JsonObject): Fix | undefined {
  if (has(schema, 'additionalProperties')) return undefined; // true or a schema: loosening it is the user's call
  const edit = addProperty(doc, objectPointer, 'additionalProperties', 'false');
  return edit && {description: 'add "additionalProperties": false', edits: [edit]};
}

export type NullablePlan = {safe: false; why: string} | {safe: true; addNullType: boolean; addNullEnum: boolean};

/**
 * How to let a property also accept `null` (RFC 0030 §D strict-mode emulation of an optional property), or why that
 * cannot be done safely by a machine.
 */
export function nullablePlan(prop: unknown): NullablePlan {
  if (prop === true) return {safe: true, addNullType: false, addNullEnum: false};
  if (!isObject(prop)) return {safe: false, why: 'its schema is not an object'};
  // pydantic's Optional[T]: an anyOf that already admits null is required as it is.
  if (Array.isArray(prop.anyOf) && prop.anyOf.some(isNullBranch) && !['$ref', 'const', 'oneOf', 'allOf', 'not', 'if', 'type', 'enum'].some((k) => has(prop, k))) {
    return {safe: true, addNullType: false, addNullEnum: false};
  }
  for (const k of ['$ref', 'const', 'anyOf', 'oneOf', 'allOf', 'not', 'if']) {
    if (has(prop, k)) return {safe: false, why: `its schema uses "${k}"`};
  }
  let addNullType = false;
  if (has(prop, 'type')) {
    const t = prop.type;
    const list = typesOf(prop);
    if (!(typeof t === 'string' || (Array.isArray(t) && t.length > 0 && list.length === t.length))) return {safe: false, why: 'its "type" is malformed'};
    addNullType = !list.includes('null');
  }
  let addNullEnum = false;
  if (has(prop, 'enum')) {
    if (!Array.isArray(prop.enum)) return {safe: false, why: 'its "enum" is malformed'};
    addNullEnum = !prop.enum.includes(null);
  }
  return {safe: true, addNullType, addNullEnum};
}

/** The edits that make the property at `propPointer` nullable, or undefined when that is not safe. */
export function nullableEdits(doc: JsonDocument, propPointer: string, prop: unknown): TextEdit[] | undefined {
  const plan = nullablePlan(prop);
  if (!plan.safe) return undefined;
  const edits: TextEdit[] = [];
  if (plan.addNullType) {
    const node = nodeAt(doc, `${propPointer}/type`);
    if (!node) return undefined;
    if (node.type === 'string') edits.push({offset: node.offset, length: node.length, content: `[${doc.text.slice(node.offset, end(node))}${commaStyle(doc)}"null"]`});
    else {
      const e = appendToArray(doc, `${propPointer}/type`, ['"null"']);
      if (!e) return undefined;
      edits.push(e);
    }
  }
  if (plan.addNullEnum) {
    const e = appendToArray(doc, `${propPointer}/enum`, ['null']);
    if (!e) return undefined;
    edits.push(e);
  }
  return edits;
}

/**
 * Lists `names` in the object's `required` (creating it when absent) and makes `focus` nullable (only that, when
 * `names` is empty: `focus` is already required). Each finding's fix names its own property only, so n findings on one
 * object make n small fixes (not n lists of n names); their appends to one `required` are joinable, and a `required`
 * the first fix creates takes the others' names on the next pass.
 */
export function fixRequireNullable(doc: JsonDocument, objectPointer: string, schema: JsonObject, focus: string, names: string[]): Fix | undefined {
  const props = propertiesOf(schema);
  if (!props || (names.length > 0 && !names.includes(focus))) return undefined;
  const typeEdits = nullableEdits(doc, ptr(objectPointer, 'properties', focus), props[focus]);
  if (!typeEdits) return undefined;
  if (names.length === 0) return typeEdits.length ? {description: `allow null for "${focus}" (RFC 0030 §D)`, edits: typeEdits} : undefined;
  const quoted = names.map((n) => JSON.stringify(n));
  let requiredEdit: TextEdit | undefined;
  if (has(schema, 'required')) {
    if (!Array.isArray(schema.required)) return undefined;
    requiredEdit = appendToArray(doc, `${objectPointer}/required`, quoted);
  } else requiredEdit = addProperty(doc, objectPointer, 'required', `[${quoted.join(commaStyle(doc))}]`);
  if (!requiredEdit) return undefined;
  return {
    description: `list ${names.length === 1 ? `"${focus}"` : names.map((n) => `"${n}"`).join(', ')} in "required" and allow null for "${focus}" (RFC 0030 §D)`,
    edits: [requiredEdit, ...typeEdits],
  };
}

export function fixMoveFirst(doc: JsonDocument, containerPointer: string, index: number, what: string): Fix | undefined {
  const edits = moveToFront(doc, containerPointer, index);
  return edits && {description: `move ${what} first`, edits};
}

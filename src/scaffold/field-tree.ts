import {UserError} from '../core/user-error.js';
import {type FieldSpec, type FieldType, pathLabel, type PathSegment, typeLabel} from './field-spec.js';

/** A payload property: a `--field`, or an object created implicitly by a dotted path under it. */
export interface FieldNode {
  name: string;
  /** Display path, e.g. `steps[].title`. */
  path: string;
  type: FieldType;
  optional: boolean;
  description?: string;
  /** Created by a child's dotted path, not (yet) declared by its own `--field`. */
  implicit: boolean;
  /** Properties of an `object`, or of each item of an `object[]`, in the order given. */
  children: FieldNode[];
}

/** Names the scaffold adds itself. */
const RESERVED_ROOT = new Set(['reasoning']);

/**
 * Adds one field to the tree in place. A dotted path nests: `owner.name` creates (or reuses) the object `owner`,
 * `steps[].title` the `object[]` `steps`. A parent created that way is required and may still be declared later
 * by its own `--field` (to make it optional or describe it); any other repeat is a duplicate.
 */
export function addField(roots: FieldNode[], spec: FieldSpec): void {
  const fail = (why: string): never => {
    throw new UserError(`invalid --field "${spec.source}": ${why}`);
  };
  if (RESERVED_ROOT.has(spec.path[0].name)) {
    fail('"reasoning" is added by the scaffold itself as the first property (RFC 0030); use --no-reasoning for a kind without it');
  }
  let siblings = roots;
  spec.path.slice(0, -1).forEach((seg, i) => {
    siblings = childrenOf(siblings, seg, spec.path.slice(0, i + 1), fail);
  });
  const last = spec.path[spec.path.length - 1];
  const existing = siblings.find((n) => n.name === last.name);
  const path = pathLabel(spec.path);
  if (!existing) {
    siblings.push({name: last.name, path, type: spec.type, optional: spec.optional, description: spec.description, implicit: false, children: []});
    return;
  }
  if (!existing.implicit) fail(`the field "${path}" is given twice`);
  if (existing.type.base !== spec.type.base || existing.type.list !== spec.type.list) {
    fail(`"${path}" is used as ${typeLabel(existing.type)} by a nested field, so it cannot be ${typeLabel(spec.type)}`);
  }
  existing.optional = spec.optional;
  existing.description = spec.description;
  existing.implicit = false;
}

/** The children list under one parent segment, creating the parent when it is new. */
function childrenOf(siblings: FieldNode[], seg: PathSegment, prefix: readonly PathSegment[], fail: (why: string) => never): FieldNode[] {
  // The node's own path has no trailing [] (that marks its items): `steps`, not `steps[]`.
  const path = pathLabel([...prefix.slice(0, -1), {name: seg.name, list: false}]);
  const found = siblings.find((n) => n.name === seg.name);
  if (!found) {
    const node: FieldNode = {name: seg.name, path, type: {base: 'object', list: seg.list}, optional: false, implicit: true, children: []};
    siblings.push(node);
    return node.children;
  }
  if (found.type.base !== 'object') fail(`"${found.path}" is ${typeLabel(found.type)}, so nothing can be nested under it`);
  if (found.type.list && !seg.list) fail(`"${found.path}" is a list of objects: address its items as ${found.path}[].<name>`);
  if (!found.type.list && seg.list) fail(`"${found.path}" is an object, not a list: address its properties as ${found.path}.<name>`);
  return found.children;
}

/** Builds the whole tree and checks it is complete: at least one field, and no object without properties. */
export function buildFieldTree(specs: readonly FieldSpec[]): FieldNode[] {
  const roots: FieldNode[] = [];
  for (const spec of specs) addField(roots, spec);
  checkComplete(roots);
  return roots;
}

export function checkComplete(roots: readonly FieldNode[]): void {
  if (roots.length === 0) throw new UserError('a kind needs at least one field besides reasoning: add --field name:type');
  const empty = findEmptyObject(roots);
  if (empty) {
    const at = `${empty.path}${empty.type.list ? '[]' : ''}`;
    throw new UserError(`the ${typeLabel(empty.type)} field "${empty.path}" has no properties: add them with --field "${at}.<name>:<type>" (a closed object without properties only admits {})`);
  }
}

function findEmptyObject(nodes: readonly FieldNode[]): FieldNode | undefined {
  for (const node of nodes) {
    if (node.type.base === 'object' && node.children.length === 0) return node;
    const inner = findEmptyObject(node.children);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * Why a field at `path` could not be added to `roots` whatever its type, or undefined: a repeat of a declared field, a
 * parent that is not an object, `reasoning`. Lets the interactive flow refuse a name before asking about its type.
 */
export function fieldPathConflict(roots: readonly FieldNode[], path: readonly PathSegment[]): string | undefined {
  let siblings: readonly FieldNode[] = roots;
  let node: FieldNode | undefined;
  for (const seg of path) {
    node = siblings.find((n) => n.name === seg.name);
    if (!node) break;
    siblings = node.children;
  }
  // Probe with the type an implicit node already has, so only real conflicts show.
  const type: FieldType = node?.implicit && node.path === pathLabel(path) ? node.type : {base: 'string', list: false};
  try {
    addField(structuredClone(roots) as FieldNode[], {source: pathLabel(path), path, type, optional: false});
    return undefined;
  } catch (error) {
    if (error instanceof UserError) return error.message.replace(/^invalid --field "[^"]*": /, '');
    throw error;
  }
}

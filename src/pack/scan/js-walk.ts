import type {ESTree} from 'meriyah';

/** An ESTree node as the parser (meriyah) makes it. */
export type Node = ESTree.Node;

/** Where `node` starts: meriyah sets `start` on every node when the parse asks for offsets, and every parse here does. */
export function startOf(node: Node): number {
  return node.start ?? 0;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as {type?: unknown}).type === 'string';
}

/** Child keys that hold no expression: names of properties, labels, the exported alias. */
const NOT_VISITED: Readonly<Record<string, readonly string[]>> = {
  LabeledStatement: ['label'],
  BreakStatement: ['label'],
  ContinueStatement: ['label'],
  MetaProperty: ['meta', 'property'],
  ExportSpecifier: ['local', 'exported'],
  ImportSpecifier: ['imported'],
  ExportAllDeclaration: ['exported'],
};

/** Child keys that declare names (bindings), as opposed to reading them. */
const BINDING_KEYS: Readonly<Record<string, readonly string[]>> = {
  VariableDeclarator: ['id'],
  FunctionDeclaration: ['id', 'params'],
  FunctionExpression: ['id', 'params'],
  ArrowFunctionExpression: ['params'],
  ClassDeclaration: ['id'],
  ClassExpression: ['id'],
  CatchClause: ['param'],
  ImportSpecifier: ['local'],
  ImportDefaultSpecifier: ['local'],
  ImportNamespaceSpecifier: ['local'],
};

interface WalkVisitor {
  /** Every node, with its ancestors (the last is its parent). */
  node(node: Node, ancestors: readonly Node[]): void;
  /** An identifier read as a variable (not a property name, a label or a declaration). */
  reference(node: ESTree.Identifier, ancestors: readonly Node[]): void;
  /** An identifier a declaration binds. */
  binding(name: string): void;
}

/**
 * Walks an ESTree tree by its keys (no table of node types to keep current), telling apart the identifiers that read
 * a variable from those that declare one or name a property. Iterative, so a deeply nested file cannot overflow the
 * stack.
 */
export function walk(root: Node, visitor: WalkVisitor): void {
  const ancestors: Node[] = [];
  // Entries: a node with whether it sits in a binding position, or null to pop the ancestor stack.
  const stack: ({node: Node; binding: boolean} | null)[] = [{node: root, binding: false}];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === null || item === undefined) {
      ancestors.pop();
      continue;
    }
    const {node, binding} = item;
    if (node.type === 'Identifier') {
      if (binding) visitor.binding(node.name);
      else visitor.reference(node, ancestors);
      continue;
    }
    visitor.node(node, ancestors);
    const skipped = NOT_VISITED[node.type];
    const bindingKeys = BINDING_KEYS[node.type];
    const children: {node: Node; binding: boolean}[] = [];
    // for…in, not Object.entries: this runs for every node of every scanned file, and entries allocate per node.
    for (const key in node) {
      if (key === 'type' || key === 'start' || key === 'end' || skipped?.includes(key)) continue;
      const value = (node as unknown as Record<string, unknown>)[key];
      if (value === null || typeof value !== 'object') continue;
      // Names of properties and members are not variables; computed ones are expressions, and so visited.
      if (key === 'key' && (node.type === 'Property' || node.type === 'MethodDefinition' || node.type === 'PropertyDefinition') && !node.computed) continue;
      if (key === 'property' && node.type === 'MemberExpression' && !node.computed) continue;
      const inBinding = (bindingKeys?.includes(key) ?? false) || (binding && isPatternPart(node.type, key));
      if (Array.isArray(value)) {
        for (const child of value as unknown[]) if (isNode(child)) children.push({node: child, binding: inBinding});
      } else if (isNode(value)) children.push({node: value, binding: inBinding});
    }
    ancestors.push(node);
    stack.push(null);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
}

/** Inside a pattern that binds names, which parts bind too (a default value is read, not bound). */
function isPatternPart(type: string, key: string): boolean {
  if (type === 'AssignmentPattern') return key === 'left';
  return type === 'ObjectPattern' || type === 'ArrayPattern' || type === 'RestElement' || (type === 'Property' && key === 'value');
}

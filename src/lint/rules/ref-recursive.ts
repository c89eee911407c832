import {defineLintRule} from '../define-lint-rule.js';
import {SOURCES} from '../rule-helpers.js';
import {ptr} from '../schema-util.js';
import type {SchemaNode} from '../types.js';

/** How a recursive `$ref` is named in a message; the rules that report one add their advice after it. */
export const RECURSIVE_REF = '"$ref": "{{ref}}" points back into a schema that contains it ({{file}}#{{target}})';

/** The data for {@link RECURSIVE_REF}, when the node's `$ref` is recursive. */
export function recursiveRefData(node: SchemaNode): {ref: string; file: string; target: string} | undefined {
  const ref = node.ref;
  if (ref?.status !== 'recursive') return undefined;
  return {ref: ref.ref, file: ref.doc.source.file, target: ref.pointer};
}

const rule = defineLintRule({
  meta: {
    id: 'ref/recursive',
    description: 'No recursive $ref (a schema that contains a reference to itself).',
    messages: {recursive: `${RECURSIVE_REF}: recursive schemas are only partly supported across vendors (Anthropic refuses them); unroll it to a fixed depth`},
    severity: 'warning',
    targets: ['tier1'],
    nodes: 'ref',
    sources: [SOURCES.rfc0030, SOURCES.anthropic],
    docs: {
      valid: [{type: 'object', properties: {a: {$ref: '#/$defs/leaf'}}, required: ['a'], additionalProperties: false, $defs: {leaf: {type: 'string'}}}],
      invalid: [
        {schema: {type: 'object', properties: {children: {type: 'array', items: {$ref: '#'}}}, required: ['children'], additionalProperties: false}, findings: 1},
        {schema: {type: 'object', properties: {n: {$ref: '#/$defs/node'}}, $defs: {node: {type: 'object', properties: {next: {$ref: '#/$defs/node'}}}}}, findings: 1},
      ],
    },
    explanation:
      'The RFC 0030 §B table marks recursive $ref to #/$defs as partial support: OpenAI accepts it, Anthropic refuses any recursion (anthropic/recursion reports it as an error for that target). Reported once per referring $ref, which our walker then does not follow, so every $ref cycle terminates. Bound the depth instead: unroll the recursion a fixed number of levels.',
  },
  check(node, ctx) {
    const data = recursiveRefData(node);
    if (data) ctx.report({doc: node.doc, pointer: ptr(node.pointer, '$ref'), messageId: 'recursive', data});
  },
});

export default rule;

import {SINCE, SOURCES} from '../rule-helpers.js';
import {ptr} from '../schema-util.js';
import type {LintRule, SchemaNode} from '../types.js';

export function recursiveRefMessage(node: SchemaNode): string | undefined {
  const ref = node.ref;
  if (ref?.status !== 'recursive') return undefined;
  return `"$ref": "${ref.ref}" points back into a schema that contains it (${ref.doc.source.file}#${ref.pointer})`;
}

const rule: LintRule = {
  meta: {
    id: 'ref/recursive',
    description: 'No recursive $ref (a schema that contains a reference to itself).',
    severity: 'warning',
    profiles: ['load-bearing', 'strict'],
    targets: ['tier1'],
    fixable: false,
    since: SINCE,
    extension: true,
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
    const message = recursiveRefMessage(node);
    if (message) ctx.report({doc: node.doc, pointer: ptr(node.pointer, '$ref'), message: `${message}: recursive schemas are only partly supported across vendors (Anthropic refuses them); unroll it to a fixed depth`});
  },
};

export default rule;

import {defineLintRule} from '../define-lint-rule.js';
import {SOURCES} from '../rule-helpers.js';
import {VERIFIED} from '../../core/rule-sources.js';
import {ptr} from '../schema-util.js';
import {RECURSIVE_REF, recursiveRefData} from './ref-recursive.js';

const rule = defineLintRule({
  meta: {
    id: 'anthropic/recursion',
    description: 'Anthropic: no recursive schemas.',
    messages: {recursive: `${RECURSIVE_REF}: Anthropic refuses recursive schemas; unroll it to a fixed depth (not auto-fixable: how deep is your call)`},
    nodes: 'ref',
    sources: [SOURCES.anthropic],
    evidence: [{kind: 'docs', text: 'Recursive schemas are not supported.', url: SOURCES.anthropic.url, verified: VERIFIED}],
    docs: {
      valid: [{type: 'object', properties: {a: {$ref: '#/$defs/leaf'}}, required: ['a'], additionalProperties: false, $defs: {leaf: {type: 'string'}}}],
      invalid: [{schema: {type: 'object', properties: {children: {type: 'array', items: {$ref: '#'}}}, required: ['children'], additionalProperties: false}, findings: 1}],
    },
    explanation: 'Anthropic structured outputs and strict tool use refuse recursive schemas. Reported at each $ref that leads back into a schema containing it. Unroll the recursion to a fixed depth.',
  },
  check(node, ctx) {
    const data = recursiveRefData(node);
    if (data) ctx.report({doc: node.doc, pointer: ptr(node.pointer, '$ref'), messageId: 'recursive', data});
  },
});

export default rule;

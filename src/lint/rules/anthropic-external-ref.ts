import {defineLintRule} from '../define-lint-rule.js';
import {SOURCES} from '../rule-helpers.js';
import {VERIFIED} from '../../core/rule-sources.js';
import {ptr} from '../schema-util.js';

const rule = defineLintRule({
  meta: {
    id: 'anthropic/external-ref',
    description: 'Anthropic: $ref only within the schema (#/$defs/…), not to other files or URLs.',
    messages: {external: '"$ref": "{{ref}}" points outside this schema; Anthropic resolves only local references: bundle it into "$defs"'},
    nodes: 'ref',
    sources: [SOURCES.anthropic],
    evidence: [{kind: 'docs', text: 'External $ref (to other documents or URLs) is not supported; local $ref and $defs are.', url: SOURCES.anthropic.url, verified: VERIFIED}],
    docs: {
      valid: [{type: 'object', properties: {a: {$ref: '#/$defs/a'}}, required: ['a'], additionalProperties: false, $defs: {a: {type: 'string'}}}],
      invalid: [{schema: {type: 'object', properties: {a: {$ref: 'https://example.com/a.json'}}, required: ['a'], additionalProperties: false}, findings: 1}],
    },
    explanation:
      'Anthropic resolves only local references; a schema sent to the API must be self-contained. Bundle referenced files into $defs before sending (the linter still follows relative file refs to check them).',
  },
  check(node, ctx) {
    const ref = node.ref;
    if (!ref) return;
    const external = ref.status === 'remote' || ((ref.status === 'resolved' || ref.status === 'recursive') && ref.doc !== node.doc);
    if (external) ctx.report({doc: node.doc, pointer: ptr(node.pointer, '$ref'), messageId: 'external', data: {ref: ref.ref}});
  },
});

export default rule;

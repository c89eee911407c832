import {defineLintRule} from '../define-lint-rule.js';
import {SOURCES} from '../rule-helpers.js';
import {ptr} from '../schema-util.js';

const rule = defineLintRule({
  meta: {
    id: 'ref/unresolved',
    description: 'Every local or relative-file $ref resolves.',
    messages: {unresolved: '"$ref": "{{ref}}" does not resolve: {{reason}}'},
    nodes: 'ref',
    sources: [SOURCES.jsonSchemaRef],
    docs: {
      valid: [{type: 'object', properties: {a: {$ref: '#/$defs/a'}}, $defs: {a: {type: 'string'}}}],
      invalid: [
        {schema: {type: 'object', properties: {a: {$ref: '#/$defs/missing'}}}, findings: 1},
        {schema: {type: 'object', properties: {a: {$ref: 'no-such-file.schema.json'}}}, findings: 1},
      ],
    },
    explanation:
      'A $ref that names nothing makes the schema unusable: vendors refuse it and validators throw. Reported for a missing pointer (#/$defs/x), a missing $anchor, an unreadable or invalid referenced file, and URI schemes other than http(s) (urn:, file:), which are not followed.',
  },
  check(node, ctx) {
    if (node.ref?.status !== 'unresolved') return;
    ctx.report({doc: node.doc, pointer: ptr(node.pointer, '$ref'), messageId: 'unresolved', data: {ref: node.ref.ref, reason: node.ref.reason}});
  },
});

export default rule;

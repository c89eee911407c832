import {defineLintRule} from '../define-lint-rule.js';
import {SOURCES} from '../rule-helpers.js';
import {propertiesOf} from '../schema-util.js';

const rule = defineLintRule({
  meta: {
    id: 'reasoning/forbidden-on-ack',
    description: 'The schema.response payload must not declare "reasoning".',
    messages: {declared: 'schema.response (kind from {{kindSource}}) must not declare "reasoning": the acknowledgement carries no reasoning (RFC 0030); remove the property'},
    nodes: 'root',
    sources: [SOURCES.rfc0030, SOURCES.rfc0021],
    docs: {
      valid: [
        {
          'x-openwop-kind': 'schema.response',
          type: 'object',
          properties: {envelopeType: {type: 'string'}, ack: {type: 'boolean', const: true}},
          required: ['envelopeType', 'ack'],
          additionalProperties: false,
        },
      ],
      invalid: [
        {
          schema: {
            $id: 'https://example.com/envelopes/schema.response.schema.json',
            type: 'object',
            properties: {reasoning: {type: 'string'}, envelopeType: {type: 'string'}, ack: {type: 'boolean'}},
            required: ['envelopeType', 'ack'],
            additionalProperties: false,
          },
          findings: 1,
        },
      ],
    },
    explanation:
      'schema.response is a side-channel acknowledgement that never reaches a user; RFC 0030 keeps it free of reasoning (the upstream schema deliberately has none). The kind is taken from x-openwop-kind, else a $id ending in schema.response.schema.json, else the file name, else a kind-like title. Remove the property yourself: --fix never deletes what you wrote.',
  },
  check(node, ctx) {
    if (!node.isRoot || ctx.root.kind?.kind !== 'schema.response') return;
    const props = propertiesOf(node.schema);
    if (props && Object.hasOwn(props, 'reasoning')) {
      ctx.report({pointer: '/properties/reasoning', messageId: 'declared', data: {kindSource: ctx.root.kind.source}});
    }
  },
});

export default rule;

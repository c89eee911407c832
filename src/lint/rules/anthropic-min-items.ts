import {defineLintRule} from '../define-lint-rule.js';
import {SOURCES} from '../rule-helpers.js';
import {VERIFIED} from '../../core/rule-sources.js';
import {has, ptr} from '../schema-util.js';

const rule = defineLintRule({
  meta: {
    id: 'anthropic/min-items',
    keywords: ['minItems'],
    description: 'Anthropic: minItems is 0 or 1.',
    messages: {minItems: '"minItems": {{minItems}} is not supported by Anthropic (only 0 or 1): use 1 or drop it and check the count in the host (not auto-fixable: it would loosen the schema)'},
    impliedBy: ['tier1/array-constraint', 'tier1-ext/array-constraint'],
    sources: [SOURCES.anthropic],
    evidence: [
      {
        kind: 'api-error',
        text: "output_config.format.schema: For 'array' type, 'minItems' values other than 0 or 1 are not supported",
        url: 'https://github.com/ghostlobster/memorize-everything/issues/93',
        verified: VERIFIED,
      },
    ],
    docs: {
      valid: [{type: 'object', properties: {a: {type: 'array', items: {type: 'string'}, minItems: 1}}, required: ['a'], additionalProperties: false}],
      invalid: [{schema: {type: 'object', properties: {a: {type: 'array', items: {type: 'string'}, minItems: 2}}, required: ['a'], additionalProperties: false}, findings: 1}],
    },
    explanation: 'Anthropic supports minItems only with the values 0 and 1. Check larger minimums in the host.',
  },
  check(node, ctx) {
    const m = node.schema.minItems;
    if (has(node.schema, 'minItems') && m !== 0 && m !== 1) {
      ctx.report({doc: node.doc, pointer: ptr(node.pointer, 'minItems'), messageId: 'minItems', data: {minItems: JSON.stringify(m)}});
    }
  },
});

export default rule;

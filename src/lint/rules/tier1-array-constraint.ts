import {defineLintRule} from '../define-lint-rule.js';
import {CONSTRAINT_MESSAGES, constraintCheck, SOURCES} from '../rule-helpers.js';

const KEYWORDS = ['minItems', 'maxItems', 'uniqueItems'];

const rule = defineLintRule({
  meta: {
    id: 'tier1/array-constraint',
    keywords: KEYWORDS,
    description: 'No minItems, maxItems or uniqueItems on arrays.',
    messages: CONSTRAINT_MESSAGES,
    profiles: ['strict'],
    reach: 'upstream',
    sources: [SOURCES.rfc0030, SOURCES.conformance, SOURCES.anthropic],
    docs: {
      valid: [{type: 'object', properties: {tags: {type: 'array', items: {type: 'string'}}}, required: ['tags'], additionalProperties: false}],
      invalid: [{schema: {type: 'object', properties: {tags: {type: 'array', items: {type: 'string'}, minItems: 1, uniqueItems: true}}, required: ['tags'], additionalProperties: false}, findings: 2}],
    },
    explanation:
      'Strict mode only. One finding per keyword (minItems, maxItems, uniqueItems) on a schema whose type is or includes "array", as upstream counts. Anthropic accepts only minItems 0 or 1 (anthropic/min-items); uniqueItems is enforced by nobody. Check the count in the host.',
  },
  check: constraintCheck(['array'], KEYWORDS, 'an array'),
});

export default rule;

import {defineLintRule} from '../define-lint-rule.js';
import {CONSTRAINT_MESSAGES, constraintCheck, SOURCES} from '../rule-helpers.js';

const KEYWORDS = ['minimum', 'maximum', 'multipleOf'];

const rule = defineLintRule({
  meta: {
    id: 'tier1/number-constraint',
    keywords: KEYWORDS,
    description: 'No minimum, maximum or multipleOf on numbers and integers.',
    messages: CONSTRAINT_MESSAGES,
    profiles: ['strict'],
    reach: 'upstream',
    sources: [SOURCES.rfc0030, SOURCES.conformance, SOURCES.anthropic],
    docs: {
      valid: [{type: 'object', properties: {bytes: {type: 'integer', description: 'at least 0'}}, required: ['bytes'], additionalProperties: false}],
      invalid: [
        {
          schema: {type: 'object', properties: {bytes: {type: 'integer', minimum: 0}, ratio: {type: 'number', minimum: 0, maximum: 1}}, required: ['bytes', 'ratio'], additionalProperties: false},
          findings: 3,
        },
      ],
    },
    explanation:
      'Strict mode only. One finding per keyword (minimum, maximum, multipleOf) on a schema whose type is or includes "number" or "integer", as upstream counts. exclusiveMinimum/exclusiveMaximum are not part of upstream\'s list; anthropic/numeric-bounds reports them for Anthropic. Move the bound into "description" and check it in the host.',
  },
  check: constraintCheck(['number', 'integer'], KEYWORDS, 'a number'),
});

export default rule;

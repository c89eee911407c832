import {defineLintRule} from '../define-lint-rule.js';
import {CONSTRAINT_MESSAGES, constraintCheck, SOURCES} from '../rule-helpers.js';

const KEYWORDS = ['minLength', 'maxLength', 'pattern', 'format'];

const rule = defineLintRule({
  meta: {
    id: 'tier1/string-constraint',
    keywords: KEYWORDS,
    description: 'No minLength, maxLength, pattern or format on strings.',
    messages: CONSTRAINT_MESSAGES,
    profiles: ['strict'],
    reach: 'upstream',
    sources: [SOURCES.rfc0030, SOURCES.conformance, SOURCES.anthropic],
    docs: {
      valid: [{type: 'object', properties: {id: {type: 'string', description: '1 to 128 characters'}}, required: ['id'], additionalProperties: false}],
      invalid: [
        {
          schema: {type: 'object', properties: {id: {type: 'string', minLength: 1, maxLength: 128}, url: {type: 'string', format: 'uri'}}, required: ['id', 'url'], additionalProperties: false},
          findings: 3,
        },
      ],
    },
    explanation:
      'Strict mode only. One finding per keyword (minLength, maxLength, pattern, format) on a schema whose type is or includes "string" — the way upstream counts, so error.schema.json gives 3 here (code has two, message one). Anthropic enforces no length bounds, OpenAI supports only some formats, Gemini drops some: none of them is safe across vendors. Removing a bound loosens the contract, so --fix never does it; move the constraint into "description" and check it in the host.',
  },
  check: constraintCheck(['string'], KEYWORDS, 'a string'),
});

export default rule;

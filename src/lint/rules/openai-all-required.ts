import {defineLintRule} from '../define-lint-rule.js';
import {SOURCES} from '../rule-helpers.js';
import {VERIFIED} from '../../core/rule-sources.js';
import {ALL_REQUIRED_MESSAGES, checkAllRequired} from './tier1-all-required.js';

const rule = defineLintRule({
  meta: {
    id: 'openai/all-required',
    keywords: ['properties'],
    description: 'OpenAI: every property, at any depth, is listed in "required".',
    messages: ALL_REQUIRED_MESSAGES,
    fixable: true,
    impliedBy: ['tier1/all-required', 'tier1-ext/all-required'],
    sources: [SOURCES.openai],
    evidence: [
      {
        kind: 'api-error',
        text: "Invalid schema for function 'question': In context=('properties', 'questions', 'items'), 'required' is required to be supplied and to be an array including every key in properties. Missing 'multiple'.",
        url: 'https://github.com/anomalyco/opencode/issues/13737',
        verified: VERIFIED,
      },
    ],
    docs: {
      valid: [{type: 'object', properties: {a: {type: ['string', 'null']}}, required: ['a'], additionalProperties: false}],
      invalid: [
        {
          schema: {
            type: 'object',
            properties: {a: {type: 'string'}, b: {type: 'object', properties: {c: {type: 'integer'}}, additionalProperties: false}},
            required: ['b'],
            additionalProperties: false,
          },
          findings: 2,
        },
      ],
    },
    explanation:
      'OpenAI strict mode refuses a schema in which any property is missing from its object\'s "required"; optional fields are emulated with a null union (type ["string", "null"]). A hard requirement there, so this rule runs in both profiles and at every depth. --fix lists the property and adds null to its type (and enum).',
  },
  check: checkAllRequired,
});

export default rule;

import {defineLintRule} from '../define-lint-rule.js';
import {SOURCES} from '../rule-helpers.js';
import {VERIFIED} from '../../core/rule-sources.js';
import {CLOSED_OBJECT_MESSAGES, checkClosedObject} from './tier1-additional-properties.js';

const rule = defineLintRule({
  meta: {
    id: 'anthropic/additional-properties',
    keywords: ['type'],
    description: 'Anthropic: every object schema sets "additionalProperties": false (the only value supported).',
    messages: CLOSED_OBJECT_MESSAGES,
    fixable: true,
    impliedBy: ['tier1/additional-properties', 'tier1-ext/additional-properties', 'openai/additional-properties'],
    sources: [SOURCES.anthropic],
    evidence: [
      {kind: 'api-error', text: "tools.0.custom: For 'object' type, 'additionalProperties' must be explicitly set to false", url: 'https://github.com/vercel/ai/issues/20681', verified: VERIFIED},
    ],
    docs: {
      valid: [{type: 'object', properties: {}, required: [], additionalProperties: false}],
      invalid: [{schema: {type: 'object', properties: {m: {type: 'object', additionalProperties: {type: 'string'}}}, required: ['m'], additionalProperties: false}, findings: 1}],
    },
    explanation:
      'Anthropic structured outputs require additionalProperties: false on every object and support no other value (true or a schema is refused). At every depth, in both profiles. --fix adds it when absent.',
  },
  check: checkClosedObject,
});

export default rule;

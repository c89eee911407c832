import {defineLintRule} from '../define-lint-rule.js';
import {SOURCES} from '../rule-helpers.js';
import {VERIFIED} from '../../core/rule-sources.js';
import {CLOSED_OBJECT_MESSAGES, checkClosedObject} from './tier1-additional-properties.js';

const rule = defineLintRule({
  meta: {
    id: 'openai/additional-properties',
    keywords: ['type'],
    description: 'OpenAI: every object schema, at any depth, sets "additionalProperties": false.',
    messages: CLOSED_OBJECT_MESSAGES,
    fixable: true,
    impliedBy: ['tier1/additional-properties', 'tier1-ext/additional-properties'],
    sources: [SOURCES.openai],
    evidence: [
      {
        kind: 'api-error',
        text: "Invalid schema for function 'my_tool': In context=('properties', 'fields'), 'additionalProperties' is required to be supplied and to be false.",
        url: 'https://github.com/letta-ai/letta/issues/3137',
        verified: VERIFIED,
      },
    ],
    docs: {
      valid: [{type: 'object', properties: {a: {type: 'object', properties: {}, required: [], additionalProperties: false}}, required: ['a'], additionalProperties: false}],
      invalid: [{schema: {type: 'object', properties: {a: {type: 'object', properties: {}, required: []}}, required: ['a']}, findings: 2}],
    },
    explanation:
      'OpenAI strict mode refuses a schema unless every object sets additionalProperties: false — a hard requirement there, so this rule runs in the load-bearing profile too and at every depth (tier1/additional-properties is strict-only and stops at depth 5). When both targets are on, a place tier1 already reports is not reported twice. --fix adds the keyword when absent.',
  },
  check: checkClosedObject,
});

export default rule;

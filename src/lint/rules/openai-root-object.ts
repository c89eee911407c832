import {defineLintRule} from '../define-lint-rule.js';
import {SOURCES} from '../rule-helpers.js';
import {VERIFIED} from '../../core/rule-sources.js';
import {ROOT_OBJECT_MESSAGES, checkRootObject} from './tier1-root-object.js';

const rule = defineLintRule({
  meta: {
    id: 'openai/root-object',
    description: 'OpenAI: the root is "type": "object", with no anyOf, oneOf, allOf, enum or not beside it.',
    messages: ROOT_OBJECT_MESSAGES,
    impliedBy: ['tier1/root-object'],
    sources: [SOURCES.openai],
    evidence: [
      {
        kind: 'api-error',
        text: "Invalid schema for function '…': schema must be a JSON Schema of 'type: \"object\"', got 'type: null'.",
        url: 'https://github.com/chatanywhere/GPT_API_free/issues/403',
        verified: VERIFIED,
      },
      {
        kind: 'api-error',
        text: "Invalid schema for function '…': schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level.",
        url: 'https://github.com/cecli-dev/cecli/issues/281',
        verified: VERIFIED,
      },
    ],
    docs: {
      valid: [{type: 'object', properties: {}, required: [], additionalProperties: false}],
      invalid: [
        {schema: {anyOf: [{type: 'object'}]}, findings: 2},
        {schema: {$ref: '#/$defs/Node', $defs: {Node: {type: 'object', properties: {}, required: [], additionalProperties: false}}}, findings: 1},
        {schema: {type: 'object', properties: {}, oneOf: [{required: []}], not: {required: ['x']}}, findings: 2},
      ],
    },
    explanation:
      'OpenAI refuses a root schema without "type": "object" (a root $ref from a recursive pydantic model gets "got \'type: null\'"), and one with anyOf, oneOf, allOf, enum or not at the top level, for strict structured outputs and for function tools alike. Wrap variants in a property.',
  },
  begin: (ctx) => checkRootObject(ctx, ['anyOf', 'oneOf', 'allOf', 'enum', 'not']),
});

export default rule;

import {defineLintRule} from '../define-lint-rule.js';
import {SOURCES} from '../rule-helpers.js';
import {VERIFIED} from '../../core/rule-sources.js';
import {ROOT_OBJECT_MESSAGES, checkRootObject} from './tier1-root-object.js';

const rule = defineLintRule({
  meta: {
    id: 'anthropic/root-object',
    description: 'Anthropic: the root schema has "type": "object" (not a $ref, an array or "OBJECT") and no anyOf, oneOf or allOf.',
    messages: ROOT_OBJECT_MESSAGES,
    impliedBy: ['tier1/root-object'],
    sources: [SOURCES.anthropic],
    evidence: [
      {kind: 'api-error', text: 'input_schema.type: Field required', url: 'https://github.com/lidge-jun/opencodex/issues/75', verified: VERIFIED},
      {
        kind: 'api-error',
        text: 'tools.202.custom.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level',
        url: 'https://github.com/anthropics/claude-code/issues/27337',
        verified: VERIFIED,
      },
    ],
    docs: {
      valid: [{type: 'object', properties: {a: {$ref: '#/$defs/a'}}, required: ['a'], additionalProperties: false, $defs: {a: {type: 'string'}}}],
      invalid: [
        {schema: {$ref: '#/$defs/Node', $defs: {Node: {type: 'object', properties: {v: {type: 'string'}}, required: ['v'], additionalProperties: false}}}, findings: 1},
        {schema: {type: 'OBJECT', properties: {}}, findings: 1},
        {schema: {type: 'array', items: {type: 'string'}}, findings: 1},
        {schema: {type: 'object', properties: {}, oneOf: [{required: ['a']}, {required: ['b']}]}, findings: 1},
      ],
    },
    explanation:
      'Anthropic reads a tool\'s input_schema (and a structured-output schema) as an object whose root carries "type": "object" itself, in lower case. A root that is only a $ref (what pydantic emits for a model that refers to itself), an anyOf, an array, or an upper-case "OBJECT" is answered with HTTP 400 ("input_schema.type: Field required"), and so is an anyOf, oneOf or allOf at the root, strict or not ("input_schema does not support oneOf, allOf, or anyOf at the top level"). Put the object at the root and its definitions under "$defs".',
  },
  begin: (ctx) => checkRootObject(ctx, ['anyOf', 'oneOf', 'allOf']),
});

export default rule;

import {defineLintRule} from '../define-lint-rule.js';
import {SOURCES} from '../rule-helpers.js';
import {VERIFIED} from '../../core/rule-sources.js';

/** A sub-schema with one of these says what it holds without "type" (or is reported for the keyword itself). */
const TYPED_OTHERWISE = ['type', '$ref', 'anyOf', 'oneOf', 'allOf', 'enum', 'const', 'not'];

const rule = defineLintRule({
  meta: {
    id: 'openai/type-required',
    description: 'OpenAI: every sub-schema says its "type" (an empty schema such as "items": {} is refused).',
    messages: {noType: 'this schema has no "type"; OpenAI refuses it ("schema must have a \'type\' key") (not auto-fixable: say which type it holds)'},
    sources: [SOURCES.openai],
    evidence: [
      {
        kind: 'api-error',
        text: "Invalid schema for function '…': In context=('properties', 'slide_instructions', 'items'), schema must have a 'type' key.",
        url: 'https://github.com/can1357/oh-my-pi/pull/210',
        verified: VERIFIED,
      },
    ],
    docs: {
      valid: [{type: 'object', properties: {tags: {type: 'array', items: {type: 'string'}}, kind: {enum: ['a', 'b']}}, required: ['tags', 'kind'], additionalProperties: false}],
      invalid: [{schema: {type: 'object', properties: {tags: {type: 'array', items: {}}, any: {description: 'anything'}}, required: ['tags', 'any'], additionalProperties: false}, findings: 2}],
    },
    explanation:
      'OpenAI strict mode needs to know what every sub-schema generates: one with no "type" (and no $ref, anyOf, enum or const to say it instead) is refused with "schema must have a \'type\' key". JSON Schema reads an empty schema as "anything"; strict mode has no such thing. Say the type (not auto-fixable: which type is your call).',
  },
  check(node, ctx) {
    if (node.isRoot || node.edge === 'definitions' || node.edge === '$defs') return;
    for (const key of TYPED_OTHERWISE) if (Object.hasOwn(node.schema, key)) return;
    ctx.report({doc: node.doc, pointer: node.pointer, messageId: 'noType'});
  },
});

export default rule;

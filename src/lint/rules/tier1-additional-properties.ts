import {defineLintRule} from '../define-lint-rule.js';
import {fixAdditionalPropertiesFalse} from '../fixes.js';
import {SOURCES, tier1Checks} from '../rule-helpers.js';
import {has, isObjectType, ptr} from '../schema-util.js';
import type {JsonObject} from '../../core/json.js';
import type {RuleContext, SchemaNode} from '../types.js';

/** The messages of every rule whose check is {@link checkClosedObject}. */
export const CLOSED_OBJECT_MESSAGES = {
  notFalse: '"additionalProperties" is {{value}}; strict mode needs false: list the keys you need under "properties" (not auto-fixable: it would refuse data accepted today)',
  missing: 'object schema does not set "additionalProperties": false',
};

/** Shared by every "objects must be closed" rule: reports an object schema whose additionalProperties is not false. */
export function checkClosedObject(node: SchemaNode, ctx: RuleContext): void {
  const schema: JsonObject = node.schema;
  if (!isObjectType(schema) || schema.additionalProperties === false) return;
  if (!has(schema, 'additionalProperties')) {
    reportMissing(node, ctx);
    return;
  }
  const what = schema.additionalProperties === true ? 'true' : 'a schema';
  ctx.report({
    doc: node.doc,
    // A schema-valued additionalProperties is itself walked (its own findings sit at …/additionalProperties): report this
    // one at the object, so the two never share a pointer.
    pointer: schema.additionalProperties === true ? ptr(node.pointer, 'additionalProperties') : node.pointer,
    messageId: 'notFalse',
    data: {value: what},
  });
}

// Apart from the check: a closure over the check's arguments would cost an allocation on every sub-schema.
function reportMissing(node: SchemaNode, ctx: RuleContext): void {
  ctx.report({
    doc: node.doc,
    pointer: node.pointer,
    messageId: 'missing',
    fix: () => fixAdditionalPropertiesFalse(node.doc, node.pointer, node.schema),
  });
}

const rule = defineLintRule({
  meta: {
    id: 'tier1/additional-properties',
    keywords: ['type'],
    description: 'Every object schema sets "additionalProperties": false.',
    messages: CLOSED_OBJECT_MESSAGES,
    profiles: ['strict'],
    fixable: true,
    reach: 'upstream',
    sources: [SOURCES.rfc0030, SOURCES.conformance, SOURCES.openai, SOURCES.anthropic],
    docs: {
      valid: [{type: 'object', properties: {a: {type: 'string'}}, required: ['a'], additionalProperties: false}],
      invalid: [
        {schema: {type: 'object', properties: {a: {type: 'string'}}, required: ['a']}, findings: 1},
        {schema: {type: 'object', properties: {meta: {type: 'object', additionalProperties: true}}, required: ['meta'], additionalProperties: false}, findings: 1},
      ],
    },
    explanation:
      'Strict mode only. One finding per object schema (type "object", or a type list with "object") whose additionalProperties is not false: at the object when the keyword is absent or a schema (a schema is walked itself, and its own findings sit at …/additionalProperties), at the keyword when it is true. --fix adds "additionalProperties": false when it is absent; it never flips true or a schema to false, because that would refuse data the schema accepts today.',
  },
  check(node, ctx) {
    if (tier1Checks(node)) checkClosedObject(node, ctx);
  },
});

export default rule;

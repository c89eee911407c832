import {defineLintRule} from '../define-lint-rule.js';
import {SOURCES} from '../rule-helpers.js';
import {has} from '../schema-util.js';
import {isObject} from '../../core/json.js';
import type {RuleContext} from '../types.js';

/** Why a root that is not an object is left to its author. */
const WRAP = "putting it under a property changes the payload's shape";

/** The messages of every rule whose check is {@link checkRootObject}. */
export const ROOT_OBJECT_MESSAGES = {
  notObject: `the schema is {{what}}; a payload schema must be an object schema with "type": "object" (not auto-fixable: ${WRAP})`,
  rootType: `the root "type" is {{type}}; it must be "object" (not auto-fixable: ${WRAP})`,
  noRootType: `the root schema has no "type"; it must be "type": "object" (not auto-fixable: ${WRAP})`,
  composition:
    'the root is an "{{keyword}}": vendors need an object root; wrap the variants in a property (e.g. {"type": "object", "properties": {"result": {"anyOf": […]}}}) (not auto-fixable: the payload\'s shape changes)',
};

/** Shared with openai/root-object and anthropic/root-object (which also refuses a root oneOf or allOf). */
export function checkRootObject(ctx: RuleContext, compositions: readonly string[] = ['anyOf']): void {
  const v = ctx.root.value;
  if (!isObject(v)) {
    const what = Array.isArray(v) ? 'an array' : v === null ? 'null' : typeof v === 'boolean' ? `the boolean schema ${v}` : `a ${typeof v}`;
    ctx.report({pointer: '', messageId: 'notObject', data: {what}});
    return;
  }
  const t = v.type;
  const isObjectRoot = t === 'object' || (Array.isArray(t) && t.length === 1 && t[0] === 'object');
  if (!isObjectRoot) {
    ctx.report(has(v, 'type') ? {pointer: '/type', messageId: 'rootType', data: {type: JSON.stringify(t)}} : {pointer: '', messageId: 'noRootType'});
  }
  for (const key of compositions) {
    if (has(v, key)) ctx.report({pointer: `/${key}`, messageId: 'composition', data: {keyword: key}});
  }
}

const rule = defineLintRule({
  meta: {
    id: 'tier1/root-object',
    description: 'The root is an object schema ("type": "object"), not an anyOf.',
    messages: ROOT_OBJECT_MESSAGES,
    sources: [SOURCES.rfc0030, SOURCES.openai],
    docs: {
      valid: [{type: 'object', properties: {}, required: [], additionalProperties: false}],
      invalid: [
        {schema: {anyOf: [{type: 'object'}, {type: 'string'}]}, findings: 2},
        {schema: {type: 'array', items: {type: 'string'}}, findings: 1},
        {schema: true, findings: 1},
      ],
    },
    explanation:
      'From the RFC 0030 §B table (the conformance walker itself does not check it): an envelope payload is a JSON object, and OpenAI refuses a root that is not "type": "object" or that is an anyOf. Reported in both profiles.',
  },
  begin: checkRootObject,
});

export default rule;

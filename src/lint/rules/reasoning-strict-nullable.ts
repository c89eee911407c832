import {defineLintRule} from '../define-lint-rule.js';
import {fixRequireNullable} from '../fixes.js';
import {SOURCES} from '../rule-helpers.js';
import {propertiesOf, typeIn} from '../schema-util.js';
import {isObject} from '../../core/json.js';

const STRING = ['string'];
const NULL = ['null'];

const rule = defineLintRule({
  meta: {
    id: 'reasoning/strict-nullable',
    description: 'Strict profile: "reasoning" is in "required" and typed ["string", "null"].',
    messages: {
      notNullable: '"reasoning" is required but cannot be null: type it ["string", "null"] so the model may leave it empty (RFC 0030 §D; hosts MUST NOT require reasoning)',
      optional: '"reasoning" is optional: in strict mode list it in "required" and type it ["string", "null"] (RFC 0030 §D)',
    },
    profiles: ['strict'],
    fixable: true,
    nodes: 'root',
    impliedBy: ['tier1/all-required', 'openai/all-required'],
    sources: [SOURCES.rfc0030],
    docs: {
      valid: [{type: 'object', properties: {reasoning: {type: ['string', 'null']}, title: {type: 'string'}}, required: ['reasoning', 'title'], additionalProperties: false}],
      invalid: [
        {schema: {type: 'object', properties: {reasoning: {type: 'string'}, title: {type: 'string'}}, required: ['reasoning', 'title'], additionalProperties: false}, findings: 1},
        {schema: {type: 'object', properties: {reasoning: {type: ['string']}}, required: ['reasoning'], additionalProperties: false}, findings: 1},
      ],
    },
    explanation:
      'RFC 0030 §D strict-mode emulation: strict structured outputs make the model emit every property, so an optional reasoning field is listed in "required" and typed ["string", "null"]; hosts treat null and absent alike. A required reasoning typed plain "string" is worse than optional: it forces reasoning on every emission, and hosts MUST NOT reject an envelope without it. Strict profile only, on the payload root. For gemini-legacy (an OpenAPI 3.0 subset with no "null" type) "type": "string", "nullable": true is the same thing. --fix adds it to "required" and null to its type. When reasoning is merely optional and tier1/all-required (or openai/all-required) already reports it, this rule stays quiet rather than report the same property twice.',
  },
  check(node, ctx) {
    if (!node.isRoot) return;
    const props = propertiesOf(node.schema);
    const reasoning = props?.reasoning;
    if (!props || !isObject(reasoning)) return;
    const required = Array.isArray(node.schema.required) && node.schema.required.includes('reasoning');
    // OpenAPI 3.0 (Gemini's responseSchema) spells "may be null" as "nullable": true, and has no "null" type.
    const openApiNullable = reasoning.nullable === true && ctx.options.targets.includes('gemini-legacy');
    const nullable = typeIn(reasoning, STRING) && (typeIn(reasoning, NULL) || openApiNullable);
    if (required && nullable) return;
    ctx.report({
      pointer: '/properties/reasoning',
      messageId: required ? 'notNullable' : 'optional',
      fix: () => fixRequireNullable(node.doc, '', node.schema, 'reasoning', required ? [] : ['reasoning']),
    });
  },
});

export default rule;

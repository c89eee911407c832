import {defineLintRule} from '../define-lint-rule.js';
import {SOURCES} from '../rule-helpers.js';
import {has, propertiesOf, typesOf} from '../schema-util.js';
import {isObject} from '../../core/json.js';

const rule = defineLintRule({
  meta: {
    id: 'reasoning/type',
    description: '"reasoning" is typed "string" or ["string", "null"].',
    messages: {
      noType: '"reasoning" has no "type": declare it {"type": "string"} (or ["string", "null"] in strict mode) (RFC 0030 §A)',
      wrongType: '"reasoning" is typed {{type}}; it must be "string" or ["string", "null"] (RFC 0030 §A)',
    },
    nodes: 'root',
    sources: [SOURCES.rfc0030],
    docs: {
      valid: [
        {type: 'object', properties: {reasoning: {type: 'string'}}},
        {type: 'object', properties: {reasoning: {type: ['null', 'string']}}},
      ],
      invalid: [
        {schema: {type: 'object', properties: {reasoning: {type: 'object'}}}, findings: 1},
        {schema: {type: 'object', properties: {reasoning: {description: 'why'}}}, findings: 1},
        {schema: {type: 'object', properties: {reasoning: {type: ['string', 'array']}}}, findings: 1},
      ],
    },
    explanation:
      'RFC 0030 §A defines reasoning as an optional string (null allowed under the strict-mode emulation of §D). Hosts apply the same redaction to it as to the rest of the payload and never route on it; a structured value there would escape both conventions. Checked on the payload root. Not fixable: changing a type is a design decision.',
  },
  check(node, ctx) {
    if (!node.isRoot) return;
    const reasoning = propertiesOf(node.schema)?.reasoning;
    if (reasoning === undefined) return;
    if (!isObject(reasoning) || !has(reasoning, 'type')) {
      ctx.report({pointer: '/properties/reasoning', messageId: 'noType'});
      return;
    }
    const types = typesOf(reasoning);
    const ok = types.length > 0 && types.includes('string') && types.every((t) => t === 'string' || t === 'null') && new Set(types).size === types.length;
    if (!ok || (Array.isArray(reasoning.type) && reasoning.type.length !== types.length)) {
      ctx.report({pointer: '/properties/reasoning/type', messageId: 'wrongType', data: {type: JSON.stringify(reasoning.type)}});
    }
  },
});

export default rule;

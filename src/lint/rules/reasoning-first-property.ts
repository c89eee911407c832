import {defineLintRule} from '../define-lint-rule.js';
import {fixMoveFirst, keysInTextOrder} from '../fixes.js';
import {SOURCES} from '../rule-helpers.js';
import {propertiesOf} from '../schema-util.js';

function firstKey(obj: Record<string, unknown>): string | undefined {
  for (const k in obj) return k;
  return undefined;
}

const rule = defineLintRule({
  meta: {
    id: 'reasoning/first-property',
    description: '"reasoning", when declared, is the first property (and first in propertyOrdering).',
    messages: {
      notFirst: '"reasoning" is property {{position}} of {{count}}; it must come first so the model writes its reasoning before the fields it reasons about (RFC 0030 §A)',
      notFirstInOrdering: '"reasoning" is not first in "propertyOrdering"; Gemini emits properties in this order, so reasoning would come after the answer (RFC 0030 §A)',
    },
    fixable: true,
    nodes: 'root',
    sources: [SOURCES.rfc0030],
    docs: {
      valid: [
        {type: 'object', properties: {reasoning: {type: ['string', 'null']}, title: {type: 'string'}}, required: ['reasoning', 'title'], additionalProperties: false},
        {type: 'object', properties: {title: {type: 'string'}}, required: ['title'], additionalProperties: false},
      ],
      invalid: [
        {schema: {type: 'object', properties: {title: {type: 'string'}, reasoning: {type: ['string', 'null']}}, required: ['title', 'reasoning'], additionalProperties: false}, findings: 1},
        {schema: {type: 'object', properties: {reasoning: {type: 'string'}, title: {type: 'string'}}, propertyOrdering: ['title', 'reasoning']}, findings: 1},
      ],
    },
    explanation:
      'RFC 0030 §A: the reasoning field SHOULD be the first property. Models emit properties in schema order (Gemini in propertyOrdering order), and reasoning only helps when it is written before the answer it reasons about; last, it is a post-hoc justification. Checked on the payload root of every schema, whatever its kind (a vendor kind is where it matters most). --fix moves the member to the front, keeping its text byte for byte.',
  },
  check(node, ctx) {
    if (!node.isRoot) return;
    const props = propertiesOf(node.schema);
    // First in JavaScript's key order means first in the text too: only integer-like keys, listed first, reorder keys.
    if (props && Object.hasOwn(props, 'reasoning') && firstKey(props) !== 'reasoning') {
      const keys = keysInTextOrder(node.doc, '/properties', props);
      const at = keys.indexOf('reasoning');
      if (at > 0) {
        ctx.report({
          pointer: '/properties/reasoning',
          messageId: 'notFirst',
          data: {position: at + 1, count: keys.length},
          fix: () => fixMoveFirst(node.doc, '/properties', at, '"reasoning"'),
        });
      }
    }
    const ordering = node.schema.propertyOrdering;
    if (Array.isArray(ordering)) {
      const at = ordering.indexOf('reasoning');
      if (at > 0) {
        ctx.report({
          pointer: `/propertyOrdering/${at}`,
          messageId: 'notFirstInOrdering',
          fix: () => fixMoveFirst(node.doc, '/propertyOrdering', at, '"reasoning" in propertyOrdering'),
        });
      }
    }
  },
});

export default rule;

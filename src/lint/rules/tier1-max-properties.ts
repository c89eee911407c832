import {defineLintRule} from '../define-lint-rule.js';
import {SOURCES, tier1Checks} from '../rule-helpers.js';
import {keyCount, propertiesOf} from '../schema-util.js';

export const TIER1_MAX_PROPERTIES = 100;

function manyProperties(n: number): unknown {
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) properties[`p${i}`] = {type: 'string'};
  return {type: 'object', properties, required: Object.keys(properties), additionalProperties: false};
}

const rule = defineLintRule({
  meta: {
    id: 'tier1/max-properties',
    keywords: ['properties'],
    description: 'At most 100 properties in the whole schema.',
    messages: {tooMany: 'the schema declares {{count}} properties in total; the Tier-1 limit is {{max}}'},
    profiles: ['strict'],
    reach: 'upstream',
    sources: [SOURCES.rfc0030, SOURCES.conformance, SOURCES.openai],
    // Made when read (docs, explain, tests): 201 property objects are not worth building on every start.
    get docs() {
      return {
        valid: [manyProperties(100)],
        invalid: [{schema: manyProperties(101), findings: 1}],
      };
    },
    explanation:
      'Strict mode only. Counts the entries of every "properties" object the upstream walker visits (the root, nested objects, anyOf branches, items, $defs) and reports once, at the root, when the total is over 100 — OpenAI\'s limit at launch; today OpenAI allows 5,000 (openai/max-properties). Split the kind into smaller kinds.',
  },
  check(node, ctx) {
    if (!tier1Checks(node)) return;
    const props = propertiesOf(node.schema);
    if (props) ctx.tally += keyCount(props);
  },
  end(ctx) {
    const count = ctx.tally;
    if (count > TIER1_MAX_PROPERTIES) ctx.report({pointer: '', messageId: 'tooMany', data: {count, max: TIER1_MAX_PROPERTIES}});
  },
});

export default rule;

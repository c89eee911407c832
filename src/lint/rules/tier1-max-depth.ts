import {defineLintRule} from '../define-lint-rule.js';
import {SOURCES} from '../rule-helpers.js';
import {TIER1_MAX_DEPTH} from '../types.js';

/** `{"type": "object", "properties": {"a": …}}` nested `levels` deep, innermost a string. */
export function nested(levels: number): unknown {
  let schema: unknown = {type: 'string'};
  for (let i = 0; i < levels; i++) schema = {type: 'object', properties: {a: schema}, required: ['a'], additionalProperties: false};
  return schema;
}

const rule = defineLintRule({
  meta: {
    id: 'tier1/max-depth',
    upstreamName: 'max-nesting-depth-5',
    description: 'Sub-schemas nest at most 5 levels below the root.',
    messages: {tooDeep: 'sub-schema nested {{depth}} levels deep; the Tier-1 limit is {{max}} (nothing below this point is checked by the other Tier-1 rules)'},
    reach: 'upstream',
    sources: [SOURCES.rfc0030, SOURCES.conformance, SOURCES.openai],
    docs: {
      valid: [nested(5)],
      invalid: [{schema: nested(6), findings: 1}],
    },
    explanation:
      'Depth counts like the upstream walker: the root is 0 and each step into properties/<p>, anyOf/<i>, an object items or $defs/<name> adds one. A sub-schema at depth 6 or more is reported once, at the first node past the limit, and — as upstream does — nothing below it is checked by the other Tier-1 rules. 5 is the level OpenAI launched strict mode with (August 2024) and the lowest any vendor has used; OpenAI now allows 10 (see openai/max-nesting). Flatten nested objects, or move a shared shape into $defs. Upstream conformance name: max-nesting-depth-5.',
  },
  check(node, ctx) {
    if (node.tier1 && node.depth > TIER1_MAX_DEPTH) {
      ctx.report({doc: node.doc, pointer: node.pointer, messageId: 'tooDeep', data: {depth: node.depth, max: TIER1_MAX_DEPTH}});
    }
  },
});

export default rule;

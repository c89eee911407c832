import {defineLintRule} from '../define-lint-rule.js';
import {hasAnyKey, SOURCES, tier1Checks} from '../rule-helpers.js';
import {has, ptr} from '../schema-util.js';

/** Keywords outside the Tier-1 subset anywhere the walker goes (RFC 0030 §B, RFC 0031). */
export const FORBIDDEN_KEYWORDS: Record<string, string> = {
  oneOf: 'use "anyOf" whose branches each have a required string property with a single-value "enum" (the discriminator, RFC 0031)',
  allOf: 'merge the branches into one schema',
  not: 'vendors cannot constrain generation with it; check it in the host after parsing',
  if: 'conditional schemas are not supported; use "anyOf" variants with a discriminator',
  then: 'conditional schemas are not supported; use "anyOf" variants with a discriminator',
  else: 'conditional schemas are not supported; use "anyOf" variants with a discriminator',
  dependencies: 'list the properties in "required" (nullable where they are optional)',
  prefixItems: 'use one "items" schema, or an object with named properties instead of a tuple',
  propertyNames: 'use fixed "properties", or an array of {"key", "value"} objects',
};

const ENTRIES = Object.entries(FORBIDDEN_KEYWORDS);
const KEYWORDS = new Set(Object.keys(FORBIDDEN_KEYWORDS));

const rule = defineLintRule({
  meta: {
    id: 'tier1/forbidden-keyword',
    keywords: Object.keys(FORBIDDEN_KEYWORDS),
    upstreamName: 'forbidden-keyword',
    description: 'No oneOf, allOf, not, if/then/else, dependencies, prefixItems or propertyNames.',
    messages: {forbidden: '"{{keyword}}" is outside the Tier-1 subset: {{advice}}'},
    reach: 'upstream',
    sources: [SOURCES.rfc0030, SOURCES.rfc0031, SOURCES.conformance],
    docs: {
      valid: [
        {type: 'object', properties: {a: {type: 'string'}}, required: ['a'], additionalProperties: false},
        {
          type: 'object',
          properties: {
            shape: {
              anyOf: [
                {type: 'object', properties: {kind: {type: 'string', enum: ['circle']}, r: {type: 'number'}}, required: ['kind', 'r'], additionalProperties: false},
                {type: 'object', properties: {kind: {type: 'string', enum: ['square']}, side: {type: 'number'}}, required: ['kind', 'side'], additionalProperties: false},
              ],
            },
          },
          required: ['shape'],
          additionalProperties: false,
        },
      ],
      invalid: [
        {schema: {type: 'object', properties: {a: {oneOf: [{type: 'string'}, {type: 'number'}]}}}, findings: 1},
        {schema: {type: 'object', allOf: [{type: 'object'}], if: {type: 'object'}, then: {type: 'object'}}, findings: 3},
      ],
    },
    explanation:
      'Each of these keywords is outside the Tier-1 subset: the intersection of what OpenAI strict structured outputs, Anthropic strict tool use and Gemini responseSchema enforce while generating. A vendor either refuses the schema or silently drops the keyword, and then the model can emit output your own validator rejects. Load-bearing: reported in both profiles. One finding per keyword, at the keyword (e.g. /properties/a/oneOf). Upstream conformance name: forbidden-keyword.',
  },
  check(node, ctx) {
    if (!tier1Checks(node) || !hasAnyKey(node.schema, KEYWORDS)) return;
    for (const [keyword, advice] of ENTRIES) {
      if (has(node.schema, keyword)) ctx.report({doc: node.doc, pointer: ptr(node.pointer, keyword), messageId: 'forbidden', data: {keyword, advice}});
    }
  },
});

export default rule;

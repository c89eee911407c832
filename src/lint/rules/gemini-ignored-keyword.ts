import {GEMINI} from '../vendors/gemini.js';
import {keywordRule} from '../vendors/keyword-rule.js';

export default keywordRule(
  GEMINI,
  'ignored',
  'gemini/ignored-keyword',
  {
    valid: [{type: 'object', properties: {a: {type: ['string', 'null'], description: 'x'}, n: {type: 'integer', minimum: 0}}, required: ['a'], propertyOrdering: ['a', 'n']}],
    invalid: [{schema: {type: 'object', properties: {s: {type: 'string', minLength: 2, pattern: '^a'}, u: {type: 'array', items: {type: 'string'}, uniqueItems: true}}}, findings: 3}],
  },
  "Gemini's responseJsonSchema accepts JSON Schema but only enforces a subset ($ref/$defs, type (lists and null too), enum, format, properties, required, additionalProperties, items, prefixItems, min/maxItems, minimum/maximum, anyOf, oneOf as anyOf). Any other constraint is ignored without an error: the model is not held to it and can emit output your validator refuses, so check it in the host. Annotations it ignores (title, $schema, default, examples) change nothing and are not reported. Sending the legacy responseSchema instead does not help: it refuses these keys (gemini-legacy/unsupported-keyword).",
);

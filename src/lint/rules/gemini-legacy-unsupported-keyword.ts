import {GEMINI_LEGACY} from '../vendors/gemini-legacy.js';
import {keywordRule} from '../vendors/keyword-rule.js';

export default keywordRule(
  GEMINI_LEGACY,
  'refused',
  'gemini-legacy/unsupported-keyword',
  {
    valid: [{type: 'OBJECT', properties: {a: {type: 'STRING', nullable: true, enum: ['x', 'y']}, n: {type: 'integer', minimum: 0}}, required: ['a'], propertyOrdering: ['a', 'n']}],
    invalid: [
      {
        schema: {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'object',
          properties: {a: {const: 'x'}, b: {$ref: '#/$defs/b'}},
          additionalProperties: false,
          $defs: {b: {type: 'string'}},
        },
        findings: 5,
      },
    ],
  },
  'Gemini\'s legacy responseSchema is an OpenAPI 3.0 Schema subset (type, format, title, description, nullable, enum, items, min/maxItems, properties, required, min/maxProperties, min/maxLength, pattern, example, anyOf, propertyOrdering, default, minimum, maximum). Any other field is refused with HTTP 400 "Invalid JSON payload received. Unknown name …: Cannot find field" — $schema, $ref, $defs, additionalProperties and const included. Send the schema as responseJsonSchema (--target gemini) instead, or let export schema --target gemini-legacy rewrite it (refs inlined, const as a one-value enum, type lists as nullable, the rest moved into "description").',
);

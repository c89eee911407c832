import {ANTHROPIC} from '../vendors/anthropic.js';
import {keywordRule} from '../vendors/keyword-rule.js';

const closed = (props: Record<string, unknown>) => ({type: 'object', properties: props, required: Object.keys(props), additionalProperties: false});

const rule = keywordRule(
  ANTHROPIC,
  'refused',
  'anthropic/unsupported-keyword',
  {
    valid: [closed({n: {type: 'integer', description: '1 to 10'}, tags: {type: 'array', items: {type: 'string'}, minItems: 1}})],
    invalid: [
      {schema: closed({n: {type: 'integer', minimum: 1, exclusiveMaximum: 10}, s: {type: 'string', maxLength: 5}}), findings: 3},
      {schema: closed({v: {oneOf: [closed({k: {const: 'a'}, n: {type: 'number', multipleOf: 2}}), closed({k: {const: 'b'}})]}}), findings: 2},
    ],
  },
  'Anthropic strict tool use and structured outputs take a subset of JSON Schema: no numeric constraints (minimum, maximum, exclusive*, multipleOf), no string or array length bounds (minLength, maxLength, maxItems; minItems only 0 or 1: anthropic/min-items), composition by anyOf and allOf only. A schema using anything else is answered with HTTP 400. Reported at every sub-schema, inside composition branches too. Move a bound into "description" and check it in the host; export schema does that for you.',
);
rule.meta.impliedBy = [
  'tier1/string-constraint',
  'tier1/number-constraint',
  'tier1/array-constraint',
  'tier1-ext/string-constraint',
  'tier1-ext/number-constraint',
  'tier1-ext/array-constraint',
  'tier1/forbidden-keyword',
  'tier1-ext/forbidden-keyword',
];

export default rule;

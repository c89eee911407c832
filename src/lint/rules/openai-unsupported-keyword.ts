import {keywordRule} from '../vendors/keyword-rule.js';
import {OPENAI} from '../vendors/openai.js';

const closed = (props: Record<string, unknown>) => ({type: 'object', properties: props, required: Object.keys(props), additionalProperties: false});

const rule = keywordRule(
  OPENAI,
  'refused',
  'openai/unsupported-keyword',
  {
    valid: [closed({a: {anyOf: [{type: 'string', format: 'email'}, {type: 'null'}]}, n: {type: 'integer', minimum: 1}})],
    invalid: [
      {
        schema: closed({
          a: {oneOf: [closed({k: {type: 'string', enum: ['x']}}), closed({k: {type: 'string', enum: ['y']}})]},
          b: {type: 'string', minLength: 1, examples: ['z']},
          c: {type: 'object', properties: {}, required: [], additionalProperties: false, propertyNames: {pattern: '^a'}},
        }),
        findings: 3,
      },
      {schema: closed({a: {anyOf: [closed({s: {type: 'array', items: {type: 'string'}, uniqueItems: true}}), {type: 'null'}]}}), findings: 1},
    ],
  },
  'OpenAI strict mode reads a fixed subset of JSON Schema and answers any other keyword with HTTP 400 ("\'oneOf\' is not permitted."): composition other than anyOf (oneOf, allOf, not, if/then/else, dependent*), object and array keywords beyond properties/required/additionalProperties and items/minItems/maxItems, "examples", and anything it does not know. Reported wherever it stands, inside anyOf/oneOf branches and $defs too. --fix rewrites a oneOf whose branches are told apart by a discriminator into anyOf (the same values pass); export schema also moves the rest into "description". String lengths (minLength, maxLength) pass: the docs exclude them only for fine-tuned models, and no refusal is on record.',
);
rule.meta.impliedBy = ['tier1/forbidden-keyword', 'tier1-ext/forbidden-keyword', 'tier1/string-constraint', 'tier1-ext/string-constraint', 'tier1/array-constraint', 'tier1-ext/array-constraint'];

export default rule;

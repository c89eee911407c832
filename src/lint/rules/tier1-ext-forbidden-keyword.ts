import {extensionTwin, underAdditionalProperties as ap} from '../rule-helpers.js';
import base from './tier1-forbidden-keyword.js';

export default extensionTwin(base, {
  valid: [ap({type: 'object', properties: {a: {type: 'string'}}, required: ['a'], additionalProperties: false})],
  invalid: [
    {schema: ap({oneOf: [{type: 'string'}, {type: 'number'}]}), findings: 1},
    {
      schema: {
        type: 'object',
        properties: {a: {$ref: '#/definitions/A'}},
        required: ['a'],
        additionalProperties: false,
        definitions: {A: {type: 'object', properties: {x: {not: {type: 'null'}}}, required: ['x'], additionalProperties: false}},
      },
      findings: 1,
    },
  ],
});

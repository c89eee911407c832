import {extensionTwin, underAdditionalProperties as ap} from '../rule-helpers.js';
import base from './tier1-additional-properties.js';

export default extensionTwin(base, {
  valid: [ap({type: 'object', properties: {a: {type: 'string'}}, required: ['a'], additionalProperties: false})],
  invalid: [
    {schema: ap({type: 'object', properties: {a: {type: 'string'}}, required: ['a']}), findings: 1},
    {schema: {type: 'object', properties: {list: {type: 'array', prefixItems: [{type: 'object'}]}}, required: ['list'], additionalProperties: false}, findings: 1},
  ],
});

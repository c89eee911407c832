import {extensionTwin, underAdditionalProperties as ap} from '../rule-helpers.js';
import base from './tier1-all-required.js';

export default extensionTwin(base, {
  valid: [ap({type: 'object', properties: {a: {type: ['string', 'null']}}, required: ['a'], additionalProperties: false})],
  invalid: [{schema: ap({type: 'object', properties: {a: {type: 'string'}, b: {type: 'string'}}, additionalProperties: false}), findings: 2}],
});

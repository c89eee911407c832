import {extensionTwin, underAdditionalProperties as ap} from '../rule-helpers.js';
import base from './tier1-array-constraint.js';

export default extensionTwin(base, {
  valid: [ap({type: 'array', items: {type: 'string'}})],
  invalid: [{schema: ap({type: 'array', items: {type: 'string'}, maxItems: 3}), findings: 1}],
});

import {extensionTwin, underAdditionalProperties as ap} from '../rule-helpers.js';
import base from './tier1-number-constraint.js';

export default extensionTwin(base, {
  valid: [ap({type: 'number'})],
  invalid: [{schema: {type: 'array', contains: {type: 'integer', minimum: 1, maximum: 9}}, findings: 2}],
});

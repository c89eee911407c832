import {extensionTwin, underAdditionalProperties as ap} from '../rule-helpers.js';
import base from './tier1-string-constraint.js';

export default extensionTwin(base, {
  valid: [ap({type: 'string'})],
  invalid: [{schema: {type: 'object', patternProperties: {'^x-': {type: 'string', pattern: '^[a-z]+$'}}, additionalProperties: false}, findings: 1}],
});

import {extensionTwin, underAdditionalProperties as ap} from '../rule-helpers.js';
import base, {nested} from './tier1-max-depth.js';

export default extensionTwin(base, {
  valid: [ap(nested(4))],
  invalid: [{schema: ap(nested(5)), findings: 1}],
});

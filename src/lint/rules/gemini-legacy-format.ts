import {formatRule} from '../vendors/format-rule.js';
import {GEMINI_LEGACY} from '../vendors/gemini-legacy.js';

export default formatRule(GEMINI_LEGACY, 'gemini-legacy/format', {
  valid: [{type: 'object', properties: {at: {type: 'string', format: 'date-time'}, n: {type: 'integer', format: 'int64'}}, required: ['at', 'n']}],
  invalid: [{schema: {type: 'object', properties: {mail: {type: 'string', format: 'email'}}, required: ['mail']}, findings: 1}],
});

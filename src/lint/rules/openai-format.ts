import {formatRule} from '../vendors/format-rule.js';
import {OPENAI} from '../vendors/openai.js';

export default formatRule(OPENAI, 'openai/format', {
  valid: [{type: 'object', properties: {at: {type: 'string', format: 'date-time'}}, required: ['at'], additionalProperties: false}],
  invalid: [{schema: {type: 'object', properties: {url: {type: 'string', format: 'uri'}}, required: ['url'], additionalProperties: false}, findings: 1}],
});

import {ANTHROPIC} from '../vendors/anthropic.js';
import {formatRule} from '../vendors/format-rule.js';

export default formatRule(ANTHROPIC, 'anthropic/format', {
  valid: [{type: 'object', properties: {home: {type: 'string', format: 'uri'}}, required: ['home'], additionalProperties: false}],
  invalid: [{schema: {type: 'object', properties: {id: {type: 'string', format: 'int64'}}, required: ['id'], additionalProperties: false}, findings: 1}],
});

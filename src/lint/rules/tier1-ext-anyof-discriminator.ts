import {extensionTwin, underAdditionalProperties as ap} from '../rule-helpers.js';
import base from './tier1-anyof-discriminator.js';

export default extensionTwin(base, {
  valid: [{...(ap({anyOf: [{$ref: '#/$defs/a'}]}) as object), $defs: {a: {type: 'string'}}}],
  invalid: [{schema: ap({anyOf: [{type: 'string'}, {type: 'null'}]}), findings: 2}],
});

import {GEMINI} from '../vendors/gemini.js';
import {keywordRule} from '../vendors/keyword-rule.js';

const branch = (k: string) => ({type: 'object', properties: {k: {type: 'string', enum: [k]}}, required: ['k']});

export default keywordRule(
  GEMINI,
  'degraded',
  'gemini/degraded-keyword',
  {
    valid: [{type: 'object', properties: {v: {anyOf: [branch('a'), branch('b')]}}, required: ['v']}],
    invalid: [{schema: {type: 'object', properties: {v: {oneOf: [{type: 'string'}, {type: 'string', enum: ['x']}]}}, required: ['v']}, findings: 1}],
  },
  'Gemini\'s responseJsonSchema reads "oneOf" as "anyOf": a value that matches more than one branch is not refused. Lossless when the branches are told apart by a discriminator (a required property with a single-value enum): --fix then writes anyOf, so the schema says what the model is held to. Otherwise make the branches disjoint, or check "exactly one" in the host.',
);

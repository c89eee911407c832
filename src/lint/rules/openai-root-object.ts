import {SINCE, SOURCES, VERIFIED} from '../rule-helpers.js';
import type {LintRule} from '../types.js';
import {checkRootObject} from './tier1-root-object.js';

const rule: LintRule = {
  meta: {
    id: 'openai/root-object',
    description: 'OpenAI: the root is "type": "object" and not an anyOf.',
    severity: 'error',
    profiles: ['load-bearing', 'strict'],
    targets: ['openai'],
    fixable: false,
    since: SINCE,
    extension: true,
    impliedBy: ['tier1/root-object'],
    sources: [SOURCES.openai],
    evidence: [{kind: 'docs', text: 'The root level object must be an object, and not use anyOf.', url: SOURCES.openai.url, verified: VERIFIED}],
    docs: {
      valid: [{type: 'object', properties: {}, required: [], additionalProperties: false}],
      invalid: [{schema: {anyOf: [{type: 'object'}]}, findings: 2}],
    },
    explanation: 'OpenAI structured outputs refuse a root schema that is not an object, and a root anyOf. Same check as tier1/root-object, for --target openai alone.',
  },
  begin: checkRootObject,
};

export default rule;

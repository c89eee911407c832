import {SINCE, SOURCES} from '../rule-helpers.js';
import {has, ptr} from '../schema-util.js';
import type {LintRule} from '../types.js';

export const OPENAI_UNSUPPORTED = ['allOf', 'not', 'if', 'then', 'else', 'dependentRequired', 'dependentSchemas'];

const rule: LintRule = {
  meta: {
    id: 'openai/unsupported-keyword',
    keywords: OPENAI_UNSUPPORTED,
    description: 'OpenAI: no allOf, not, if/then/else, dependentRequired or dependentSchemas.',
    severity: 'error',
    profiles: ['load-bearing', 'strict'],
    targets: ['openai'],
    fixable: false,
    since: SINCE,
    extension: true,
    impliedBy: ['tier1/forbidden-keyword', 'tier1-ext/forbidden-keyword'],
    sources: [SOURCES.openai],
    docs: {
      valid: [{type: 'object', properties: {a: {anyOf: [{type: 'string'}, {type: 'null'}]}}, required: ['a'], additionalProperties: false}],
      invalid: [{schema: {type: 'object', properties: {a: {allOf: [{type: 'string'}]}, b: {type: 'object', dependentRequired: {x: ['y']}}}}, findings: 2}],
    },
    explanation: 'OpenAI structured outputs document these composition keywords as unsupported: a schema using them is refused. One finding per keyword, at every depth.',
  },
  check(node, ctx) {
    for (const kw of OPENAI_UNSUPPORTED) {
      if (has(node.schema, kw)) ctx.report({doc: node.doc, pointer: ptr(node.pointer, kw), message: `"${kw}" is not supported by OpenAI structured outputs`});
    }
  },
};

export default rule;

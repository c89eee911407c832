import {SINCE, SOURCES} from '../rule-helpers.js';
import {has, ptr} from '../schema-util.js';
import type {LintRule} from '../types.js';

export const ANTHROPIC_BOUNDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'maxItems'];

const rule: LintRule = {
  meta: {
    id: 'anthropic/numeric-bounds',
    keywords: ANTHROPIC_BOUNDS,
    description: 'Anthropic: no numeric or length bounds (minimum, maximum, exclusive*, multipleOf, minLength, maxLength, maxItems).',
    severity: 'error',
    profiles: ['load-bearing', 'strict'],
    targets: ['anthropic'],
    fixable: false,
    since: SINCE,
    extension: true,
    impliedBy: ['tier1/string-constraint', 'tier1/number-constraint', 'tier1/array-constraint', 'tier1-ext/string-constraint', 'tier1-ext/number-constraint', 'tier1-ext/array-constraint'],
    sources: [SOURCES.anthropic],
    docs: {
      valid: [{type: 'object', properties: {n: {type: 'integer', description: '1 to 10'}}, required: ['n'], additionalProperties: false}],
      invalid: [{schema: {type: 'object', properties: {n: {type: 'integer', minimum: 1, exclusiveMaximum: 10}, s: {type: 'string', maxLength: 5}}, required: ['n', 's'], additionalProperties: false}, findings: 3}],
    },
    explanation: 'Anthropic structured outputs support no numeric constraints and no string or array length bounds (minItems 0 or 1 excepted: anthropic/min-items). One finding per keyword. Move the bound into "description" and check it in the host.',
  },
  check(node, ctx) {
    for (const kw of ANTHROPIC_BOUNDS) {
      if (has(node.schema, kw)) ctx.report({doc: node.doc, pointer: ptr(node.pointer, kw), message: `"${kw}" is not supported by Anthropic structured outputs: remove it, say it in "description", and check it in the host`});
    }
  },
};

export default rule;

import {defineLintRule} from '../define-lint-rule.js';
import {SOURCES} from '../rule-helpers.js';
import {VERIFIED} from '../../core/rule-sources.js';
import {nested} from './tier1-max-depth.js';

export const OPENAI_MAX_NESTING = 10;

const rule = defineLintRule({
  meta: {
    id: 'openai/max-nesting',
    description: 'OpenAI: at most 10 levels of nesting.',
    messages: {tooDeep: 'sub-schema nested {{depth}} levels deep; OpenAI allows at most {{max}}'},
    sources: [SOURCES.openai],
    evidence: [{kind: 'docs', text: 'A schema may have up to 5000 object properties in total, with up to 10 levels of nesting.', url: SOURCES.openai.url, verified: VERIFIED}],
    docs: {
      valid: [nested(10)],
      invalid: [{schema: nested(11), findings: 1}],
    },
    explanation:
      "OpenAI allows up to 10 levels of nesting (5 at launch, August 2024). Depth is counted like the Tier-1 walker (each properties/anyOf/items/$defs step is a level; a $ref target stands at its referrer's depth) over every sub-schema reached, and reported once per branch at the first sub-schema past the limit.",
  },
  check(node, ctx) {
    if (node.depth > OPENAI_MAX_NESTING && (!node.parent || node.parent.depth <= OPENAI_MAX_NESTING)) {
      ctx.report({doc: node.doc, pointer: node.pointer, messageId: 'tooDeep', data: {depth: node.depth, max: OPENAI_MAX_NESTING}});
    }
  },
});

export default rule;

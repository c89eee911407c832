import {defineLintRule} from '../define-lint-rule.js';
import {SOURCES, firstVisit} from '../rule-helpers.js';
import {VERIFIED} from '../../core/rule-sources.js';
import {keyCount, propertiesOf} from '../schema-util.js';

export const OPENAI_MAX_PROPERTIES = 5000;

const rule = defineLintRule({
  meta: {
    id: 'openai/max-properties',
    keywords: ['properties'],
    description: 'OpenAI: at most 5,000 object properties in the whole schema.',
    messages: {tooMany: 'the schema has {{count}} object properties in total; OpenAI allows at most {{max}}'},
    sources: [SOURCES.openai],
    evidence: [{kind: 'docs', text: 'A schema may have up to 5000 object properties in total, with up to 10 levels of nesting.', url: SOURCES.openai.url, verified: VERIFIED}],
    // A getter: the examples are large, and only --explain and the tests read them, never a lint run.
    get docs() {
      return {
        valid: [{type: 'object', properties: {a: {type: 'string'}}, required: ['a'], additionalProperties: false}],
        invalid: [{schema: {type: 'object', properties: Object.fromEntries(Array.from({length: 5001}, (_, i) => [`p${i}`, {type: 'null'}]))}, findings: 1}],
      };
    },
    explanation:
      'OpenAI allows up to 5,000 object properties in total (100 at launch, August 2024). Counts every "properties" entry of every sub-schema reached, including $ref targets and $defs, each sub-schema once. Reported once, at the root.',
  },
  check(node, ctx) {
    const props = propertiesOf(node.schema);
    if (props && firstVisit(node, ctx)) ctx.tally += keyCount(props);
  },
  end(ctx) {
    const n = ctx.tally;
    if (n > OPENAI_MAX_PROPERTIES) ctx.report({pointer: '', messageId: 'tooMany', data: {count: n, max: OPENAI_MAX_PROPERTIES}});
  },
});

export default rule;

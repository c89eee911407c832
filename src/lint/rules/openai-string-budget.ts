import {defineLintRule} from '../define-lint-rule.js';
import {SOURCES, firstVisit} from '../rule-helpers.js';
import {VERIFIED} from '../../core/rule-sources.js';
import {propertiesOf} from '../schema-util.js';
import {isObject, type JsonObject} from '../../core/json.js';

export const OPENAI_STRING_BUDGET = 120_000;

const rule = defineLintRule({
  meta: {
    id: 'openai/string-budget',
    keywords: ['properties', '$defs', 'definitions', 'enum', 'const'],
    description: 'OpenAI: at most 120,000 characters of property names, definition names, enum and const values.',
    messages: {overBudget: 'property names, definition names, enum and const values add up to {{chars}} characters; OpenAI allows at most {{max}}'},
    sources: [SOURCES.openai],
    evidence: [
      {kind: 'docs', text: 'The total string length of property names, definition names, enum values and const values may not exceed 120,000 characters.', url: SOURCES.openai.url, verified: VERIFIED},
    ],
    // A getter: the examples are large, and only --explain and the tests read them, never a lint run.
    get docs() {
      return {
        valid: [{type: 'object', properties: {a: {type: 'string', enum: ['x', 'y']}}, required: ['a'], additionalProperties: false}],
        invalid: [{schema: {type: 'object', properties: {a: {type: 'string', enum: Array.from({length: 130}, (_, i) => `${i}`.padEnd(1000, 'x'))}}}, findings: 1}],
      };
    },
    explanation:
      'OpenAI caps the total length of all property names, definition names ($defs, definitions), enum values and const values at 120,000 characters. Counted over every sub-schema reached, each once; reported at the root.',
  },
  check(node, ctx) {
    if (!firstVisit(node, ctx)) return;
    const s = node.schema;
    let n = 0;
    const props = propertiesOf(s);
    if (props) n += keyChars(props);
    if (isObject(s.$defs)) n += keyChars(s.$defs);
    if (isObject(s.definitions)) n += keyChars(s.definitions);
    if (Array.isArray(s.enum)) for (const v of s.enum) if (typeof v === 'string') n += v.length;
    if (typeof s.const === 'string') n += s.const.length;
    if (n) ctx.tally += n;
  },
  end(ctx) {
    const n = ctx.tally;
    if (n > OPENAI_STRING_BUDGET) ctx.report({pointer: '', messageId: 'overBudget', data: {chars: n, max: OPENAI_STRING_BUDGET}});
  },
});

/** The length of an object's own keys, added up without listing them (asked of every object of every schema). */
function keyChars(obj: JsonObject): number {
  let n = 0;
  for (const k in obj) if (Object.hasOwn(obj, k)) n += k.length;
  return n;
}

export default rule;

import {defineLintRule} from '../define-lint-rule.js';
import {SOURCES, firstVisit} from '../rule-helpers.js';
import {VERIFIED} from '../../core/rule-sources.js';
import {ptr} from '../schema-util.js';

export const OPENAI_MAX_ENUM_VALUES = 1000;
export const OPENAI_LARGE_ENUM = 250;
export const OPENAI_LARGE_ENUM_CHARS = 15_000;

const rule = defineLintRule({
  meta: {
    id: 'openai/enum-size',
    keywords: ['enum'],
    description: 'OpenAI: at most 1,000 enum values in total; an enum of over 250 strings has at most 15,000 characters.',
    messages: {
      longEnum: 'enum of {{count}} values with {{chars}} characters; OpenAI allows at most {{maxChars}} characters in an enum of more than {{large}} values',
      tooManyValues: 'the schema has {{count}} enum values in total; OpenAI allows at most {{max}}',
    },
    sources: [SOURCES.openai],
    evidence: [
      {
        kind: 'docs',
        text: 'Up to 1000 enum values across all enum properties; a single enum of over 250 string values may total at most 15,000 characters.',
        url: SOURCES.openai.url,
        verified: VERIFIED,
      },
    ],
    // A getter: the examples are large, and only --explain and the tests read them, never a lint run.
    get docs() {
      return {
        valid: [{type: 'object', properties: {a: {type: 'string', enum: Array.from({length: 300}, (_, i) => `v${i}`)}}, required: ['a'], additionalProperties: false}],
        invalid: [
          {schema: {type: 'object', properties: {a: {type: 'integer', enum: Array.from({length: 1001}, (_, i) => i)}}}, findings: 1},
          {schema: {type: 'object', properties: {a: {type: 'string', enum: Array.from({length: 251}, (_, i) => `${i}`.padEnd(60, 'x'))}}}, findings: 1},
        ],
      };
    },
    explanation:
      'OpenAI allows up to 1,000 enum values across all enum properties of a schema, and for a single string enum with more than 250 values at most 15,000 characters in total. The per-enum limit is reported at the enum; the total once, at the root. Use a free string (checked in the host) or split the kind.',
  },
  check(node, ctx) {
    const e = node.schema.enum;
    if (!Array.isArray(e) || !firstVisit(node, ctx)) return;
    ctx.tally += e.length;
    if (e.length > OPENAI_LARGE_ENUM) {
      const chars = e.reduce((n: number, v) => n + (typeof v === 'string' ? v.length : 0), 0);
      if (chars > OPENAI_LARGE_ENUM_CHARS) {
        ctx.report({doc: node.doc, pointer: ptr(node.pointer, 'enum'), messageId: 'longEnum', data: {count: e.length, chars, maxChars: OPENAI_LARGE_ENUM_CHARS, large: OPENAI_LARGE_ENUM}});
      }
    }
  },
  end(ctx) {
    const n = ctx.tally;
    if (n > OPENAI_MAX_ENUM_VALUES) ctx.report({pointer: '', messageId: 'tooManyValues', data: {count: n, max: OPENAI_MAX_ENUM_VALUES}});
  },
});

export default rule;

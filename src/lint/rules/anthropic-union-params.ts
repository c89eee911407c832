import {defineLintRule} from '../define-lint-rule.js';
import {SOURCES, firstVisit} from '../rule-helpers.js';
import {VERIFIED} from '../../core/rule-sources.js';
import {has} from '../schema-util.js';

export const ANTHROPIC_MAX_UNIONS = 16;

const nullable = (n: number) => Object.fromEntries(Array.from({length: n}, (_, i) => [`p${i}`, {type: ['string', 'null']}]));

const rule = defineLintRule({
  meta: {
    id: 'anthropic/union-params',
    keywords: ['type', 'anyOf', 'oneOf'],
    description: 'Anthropic: at most 16 union-typed properties (["T", "null"] counts).',
    messages: {tooMany: 'the schema has {{count}} union-typed properties; Anthropic allows at most {{max}} per request'},
    sources: [SOURCES.anthropic],
    evidence: [{kind: 'docs', text: 'A request may have at most 16 parameters with union types (anyOf or type arrays) across its strict schemas.', url: SOURCES.anthropic.url, verified: VERIFIED}],
    docs: {
      valid: [{type: 'object', properties: nullable(16), required: Object.keys(nullable(16)), additionalProperties: false}],
      invalid: [{schema: {type: 'object', properties: nullable(17), required: Object.keys(nullable(17)), additionalProperties: false}, findings: 1}],
    },
    explanation:
      'Anthropic limits a strict request to 16 parameters with union types; a type list such as ["string", "null"] and an anyOf both count. This matters for RFC 0030 §D: every optional property emulated as a null union uses one. Counted over every property schema reached, each once; reported at the root.',
  },
  check(node, ctx) {
    if (node.edge !== 'properties' || !firstVisit(node, ctx)) return;
    if (isUnionType(node.schema.type) || has(node.schema, 'anyOf') || has(node.schema, 'oneOf')) ctx.tally += 1;
  },
  end(ctx) {
    const n = ctx.tally;
    if (n > ANTHROPIC_MAX_UNIONS) ctx.report({pointer: '', messageId: 'tooMany', data: {count: n, max: ANTHROPIC_MAX_UNIONS}});
  },
});

/** A type list naming two different types; asked of every property, so without building a set. */
function isUnionType(type: unknown): boolean {
  if (!Array.isArray(type)) return false;
  for (let i = 1; i < type.length; i++) if (type[i] !== type[0]) return true;
  return false;
}

export default rule;

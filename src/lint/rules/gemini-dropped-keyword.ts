import {SINCE, SOURCES} from '../rule-helpers.js';
import {has, ptr} from '../schema-util.js';
import type {LintRule} from '../types.js';

/** Constraining keywords the legacy responseSchema (an OpenAPI 3.0 subset) drops; `true` = responseJsonSchema supports it. */
export const GEMINI_DROPPED: Record<string, boolean> = {
  $ref: true,
  $defs: true,
  definitions: false,
  additionalProperties: true,
  patternProperties: false,
  prefixItems: true,
  const: false,
  oneOf: false,
  allOf: false,
  not: false,
  if: false,
  then: false,
  else: false,
  uniqueItems: false,
  multipleOf: false,
  exclusiveMinimum: false,
  exclusiveMaximum: false,
  contains: false,
  dependentRequired: false,
  dependentSchemas: false,
  propertyNames: false,
  unevaluatedProperties: false,
};

const rule: LintRule = {
  meta: {
    id: 'gemini/dropped-keyword',
    keywords: [...Object.keys(GEMINI_DROPPED), 'type'],
    description: 'Gemini: keywords the legacy responseSchema silently drops (and type lists; it uses nullable).',
    severity: 'warning',
    profiles: ['load-bearing', 'strict'],
    targets: ['gemini'],
    fixable: false,
    since: SINCE,
    extension: true,
    sources: [SOURCES.gemini],
    docs: {
      valid: [{type: 'object', properties: {a: {type: 'string', enum: ['x', 'y']}}, required: ['a'], propertyOrdering: ['a']}],
      invalid: [{schema: {type: 'object', properties: {a: {type: ['string', 'null']}, b: {const: 'x'}}, required: ['a', 'b'], additionalProperties: false}, findings: 3}],
    },
    explanation:
      'Gemini\'s legacy responseSchema is an OpenAPI 3.0 subset, and keywords outside it are dropped without an error: the model is then not held to them and can emit output your validator refuses — a correctness trap, hence a warning. responseJsonSchema (November 2025 onward) adds anyOf, $ref/$defs, min/max, additionalProperties, null types and prefixItems; the message says when switching to it would keep the keyword. A type list ("type": ["string", "null"]) is reported too: the legacy schema spells it "nullable": true.',
  },
  check(node, ctx) {
    for (const [kw, inJsonSchema] of Object.entries(GEMINI_DROPPED)) {
      if (!has(node.schema, kw)) continue;
      if (kw === 'additionalProperties' && node.schema.additionalProperties === true) continue; // open is the legacy default
      ctx.report({
        doc: node.doc,
        pointer: ptr(node.pointer, kw),
        message: `Gemini's legacy responseSchema silently drops "${kw}", so the model is not held to it${inJsonSchema ? '; send the schema as responseJsonSchema, which supports it' : '; check it in the host after parsing'}`,
      });
    }
    if (Array.isArray(node.schema.type)) {
      ctx.report({doc: node.doc, pointer: ptr(node.pointer, 'type'), message: 'Gemini\'s legacy responseSchema takes one "type" (with "nullable": true), not a type list; send the schema as responseJsonSchema, which supports it'});
    }
  },
};

export default rule;

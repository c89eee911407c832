import {SINCE, SOURCES, VERIFIED} from '../rule-helpers.js';
import {isObjectType, propertiesOf, ptr} from '../schema-util.js';
import type {LintRule} from '../types.js';

const rule: LintRule = {
  meta: {
    id: 'gemini/property-ordering',
    keywords: ['properties'],
    description: 'Gemini: objects with several properties give "propertyOrdering", listing exactly those properties.',
    severity: 'info',
    profiles: ['load-bearing', 'strict'],
    targets: ['gemini', 'gemini-legacy'],
    fixable: false,
    since: SINCE,
    extension: true,
    sources: [SOURCES.gemini, SOURCES.rfc0030],
    evidence: [{kind: 'docs', text: 'The model produces properties in propertyOrdering order (alphabetical without it); keep it consistent with the prompt and examples.', url: SOURCES.gemini.url, verified: VERIFIED}],
    docs: {
      valid: [{type: 'object', properties: {reasoning: {type: 'string'}, a: {type: 'string'}}, propertyOrdering: ['reasoning', 'a']}],
      invalid: [
        {schema: {type: 'object', properties: {reasoning: {type: 'string'}, a: {type: 'string'}}}, findings: 1},
        {schema: {type: 'object', properties: {reasoning: {type: 'string'}, a: {type: 'string'}}, propertyOrdering: ['reasoning', 'b']}, findings: 1},
      ],
    },
    explanation:
      'Gemini emits properties in propertyOrdering order (alphabetical without it, which would put "reasoning" after most fields). The RFC 0030 §B table recommends it. Not fixed automatically: propertyOrdering is a Gemini-only keyword, and whether to add it to a schema also sent to other vendors is your call.',
  },
  check(node, ctx) {
    const props = propertiesOf(node.schema);
    if (!props || !isObjectType(node.schema)) return;
    const keys = Object.keys(props);
    const ordering = node.schema.propertyOrdering;
    if (ordering === undefined) {
      if (keys.length >= 2) ctx.report({doc: node.doc, pointer: node.pointer, message: missingMessage(JSON.stringify(keys), keys.length)});
      return;
    }
    const listed = Array.isArray(ordering) ? ordering : [];
    const same = listed.length === keys.length && keys.every((k) => listed.includes(k));
    if (!same) ctx.report({doc: node.doc, pointer: ptr(node.pointer, 'propertyOrdering'), message: `"propertyOrdering" must list exactly the properties (${JSON.stringify(keys)})`});
  },
};

/** Messages by property list, so the objects of many schemas that share a shape share one string (a linter keeps every finding until it reports). */
const missing = new Map<string, string>();
const MESSAGES_KEPT = 1024;

function missingMessage(list: string, count: number): string {
  let message = missing.get(list);
  if (message === undefined) {
    message = `object with ${count} properties has no "propertyOrdering"; Gemini would emit them alphabetically: add "propertyOrdering": ${list} (not auto-fixable: other vendors refuse the keyword; export schema --target gemini adds it)`;
    if (missing.size < MESSAGES_KEPT) missing.set(list, message);
  }
  return message;
}

export default rule;

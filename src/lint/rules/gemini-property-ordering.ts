import {defineLintRule} from '../define-lint-rule.js';
import {firstVisit, SOURCES} from '../rule-helpers.js';
import {VERIFIED} from '../../core/rule-sources.js';
import {isObjectType, propertiesOf, ptr} from '../schema-util.js';
import type {LintTarget, RuleContext, SchemaNode} from '../types.js';
import {treatmentOf, VENDOR_MODELS} from '../vendors/index.js';

const WHY = 'not auto-fixable: other vendors refuse the keyword; export schema adds it for gemini and gemini-legacy';

const rule = defineLintRule({
  meta: {
    id: 'gemini/property-ordering',
    keywords: ['properties'],
    description: 'Gemini: objects with several properties give "propertyOrdering", listing exactly those properties.',
    messages: {
      notExact: '"propertyOrdering" must list exactly the properties ({{properties}})',
      noneOrdered: `none of the {{count}} objects with several properties gives "propertyOrdering" ({{shown}}); Gemini would emit each one's properties alphabetically (${WHY})`,
      missing: `object with {{count}} properties has no "propertyOrdering"; Gemini would emit them alphabetically: add "propertyOrdering": {{properties}} (${WHY})`,
    },
    severity: 'info',
    targets: ['gemini', 'gemini-legacy'],
    sources: [SOURCES.gemini, SOURCES.rfc0030],
    evidence: [
      {
        kind: 'docs',
        text: 'The model produces properties in propertyOrdering order (alphabetical without it); keep it consistent with the prompt and examples.',
        url: SOURCES.gemini.url,
        verified: VERIFIED,
      },
    ],
    docs: {
      valid: [{type: 'object', properties: {reasoning: {type: 'string'}, a: {type: 'string'}}, propertyOrdering: ['reasoning', 'a']}],
      invalid: [
        {schema: {type: 'object', properties: {reasoning: {type: 'string'}, a: {type: 'string'}}}, findings: 1},
        {schema: {type: 'object', properties: {reasoning: {type: 'string'}, a: {type: 'string'}}, propertyOrdering: ['reasoning', 'b']}, findings: 1},
        {schema: {type: 'object', properties: {a: {type: 'object', properties: {x: {type: 'string'}, y: {type: 'string'}}}, b: {type: 'string'}}}, findings: 1},
        {schema: {type: 'object', properties: {a: {type: 'object', properties: {x: {type: 'string'}, y: {type: 'string'}}}, b: {type: 'string'}}, propertyOrdering: ['a', 'b']}, findings: 1},
      ],
    },
    explanation:
      'Gemini emits properties in propertyOrdering order (alphabetical without it, which would put "reasoning" after most fields). The RFC 0030 §B table recommends it. A schema that orders none of its objects gets one finding, at its root, naming them; one that orders some gets a finding for each object it left out. Not fixed automatically: propertyOrdering is a Gemini-only keyword, and whether to add it to a schema also sent to other vendors is your call. Quiet when the run also targets a vendor that refuses the keyword (openai, anthropic): no one schema can satisfy both, so the advice would only trade this note for their error; export schema --target gemini adds it to the copy sent to Gemini.',
  },
  check(node, ctx) {
    const props = propertiesOf(node.schema);
    if (!props || !isObjectType(node.schema)) return;
    const seen = stateOf(ctx);
    if (seen.refusedElsewhere || !firstVisit(node, ctx)) return;
    const keys = Object.keys(props);
    const ordering = node.schema.propertyOrdering;
    if (ordering === undefined) {
      if (keys.length >= 2) seen.missing.push(node);
      return;
    }
    seen.ordered = true;
    const listed = Array.isArray(ordering) ? ordering : [];
    const same = listed.length === keys.length && keys.every((k) => listed.includes(k));
    if (!same) ctx.report({doc: node.doc, pointer: ptr(node.pointer, 'propertyOrdering'), messageId: 'notExact', data: {properties: JSON.stringify(keys)}});
  },
  end(ctx) {
    const {missing, ordered} = stateOf(ctx);
    // A schema that orders none of its objects made one choice: said once, at its root. One that orders some has
    // forgotten the others: each is named.
    if (!ordered && missing.length > 1) {
      const shown = missing.slice(0, SHOWN).map((n) => (n.pointer === '' ? 'the root' : n.pointer));
      const more = missing.length > SHOWN ? `, and ${missing.length - SHOWN} more` : '';
      ctx.report({pointer: '', messageId: 'noneOrdered', data: {count: missing.length, shown: `${shown.join(', ')}${more}`}});
      return;
    }
    for (const node of missing) {
      const keys = Object.keys(propertiesOf(node.schema) ?? {});
      ctx.report({doc: node.doc, pointer: node.pointer, messageId: 'missing', data: {count: keys.length, properties: JSON.stringify(keys)}});
    }
  },
});

/** Places named in the one finding for a schema that orders none of its objects. */
const SHOWN = 5;

interface OrderingState {
  missing: SchemaNode[];
  ordered: boolean;
  /** Another target of this run refuses "propertyOrdering" (HTTP 400), so the schema cannot carry it. */
  refusedElsewhere: boolean;
}

function stateOf(ctx: RuleContext): OrderingState {
  return ((ctx.state.ordering as OrderingState | undefined) ??= {missing: [], ordered: false, refusedElsewhere: refusedElsewhere(ctx.options.targets)});
}

/** Worked out once per run's target list, not once per document. */
const refusedBy = new WeakMap<readonly LintTarget[], boolean>();

function refusedElsewhere(targets: readonly LintTarget[]): boolean {
  let refused = refusedBy.get(targets);
  if (refused === undefined) {
    refused = targets.some((t) => t !== 'tier1' && treatmentOf(VENDOR_MODELS[t], 'propertyOrdering')?.effect === 'refused');
    refusedBy.set(targets, refused);
  }
  return refused;
}

export default rule;

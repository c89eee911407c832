import {defineLintRule} from '../define-lint-rule.js';
import {fixRequireNullable, nullablePlan} from '../fixes.js';
import {SOURCES, tier1Checks} from '../rule-helpers.js';
import {propertiesOf, ptr} from '../schema-util.js';
import type {RuleContext, SchemaNode} from '../types.js';

const NOT_REQUIRED = 'property "{{key}}" is not in "required"; strict mode needs every property required, optional ones as nullable (RFC 0030 §D)';

/** The messages of every rule whose check is {@link checkAllRequired}. */
export const ALL_REQUIRED_MESSAGES = {notRequired: NOT_REQUIRED, notRequiredNotFixable: `${NOT_REQUIRED} — not auto-fixable: {{why}}`};

/** Shared by every "all properties required" rule: one finding per property missing from `required`. */
export function checkAllRequired(node: SchemaNode, ctx: RuleContext): void {
  const props = propertiesOf(node.schema);
  if (!props) return;
  const required = Array.isArray(node.schema.required) ? (node.schema.required as unknown[]) : [];
  // A scan for the usual short list; a set only for long ones.
  const set = required.length > 16 ? new Set(required) : undefined;
  for (const key in props) {
    if (Object.hasOwn(props, key) && !(set ? set.has(key) : required.includes(key))) reportNotRequired(node, ctx, props, key);
  }
}

// Apart from the check: a closure over the check's arguments would cost an allocation on every sub-schema.
function reportNotRequired(node: SchemaNode, ctx: RuleContext, props: Record<string, unknown>, key: string): void {
  const plan = nullablePlan(props[key]);
  ctx.report({
    doc: node.doc,
    pointer: ptr(node.pointer, 'properties', key),
    ...(plan.safe ? {messageId: 'notRequired', data: {key}} : {messageId: 'notRequiredNotFixable', data: {key, why: plan.why}}),
    fix: () => fixRequireNullable(node.doc, node.pointer, node.schema, key, [key]),
  });
}

const rule = defineLintRule({
  meta: {
    id: 'tier1/all-required',
    keywords: ['properties'],
    description: 'Every property is listed in "required" (optional ones as nullable).',
    messages: ALL_REQUIRED_MESSAGES,
    profiles: ['strict'],
    fixable: true,
    reach: 'upstream',
    sources: [SOURCES.rfc0030, SOURCES.conformance, SOURCES.openai],
    docs: {
      valid: [{type: 'object', properties: {title: {type: 'string'}, note: {type: ['string', 'null']}}, required: ['title', 'note'], additionalProperties: false}],
      invalid: [
        {
          schema: {type: 'object', properties: {title: {type: 'string'}, note: {type: 'string'}, size: {type: 'string', enum: ['s', 'm']}}, required: ['title'], additionalProperties: false},
          findings: 2,
        },
      ],
    },
    explanation:
      'Strict mode only. One finding per property of a walked object that is not in its "required" list, at /…/properties/<name>. Strict structured outputs make the model emit every property; RFC 0030 §D emulates an optional property by listing it in "required" and letting it be null, and readers treat null like absent. --fix does exactly that: adds the property to "required" and null to its type ("string" becomes ["string", "null"]; an "enum" also gains null). It leaves a property alone when its schema uses $ref, const, anyOf/oneOf/allOf/not/if (adding null there is a design decision).',
  },
  check(node, ctx) {
    if (tier1Checks(node)) checkAllRequired(node, ctx);
  },
});

export default rule;

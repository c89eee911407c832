import {defineLintRule} from '../define-lint-rule.js';
import {SOURCES, tier1Checks} from '../rule-helpers.js';
import {propertiesOf, ptr, soleType} from '../schema-util.js';
import {isObject, type JsonObject} from '../../core/json.js';

/** The branch's discriminator: a required property typed string with a single-value enum. */
export function discriminatorOf(branch: JsonObject): string | undefined {
  const props = propertiesOf(branch);
  if (!props || !Array.isArray(branch.required)) return undefined;
  for (const key of branch.required) {
    if (typeof key !== 'string') continue;
    const p = props[key];
    if (!isObject(p)) continue;
    if (soleType(p) === 'string' && Array.isArray(p.enum) && p.enum.length === 1 && typeof p.enum[0] === 'string') return key;
  }
  return undefined;
}

const variant = (kind: string, extra: Record<string, unknown>) => ({
  type: 'object',
  properties: {kind: {type: 'string', enum: [kind]}, ...extra},
  required: ['kind', ...Object.keys(extra)],
  additionalProperties: false,
});

const rule = defineLintRule({
  meta: {
    id: 'tier1/anyof-discriminator',
    keywords: ['anyOf'],
    description: 'Every anyOf branch is a $ref or has a required single-value string enum (the discriminator).',
    messages: {
      noDiscriminator:
        'anyOf branch has no discriminator: make it a $ref, or give it a required property typed "string" with a single-value "enum" (e.g. "kind": {"type": "string", "enum": ["circle"]}) (RFC 0031)',
    },
    reach: 'upstream',
    sources: [SOURCES.rfc0031, SOURCES.conformance],
    docs: {
      valid: [
        {type: 'object', properties: {shape: {anyOf: [variant('circle', {r: {type: 'number'}}), variant('square', {side: {type: 'number'}})]}}, required: ['shape'], additionalProperties: false},
        {type: 'object', properties: {shape: {anyOf: [{$ref: '#/$defs/circle'}]}}, required: ['shape'], additionalProperties: false, $defs: {circle: variant('circle', {})}},
      ],
      invalid: [
        {schema: {type: 'object', properties: {value: {anyOf: [{type: 'string'}, {type: 'number'}]}}, required: ['value'], additionalProperties: false}, findings: 2},
        {
          schema: {
            type: 'object',
            properties: {shape: {anyOf: [variant('circle', {}), {type: 'object', properties: {kind: {type: 'string', enum: ['square', 'box']}}, required: ['kind'], additionalProperties: false}]}},
            required: ['shape'],
            additionalProperties: false,
          },
          findings: 1,
        },
      ],
    },
    explanation:
      'RFC 0031 variants: oneOf is banned (tier1/forbidden-keyword) and anyOf is allowed only when a reader can tell the branches apart without trying each: every branch is a $ref, or lists in "required" a property typed "string" with a one-value "enum" (conventionally kind, variant or type). One finding per offending branch, at /…/anyOf/<i>. A "const" does not count: Gemini\'s legacy responseSchema drops it. Reported in both profiles: an undiscriminated union is ambiguous whatever the vendor (our reading; upstream\'s two reference schemas have no anyOf to tell).',
  },
  check(node, ctx) {
    const anyOf = node.schema.anyOf;
    if (!tier1Checks(node) || !Array.isArray(anyOf)) return;
    for (let i = 0; i < anyOf.length; i++) {
      const branch: unknown = anyOf[i];
      if (isObject(branch) && (typeof branch.$ref === 'string' || discriminatorOf(branch))) continue;
      ctx.report({
        doc: node.doc,
        pointer: ptr(node.pointer, 'anyOf', i),
        messageId: 'noDiscriminator',
      });
    }
  },
});

export default rule;

import {SOURCES} from '../rule-helpers.js';
import {VERIFIED} from '../../core/rule-sources.js';
import type {Evidence} from '../../core/rule.js';
import type {Treatment, VendorModel} from './model.js';

const DOCS = SOURCES.openai.url;
const docs = (text: string): Evidence => ({kind: 'docs', text, url: DOCS, verified: VERIFIED});
/** The API's answer to a keyword outside the subset, as recorded in a public issue thread. */
const notPermitted = (keyword: string, url: string, extra: Partial<Treatment> = {}): Treatment => ({
  effect: 'refused',
  says: 'refused by the API (HTTP 400 "is not permitted")',
  evidence: {kind: 'api-error', text: `Invalid schema for response_format '…': In context=(…), '${keyword}' is not permitted.`, url, verified: VERIFIED},
  ...extra,
});
const EXAMPLES_REFUSED = 'https://github.com/openai/openai-python/issues/2274';
const unsupported = (text: string): Treatment => ({effect: 'refused', says: 'not in the supported subset; refused (HTTP 400)', evidence: docs(text), rewrite: 'into-description'});
const COMPOSITION = docs('Composition: only anyOf is supported; allOf, not, if/then/else, dependentRequired and dependentSchemas are not.');
const OBJECT_KEYS = 'Object keywords patternProperties, unevaluatedProperties, propertyNames, minProperties and maxProperties are not supported.';
const ARRAY_KEYS = 'Array keywords unevaluatedItems, contains, minContains, maxContains and uniqueItems are not supported.';

/** OpenAI strict structured outputs: Chat `response_format` (json_schema, strict), Responses `text.format`, strict function tools. */
export const OPENAI: VendorModel = {
  target: 'openai',
  name: 'OpenAI strict structured outputs',
  field: 'response_format.json_schema.schema (Chat), text.format.schema (Responses), tools[].function.parameters (strict tools)',
  keywords: {
    type: 'accepted',
    properties: 'accepted',
    required: 'accepted',
    additionalProperties: 'accepted',
    items: 'accepted',
    anyOf: 'accepted',
    enum: 'accepted',
    const: 'accepted',
    $ref: 'accepted',
    $defs: 'accepted',
    definitions: 'accepted',
    description: 'accepted',
    title: 'accepted',
    $schema: 'accepted',
    $id: 'accepted',
    $comment: 'accepted',
    pattern: 'accepted',
    format: 'accepted',
    minimum: 'accepted',
    maximum: 'accepted',
    exclusiveMinimum: 'accepted',
    exclusiveMaximum: 'accepted',
    multipleOf: 'accepted',
    minItems: 'accepted',
    maxItems: 'accepted',
    oneOf: {
      effect: 'refused',
      says: 'refused by the API (HTTP 400 "\'oneOf\' is not permitted"); only anyOf is supported',
      evidence: {
        kind: 'api-error',
        text: "400 Invalid schema for function '…': In context=('properties', '<field>', 'items'), 'oneOf' is not permitted.",
        url: 'https://github.com/can1357/oh-my-pi/issues/920',
        verified: VERIFIED,
      },
      rewrite: 'oneof-to-anyof',
    },
    allOf: {effect: 'refused', says: 'refused (HTTP 400): only anyOf is supported', evidence: COMPOSITION},
    not: {effect: 'refused', says: 'refused (HTTP 400): only anyOf is supported', evidence: COMPOSITION},
    if: {effect: 'refused', says: 'refused (HTTP 400): only anyOf is supported', evidence: COMPOSITION},
    then: {effect: 'refused', says: 'refused (HTTP 400): only anyOf is supported', evidence: COMPOSITION},
    else: {effect: 'refused', says: 'refused (HTTP 400): only anyOf is supported', evidence: COMPOSITION},
    dependentRequired: {effect: 'refused', says: 'refused (HTTP 400): only anyOf is supported', evidence: COMPOSITION},
    dependentSchemas: {effect: 'refused', says: 'refused (HTTP 400): only anyOf is supported', evidence: COMPOSITION},
    // The docs list string lengths as unsupported only for fine-tuned models; no 400 for them is on record.
    minLength: 'accepted',
    maxLength: 'accepted',
    patternProperties: unsupported(OBJECT_KEYS),
    unevaluatedProperties: unsupported(OBJECT_KEYS),
    propertyNames: notPermitted('propertyNames', 'https://github.com/vercel-labs/json-render/issues/180', {rewrite: 'into-description'}),
    minProperties: unsupported(OBJECT_KEYS),
    maxProperties: unsupported(OBJECT_KEYS),
    unevaluatedItems: unsupported(ARRAY_KEYS),
    contains: unsupported(ARRAY_KEYS),
    minContains: unsupported(ARRAY_KEYS),
    maxContains: unsupported(ARRAY_KEYS),
    uniqueItems: unsupported(ARRAY_KEYS),
    // Refused in 2024 ("'default' is not permitted", instructor#1074); accepted by api.openai.com in a direct test of
    // 2026-08 (openai-agents-python#4390). The API as it answers today wins.
    default: 'accepted',
    examples: notPermitted('examples', EXAMPLES_REFUSED, {rewrite: 'drop'}),
  },
  otherKeywords: notPermitted('examples', EXAMPLES_REFUSED, {says: 'not a keyword strict mode reads; refused (HTTP 400 "is not permitted")', rewrite: 'into-description'}),
  formats: ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'],
  otherFormats: {
    effect: 'refused',
    says: 'not a supported format; refused (HTTP 400 "… is not a valid format")',
    evidence: {
      kind: 'api-error',
      text: "400 Invalid schema for function '…': In context=('properties', 'url'), 'uri' is not a valid format.",
      url: 'https://github.com/can1357/oh-my-pi/issues/206',
      verified: VERIFIED,
    },
    rewrite: 'into-description',
  },
  sources: [SOURCES.openai],
};

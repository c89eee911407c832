import {SOURCES, VERIFIED} from '../rule-helpers.js';
import type {Treatment, VendorModel} from './model.js';

/** What the API answers for any field outside the OpenAPI subset (the field name varies). */
const unknownName = (rewrite: Treatment['rewrite']): Treatment => ({
  effect: 'refused',
  says: 'not a field of the OpenAPI Schema subset; refused (HTTP 400 "Unknown name")',
  evidence: {kind: 'api-error', text: 'Invalid JSON payload received. Unknown name "additionalProperties" at \'generation_config.response_schema\': Cannot find field.', url: SOURCES.gemini.url, verified: VERIFIED},
  ...(rewrite ? {rewrite} : {}),
});

/** Gemini `generationConfig.responseSchema`: an OpenAPI 3.0 Schema subset; any other field is refused, `$schema` included. */
export const GEMINI_LEGACY: VendorModel = {
  target: 'gemini-legacy',
  name: 'Gemini responseSchema (legacy)',
  field: 'generationConfig.responseSchema',
  keywords: {
    type: 'accepted',
    format: 'accepted',
    title: 'accepted',
    description: 'accepted',
    nullable: 'accepted',
    enum: 'accepted',
    items: 'accepted',
    minItems: 'accepted',
    maxItems: 'accepted',
    properties: 'accepted',
    required: 'accepted',
    minProperties: 'accepted',
    maxProperties: 'accepted',
    minLength: 'accepted',
    maxLength: 'accepted',
    pattern: 'accepted',
    example: 'accepted',
    anyOf: 'accepted',
    propertyOrdering: 'accepted',
    default: 'accepted',
    minimum: 'accepted',
    maximum: 'accepted',
    const: unknownName('const-to-enum'),
    oneOf: unknownName('oneof-to-anyof'),
    $ref: unknownName('inline-ref'),
    $defs: unknownName('drop'),
    definitions: unknownName('drop'),
    $schema: unknownName('drop'),
    $id: unknownName('drop'),
    $comment: unknownName('drop'),
    examples: unknownName('drop'),
    additionalProperties: unknownName('drop'),
  },
  otherKeywords: unknownName('into-description'),
  formats: 'any',
  sources: [SOURCES.gemini],
};

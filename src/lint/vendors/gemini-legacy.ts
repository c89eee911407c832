import {SOURCES} from '../rule-helpers.js';
import {VERIFIED} from '../../core/rule-sources.js';
import type {Treatment, VendorModel} from './model.js';

/** What the API answers for any field outside the OpenAPI subset (the field name varies). */
const unknownName = (rewrite: Treatment['rewrite']): Treatment => ({
  effect: 'refused',
  says: 'not a field of the OpenAPI Schema subset; refused (HTTP 400 "Unknown name")',
  evidence: {
    kind: 'api-error',
    text: 'Invalid JSON payload received. Unknown name "additionalProperties" at \'generation_config.response_schema\': Cannot find field.',
    url: 'https://github.com/martosaur/instructor_lite/issues/14',
    verified: VERIFIED,
  },
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
  // Per type in the API (STRING: enum, date-time; NUMBER: float, double; INTEGER: int32, int64); one list suffices here.
  formats: ['enum', 'date-time', 'float', 'double', 'int32', 'int64'],
  otherFormats: {
    effect: 'refused',
    says: 'not a format the OpenAPI subset takes; refused (HTTP 400)',
    evidence: {kind: 'api-error', text: "format: only 'enum' and 'date-time' are supported for STRING type", url: 'https://github.com/google-gemini/gemini-cli/issues/3178', verified: VERIFIED},
    rewrite: 'into-description',
  },
  sources: [SOURCES.gemini],
};

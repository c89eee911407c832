import {SOURCES} from '../rule-helpers.js';
import {VERIFIED} from '../../core/rule-sources.js';
import type {Evidence} from '../../core/rule.js';
import type {Treatment, VendorModel} from './model.js';

const docs = (text: string): Evidence => ({kind: 'docs', text, url: SOURCES.anthropic.url, verified: VERIFIED});
const BOUNDS = docs('Numerical constraints (minimum, maximum, multipleOf, …) and string and array length bounds are not supported; minItems only 0 or 1.');
const apiError = (text: string, url: string): Evidence => ({kind: 'api-error', text, url, verified: VERIFIED});
const NUMBER_BOUNDS = apiError("tools.25.custom: For 'integer' type, properties maximum, minimum are not supported", 'https://github.com/earendil-works/pi/issues/9953');
const ARRAY_BOUNDS = apiError("tools.0.custom: For 'array' type, property 'maxItems' is not supported", 'https://github.com/experientiallabs/experiential/pull/804');
const bound = (evidence: Evidence): Treatment => ({effect: 'refused', says: 'not supported by strict tool use; refused (HTTP 400 "… is not supported")', evidence, rewrite: 'into-description'});

/** Anthropic strict tool use (`tools[].input_schema` with `strict: true`) and structured outputs (`output_format`). */
export const ANTHROPIC: VendorModel = {
  target: 'anthropic',
  name: 'Anthropic strict tool use / structured outputs',
  field: 'tools[].input_schema (strict: true), output_format.schema',
  keywords: {
    type: 'accepted',
    properties: 'accepted',
    required: 'accepted',
    additionalProperties: 'accepted',
    items: 'accepted',
    anyOf: 'accepted',
    allOf: 'accepted',
    enum: 'accepted',
    const: 'accepted',
    $ref: 'accepted',
    $defs: 'accepted',
    definitions: 'accepted',
    description: 'accepted',
    title: 'accepted',
    default: 'accepted',
    examples: 'accepted',
    $schema: 'accepted',
    $id: 'accepted',
    $comment: 'accepted',
    format: 'accepted',
    pattern: 'accepted',
    minItems: 'accepted',
    minimum: bound(NUMBER_BOUNDS),
    maximum: bound(NUMBER_BOUNDS),
    exclusiveMinimum: bound(NUMBER_BOUNDS),
    exclusiveMaximum: bound(NUMBER_BOUNDS),
    multipleOf: bound(NUMBER_BOUNDS),
    minLength: bound(BOUNDS),
    maxLength: bound(BOUNDS),
    maxItems: bound(ARRAY_BOUNDS),
    oneOf: {
      effect: 'refused',
      says: 'not supported by strict tool use (only anyOf and allOf); refused (HTTP 400)',
      evidence: docs('Supported composition: anyOf, and allOf with limitations; oneOf is not in the supported list.'),
      rewrite: 'oneof-to-anyof',
    },
  },
  otherKeywords: {
    effect: 'refused',
    says: 'not in the supported JSON Schema subset; refused (HTTP 400)',
    evidence: docs('A schema using a feature outside the supported subset is answered with HTTP 400.'),
    rewrite: 'into-description',
  },
  formats: ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'uri', 'ipv4', 'ipv6', 'uuid'],
  otherFormats: {
    effect: 'refused',
    says: 'not a supported format; refused (HTTP 400)',
    evidence: docs('Supported string formats: date-time, time, date, duration, email, hostname, uri, ipv4, ipv6, uuid.'),
    rewrite: 'into-description',
  },
  sources: [SOURCES.anthropic],
};

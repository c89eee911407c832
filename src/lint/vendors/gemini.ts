import {SOURCES} from '../rule-helpers.js';
import {VERIFIED} from '../../core/rule-sources.js';
import type {Evidence} from '../../core/rule.js';
import type {VendorModel} from './model.js';

const docs = (text: string): Evidence => ({kind: 'docs', text, url: SOURCES.gemini.url, verified: VERIFIED});

/**
 * Gemini `generationConfig.responseJsonSchema`: JSON Schema, read leniently: what it does not support is ignored (the
 * model is then not held to it), `oneOf` is read as `anyOf`. Annotations it ignores change nothing and are accepted.
 */
export const GEMINI: VendorModel = {
  target: 'gemini',
  name: 'Gemini responseJsonSchema',
  field: 'generationConfig.responseJsonSchema',
  keywords: {
    $id: 'accepted',
    $defs: 'accepted',
    $ref: 'accepted',
    $anchor: 'accepted',
    type: 'accepted',
    format: 'accepted',
    title: 'accepted',
    description: 'accepted',
    enum: 'accepted',
    items: 'accepted',
    prefixItems: 'accepted',
    minItems: 'accepted',
    maxItems: 'accepted',
    minimum: 'accepted',
    maximum: 'accepted',
    anyOf: 'accepted',
    properties: 'accepted',
    additionalProperties: 'accepted',
    required: 'accepted',
    propertyOrdering: 'accepted',
    $schema: 'accepted',
    $comment: 'accepted',
    default: 'accepted',
    examples: 'accepted',
    const: {
      effect: 'ignored',
      says: 'ignored by responseJsonSchema: the model is not held to it (a one-value "enum" is)',
      evidence: docs('const is not on the supported list; enum is.'),
      rewrite: 'const-to-enum',
    },
    oneOf: {effect: 'degraded', says: 'read as anyOf: a value matching several branches is not refused', evidence: docs('responseJsonSchema treats oneOf as anyOf.'), rewrite: 'oneof-to-anyof'},
  },
  otherKeywords: {
    effect: 'ignored',
    says: 'ignored by responseJsonSchema: the model is not held to it; check it in the host',
    evidence: docs('Keywords outside the supported list are ignored, not refused.'),
    rewrite: 'into-description',
  },
  formats: 'any',
  sources: [SOURCES.gemini],
};

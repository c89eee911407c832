import type {TargetBuilder} from './builder.js';

/**
 * Gemini `generationConfig` with the legacy `responseSchema` (the OpenAPI 3.0 Schema subset; any other field is
 * refused). https://ai.google.dev/api/caching#Schema (verified 2026-11)
 */
export const GEMINI_LEGACY_BUILDER: TargetBuilder = {
  forms: ['generation-config'],
  defaultForm: 'generation-config',
  build: (_form, {schema}) => ({generationConfig: {responseMimeType: 'application/json', responseSchema: schema}}),
};

import type {TargetBuilder} from './builder.js';

/**
 * Gemini `generationConfig` with `responseJsonSchema` (JSON Schema; what it does not support it ignores).
 * https://ai.google.dev/gemini-api/docs/structured-output (verified 2026-11)
 */
export const GEMINI_BUILDER: TargetBuilder = {
  forms: ['generation-config'],
  defaultForm: 'generation-config',
  build: (_form, {schema}) => ({generationConfig: {responseMimeType: 'application/json', responseJsonSchema: schema}}),
};

import type {TargetBuilder} from './builder.js';

/**
 * Anthropic: a strict tool (`tools[]` with `input_schema` and `strict: true`), or a structured-output request
 * (`output_config.format`, `{type: "json_schema", schema}`; the beta's `output_format` moved there at general
 * availability). https://platform.claude.com/docs/en/build-with-claude/structured-outputs (verified 2026-11)
 */
export const ANTHROPIC_BUILDER: TargetBuilder = {
  forms: ['tool', 'output'],
  defaultForm: 'tool',
  build(form, {name, description, schema}) {
    if (form === 'output') return {output_config: {format: {type: 'json_schema', schema}}};
    return {tools: [{name, ...(description === undefined ? {} : {description}), input_schema: schema, strict: true}]};
  },
};

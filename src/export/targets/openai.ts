import type {TargetBuilder} from './builder.js';

/**
 * OpenAI strict structured outputs. Chat Completions `response_format` and the Responses API `text.format` carry the
 * schema under a name with `strict: true`; a strict function tool carries it as `parameters` — nested under
 * `function` in Chat Completions, flat in the Responses API.
 * https://platform.openai.com/docs/guides/structured-outputs, https://platform.openai.com/docs/guides/function-calling
 * (verified 2026-11)
 */
export const OPENAI_BUILDER: TargetBuilder = {
  forms: ['chat', 'responses', 'tool', 'responses-tool'],
  defaultForm: 'chat',
  build(form, {name, description, schema}) {
    switch (form) {
      case 'chat':
        return {response_format: {type: 'json_schema', json_schema: {name, strict: true, schema}}};
      case 'responses':
        return {text: {format: {type: 'json_schema', name, strict: true, schema}}};
      case 'tool':
        return {tools: [{type: 'function', function: {name, ...(description === undefined ? {} : {description}), strict: true, parameters: schema}}]};
      default:
        return {tools: [{type: 'function', name, ...(description === undefined ? {} : {description}), strict: true, parameters: schema}]};
    }
  },
};

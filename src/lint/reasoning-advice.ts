import type {RuleOptions} from './types.js';

export interface ReasoningAdvice {
  /** The "reasoning" property schema to add, first. */
  schema: Record<string, unknown>;
  /** Whether it must also be listed in "required". */
  required: boolean;
}

/**
 * The "reasoning" property the active profile and targets accept, so following reasoning/missing never trades it for
 * another finding. Required and nullable (RFC 0030 §D) where every property must be required: the strict profile
 * (tier1/all-required, reasoning/strict-nullable) and OpenAI in any profile (openai/all-required). Nullable is spelt
 * "nullable": true for gemini-legacy, whose OpenAPI subset has no "null" type.
 */
export function reasoningAdvice(options: Pick<RuleOptions, 'profile' | 'targets'>): ReasoningAdvice {
  const required = options.profile === 'strict' || options.targets.includes('openai');
  if (!required) return {schema: {type: 'string'}, required};
  return {schema: options.targets.includes('gemini-legacy') ? {type: 'string', nullable: true} : {type: ['string', 'null']}, required};
}

/** The advice in words: `add "reasoning": {…} as the first property[ and list it in "required"]`. */
export function reasoningAdviceText(advice: ReasoningAdvice): string {
  return `add "reasoning": ${JSON.stringify(advice.schema)} as the first property${advice.required ? ' and list it in "required"' : ''}`;
}

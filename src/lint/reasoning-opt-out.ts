/**
 * How a vendor kind says it leaves out "reasoning" on purpose (RFC 0030 §A allows it for low-reasoning signal kinds).
 * It lives in the root "$comment": the one annotation OpenAI, Anthropic and Gemini all accept without a finding, where an
 * "x-openwop-…" key would be refused by the first two (HTTP 400) and ignored with a warning by the third.
 */
export const NO_REASONING_DIRECTIVE = 'openwop:no-reasoning';

export function declaresNoReasoning(root: Readonly<Record<string, unknown>>): boolean {
  const comment = root.$comment;
  return typeof comment === 'string' && comment.includes(NO_REASONING_DIRECTIVE);
}

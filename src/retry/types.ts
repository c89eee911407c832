/** How a provider call ended, in the router's vocabulary (RFC 0033 §A). */
export type StopClass = 'clean' | 'truncated' | 'context-overflow' | 'refusal' | 'blocked' | 'tool-call' | 'paused' | 'other';

export const STOP_CLASSES: readonly StopClass[] = ['clean', 'truncated', 'context-overflow', 'refusal', 'blocked', 'tool-call', 'paused', 'other'];

/** The four provider APIs we read, plus upstream's mock-AI programs. */
export type ProviderId = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini' | 'mock';

export const PROVIDER_IDS = ['openai-chat', 'openai-responses', 'anthropic', 'gemini'] as const;
export type RealProviderId = (typeof PROVIDER_IDS)[number];

/** One provider response, whatever API or transport (JSON body, SSE capture) it came from. */
export interface NormalisedResponse {
  provider: ProviderId;
  stopClass: StopClass;
  /** The provider's own stop signal, unchanged (`length`, `max_tokens`, `MAX_TOKENS`, `incomplete:max_output_tokens`…). */
  stopReason: string | null;
  /** What the model emitted for the payload: message text, or a tool call's arguments as JSON text. */
  text: string | null;
  model: string | null;
  outputTokens: number | null;
  /** The provider's refusal explanation, when it gives one. */
  refusalText: string | null;
  /** The provider's own safety category (Anthropic `stop_details.category`, Gemini rating or `blockReason`). */
  safetyCategory: string | null;
}

/** What a host sent on one call, as far as retry routing cares. */
export interface RecordedRequest {
  /** The output budget the host asked for; null when the request did not set one. */
  maxTokens: number | null;
  /** Canonical JSON of the prompt part (messages, system, input, contents): a change between calls is a corrective fragment. */
  prompt: string;
}

/** An adapter's verdict on one recorded response; a failure may say on which line of an SSE capture it lies. */
/** Something read but left out of the response, reported as a warning (events after `data: [DONE]`). */
export interface AdaptNote {
  ruleId: string;
  message: string;
  line?: number;
}

export type Adapted = {ok: true; response: NormalisedResponse; notes?: AdaptNote[]} | {ok: false; ruleId: string; message: string; line?: number};

/** The provider id RFC 0032 events carry (the `aiProviders.supported` vocabulary): both OpenAI APIs are `openai`. */
export function providerFamily(id: ProviderId): string {
  return id === 'openai-chat' || id === 'openai-responses' ? 'openai' : id;
}

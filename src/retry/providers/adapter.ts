import type {JsonObject} from '../../core/json.js';
import type {Adapted, NormalisedResponse, RealProviderId, RecordedRequest, StopClass} from '../types.js';

/** One SSE event with its data already parsed (`[DONE]` stays a string). */
export interface StreamEvent {
  event?: string;
  data: unknown;
  line: number;
}

/** Everything the simulator knows about one provider API: its responses (JSON and SSE), its endpoint and its requests. */
export interface ProviderAdapter {
  id: RealProviderId;
  /** The provider id RFC 0032 events carry (the `aiProviders.supported` vocabulary). */
  family: 'openai' | 'anthropic' | 'gemini';
  label: string;
  looksLikeBody(body: JsonObject): boolean;
  fromBody(body: JsonObject): Adapted;
  /** Judged on the stream's first JSON event. */
  looksLikeStream(first: StreamEvent): boolean;
  fromStream(events: readonly StreamEvent[]): Adapted;
  /** The API's endpoint, for picking provider calls out of a HAR. */
  matchesPath(path: string): boolean;
  request(body: JsonObject): RecordedRequest;
  /** This API's raw stop reasons and how the router reads them (mock programs borrow these). */
  stopClasses: Readonly<Record<string, StopClass>>;
}

export function ok(response: NormalisedResponse): Adapted {
  return {ok: true, response};
}

export function notOk(ruleId: string, message: string): Adapted {
  return {ok: false, ruleId, message};
}

/** An `error` event inside a stream: the answer ends there, as an `other` stop; what streamed before it is kept. */
export function streamError(provider: RealProviderId, stopReason: string, sofar: Pick<NormalisedResponse, 'text' | 'model' | 'outputTokens'>): Adapted {
  return ok({provider, stopClass: 'other', stopReason, ...sofar, refusalText: null, safetyCategory: null});
}

export const NO_STOP_RULE = 'retry/sse-no-stop';
export const BODY_RULE = 'retry/provider-body';

/** A raw stop reason's class; unknown (or absent) reasons are `other`. Own keys only: `toString` is not a stop reason. */
export function classOf(map: Readonly<Record<string, StopClass>>, raw: string | null): StopClass {
  return raw !== null && Object.hasOwn(map, raw) ? map[raw] : 'other';
}

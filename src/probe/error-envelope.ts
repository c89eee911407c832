import {decodeJsonBytes} from '../io/decode.js';
import type {HttpResponse} from '../io/http-get.js';
import {isObject} from '../core/json.js';

/**
 * An error answer's body read as the flat `{error, message, details?}` envelope
 * (schemas/v2/error-envelope.schema.json), or why it is not one.
 */
export type ErrorEnvelopeRead = {ok: true; error: string; message: unknown; details: unknown} | {ok: false; problem: string};

/**
 * The whole body is parsed: it is already capped by --max-bytes, and a cut-off prefix of a valid envelope would read
 * as no envelope at all.
 */
export function readErrorEnvelope(response: HttpResponse): ErrorEnvelopeRead {
  const decoded = decodeJsonBytes(response.body);
  let body: unknown;
  try {
    body = decoded.problem ? undefined : JSON.parse(decoded.text);
  } catch {
    body = undefined;
  }
  if (!isObject(body)) return {ok: false, problem: `the ${response.status} body is not a readable JSON error envelope`};
  if (typeof body.error !== 'string') return {ok: false, problem: `the ${response.status} body has no string "error" code`};
  return {ok: true, error: body.error, message: body.message, details: body.details};
}

import {isObject} from '../../core/json.js';

/**
 * `--protocol auto`, per JSON value: an object with `status` and `version` or `command`, and none of the AIEnvelope
 * fields `envelopeId`, `correlationId`, `type`, is foxctl Protocol v1; anything else is checked as an AIEnvelope.
 */
export function looksLikeFoxctl(value: unknown): boolean {
  if (!isObject(value)) return false;
  return 'status' in value && ('version' in value || 'command' in value) && !('envelopeId' in value) && !('correlationId' in value) && !('type' in value);
}

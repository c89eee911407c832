/**
 * `--protocol auto`, per JSON value: an object with `status` and `version` or `command`, and none of the AIEnvelope
 * fields `envelopeId`, `correlationId`, `type`, is foxctl Protocol v1; anything else is checked as an AIEnvelope.
 */
export function looksLikeFoxctl(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return 'status' in v && ('version' in v || 'command' in v) && !('envelopeId' in v) && !('correlationId' in v) && !('type' in v);
}

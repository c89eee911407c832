import type {JsonDocument} from '../../io/json-document.js';
import {ajvFindings} from '../../schemas/ajv-findings.js';
import {getValidator} from '../../schemas/index.js';
import type {EnvelopeVerdict} from '../openwop/check-envelope.js';
import {FOXCTL_RULES} from './rules.js';

/** A foxctl Protocol v1 envelope against its structural schema. */
export function checkFoxctlEnvelope(doc: JsonDocument, pointer: string, value: unknown): EnvelopeVerdict {
  const validate = getValidator('foxctl/envelope-v1');
  const kind = `foxctl:${(value as {status?: unknown})?.status ?? '?'}`;
  if (validate(value)) return {kind, valid: true, findings: []};
  return {kind, valid: false, findings: ajvFindings(validate.errors, doc, {ruleId: FOXCTL_RULES.schema.id, base: pointer, label: 'foxctl envelope', value})};
}

/** foxctl envelopes carry `version` and `status`; OpenWOP's carry `envelopeId`. */
export function looksLikeFoxctl(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return 'version' in v && 'status' in v && !('envelopeId' in v);
}

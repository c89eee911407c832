import type {JsonDocument} from '../../io/json-document.js';
import type {Finding} from '../../report/finding.js';
import {ajvFindings} from '../../schemas/ajv-findings.js';
import {builtinKindSchema, getValidator} from '../../schemas/index.js';
import {ENVELOPE_RULES} from './rules.js';

export interface EnvelopeVerdict {
  kind?: string;
  valid: boolean;
  findings: Finding[];
}

/**
 * One AIEnvelope through the accept pipeline's first stages, in the normative order: shape → kind known → payload.
 * A stage that refuses the envelope ends the pipeline, as a host would.
 */
export function checkEnvelope(doc: JsonDocument, pointer: string, value: unknown): EnvelopeVerdict {
  const shape = getValidator('ai-envelope');
  if (!shape(value)) {
    return {valid: false, findings: ajvFindings(shape.errors, doc, {ruleId: ENVELOPE_RULES.shape.id, base: pointer, label: 'envelope', value})};
  }
  const envelope = value as {type: string; payload: unknown};
  const schemaName = builtinKindSchema(envelope.type);
  if (!schemaName) {
    const message = `unknown envelope kind "${envelope.type}": its payload was not checked (give its schema with --schemas DIR)`;
    return {kind: envelope.type, valid: true, findings: [doc.finding(ENVELOPE_RULES.unknownKind.id, 'warning', message, `${pointer}/type`)]};
  }
  const payload = getValidator(schemaName);
  if (payload(envelope.payload)) return {kind: envelope.type, valid: true, findings: []};
  const findings = ajvFindings(payload.errors, doc, {ruleId: ENVELOPE_RULES.payload.id, base: `${pointer}/payload`, label: `payload of "${envelope.type}"`, value: envelope.payload});
  return {kind: envelope.type, valid: false, findings};
}

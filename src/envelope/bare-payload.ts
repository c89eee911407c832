import type {JsonDocument} from '../io/json-document.js';
import {ajvFindings} from '../schemas/ajv-findings.js';
import type {DocScan, EnvelopeRunContext} from './context.js';
import type {FindingSink} from './finding-sink.js';
import {checkContent} from './openwop/content.js';
import {ENVELOPE_RULES} from './openwop/rules.js';

/** `--kind KIND`: the document is a payload of that kind, not an envelope (a JSON array is one array payload). */
export function checkBarePayload(run: EnvelopeRunContext, kind: string, doc: JsonDocument, value: unknown, scan: DocScan, sink: FindingSink): void {
  const validate = run.kinds.validator(kind);
  if (validate && !validate(value)) sink.addAll(ajvFindings(validate.errors, doc, {rule: ENVELOPE_RULES.payload, base: '', label: `payload of "${kind}"`, value}));
  checkContent(doc, '', value, scan, undefined, sink);
}

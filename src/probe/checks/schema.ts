import type {ErrorObject} from 'ajv';
import type {JsonDocument} from '../../io/json-document.js';
import {childPointer} from '../../io/json-pointer.js';
import type {Finding} from '../../core/finding.js';
import {ajvFindings} from '../../schemas/ajv-findings.js';
import {getValidator} from '../../schemas/index.js';
import type {AdvertView} from '../advert-view.js';
import {PROBE_RULES} from '../rules.js';
import {isClaimed} from './context.js';

/**
 * The effective document against our bundled capabilities schema. Unknown keys in closed blocks get their own rule
 * (`probe/closed-block-key`: the commonest real-world defect); subtrees a dedicated rule claimed are left to it, so
 * one problem gives one finding.
 */
export function schemaFindings(doc: JsonDocument, view: AdvertView, claimed: ReadonlySet<string>): Finding[] {
  const validate = getValidator('capabilities');
  if (validate(view.effective)) return [];
  const closed: ErrorObject[] = [];
  const other: ErrorObject[] = [];
  for (const error of validate.errors ?? []) {
    const target = error.keyword === 'additionalProperties' ? childPointer(error.instancePath, String(error.params.additionalProperty)) : error.instancePath;
    if (isClaimed(target, claimed)) continue;
    // Point into the fetched text: a family read from the wrapper lives under /capabilities there.
    const moved = {...error, instancePath: view.docPointer(error.instancePath)};
    (error.keyword === 'additionalProperties' ? closed : other).push(moved);
  }
  return [
    ...ajvFindings(closed, doc, {rule: PROBE_RULES.closedBlockKey, base: '', label: 'closed block', value: view.root}),
    ...ajvFindings(other, doc, {rule: PROBE_RULES.schema, base: '', value: view.root}),
  ];
}

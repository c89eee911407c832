import type {JsonDocument} from '../io/json-document.js';
import type {Finding} from '../core/finding.js';
import {type AdvertView, buildAdvertView} from './advert-view.js';
import {isObject} from '../core/json.js';
import {type AdvertCheck, startCheckRun} from './checks/context.js';
import {checkEnvelopeCatalogue} from './checks/envelope-catalogue.js';
import {checkEnvelopesBlock} from './checks/envelopes-block.js';
import {checkOutbound} from './checks/outbound.js';
import {schemaFindings} from './checks/schema.js';
import {checkWrapper} from './checks/wrapper.js';
import {deriveProfiles} from './profiles.js';
import {PROBE_RULES} from './rules.js';
import {appendAll} from '../io/append-all.js';

/** Dedicated rules run first so they can claim what they explain better than a generic schema message would. */
const CHECKS: readonly AdvertCheck[] = [checkWrapper, checkEnvelopeCatalogue, checkEnvelopesBlock, checkOutbound];

export interface AdvertisementResult {
  findings: Finding[];
  /** Undefined when the document is not a JSON object (nothing to read families from). */
  view?: AdvertView;
  profiles: string[];
}

/** Every advertisement rule over a parsed discovery document. Works the same on a fetched text and a saved file. */
export function checkAdvertisement(doc: JsonDocument): AdvertisementResult {
  const findings = doc.problemFindings();
  if (!isObject(doc.value)) {
    const got = Array.isArray(doc.value) ? 'an array' : doc.value === null ? 'null' : `a ${typeof doc.value}`;
    findings.push(doc.finding(PROBE_RULES.schema.id, 'error', `the discovery document must be a JSON object; got ${got}`, ''));
    return {findings, profiles: []};
  }
  const view = buildAdvertView(doc.value);
  const run = startCheckRun(doc, view);
  for (const check of CHECKS) check(run.ctx);
  appendAll(findings, run.findings);
  appendAll(findings, schemaFindings(doc, view, run.claimed));
  return {findings, view, profiles: deriveProfiles(view.effective)};
}

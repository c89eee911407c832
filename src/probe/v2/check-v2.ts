import type {JsonDocument} from '../../io/json-document.js';
import {appendAll} from '../../io/append-all.js';
import {documentMajorByShape} from '../../v2/document-major.js';
import {deriveV2Profiles} from '../../v2/profiles.js';
import {plainAdvertView} from '../advert-view.js';
import type {AdvertisementResult} from '../advertisement.js';
import {startCheckRun} from '../checks/context.js';
import {checkExtensionOrgs} from './extensions.js';
import {versionRules} from './record-rules.js';
import {checkV1Remnants} from './remnants.js';
import {v2SchemaFindings} from './schema.js';

export interface V2CheckOptions {
  /** Today as YYYY-MM-DD (UTC), for `until` dates. */
  today: string;
}

/**
 * Every rule for a v2 discovery document (upstream schemas/v2/capabilities.schema.json): v1 remnants first (they claim
 * what the schema would report less clearly), the rules the schema cannot express, then the bundled v2 schema. Profiles
 * are derived, never read, and not at all for a v1-shaped document (served as v2: the version mismatch is reported
 * before this runs).
 */
export function checkV2Advertisement(doc: JsonDocument, root: Record<string, unknown>, options: V2CheckOptions): AdvertisementResult {
  const findings = doc.problemFindings();
  const view = plainAdvertView(root);
  const run = startCheckRun(doc, view);
  const v1Shaped = documentMajorByShape(root) === 1;
  for (const check of [checkV1Remnants(v1Shaped), versionRules(options.today), checkExtensionOrgs]) check(run.ctx);
  appendAll(findings, run.findings);
  appendAll(findings, v2SchemaFindings(doc, root, run.claimed));
  // A v1 document served as v2 is no v2 document: deriving v2 profiles from it would claim what it never said.
  return {findings, view, profiles: v1Shaped ? [] : deriveV2Profiles(root)};
}

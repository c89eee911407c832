import type {ErrorObject} from 'ajv';
import type {JsonDocument} from '../../io/json-document.js';
import {childPointer, parsePointer} from '../../io/json-pointer.js';
import type {Finding} from '../../core/finding.js';
import type {Rule} from '../../core/rule.js';
import {ruleMessage} from '../../io/rule-finding.js';
import {ajvFindings} from '../../schemas/ajv-findings.js';
import {getValidator} from '../../schemas/index.js';
import {isV2Family} from '../../v2/families.js';
import {isClaimed} from '../checks/context.js';
import {PROBE_RULES} from '../rules.js';
import {knownKeysAt, nearKnownKey} from './near-keys.js';

/**
 * The document against the bundled v2 capabilities schema. A key the schema does not know, at the root or directly in
 * a family record, is a warning naming the snapshot when nothing else is wrong: v2 grows by RFC faster than a bundled
 * schema (the reference host's newest document carries two such keys: `hostEvents` and a `nondeterminism` facet).
 * Alongside other errors it is one more error: the document is then broken, not merely newer. A key close to a known
 * one (`webhook`, a facet `signatureAlgorithm`) is a typo, never a later RFC's: an error that names the key meant.
 */
export function v2SchemaFindings(doc: JsonDocument, root: Record<string, unknown>, claimed: ReadonlySet<string>): Finding[] {
  const validate = getValidator('v2/capabilities');
  if (validate(root)) return [];
  const errors = (validate.errors ?? []).filter((error) => !isClaimed(errorTarget(error), claimed));
  const newer = errors.filter(isNewerKey);
  const typos = new Map(newer.map((error) => [error, typoOf(error)] as const).filter((entry): entry is [ErrorObject, string] => entry[1] !== undefined));
  const suggest =
    (error: ErrorObject) =>
    (f: Finding): Finding => {
      const suggestion = typos.get(error);
      return suggestion === undefined ? f : restated(f, PROBE_RULES.v2Schema, 'additionalPropertiesTypo', {suggestion});
    };
  if (newer.length < errors.length) return errors.flatMap((error) => ajvFindings([error], doc, {rule: PROBE_RULES.v2Schema, base: '', value: root}).map(suggest(error)));
  return newer.flatMap((error) => {
    const suggestion = typos.get(error);
    const findings = ajvFindings([error], doc, {rule: PROBE_RULES.v2UnknownKey, severity: suggestion === undefined ? 'warning' : 'error', base: '', value: root});
    return findings.map((f) =>
      suggestion === undefined ? restated(f, PROBE_RULES.v2UnknownKey, 'additionalPropertiesNewer', {}) : restated(f, PROBE_RULES.v2UnknownKey, 'additionalPropertiesTypo', {suggestion}),
    );
  });
}

/** An unknown-key finding said again with the rule's fuller template: the Ajv wording and what more is known about the key. */
function restated(f: Finding, rule: Rule, messageId: string, more: Record<string, string>): Finding {
  const data = {...f.data, ...more};
  return {...f, messageId, data, message: ruleMessage(rule, messageId, data)};
}

/** The known key an unknown root or family key is a typo of (an error then, never the "later RFC" warning). */
function typoOf(error: ErrorObject): string | undefined {
  const family = parsePointer(error.instancePath)[0];
  return nearKnownKey(String(error.params.additionalProperty), knownKeysAt(family));
}

function errorTarget(error: ErrorObject): string {
  return error.keyword === 'additionalProperties' ? childPointer(error.instancePath, String(error.params.additionalProperty)) : error.instancePath;
}

function isNewerKey(error: ErrorObject): boolean {
  if (error.keyword !== 'additionalProperties') return false;
  const at = parsePointer(error.instancePath);
  return at.length === 0 || (at.length === 1 && isV2Family(at[0]));
}

import {childPointer} from '../../io/json-pointer.js';
import {LEGACY_KINDS, UNIVERSAL_KINDS} from '../../schemas/index.js';
import {isObject} from '../../core/json.js';
import type {AdvertCheck} from './context.js';

const UNIVERSAL: ReadonlySet<string> = new Set(UNIVERSAL_KINDS);
const SEGMENT = '[a-z][a-zA-Z0-9_-]*';
/** [open] upstream has no kind regex; this is our safe grammar for vendor kinds (`vendor.<org>.<kind>`, RFC 0021). */
export const VENDOR_KIND = new RegExp(`^vendor\\.[a-z][a-z0-9-]*(\\.${SEGMENT})+$`);
const PRIVATE_KIND = new RegExp(`^private\\.[a-z][a-z0-9-]*(\\.${SEGMENT})+$`);
const OPEN_PREFIX_KIND = new RegExp(`^(media|ui|openwop|core|community|local)(\\.${SEGMENT})+$`);

/**
 * Why a kind name is off, or undefined when it is fine (RFC 0021 kind naming: `vendor.<host>.<kind>`, the universals,
 * `media.*`, `ui.*`).
 */
export function kindNameProblem(kind: string): {severity: 'warning'; message: string} | undefined {
  if (UNIVERSAL.has(kind) || VENDOR_KIND.test(kind) || PRIVATE_KIND.test(kind) || OPEN_PREFIX_KIND.test(kind)) return undefined;
  if (LEGACY_KINDS.has(kind)) {
    return {severity: 'warning', message: `"${kind}" is a legacy un-namespaced kind, tolerated in v1.x but deprecated: advertise it as vendor.<host>.${kind}`};
  }
  if (kind.startsWith('vendor.') || kind.startsWith('private.')) {
    return {severity: 'warning', message: `"${kind}" does not follow ${kind.split('.')[0]}.<host>.<kind> (lower-case host, then at least one dot-separated segment)`};
  }
  return {severity: 'warning', message: `"${kind}" is neither a spec kind nor namespaced: name host kinds vendor.<host>.<kind>`};
}

/**
 * supportedEnvelopes and schemaVersions (RFC 0021: a non-empty list carries all four universal kinds, each at schema
 * version 1).
 */
export const checkEnvelopeCatalogue: AdvertCheck = (ctx) => {
  const {effective} = ctx.view;
  const list = effective.supportedEnvelopes;
  const kinds = Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : [];
  const advertised = new Set(kinds);

  if (kinds.length > 0) {
    for (const kind of UNIVERSAL_KINDS) {
      if (advertised.has(kind)) continue;
      ctx.report(
        'universalKinds',
        'error',
        `supportedEnvelopes lists ${kinds.length} kind(s) but not the universal kind "${kind}": a host that accepts envelopes must recognise all four (an engine-only host advertises [])`,
        '/supportedEnvelopes',
      );
    }
  }

  const seen = new Set<string>();
  (Array.isArray(list) ? list : []).forEach((kind, i) => {
    if (typeof kind !== 'string') return;
    const at = childPointer('/supportedEnvelopes', i);
    if (seen.has(kind)) ctx.report('duplicateKind', 'warning', `"${kind}" is listed more than once`, at);
    seen.add(kind);
    const problem = kindNameProblem(kind);
    if (problem) ctx.report('kindName', problem.severity, problem.message, at);
  });

  const versions = effective.schemaVersions;
  if (!isObject(versions)) return;
  for (const [kind, version] of Object.entries(versions)) {
    const at = childPointer('/schemaVersions', kind);
    if (UNIVERSAL.has(kind) && version !== 1 && typeof version === 'number') {
      ctx.report('universalSchemaVersion', 'error', `schemaVersions["${kind}"] is ${version}; a universal kind's payload schema is version 1`, at);
    }
    if (!advertised.has(kind)) {
      ctx.report('schemaVersionsKey', 'warning', `schemaVersions names "${kind}", which supportedEnvelopes does not advertise`, at);
    }
  }
  for (const kind of advertised) {
    if (Object.hasOwn(versions, kind)) continue;
    if (UNIVERSAL.has(kind)) ctx.report('schemaVersionMissing', 'warning', `schemaVersions has no entry for the universal kind "${kind}" (it should be 1)`, '/schemaVersions');
    else ctx.report('schemaVersionMissing', 'info', `schemaVersions has no entry for "${kind}"; clients cannot tell which payload schema version is active`, '/schemaVersions');
  }
};

import {childPointer} from '../../io/json-pointer.js';
import {isObject} from '../../core/json.js';
import type {AdvertCheck} from '../checks/context.js';

/** Orgs no host may use for its extensions (reserved by the v2 spec; the key pattern does not enforce it). */
const RESERVED_ORGS = new Set(['openwop', 'vendor', 'effect-seams', 'events']);

/**
 * The orgs the v2 declaration registers, as read (openwop/openwop spec/v2/declaration.json @0a845654: example,
 * openwop-app, myndhyve).
 */
export const REGISTERED_ORGS_SOURCE = 'spec/v2/declaration.json @0a845654';
const REGISTERED_ORGS = new Set(['example', 'openwop-app', 'myndhyve']);

/**
 * `extensions.<org>.<name>`: a reserved org is an error; an org missing from the bundled registry only an info, because
 * the registry grows faster than this copy of it and the reference host itself uses an unregistered org
 * (`openwop-v2-reference`).
 */
export const checkExtensionOrgs: AdvertCheck = (ctx) => {
  const extensions = ctx.view.root.extensions;
  if (!isObject(extensions)) return;
  for (const key of Object.keys(extensions)) {
    const dot = key.indexOf('.');
    if (dot <= 0) continue; // not <org>.<name>: the schema's pattern reports it
    const org = key.slice(0, dot);
    const at = childPointer('/extensions', key);
    if (RESERVED_ORGS.has(org)) {
      ctx.report('extensionOrgReserved', 'error', `extension "${key}" uses the reserved org "${org}" (reserved: ${[...RESERVED_ORGS].join(', ')}): use your own registered org`, at);
    } else if (!REGISTERED_ORGS.has(org)) {
      ctx.report(
        'extensionOrgUnregistered',
        'info',
        `extension org "${org}" is not in the extensions registry as bundled (${REGISTERED_ORGS_SOURCE}: ${[...REGISTERED_ORGS].join(', ')}); v2 asks orgs to be registered there`,
        at,
      );
    }
  }
};

import {childPointer} from '../../io/json-pointer.js';
import {V2_METADATA_KEYS} from '../../v2/document-major.js';
import {isObject} from '../advert-view.js';
import type {AdvertCheck} from '../checks/context.js';
import {compareVersions, highestVersion, listedVersions, parseVersion} from './versions.js';

const METADATA = new Set(V2_METADATA_KEYS);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The version rules of a v2 root the schema cannot express (FACTS §1, §2): preferredVersion among protocolVersions,
 * the v1/v2 overlap rule, and each capability record's since (a listed minor) and until (not past).
 */
export function versionRules(today: string): AdvertCheck {
  return (ctx) => {
    const root = ctx.view.root;
    const listed = listedVersions(root);
    if (!Array.isArray(root.protocolVersions)) return;
    const preferred = root.preferredVersion;
    if (typeof preferred === 'string' && parseVersion(preferred)) {
      if (!listed.includes(preferred)) {
        ctx.report('preferredVersionListed', 'error', `preferredVersion "${preferred}" is not one of protocolVersions (${listed.join(', ') || 'none'})`, '/preferredVersion');
      }
      const v1 = listed.filter((v) => parseVersion(v)?.major === 1);
      if (v1.length > 0 && parseVersion(preferred)?.major !== 1) {
        ctx.report('preferredVersionOverlap', 'error', `protocolVersions still lists ${v1.join(', ')}, so preferredVersion must be that 1.x (a header-less client must get v1), not "${preferred}"; switch it to 2.x in the same step that drops v1`, '/preferredVersion');
      }
    }
    const newest = highestVersion(listed);
    for (const [family, record] of Object.entries(root)) {
      if (METADATA.has(family) || !isObject(record)) continue;
      const at = childPointer('', family);
      if (typeof record.since === 'string' && parseVersion(record.since) && !listed.includes(record.since)) {
        ctx.report('sinceListed', 'error', `${family}.since "${record.since}" is not a minor this host lists in protocolVersions (${listed.join(', ') || 'none'}): since is a point on the host's own timeline`, childPointer(at, 'since'));
      }
      const until = record.until;
      if (typeof until !== 'string') continue;
      if (DATE.test(until) && until < today) {
        ctx.report('untilPast', 'error', `${family}.until ${until} is in the past (today is ${today}): renew the claim or retire the record (until_in_past)`, childPointer(at, 'until'));
      }
      const version = parseVersion(until);
      if (version && newest && compareVersions(version, newest) <= 0) {
        const served = `${newest.major}.${newest.minor}`;
        ctx.report('untilPast', 'error', `${family}.until "${until}" is already reached: the host serves ${served}${until === served ? '' : ', which is later'} (until_in_past)`, childPointer(at, 'until'));
      }
    }
  };
}

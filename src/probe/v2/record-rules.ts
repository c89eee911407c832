import {childPointer} from '../../io/json-pointer.js';
import {V2_METADATA_KEY_SET} from '../../v2/document-major.js';
import {shortList} from '../../report/short-list.js';
import {isObject} from '../../core/json.js';
import type {AdvertCheck} from '../checks/context.js';
import {compareVersions, highestVersion, listedVersions, parseVersion} from './versions.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether YYYY-MM-DD names a day the calendar has: Date.UTC rolls 2026-02-30 over to March, so it must round-trip. */
function isCalendarDate(text: string): boolean {
  const [, y, m, d] = DATE.exec(text) ?? [];
  if (y === undefined) return false;
  const day = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return day.getUTCFullYear() === Number(y) && day.getUTCMonth() === Number(m) - 1 && day.getUTCDate() === Number(d);
}

/**
 * The version rules of a v2 root the schema cannot express (versioning.md §1, capabilities.md §2): preferredVersion
 * among protocolVersions, the v1/v2 overlap rule, and each capability record's since (a listed minor) and until (not
 * past).
 */
export function versionRules(today: string): AdvertCheck {
  return (ctx) => {
    const root = ctx.view.root;
    const listed = listedVersions(root);
    if (!Array.isArray(root.protocolVersions)) return;
    const preferred = root.preferredVersion;
    if (typeof preferred === 'string' && parseVersion(preferred)) {
      if (!listed.includes(preferred)) {
        ctx.report('preferredVersionListed', 'error', `preferredVersion "${preferred}" is not one of protocolVersions (${shortList(listed) || 'none'})`, '/preferredVersion');
      }
      const v1 = listed.filter((v) => parseVersion(v)?.major === 1);
      if (v1.length > 0 && parseVersion(preferred)?.major !== 1) {
        ctx.report(
          'preferredVersionOverlap',
          'error',
          `protocolVersions still lists ${shortList(v1)}, so preferredVersion must be that 1.x (a header-less client must get v1), not "${preferred}"; switch it to 2.x in the same step that drops v1`,
          '/preferredVersion',
        );
      }
    }
    const newest = highestVersion(listed);
    for (const [family, record] of Object.entries(root)) {
      if (V2_METADATA_KEY_SET.has(family) || !isObject(record)) continue;
      const at = childPointer('', family);
      if (typeof record.since === 'string' && parseVersion(record.since) && !listed.includes(record.since)) {
        ctx.report(
          'sinceListed',
          'error',
          `${family}.since "${record.since}" is not a minor this host lists in protocolVersions (${shortList(listed) || 'none'}): since is a point on the host's own timeline`,
          childPointer(at, 'since'),
        );
      }
      const until = record.until;
      if (typeof until !== 'string') continue;
      if (DATE.test(until) && !isCalendarDate(until)) {
        ctx.report('untilMalformed', 'error', `${family}.until "${until}" is no calendar date (YYYY-MM-DD with a real month and day)`, childPointer(at, 'until'));
      } else if (DATE.test(until) && until < today) {
        ctx.report('untilPast', 'error', `${family}.until ${until} is in the past (today is ${today}): renew the claim or retire the record (until_in_past)`, childPointer(at, 'until'));
      }
      const version = parseVersion(until);
      if (version && newest && compareVersions(version, newest) <= 0) {
        const served = `${newest.major}.${newest.minor}`;
        ctx.report(
          'untilPast',
          'error',
          `${family}.until "${until}" is already reached: the host serves ${served}${until === served ? '' : ', which is later'} (until_in_past)`,
          childPointer(at, 'until'),
        );
      }
    }
  };
}

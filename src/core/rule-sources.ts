/** The month every rule's sources were last checked against what they cite (`RuleSource.verified`). */
export const VERIFIED = '2026-11';

/** Files of the OpenWOP repository as they are now; a source that must not move cites a commit instead. */
export const OPENWOP_MAIN = 'https://github.com/openwop/openwop/blob/main';

/**
 * The ignore package and picomatch turn a pattern into a backtracking RegExp: each `*` or `**` group multiplies the
 * ways a deep path can be split, so a pattern with many of them takes exponential time (a 52-byte .gitignore can stop
 * a walk). Ignore files come with a checkout, so their patterns are untrusted: the bound below keeps every match cheap.
 */

/** Far above real patterns (`**\/build/**\/*.js` holds 3); at 5 and more a deep path already costs measurable time. */
export const MAX_WILDCARD_GROUPS = 4;

/** `**\/**\/` means what one `**\/` means: runs of `**` segments become one, so only distinct wildcards count. */
export function normaliseIgnorePattern(pattern: string): string {
  return pattern.replace(/(^!?|\/)\*\*(?:\/\*\*)+(?=\/|$)/g, '$1**');
}

/** Why `pattern` (normalised) is refused, or undefined when it is cheap enough to match. */
export function ignorePatternProblem(pattern: string): string | undefined {
  const groups = pattern.match(/\*+/g)?.length ?? 0;
  return groups > MAX_WILDCARD_GROUPS ? `it holds ${groups} wildcard groups (* or **), over the limit of ${MAX_WILDCARD_GROUPS}: matching it could take minutes` : undefined;
}

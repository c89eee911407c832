/** Names longer than this get no suggestion: the edit distance costs their length times each candidate's. */
const MAX_SUGGESTED_LENGTH = 200;

/**
 * Up to `max` of `candidates` that `id` was probably meant to be, closest first: those containing it, then those within
 * an edit distance of a third of its length (at least 3).
 */
export function closest(id: string, candidates: readonly string[], max = 3): string[] {
  if (id.length > MAX_SUGGESTED_LENGTH) return [];
  const score = (c: string) => (c.includes(id) ? 0 : editDistance(c, id));
  return candidates
    .map((c) => ({c, s: score(c)}))
    .filter((x) => x.s <= Math.max(3, Math.floor(id.length / 3)))
    .sort((a, b) => a.s - b.s)
    .slice(0, max)
    .map((x) => x.c);
}

/**
 * closest() for names whose words are mistyped with another separator or case (`clarification_request`,
 * `Clarification-Request` for `clarification.request`): both sides are folded to lower case with `.` between words
 * before they are compared. The candidates come back as written.
 */
export function closestName(name: string, candidates: readonly string[], max = 3): string[] {
  const fold = (s: string) => s.toLowerCase().replace(/[_\-\s]/g, '.');
  const byFolded = new Map<string, string>();
  for (const c of candidates) if (!byFolded.has(fold(c))) byFolded.set(fold(c), c);
  return closest(fold(name), [...byFolded.keys()], max).map((f) => byFolded.get(f) as string);
}

/** Levenshtein distance: insertions, deletions and substitutions, one each. */
export function editDistance(a: string, b: string): number {
  const dp = Array.from({length: b.length + 1}, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = dp[0];
    dp[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = dp[j];
      dp[j] = Math.min(dp[j] + 1, dp[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return dp[b.length];
}

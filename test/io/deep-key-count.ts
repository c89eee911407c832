/** The keys of a parsed value at every depth, as JsonDocument.parse counts them (what keyColons is given). */
export function deepKeyCount(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + deepKeyCount(v), 0);
  let n = 0;
  for (const k in value) n += 1 + deepKeyCount((value as Record<string, unknown>)[k]);
  return n;
}

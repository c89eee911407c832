/**
 * `<major>.<minor>` as v2 writes every version field (schemas/v2/capabilities.schema.json): no leading zeros, nothing
 * else.
 */
const VERSION = /^(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

export interface Version {
  major: number;
  minor: number;
}

export function parseVersion(value: unknown): Version | undefined {
  if (typeof value !== 'string') return undefined;
  const match = VERSION.exec(value);
  return match ? {major: Number(match[1]), minor: Number(match[2])} : undefined;
}

export function compareVersions(a: Version, b: Version): number {
  return a.major - b.major || a.minor - b.minor;
}

/**
 * The versions a document says it serves: the well-formed entries of `protocolVersions` (the schema reports the
 * others), or, for a v1 document without that list, its scalar `protocolVersion`.
 */
export function listedVersions(doc: Readonly<Record<string, unknown>>): string[] {
  const list = Array.isArray(doc.protocolVersions) ? doc.protocolVersions : [doc.protocolVersion];
  return list.filter((v): v is string => parseVersion(v) !== undefined);
}

export function listedMajors(doc: Readonly<Record<string, unknown>>): Set<number> {
  return new Set(listedVersions(doc).map((v) => (parseVersion(v) as Version).major));
}

export function highestVersion(versions: readonly string[]): Version | undefined {
  let best: Version | undefined;
  for (const text of versions) {
    const v = parseVersion(text);
    if (v && (!best || compareVersions(v, best) > 0)) best = v;
  }
  return best;
}

/** A client version just below `min` (`1.3` → `1.2`, `2.0` → `1.0`); undefined when nothing is below (`0.0`). */
export function versionBelow(min: Version): string | undefined {
  if (min.minor > 0) return `${min.major}.${min.minor - 1}`;
  return min.major > 0 ? `${min.major - 1}.0` : undefined;
}

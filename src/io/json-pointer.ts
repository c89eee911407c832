/** RFC 6901 JSON pointers. */
export type PathSegment = string | number;

export function toPointer(path: readonly PathSegment[]): string {
  let out = '';
  for (const seg of path) out += '/' + String(seg).replaceAll('~', '~0').replaceAll('/', '~1');
  return out;
}

export function parsePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '#') return [];
  const body = pointer.startsWith('#') ? decodeURIComponent(pointer.slice(1)) : pointer;
  if (!body.startsWith('/')) throw new Error(`not a JSON pointer: ${pointer}`);
  const segments: string[] = [];
  // One slice per segment (split then map would build the list twice): linters parse a pointer for every finding.
  for (let from = 1; ;) {
    const slash = body.indexOf('/', from);
    const raw = slash === -1 ? body.slice(from) : body.slice(from, slash);
    segments.push(raw.includes('~') ? raw.replaceAll('~1', '/').replaceAll('~0', '~') : raw);
    if (slash === -1) return segments;
    from = slash + 1;
  }
}

/** {@link parsePointer}, with a pointer that does not parse taken as the root's (where a finding at it is placed). */
export function parsePointerOrRoot(pointer: string): string[] {
  try {
    return parsePointer(pointer);
  } catch {
    return [];
  }
}

export function childPointer(pointer: string, segment: PathSegment): string {
  return pointer + toPointer([segment]);
}

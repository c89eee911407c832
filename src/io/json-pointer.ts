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
  return body.slice(1).split('/').map((s) => (s.includes('~') ? s.replaceAll('~1', '/').replaceAll('~0', '~') : s));
}

export function childPointer(pointer: string, segment: PathSegment): string {
  return pointer + toPointer([segment]);
}

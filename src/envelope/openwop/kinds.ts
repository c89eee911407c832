/** The kinds every host must recognise; a contract gate never refuses them (RFC 0021). */
export const UNIVERSAL_KINDS = ['clarification.request', 'schema.request', 'schema.response', 'error'] as const;
export const MEDIA_KINDS = ['media.image', 'media.audio', 'media.file'] as const;
export const BUILTIN_KINDS: readonly string[] = [...UNIVERSAL_KINDS, ...MEDIA_KINDS];

export function isUniversalKind(kind: string): boolean {
  return (UNIVERSAL_KINDS as readonly string[]).includes(kind);
}

/** The kinds every host must recognise; a contract gate never refuses them (RFC 0021). */
export const UNIVERSAL_KINDS = ['clarification.request', 'schema.request', 'schema.response', 'error'] as const;
export const MEDIA_KINDS = ['media.image', 'media.audio', 'media.file'] as const;
export const BUILTIN_KINDS: readonly string[] = [...UNIVERSAL_KINDS, ...MEDIA_KINDS];
/** Un-namespaced kinds tolerated in v1.x for backward compatibility, deprecated. */
export const LEGACY_KINDS: readonly string[] = ['prd.create', 'theme.create', 'tasks.create'];

export function isUniversalKind(kind: string): boolean {
  return (UNIVERSAL_KINDS as readonly string[]).includes(kind);
}

/**
 * Kind naming [open upstream: no regex exists]. Our grammar: a segment is `[a-z][a-zA-Z0-9_-]*`; an owner segment
 * (the host or org after `vendor.`/`private.`) is `[a-z][a-z0-9-]*`.
 * - `vendor.<owner>.<kind…>` and `private.<owner>.<kind…>`: owner plus at least one more segment;
 * - `openwop.*`, `core.*`, `community.*`, `local.*`, `media.*`, `ui.*`: at least one segment after the prefix;
 * - the four universal kinds as they are; the legacy kinds are a separate, deprecation finding.
 */
const OWNED = /^(vendor|private)\.[a-z][a-z0-9-]*(\.[a-z][a-zA-Z0-9_-]*)+$/;
const PREFIXED = /^(openwop|core|community|local|media|ui)(\.[a-z][a-zA-Z0-9_-]*)+$/;

export type KindName = 'universal' | 'namespaced' | 'legacy' | 'unnamespaced';

export function classifyKindName(kind: string): KindName {
  if (isUniversalKind(kind)) return 'universal';
  if (LEGACY_KINDS.includes(kind)) return 'legacy';
  return OWNED.test(kind) || PREFIXED.test(kind) ? 'namespaced' : 'unnamespaced';
}

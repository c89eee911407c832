import {LEGACY_KINDS, UNIVERSAL_KINDS} from '../../schemas/index.js';

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
  if ((UNIVERSAL_KINDS as readonly string[]).includes(kind)) return 'universal';
  if (LEGACY_KINDS.has(kind)) return 'legacy';
  return OWNED.test(kind) || PREFIXED.test(kind) ? 'namespaced' : 'unnamespaced';
}

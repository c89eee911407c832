/**
 * What v2 renamed, moved or removed from a v1 discovery document (RFC 0169 migration rows C2.1–C2.10, capabilities.md
 * §4; RFC 0169 migration rows C2.1–C2.10). One table for the probe's remnant rules and for `--compare` across majors.
 */

/** The v1 extension-class families, advertised in v2 as `extensions["openwop-app.<name>"]`. */
export const EXTENSION_CLASS_FAMILIES: ReadonlySet<string> = new Set([
  'brand',
  'canvas',
  'chat',
  'coordination',
  'dataIntegration',
  'entities',
  'kanban',
  'knowledge',
  'launchStudio',
  'messaging',
  'webResearch',
]);

/** The org v2 files the extension-class families under. */
export const EXTENSION_CLASS_ORG = 'openwop-app';

/** Root keys v1 had that v2 moved to another root key. */
export const ROOT_RENAMES: Readonly<Record<string, string>> = {'host.workspace': 'workspace'};

/** Root keys v2 removed with no replacement. Every other dotted `host.*` mirror is gone too (see `isRemovedInV2`). */
export const ROOT_REMOVALS: ReadonlySet<string> = new Set(['supportedTransports', 'grpc', 'contractProvenance', 'host.media', 'host.collaboration']);

/** Facets v2 renamed, per family: v1 name → v2 name. */
export const FACET_RENAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {aiProviders: {supported: 'providers'}, auth: {profiles: 'lanes'}};

/** A v1 root key with no v2 counterpart at all (not renamed, not moved under extensions). */
export function isRemovedInV2(key: string): boolean {
  return ROOT_REMOVALS.has(key) || (key.startsWith('host.') && !Object.hasOwn(ROOT_RENAMES, key));
}

/** The name a v1 root key has in v2 (renamed families, the extension-class families under extensions). */
export function v2NameOf(key: string): string {
  if (Object.hasOwn(ROOT_RENAMES, key)) return ROOT_RENAMES[key];
  return EXTENSION_CLASS_FAMILIES.has(key) ? `extensions.${EXTENSION_CLASS_ORG}.${key}` : key;
}

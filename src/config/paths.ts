import {resolve} from 'node:path';
import type {LoadedConfig} from './types.js';

/** Config "capabilities": a file path (relative to the config's folder) or an http(s) URL; undefined when unset. */
export function configCapabilities({config, baseDir}: LoadedConfig): string | undefined {
  const source = config.capabilities;
  if (source === undefined) return undefined;
  return /^https?:\/\//i.test(source) ? source : resolve(baseDir, source);
}

/** Config "kindSchemas" folders, resolved against the config's folder. */
export function configKindSchemaDirs({config, baseDir}: LoadedConfig): string[] {
  return (config.kindSchemas ?? []).map((dir) => resolve(baseDir, dir));
}

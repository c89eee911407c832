import {has} from './schema-util.js';
import {isObject} from '../core/json.js';

/**
 * Whether a parsed JSON file found in a folder (or by a glob) is a JSON Schema, so `lint schema schemas/` lints the
 * schemas beside example envelopes, pack manifests and other JSON instead of reporting those as broken schemas.
 * A schema has `$schema`, or `type`, `properties` or `$defs` at its root; an AIEnvelope (`type`, `payload`, `meta`), a
 * foxctl envelope (`status`, `command`) or a pack manifest (`name`, `version` and `runtime`, `nodes`, `kind` or
 * `engines`) is not one, even with a `$schema` (editors want one on any JSON file). Only the root's keys are looked at:
 * this runs on every file a folder holds, on the value the linter parsed anyway.
 */
export function looksLikeSchema(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (has(value, 'type') && has(value, 'payload') && has(value, 'meta')) return false;
  if (has(value, 'status') && has(value, 'command')) return false;
  if (has(value, 'name') && has(value, 'version') && (has(value, 'runtime') || has(value, 'nodes') || has(value, 'kind') || has(value, 'engines'))) return false;
  return has(value, '$schema') || has(value, 'type') || has(value, 'properties') || has(value, '$defs');
}

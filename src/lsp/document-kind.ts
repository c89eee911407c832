import {basename} from 'node:path';
import {isObject} from '../core/json.js';
import type {OpenwopConfig} from '../config/types.js';
import {matchingOverrides} from '../config/overrides.js';
import {looksLikeFoxctl} from '../envelope/foxctl/detect.js';
import {NOT_CONTENT} from '../io/inputs.js';
import {looksLikeSchema} from '../lint/index.js';

/** Which check a document gets: `lint schema`, `validate envelope` or `validate pack`. */
export type DocumentKind = 'schema' | 'envelope' | 'pack';

/**
 * The check for a document, by its name first (as the CLI's pre-commit hooks pick files), then by the config's
 * `overrides` entries that set `lint` options (they name schemas), then, for any other `.json`, by its content as
 * `lint schema` decides for a file a folder yields. A plain `.json` that does not parse keeps the kind it had before
 * (`previous`): an edit that breaks the syntax still shows where; one never recognised stays unchecked, since a
 * JSON-with-comments settings file must not be covered in openwop parse errors.
 */
export function documentKind(path: string, text: string, config: OpenwopConfig, configBaseDir: string, previous?: DocumentKind): DocumentKind | undefined {
  const name = basename(path);
  if (name === 'pack.json' || name.endsWith('.pack.json')) return 'pack';
  if (name.endsWith('.schema.json')) return 'schema';
  if (name.endsWith('.ndjson') || name.endsWith('.jsonl')) return 'envelope';
  // Tooling files a folder run never picks up (configs, lockfiles, tsconfig), and the dot-file config it skips too.
  if (!name.endsWith('.json') || NOT_CONTENT.has(name) || name === '.openwoprc.json') return undefined;
  if (matchingOverrides(config, path, configBaseDir).some((i) => config.overrides?.[i].lint !== undefined)) return 'schema';
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return previous;
  }
  if (looksLikeEnvelope(value) || (Array.isArray(value) && value.length > 0 && value.every(looksLikeEnvelope))) return 'envelope';
  return looksLikeSchema(value) ? 'schema' : undefined;
}

/** An AIEnvelope carries `type` with `payload` or its ids; a foxctl envelope `status` with `command` or `version`. */
function looksLikeEnvelope(value: unknown): boolean {
  if (!isObject(value)) return false;
  return ('type' in value && ('payload' in value || 'envelopeId' in value || 'correlationId' in value)) || looksLikeFoxctl(value);
}

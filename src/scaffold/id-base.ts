import {UserError} from '../core/user-error.js';

/**
 * Default `$id` base: `.invalid` is a reserved top-level domain (RFC 6761), so a schema published with it unchanged is
 * obviously unfinished, and it never resolves to someone else's server.
 */
export const DEFAULT_ID_BASE = 'https://schemas.example.invalid/envelopes/';

/** `<idBase><kind>.schema.json`; the file-name tail is what `lint schema` reads the kind from. */
export function schemaId(idBase: string, kind: string, source: string): string {
  let url: URL;
  try {
    url = new URL(idBase);
  } catch {
    throw new UserError(`${source} "${idBase}" is not an absolute URL`, 'e.g. --id-base https://schemas.acme.example/envelopes/');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UserError(`${source} "${idBase}" must be an http(s) URL: the schema's $id ends in <kind>.schema.json`);
  if (url.search || url.hash || idBase.includes('#')) throw new UserError(`${source} "${idBase}" must not have a query or a fragment`);
  return `${idBase.endsWith('/') ? idBase : `${idBase}/`}${kind}.schema.json`;
}

import {createHash} from 'node:crypto';

/** A CSP source expression naming exactly this inline script or style: the browser runs it only if the text matches. */
function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The policy of a report page: nothing loads from anywhere (no network, no file beside it), the one inline style and
 * the one inline script run because their hashes are listed, and no form or base URL can be used.
 */
export function contentSecurityPolicy(style: string, script: string): string {
  return [`default-src 'none'`, `style-src ${hashSource(style)}`, `script-src ${hashSource(script)}`, `img-src 'none'`, `base-uri 'none'`, `form-action 'none'`].join('; ');
}

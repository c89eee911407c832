import {UserError} from '../core/user-error.js';
import {trimTrailing} from '../io/trim.js';

export const WELL_KNOWN_PATH = '/.well-known/openwop';

export interface DiscoveryUrl {
  /** Where the document is fetched from. */
  url: string;
  /** The host's base: what `/.well-known/openwop` hangs off; relative schema paths resolve against it. */
  base: string;
}

/**
 * `https://host`, `https://host/prefix/` and `https://host/prefix/.well-known/openwop` all name the same document.
 * A host mounted under a path prefix keeps it. User-info in the URL is refused: it would be a credential that every
 * report prints (the URL is each finding's `file`) — `--header` and `--token-env` exist for that.
 */
export function discoveryUrl(input: string): DiscoveryUrl {
  let parsed: URL;
  try {
    parsed = new URL(input);
  } catch {
    throw new UserError(`not a URL: ${JSON.stringify(input)}`, 'give the host as http(s)://host[:port][/prefix]');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UserError(`only http and https URLs can be fetched, not ${parsed.protocol}`);
  }
  if (parsed.username || parsed.password) {
    throw new UserError('the URL carries a user name or password; it would be printed in every report', 'send credentials with --header or --token-env instead');
  }
  parsed.hash = '';
  const path = trimTrailing(parsed.pathname, '/');
  const prefix = path.endsWith(WELL_KNOWN_PATH) ? path.slice(0, -WELL_KNOWN_PATH.length) : path;
  parsed.pathname = `${prefix}${WELL_KNOWN_PATH}`;
  const url = parsed.href;
  parsed.pathname = `${prefix}/`;
  parsed.search = '';
  return {url, base: parsed.href};
}

import {decodeJsonBytes} from '../io/decode.js';
import {DEFAULT_HTTP, HttpFailure, type HttpGetOptions, httpGet} from '../io/http-get.js';
import {UserError} from '../core/user-error.js';
import {discoveryUrl} from './discovery-url.js';

/** What a capabilities URL answered: the body as text and the contract the host says it used, if it said. */
export interface FetchedCapabilities {
  text: string;
  /** The response's `OpenWOP-Version` header (versioning.md §1.4: every v2-aware host sends it). */
  versionHeader?: string;
}

/** How a capabilities URL is fetched: `probe host --compare` passes its own settings, everyone else the defaults. */
export type CapabilitiesFetchSettings = Omit<HttpGetOptions, 'accept' | 'headers'>;

/**
 * `https://host[/prefix]` or its `/.well-known/openwop`, fetched with `settings`. `major` asks for that representation
 * with `OpenWOP-Version` (versioning.md §1: one resource serves both majors); without it the host serves its preferred
 * one. Anything but a JSON answer is the user's problem to fix: UserError, exit 2.
 */
export async function fetchCapabilities(input: string, major?: 1 | 2, settings: CapabilitiesFetchSettings = DEFAULT_HTTP): Promise<FetchedCapabilities> {
  const url = capabilitiesUrl(input);
  let response;
  try {
    response = await httpGet(url, {...settings, headers: major === undefined ? {} : {'openwop-version': String(major)}, accept: 'application/json'});
  } catch (error) {
    if (error instanceof HttpFailure) throw new UserError(`capabilities ${input}: ${error.message}`, error.hint);
    throw error;
  }
  if (response.status < 200 || response.status > 299) {
    throw new UserError(`capabilities ${input}: GET ${url} answered HTTP ${response.status}`, 'Check the host with `openwop probe host`.');
  }
  const decoded = decodeJsonBytes(response.body);
  if (decoded.problem) throw new UserError(`capabilities ${input}: ${decoded.problem.message.replace('the file', 'the response')}`);
  return {text: decoded.text, versionHeader: response.headers['openwop-version']};
}

function capabilitiesUrl(input: string): string {
  try {
    return discoveryUrl(input).url;
  } catch (error) {
    if (error instanceof UserError) throw new UserError(`capabilities: ${error.message}`, error.hint);
    throw error;
  }
}

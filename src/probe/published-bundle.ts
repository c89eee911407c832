import {validateBundle} from '../bundle/index.js';
import type {FileResult} from '../core/finding.js';
import {isObject} from '../core/json.js';
import type {FetchSettings} from './fetch-discovery.js';
import type {Report} from './v2/negotiate.js';

export interface PublishedBundleInput {
  root: Record<string, unknown>;
  /** The discovery URL the document came from: the bundle's keys are looked up in this document. */
  discoveryUrl: string;
  /** The host's base, which a relative bundle URL resolves against (as schema URLs do). */
  base: string;
  settings: FetchSettings;
  cwd: string;
  report: Report;
}

/**
 * `--bundle`: the certification bundle the host publishes at conformance.certificationBundleUrl, verified by
 * `validateBundle` with the signing key looked up in the document just fetched. The bundle is fetched without
 * credentials; one on another origin only with --follow-cross-origin, like the schemas --lint-schemas fetches. It is
 * read under the probe's --max-bytes, and one that cannot be read makes the run fatal (exit 2), as in validate bundle.
 */
export async function checkPublishedBundle(input: PublishedBundleInput): Promise<{results: FileResult[]; fatal: boolean}> {
  const none = {results: [], fatal: false};
  const conformance = input.root.conformance;
  const named = isObject(conformance) ? conformance.certificationBundleUrl : undefined;
  if (typeof named !== 'string') {
    input.report('bundleUrl', 'warning', '--bundle: the document names no conformance.certificationBundleUrl, so there is no bundle to verify', isObject(conformance) ? '/conformance' : '');
    return none;
  }
  const at = '/conformance/certificationBundleUrl';
  let url: URL;
  try {
    url = new URL(named, input.base);
  } catch {
    input.report('bundleUrl', 'error', `conformance.certificationBundleUrl ${JSON.stringify(named.slice(0, 200))} is not a URL`, at);
    return none;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    input.report('bundleUrl', 'error', `conformance.certificationBundleUrl is a ${url.protocol} URL; only http and https are fetched`, at);
    return none;
  }
  if (url.origin !== new URL(input.discoveryUrl).origin && !input.settings.followCrossOrigin) {
    input.report('bundleUrl', 'info', `the certification bundle is on another origin (${url.origin}): not fetched without --follow-cross-origin`, at);
    return none;
  }
  const {timeoutMs, connectTimeoutMs, maxBytes, insecure, followCrossOrigin, maxRedirects} = input.settings;
  const outcome = await validateBundle(url.href, {
    cwd: input.cwd,
    maxBytes,
    discoveryDocument: {document: input.root, origin: input.discoveryUrl},
    fetch: {timeoutMs, connectTimeoutMs, insecure, followCrossOrigin, maxRedirects},
  });
  // A bundle that cannot be read (unreachable, too large, not JSON) is fatal as in validate bundle: exit 2.
  return {results: outcome.results, fatal: outcome.fatal};
}

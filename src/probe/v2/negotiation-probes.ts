import {isDeepStrictEqual} from 'node:util';
import {HttpFailure, httpGet, type HttpResponse} from '../../io/http-get.js';
import {isObject} from '../../core/json.js';
import type {FetchSettings} from '../fetch-discovery.js';
import {shortList} from '../../report/short-list.js';
import {majorOf} from '../../v2/document-major.js';
import {readErrorEnvelope} from '../error-envelope.js';
import {type Report, VERSION_HEADER, versionHeaders} from './negotiate.js';
import {listedMajors, listedVersions, parseVersion, versionBelow} from './versions.js';

/** One extra request `probe host` made to test negotiation, as the JSON result and stylish output show it. */
export interface NegotiationCheck {
  check: 'unlisted-major' | 'major-dot-zero' | 'if-none-match' | 'below-min-client-version' | 'malformed-client-version';
  sent: Record<string, string>;
  status: number | null;
  answered: string | null;
  verdict: string;
}

export interface NegotiationInput {
  url: string;
  settings: FetchSettings;
  /** The major the document was checked as. */
  major: 1 | 2;
  /** The OpenWOP-Version of the request that fetched it: the extra requests repeat it, so only one thing differs. */
  asked: string | null;
  /** The OpenWOP-Version the host answered it with. */
  answered: string | null;
  root: Record<string, unknown>;
  etag: string | undefined;
  report: Report;
}

/**
 * What a malformed client version looks like; it must count as absent (openwop spec v2 versioning.md §1.5, headers.md).
 */
const MALFORMED_CLIENT_VERSION = 'not-a-version';

/**
 * The negotiation rules that need a request of their own (openwop spec v2 versioning.md §1.3): an unlisted major gets
 * 406, `<major>.0` is served like `<major>`, If-None-Match gets 304, a client below minClientVersion is either served
 * or refused with 426, a malformed client version is not a 400. At most five requests, sent together, each under the
 * probe's own timeouts.
 */
export async function probeNegotiation(input: NegotiationInput): Promise<NegotiationCheck[]> {
  const asked = input.asked;
  const jobs: Promise<NegotiationCheck>[] = [unlistedMajor(input)];
  if (listedMajors(input.root).has(input.major)) jobs.push(majorDotZero(input));
  if (input.etag !== undefined) jobs.push(conditional(input, asked, input.etag));
  const min = parseVersion(input.root.minClientVersion);
  const below = min && versionBelow(min);
  if (below) jobs.push(belowMinimum(input, asked, below));
  jobs.push(malformedClientVersion(input, asked));
  return Promise.all(jobs);
}

async function unlistedMajor(input: NegotiationInput): Promise<NegotiationCheck> {
  const majors = listedMajors(input.root);
  let major = 99;
  while (majors.has(major)) major++;
  const sent = versionHeaders(String(major));
  const got = await send(input, 'unlisted-major', sent);
  if ('check' in got) return got;
  const listed = listedVersions(input.root);
  const body = readErrorEnvelope(got);
  const expect = `a request for major ${major}, which the host does not list, must get 406 protocol_version_unsupported with details.protocolVersions`;
  let verdict = 'refused with 406 protocol_version_unsupported, listing the versions served';
  if (got.status >= 200 && got.status < 300) {
    verdict = 'served anyway';
    input.report(
      'unlistedMajor',
      'error',
      `the host ignores an unlisted major: OpenWOP-Version: ${major} got ${got.status}, so a client cannot tell it got another major than it asked for; ${expect}`,
      '/protocolVersions',
    );
  } else if (got.status !== 406) {
    verdict = `answered ${got.status}`;
    input.report('unlistedMajor', 'error', `OpenWOP-Version: ${major} got ${got.status}; ${expect}`, '/protocolVersions');
  } else if (!body.ok) {
    verdict = 'refused with 406, without an error envelope';
    input.report('unlistedMajor', 'error', `the 406 for OpenWOP-Version: ${major}: ${body.problem}; ${expect}`, '/protocolVersions');
  } else if (body.error !== 'protocol_version_unsupported') {
    verdict = 'refused with 406 but another error code';
    input.report('unlistedMajor', 'error', `the 406 for OpenWOP-Version: ${major} carries error ${JSON.stringify(body.error.slice(0, 100))}, not "protocol_version_unsupported"`, '/protocolVersions');
  } else {
    const echoed = isObject(body.details) ? body.details.protocolVersions : undefined;
    // A v1 document may carry only its scalar protocolVersion: the host's full list then need only include it.
    const echoes = Array.isArray(input.root.protocolVersions) ? isDeepStrictEqual : (got: unknown[], want: string[]) => want.every((v) => got.includes(v));
    if (!Array.isArray(echoed) || !echoes([...(echoed as unknown[])].sort(), [...listed].sort())) {
      verdict = 'refused with 406 protocol_version_unsupported, without the versions served';
      const got = Array.isArray(echoed) ? `[${shortList(echoed.map((v) => JSON.stringify(v)))}]` : JSON.stringify(echoed ?? null).slice(0, 100);
      input.report('unlistedMajor', 'error', `the 406 for OpenWOP-Version: ${major} must echo details.protocolVersions (${shortList(listed)}); got ${got}`, '/protocolVersions');
    } else if (typeof body.message !== 'string') {
      verdict = 'refused with 406 protocol_version_unsupported, without a message';
      input.report('unlistedMajor', 'error', `the 406 for OpenWOP-Version: ${major} has no string "message": the error envelope is {error, message, details?}`, '/protocolVersions');
    }
  }
  return record('unlisted-major', sent, got, verdict);
}

/** Header grammar: `2` and `2.0` both select major 2 (versioning.md §1.3); only the major selects. */
async function majorDotZero(input: NegotiationInput): Promise<NegotiationCheck> {
  const sent = versionHeaders(`${input.major}.0`);
  const got = await send(input, 'major-dot-zero', sent);
  if ('check' in got) return got;
  const answered = got.headers[VERSION_HEADER];
  const answeredMajor = answered === undefined ? undefined : majorOf(answered);
  let verdict = `served as major ${input.major}`;
  if (got.status < 200 || got.status > 299) {
    verdict = `answered ${got.status}`;
    input.report(
      'versionHeaderGrammar',
      'error',
      `OpenWOP-Version: ${input.major}.0 got ${got.status}, though the host serves major ${input.major}: a host must accept both "${input.major}" and "${input.major}.0" (only the major selects)`,
      '/protocolVersions',
    );
  } else if (answeredMajor !== input.major && !(answered === undefined && input.answered === null)) {
    // (A host that sends no OpenWOP-Version at all already has probe/version-header-missing.)
    verdict = `served, but answered OpenWOP-Version ${answered ?? '(none)'}`;
    input.report(
      'versionHeaderGrammar',
      'error',
      `OpenWOP-Version: ${input.major}.0 was answered ${answered === undefined ? 'without an OpenWOP-Version header' : `with OpenWOP-Version: ${answered}`}: it must be served like "${input.major}", as major ${input.major}`,
      '',
    );
  }
  return record('major-dot-zero', sent, got, verdict);
}

async function conditional(input: NegotiationInput, asked: string | null, etag: string): Promise<NegotiationCheck> {
  const sent = {...versionHeaders(asked), 'If-None-Match': etag};
  const got = await send(input, 'if-none-match', sent);
  if ('check' in got) return got;
  let verdict = '304 Not Modified, with OpenWOP-Version';
  const answered = got.headers[VERSION_HEADER];
  const expected = input.answered === null ? input.major : majorOf(input.answered);
  if (got.status !== 304) {
    verdict = `answered ${got.status}, not 304`;
    input.report('notModified', 'error', `If-None-Match: ${etag} (the ETag just served) got ${got.status}: the host must honour it with 304`, '');
  } else if (answered === undefined) {
    verdict = '304 without OpenWOP-Version';
    input.report('notModified', 'error', 'the 304 answer to If-None-Match has no OpenWOP-Version header: every protocol response, a 304 included, names the contract', '');
  } else if (majorOf(answered) !== expected) {
    verdict = `304 with OpenWOP-Version ${answered}, another major`;
    input.report(
      'notModified',
      'error',
      `the 304 answer to If-None-Match says OpenWOP-Version: ${answered}, but the document it confirms was served as major ${expected}: the 304 names the contract of the representation it stands for`,
      '',
    );
  }
  return record('if-none-match', sent, got, verdict);
}

async function belowMinimum(input: NegotiationInput, asked: string | null, below: string): Promise<NegotiationCheck> {
  const sent = {...versionHeaders(asked), 'OpenWOP-Client-Version': below};
  const got = await send(input, 'below-min-client-version', sent);
  if ('check' in got) return got;
  const floor = String(input.root.minClientVersion);
  let verdict = 'refused with 426 client_version_unsupported';
  // Serving an old client is what most hosts do and what the spec allows (refusing is a MAY): recorded, not reported.
  if (got.status >= 200 && got.status < 300) verdict = 'served (allowed: refusing is a MAY)';
  else {
    const body = readErrorEnvelope(got);
    const code = body.ok ? JSON.stringify(body.error.slice(0, 100)) : 'null';
    if (got.status !== 426 || !body.ok || body.error !== 'client_version_unsupported') {
      verdict = `refused with ${got.status} ${code}`;
      input.report(
        'minClientVersion',
        'error',
        `a client at ${below}, below minClientVersion ${floor}, got ${got.status} with error ${code}${body.ok ? '' : ` (${body.problem})`}: a refusal must be 426 client_version_unsupported`,
        '/minClientVersion',
      );
    }
  }
  return record('below-min-client-version', sent, got, verdict);
}

async function malformedClientVersion(input: NegotiationInput, asked: string | null): Promise<NegotiationCheck> {
  const sent = {...versionHeaders(asked), 'OpenWOP-Client-Version': MALFORMED_CLIENT_VERSION};
  const got = await send(input, 'malformed-client-version', sent);
  if ('check' in got) return got;
  let verdict = 'served, as if absent';
  if (got.status < 200 || got.status > 299) {
    verdict = `answered ${got.status}`;
    input.report(
      'clientVersionMalformed',
      'error',
      `OpenWOP-Client-Version: ${MALFORMED_CLIENT_VERSION} got ${got.status}: a malformed client version counts as absent and must not be refused${got.status === 400 ? ' with 400' : ''}`,
      '',
    );
  }
  return record('malformed-client-version', sent, got, verdict);
}

/** The answer, or the check as not made (a warning says why) when the request itself failed. */
async function send(input: NegotiationInput, check: NegotiationCheck['check'], sent: Record<string, string>): Promise<HttpResponse | NegotiationCheck> {
  try {
    return await httpGet(input.url, {...input.settings, headers: {...input.settings.headers, ...sent}, accept: 'application/json'});
  } catch (error) {
    if (!(error instanceof HttpFailure)) throw error;
    input.report('negotiationRequest', 'warning', `the ${check} check was not made: ${error.message}`, '');
    return {check, sent, status: null, answered: null, verdict: `not made: ${error.message}`};
  }
}

function record(check: NegotiationCheck['check'], sent: Record<string, string>, got: HttpResponse, verdict: string): NegotiationCheck {
  return {check, sent, status: got.status, answered: got.headers[VERSION_HEADER] ?? null, verdict};
}

import type {Severity} from '../../core/finding.js';
import {shortList} from '../../report/short-list.js';
import {documentMajorByShape, majorOf, type DocumentMajor} from '../../v2/document-major.js';
import {fetchJson, type FetchSettings, type JsonFetch} from '../fetch-discovery.js';
import type {ProbeRuleKey} from '../rules.js';
import {listedMajors, listedVersions, parseVersion} from './versions.js';

/** `--protocol`: which major to ask for; auto asks for 2 and falls back to 1 (openwop spec v2 versioning.md §1.5). */
export type ProtocolRequest = '1' | '2' | 'auto';

/** One request for the discovery document: the OpenWOP-Version it sent, and what came back. */
export interface Exchange {
  asked: string | null;
  status: number | null;
  answered: string | null;
}

export type Report = (rule: ProbeRuleKey, severity: Severity, message: string, pointer: string) => void;

export const VERSION_HEADER = 'openwop-version';

/** The request headers that ask for `version` (none for a header-less fetch). */
export function versionHeaders(version: string | null): Record<string, string> {
  return version === null ? {} : {'OpenWOP-Version': version};
}

export interface DocumentFetch {
  got: JsonFetch;
  /** The OpenWOP-Version the request whose answer is `got` sent. */
  asked: string | null;
  attempts: Exchange[];
}

/**
 * GETs the document as `requested` asks. auto asks for 2; a 406 means the host does not serve v2, so the document is
 * fetched again without the header (the host's preferred major, which during the overlap is v1). A v1-only host that
 * ignores the header answers the first request with its v1 document, so it costs no second request.
 */
export async function fetchDocument(url: string, settings: FetchSettings, requested: ProtocolRequest): Promise<DocumentFetch> {
  const attempts: Exchange[] = [];
  const get = async (asked: string | null): Promise<JsonFetch> => {
    const got = await fetchJson(url, {...settings, headers: {...settings.headers, ...versionHeaders(asked)}});
    attempts.push({asked, status: got.response?.status ?? null, answered: got.response?.headers[VERSION_HEADER] ?? null});
    return got;
  };
  const first = requested === 'auto' ? '2' : requested;
  const got = await get(first);
  if (requested === 'auto' && !got.ok && got.response?.status === 406) return {got: await get(null), asked: null, attempts};
  return {got, asked: first, attempts};
}

export interface MajorChoice {
  major: DocumentMajor;
  reason: string;
  /** Whether the host takes part in v2 negotiation (lists a 2.x, sends the header, or serves a v2 document). */
  negotiates: boolean;
}

/**
 * Which major the document is checked as, and why; reports what is wrong with the answer itself. The response header
 * outranks the document's shape (versioning.md §1.4); without it the shape decides. A host that lists no 2.x and sends
 * no header predates negotiation: nothing about negotiation is held against it.
 */
export function chooseMajor(input: {requested: ProtocolRequest; fetched: DocumentFetch; root: Record<string, unknown>; report: Report}): MajorChoice {
  const {fetched, root, report} = input;
  const answered = fetched.got.response?.headers[VERSION_HEADER] ?? null;
  const shape = documentMajorByShape(root);
  const listed = listedVersions(root);
  const majors = listedMajors(root);
  const headerMajor = answered === null ? undefined : asDocumentMajor(majorOf(answered));
  const askedMajor = fetched.asked === null ? undefined : majorOf(fetched.asked);
  const negotiates = answered !== null || [...majors].some((m) => m >= 2) || shape === 2;
  const major = headerMajor ?? shape;
  const refused = fetched.attempts.length > 1 ? `asked for ${fetched.attempts[0].asked} and was refused with ${fetched.attempts[0].status}, so fetched again without OpenWOP-Version; ` : '';
  const asked = fetched.asked === null ? '' : `asked for OpenWOP-Version ${fetched.asked}; `;
  const said = answered === null ? 'the answer has no OpenWOP-Version header' : `the host answered OpenWOP-Version: ${answered}`;
  const why = headerMajor !== undefined ? `checked as v${major}, the major the header names` : `checked as v${major}, by the document's shape`;
  const legacy = negotiates ? '' : ' (the host lists no 2.x and sends no version header: a v1 host from before negotiation, so negotiation is not checked)';
  const reason = `${refused}${asked}${said}: ${why}${legacy}`;
  if (!negotiates) return {major, reason, negotiates};

  if (answered === null) {
    report('versionHeaderMissing', 'error', 'the answer carries no OpenWOP-Version header: a host that serves v2 names the contract it used (<major>.<minor>) on every response', '');
  } else if (!parseVersion(answered)) {
    report('versionHeaderUnlisted', 'error', `the OpenWOP-Version response header is ${JSON.stringify(answered)}, not <major>.<minor>`, '');
  } else if (!listed.includes(answered)) {
    report('versionHeaderUnlisted', 'error', `the answer says OpenWOP-Version: ${answered}, which protocolVersions does not list (${shortList(listed) || 'none'})`, '/protocolVersions');
  }
  const first = fetched.attempts[0];
  const refusedMajor = fetched.attempts.length > 1 && first.asked !== null ? majorOf(first.asked) : undefined;
  if (refusedMajor !== undefined && majors.has(refusedMajor)) {
    report(
      'listedMajorRefused',
      'error',
      `OpenWOP-Version: ${first.asked} was refused with ${first.status}, yet the document lists ${shortList(listed.filter((v) => majorOf(v) === refusedMajor))}: a host serves every major it lists (406 is for unlisted majors only)`,
      '/protocolVersions',
    );
  }
  if (askedMajor !== undefined && majors.has(askedMajor) && headerMajor !== undefined && headerMajor !== askedMajor) {
    report('versionDowngrade', 'error', `asked for major ${askedMajor}, which the host lists, and got OpenWOP-Version: ${answered}: a silent downgrade (serve the major asked for)`, '');
  }
  const expected = headerMajor ?? (askedMajor !== undefined && majors.has(askedMajor) ? asDocumentMajor(askedMajor) : undefined);
  if (expected !== undefined && expected !== shape) {
    const claim = headerMajor !== undefined ? `the answer says OpenWOP-Version: ${answered}` : `major ${expected} was asked for and the host lists it`;
    report('versionDocumentMismatch', 'error', `${claim}, but the document is a v${shape} one by its shape (${SHAPE[shape]})`, '');
  }
  // Read off the answer itself, so it needs no request of its own and holds with --no-negotiation too.
  if (major === 2 && fetched.got.response?.headers.etag === undefined) {
    report('etag', 'error', 'the v2 discovery document has no ETag: it must carry one and honour If-None-Match with 304', '');
  }
  if (major === 2 && fetched.got.response?.headers['capabilities-etag'] !== undefined) {
    report('v1Remnant', 'warning', 'v1 remnant: the Capabilities-Etag response header is gone in v2; the standard ETag replaces it', '');
  }
  return {major, reason, negotiates};
}

const SHAPE: Record<DocumentMajor, string> = {
  1: 'a scalar protocolVersion, supportedEnvelopes a list of kinds, supported booleans',
  2: 'capability records with status, since and witness',
};

function asDocumentMajor(major: number | undefined): DocumentMajor | undefined {
  return major === 1 || major === 2 ? major : undefined;
}

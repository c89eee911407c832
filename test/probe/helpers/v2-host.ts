import {readFileSync} from 'node:fs';
import type {IncomingMessage, ServerResponse} from 'node:http';
import {join} from 'node:path';
import {REFERENCE} from '../../helpers/cli.js';
import type {Handler} from './host.js';

type Doc = Record<string, unknown>;

/** How a test host negotiates; every field defaults to what FACTS §1 asks of a conformant v2 host. */
export interface V2HostBehaviour {
  /** The v2 root, served to OpenWOP-Version: 2 (and header-less once preferredVersion is a 2.x). */
  v2: Doc;
  /** The v1 document, served to OpenWOP-Version: 1 and header-less during the overlap. */
  v1?: Doc;
  /** Send no OpenWOP-Version response header. */
  omitHeader?: boolean;
  /** Serve the preferred document, 200, to a major the host does not list. */
  ignoreUnlisted?: boolean;
  /** Answer OpenWOP-Version: 2 with this document and header instead (a host that downgrades or mislabels). */
  answerV2?: {doc: Doc; header: string};
  /** ETag to send; null sends none. */
  etag?: string | null;
  /** Answer If-None-Match with 200 instead of 304. */
  ignoreIfNoneMatch?: boolean;
  /** Send a 304 without the OpenWOP-Version header. */
  bare304?: boolean;
  /** Answer a client below minClientVersion with this status and error code (default: serve it). */
  refuseOldClients?: {status: number; error: string};
  /** Answer a malformed OpenWOP-Client-Version with this status (default: treat it as absent). */
  malformedClientStatus?: number;
  /** More response headers on the document. */
  extraHeaders?: Record<string, string>;
  /** The 406 body's error code, echoed list and message (default: the right ones). */
  refusal?: {error: string; versions?: unknown; message?: unknown};
  /** The 406 body as sent, instead of the envelope `refusal` describes. */
  refusalBody?: string;
  /** Refuse these OpenWOP-Version values with 406 although the major is listed (e.g. "2", or "2.0"). */
  refuseHeaders?: string[];
  /** The OpenWOP-Version header of a 304 (default: the document's). */
  header304?: string;
}

const VERSION = /^(0|[1-9]\d*)(?:\.(0|[1-9]\d*))?$/;

/** A host that serves both majors from one /.well-known/openwop, switching on the request's OpenWOP-Version. */
export function v2Host(b: V2HostBehaviour): Handler {
  const listed = (b.v2.protocolVersions as string[]) ?? [];
  const majorOf = (v: string): number => Number(v.split('.')[0]);
  const versionFor = (major: number): string =>
    listed
      .filter((v) => majorOf(v) === major)
      .sort()
      .at(-1) ?? `${major}.0`;
  return (req: IncomingMessage, res: ServerResponse) => {
    const asked = req.headers['openwop-version'];
    const client = req.headers['openwop-client-version'];
    const preferred = majorOf(String(b.v2.preferredVersion));
    let major = preferred;
    if (typeof asked === 'string') {
      const m = VERSION.exec(asked.trim());
      const wanted = m ? Number(m[1]) : NaN;
      const refuse = (): void => {
        const refusal = b.refusal ?? {error: 'protocol_version_unsupported', versions: listed};
        const message = 'message' in refusal ? refusal.message : `major ${asked} is not served`;
        if (b.refusalBody !== undefined) return sendRaw(res, 406, b.refusalBody);
        send(res, 406, {error: refusal.error, message, details: {protocolVersions: refusal.versions}}, {});
      };
      if (b.refuseHeaders?.includes(asked)) return refuse();
      if (listed.some((v) => majorOf(v) === wanted)) major = wanted;
      else if (!b.ignoreUnlisted) return refuse();
    }
    if (typeof client === 'string') {
      const m = /^(\d+)\.(\d+)$/.exec(client);
      const min = (typeof b.v2.minClientVersion === 'string' ? b.v2.minClientVersion : '0.0').split('.').map(Number);
      if (!m && b.malformedClientStatus) return send(res, b.malformedClientStatus, {error: 'validation_error', message: 'bad client version'}, {});
      if (m && b.refuseOldClients && (Number(m[1]) < min[0] || (Number(m[1]) === min[0] && Number(m[2]) < min[1]))) {
        return send(res, b.refuseOldClients.status, {error: b.refuseOldClients.error, message: 'upgrade the client'}, {});
      }
    }
    let doc = major === 2 ? b.v2 : (b.v1 ?? b.v2);
    let header = versionFor(major);
    if (major === 2 && b.answerV2) ({doc, header} = b.answerV2);
    const headers: Record<string, string> = {...b.extraHeaders, ...(b.omitHeader ? {} : {'OpenWOP-Version': header})};
    const etag = b.etag === undefined ? `"${major}-etag"` : b.etag;
    if (etag !== null) headers.ETag = etag;
    if (etag !== null && req.headers['if-none-match'] === etag && !b.ignoreIfNoneMatch) {
      res.writeHead(304, b.bare304 ? {ETag: etag} : {...headers, ...(b.header304 ? {'OpenWOP-Version': b.header304} : {})});
      return res.end();
    }
    send(res, 200, doc, headers);
  };
}

function sendRaw(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {'content-type': 'application/json'});
  res.end(body);
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  res.writeHead(status, {'content-type': 'application/json', ...headers});
  res.end(JSON.stringify(body, null, 2));
}

export const V2_EXAMPLES = join(REFERENCE, 'openwop-v2', 'examples');

export function referenceV2Document(name: 'bundle-v3' | 'bundle-v3-seams-off'): Doc {
  return JSON.parse(readFileSync(join(V2_EXAMPLES, `v2-reference.${name}.discovery-document.json`), 'utf8')) as Doc;
}

/** A small v2 root of our own: the three profiles' families and metadata, nothing else. */
export function smallV2Document(): Doc {
  const record = (extra: Doc = {}): Doc => ({status: 'stable', since: '2.0', witness: 'witnessable-gated', ...extra});
  return {
    protocolVersions: ['1.11', '2.0'],
    preferredVersion: '1.11',
    minClientVersion: '1.0',
    eventLogSchemaVersion: 3,
    supportedEnvelopes: record({kinds: ['clarification.request', 'schema.request', 'schema.response', 'error', 'vendor.acme.plan.create']}),
    schemaVersions: record({kinds: {'vendor.acme.plan.create': 2}}),
    limits: record({clarificationRounds: 3, schemaRounds: 2, envelopesPerTurn: 4, maxNodeExecutions: 500}),
    interrupt: record({tokenAlgs: ['hs256']}),
    replay: record({modes: ['replay', 'branch'], effectSeamsManifest: '/host/effect-seams'}),
    webhooks: record({signatureAlgorithms: ['v1']}),
    idempotency: record(),
    eventLog: {status: 'experimental', since: '2.0', until: '2.1', witness: 'claims-check'},
    extensions: {'example.widgets': {colour: 'blue'}},
  };
}

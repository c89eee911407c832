// A tiny example host that negotiates the protocol major the way OpenWOP v2 says a host must (FACTS.md §1 in
// ../shared/reference/openwop-v2): one resource, GET /.well-known/openwop, the request's `OpenWOP-Version` picks the
// representation, the answer names the contract used, an unlisted major gets 406, an ETag answers If-None-Match
// with 304, and a client below minClientVersion gets 426. GET /conformance/bundle-v3.json is the host's signed
// certification bundle (examples/bundles); everything else is served from acme/ as static files. The documents name
// http://127.0.0.1:8080; the server answers with its own origin in their place.
//
//   node examples/hosts/serve.mjs [PORT]        then   openwop probe host http://127.0.0.1:PORT
import {createHash} from 'node:crypto';
import {readFileSync, existsSync, statSync} from 'node:fs';
import {createServer} from 'node:http';
import {dirname, join, normalize, sep} from 'node:path';
import {fileURLToPath} from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** @param {{v1?: string, v2?: string, root?: string, bundle?: string}} files discovery documents, the static web root and the bundle (paths) */
export function exampleHost(files = {}) {
  const v1 = files.v1 === undefined ? join(here, 'acme.well-known-openwop.json') : files.v1;
  const v2 = files.v2 === undefined ? join(here, 'acme.v2.well-known-openwop.json') : files.v2;
  const root = files.root ?? join(here, 'acme');
  const bundle = files.bundle ?? join(here, '..', 'bundles', 'acme.bundle-v3.json');
  const documents = new Map();
  if (v1) documents.set(1, readFileSync(v1));
  if (v2) documents.set(2, readFileSync(v2));
  const listed = JSON.parse((documents.get(2) ?? documents.get(1)).toString('utf8'));
  const versions = Array.isArray(listed.protocolVersions) ? listed.protocolVersions : [String(listed.protocolVersion)];
  const minorOf = (major) => versions.filter((v) => v.split('.')[0] === String(major)).at(-1);
  const send = (res, status, headers, body) => res.writeHead(status, headers).end(body);
  const error = (res, status, code, message, details) =>
    send(res, status, {'content-type': 'application/json'}, JSON.stringify({error: code, message, ...(details ? {details} : {})}));

  let origin = 'http://127.0.0.1:8080';
  const ownOrigin = (bytes) => Buffer.from(bytes.toString('utf8').replaceAll('http://127.0.0.1:8080', origin));

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host');
    if (url.pathname === '/conformance/bundle-v3.json' && existsSync(bundle)) return send(res, 200, {'content-type': 'application/json'}, readFileSync(bundle));
    if (url.pathname !== '/.well-known/openwop') {
      const file = normalize(join(root, url.pathname));
      if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) return error(res, 404, 'not_found', 'no such file');
      return send(res, 200, {'content-type': 'application/json'}, readFileSync(file));
    }
    const asked = req.headers['openwop-version'];
    const preferred = Number(String(listed.preferredVersion ?? versions[0]).split('.')[0]);
    const major = asked === undefined ? preferred : Number(/^\s*(\d+)(?:\.\d+)?\s*$/.exec(String(asked))?.[1] ?? NaN);
    if (!documents.has(major) || minorOf(major) === undefined) {
      return error(res, 406, 'protocol_version_unsupported', `this host does not serve protocol major ${String(asked)}`, {protocolVersions: versions});
    }
    const client = /^(\d+)\.(\d+)$/.exec(String(req.headers['openwop-client-version'] ?? ''));
    const floor = /^(\d+)\.(\d+)$/.exec(String(listed.minClientVersion ?? ''));
    if (client && floor && (Number(client[1]) < Number(floor[1]) || (client[1] === floor[1] && Number(client[2]) < Number(floor[2])))) {
      return error(res, 426, 'client_version_unsupported', `clients older than ${listed.minClientVersion} are refused`);
    }
    const body = ownOrigin(documents.get(major));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`;
    const headers = {'content-type': 'application/json', etag, 'openwop-version': minorOf(major), vary: 'OpenWOP-Version'};
    if (req.headers['if-none-match'] === etag) return send(res, 304, headers);
    return send(res, 200, headers, body);
  });
  server.on('listening', () => (origin = `http://127.0.0.1:${server.address().port}`));
  return server;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = exampleHost();
  server.listen(Number(process.argv[2] ?? 8080), '127.0.0.1', () => console.log(`example host on http://127.0.0.1:${server.address().port}`));
}

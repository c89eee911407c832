import {readFileSync} from 'node:fs';
import {createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import {join} from 'node:path';
import {ROOT} from '../../helpers/cli.js';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;
export interface Canned {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}
export type Route = Canned | Handler;

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
}

export interface TestHost {
  origin: string;
  url(path?: string): string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export const JSON_HEADERS = {'content-type': 'application/json'};

/** A real HTTP server on 127.0.0.1, port 0: the probe talks to it exactly as it would to a host. */
export async function startHost(routes: Record<string, Route>, fallback: Route = {status: 404, body: '{"error":"not_found","message":"no such path"}', headers: JSON_HEADERS}): Promise<TestHost> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    requests.push({path: req.url ?? '', headers: req.headers});
    const route = routes[req.url ?? ''] ?? fallback;
    if (typeof route === 'function') return route(req, res);
    res.writeHead(route.status ?? 200, route.headers ?? JSON_HEADERS);
    res.end(route.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const origin = `http://127.0.0.1:${address.port}`;
  return {
    origin,
    url: (path = '') => `${origin}${path}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const HOSTS_DIR = join(ROOT, 'examples', 'hosts');

/** The fully-advertising example host's document, parsed fresh so each test may change its own copy. */
export function acmeDocument(): Record<string, unknown> {
  return JSON.parse(readFileSync(join(HOSTS_DIR, 'acme.well-known-openwop.json'), 'utf8')) as Record<string, unknown>;
}

export function json(value: unknown): Canned {
  return {status: 200, headers: JSON_HEADERS, body: JSON.stringify(value, null, 2)};
}

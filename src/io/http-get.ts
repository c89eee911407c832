import type {Dispatcher} from 'undici';

/** Why a GET produced no usable response. Each kind maps to one `probe/*` rule and to exit 2. */
export type HttpFailureKind = 'timeout' | 'connect-timeout' | 'unreachable' | 'tls' | 'too-large' | 'redirect-loop' | 'too-many-redirects' | 'cross-origin-redirect' | 'bad-redirect';

export class HttpFailure extends Error {
  override readonly name = 'HttpFailure';
  constructor(
    readonly kind: HttpFailureKind,
    readonly url: string,
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

export interface HttpGetOptions {
  /** Whole exchange: every redirect hop and the body. */
  timeoutMs: number;
  /** TCP connect plus TLS handshake, per hop. */
  connectTimeoutMs: number;
  maxBytes: number;
  /** Sent to the first URL's origin only: never to another origin, even when a cross-origin redirect is followed. */
  credentialHeaders: Record<string, string>;
  accept: string;
  /** Protocol headers (OpenWOP-Version, If-None-Match, …): no secrets, so sent on every hop. */
  headers?: Record<string, string>;
  insecure: boolean;
  followCrossOrigin: boolean;
  maxRedirects: number;
}

/** Every fetch of ours by default (probe host, --capabilities, validate bundle, remote $refs): 10 s, 5 MB, TLS verified, same-origin redirects only, no credentials. */
export const DEFAULT_HTTP: Readonly<Omit<HttpGetOptions, 'accept' | 'headers'>> = {
  timeoutMs: 10_000,
  connectTimeoutMs: 5_000,
  maxBytes: 5 * 1024 * 1024,
  credentialHeaders: {},
  insecure: false,
  followCrossOrigin: false,
  maxRedirects: 10,
};

export interface Redirect {
  from: string;
  to: string;
  status: number;
}

export interface HttpResponse {
  /** The URL that finally answered (after redirects). */
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  redirects: Redirect[];
  elapsedMs: number;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * One GET with the probe's safety rules (timeouts, a size cap, no credentials to another origin). Redirects are
 * followed by hand, not by undici, so that each hop can be checked: same origin unless allowed, credentials dropped on
 * any origin change, loops detected. Any non-redirect status is returned (the caller decides what a 404 means);
 * transport problems throw HttpFailure.
 */
export async function httpGet(url: string, options: HttpGetOptions): Promise<HttpResponse> {
  const {Agent, request} = await import('undici');
  const dispatcher = new Agent({
    connect: {timeout: options.connectTimeoutMs, rejectUnauthorized: !options.insecure},
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const started = performance.now();
  const firstOrigin = new URL(url).origin;
  const redirects: Redirect[] = [];
  const visited = new Set<string>([url]);
  let current = url;
  try {
    for (;;) {
      const sameOrigin = new URL(current).origin === firstOrigin;
      const headers = {accept: options.accept, ...options.headers, ...(sameOrigin ? options.credentialHeaders : {})};
      const res = await send(request, current, {dispatcher, headers, signal: controller.signal}, options, () => timedOut);
      if (REDIRECT_STATUSES.has(res.statusCode)) {
        await res.body.dump().catch(() => undefined);
        const next = nextHop(current, res, options, redirects, visited);
        redirects.push({from: current, to: next, status: res.statusCode});
        visited.add(next);
        current = next;
        continue;
      }
      const body = await readCapped(res, current, options, () => timedOut);
      return {url: current, status: res.statusCode, headers: flatHeaders(res.headers), body, redirects, elapsedMs: Math.round(performance.now() - started)};
    }
  } finally {
    clearTimeout(timer);
    // Keep-alive sockets would otherwise hold the process open until the server lets go.
    await dispatcher.destroy().catch(() => undefined);
  }
}

type RequestFn = typeof import('undici').request;
type ResponseData = Dispatcher.ResponseData;

async function send(
  request: RequestFn,
  url: string,
  opts: {dispatcher: Dispatcher; headers: Record<string, string>; signal: AbortSignal},
  options: HttpGetOptions,
  timedOut: () => boolean,
): Promise<ResponseData> {
  try {
    return await request(url, {method: 'GET', ...opts});
  } catch (error) {
    throw transportFailure(error, url, options, timedOut());
  }
}

function nextHop(current: string, res: ResponseData, options: HttpGetOptions, redirects: Redirect[], visited: Set<string>): string {
  const location = headerValue(res.headers.location);
  if (!location) throw new HttpFailure('bad-redirect', current, `HTTP ${res.statusCode} redirect from ${current} has no Location header`);
  let next: URL;
  try {
    next = new URL(location, current);
  } catch {
    throw new HttpFailure('bad-redirect', current, `HTTP ${res.statusCode} redirect from ${current} has an invalid Location (${JSON.stringify(location.slice(0, 200))})`);
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    throw new HttpFailure('bad-redirect', current, `${current} redirects to a ${next.protocol} URL; only http and https are followed`);
  }
  next.hash = '';
  const target = next.href;
  if (visited.has(target)) {
    const chain = [...redirects.map((r) => r.from), current, target];
    throw new HttpFailure('redirect-loop', current, `redirect loop: ${chain.join(' -> ')}`);
  }
  if (redirects.length >= options.maxRedirects) {
    throw new HttpFailure('too-many-redirects', current, `more than ${options.maxRedirects} redirects (last: ${current} -> ${target})`);
  }
  const from = new URL(current);
  if (next.origin !== from.origin && !options.followCrossOrigin) {
    if (from.protocol === 'http:' && next.protocol === 'https:' && from.hostname === next.hostname) {
      throw new HttpFailure('cross-origin-redirect', current, `${current} redirects to HTTPS (${next.origin}); not followed, as another origin`, `probe ${next.origin}${next.pathname} directly`);
    }
    throw new HttpFailure(
      'cross-origin-redirect',
      current,
      `${current} redirects to another origin (${next.origin}); not followed`,
      'pass --follow-cross-origin to follow it (credentials are never sent to another origin)',
    );
  }
  return target;
}

async function readCapped(res: ResponseData, url: string, options: HttpGetOptions, timedOut: () => boolean): Promise<Buffer> {
  const declared = Number(headerValue(res.headers['content-length']));
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    res.body.destroy();
    throw tooLarge(url, options.maxBytes, `Content-Length is ${declared}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body) {
      size += (chunk as Buffer).length;
      if (size > options.maxBytes) {
        res.body.destroy();
        throw tooLarge(url, options.maxBytes, 'the body kept coming');
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof HttpFailure) throw error;
    throw transportFailure(error, url, options, timedOut());
  }
  return Buffer.concat(chunks);
}

function tooLarge(url: string, maxBytes: number, why: string): HttpFailure {
  return new HttpFailure('too-large', url, `the response from ${url} is over the ${maxBytes}-byte cap (${why})`, 'raise --max-bytes if the document really is this large');
}

const TLS_CODES = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|ERR_SSL|HOSTNAME|ALTNAME|EPROTO/;
/** What OpenSSL says when the first bytes back are not a TLS record (typically an HTTP answer to the ClientHello): --insecure cannot help. */
const NOT_TLS = /wrong[ _]version[ _]number|packet[ _]length[ _]too[ _]long/i;

/** Translates undici/Node errors into one sentence that says which limit or failure it was. */
function transportFailure(error: unknown, url: string, options: HttpGetOptions, timedOut: boolean): HttpFailure {
  const err = error as NodeJS.ErrnoException & {cause?: NodeJS.ErrnoException};
  const code = err.code ?? '';
  const causeCode = err.cause?.code ?? '';
  if (timedOut || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new HttpFailure('timeout', url, `${url} did not answer within the ${options.timeoutMs} ms total timeout`, 'raise --timeout if the host is slow but healthy');
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new HttpFailure(
      'connect-timeout',
      url,
      `could not connect to ${new URL(url).host} within the ${options.connectTimeoutMs} ms connect timeout`,
      'raise --connect-timeout, or check the host and port',
    );
  }
  if (NOT_TLS.test(`${code} ${causeCode} ${err.message} ${err.cause?.message ?? ''}`)) {
    // Same port: it is that port that answered in plain HTTP (https:// without one means 443, not http's 80).
    const plain = new URL(url);
    const port = plain.port || '443';
    plain.protocol = 'http:';
    plain.port = port;
    return new HttpFailure('tls', url, `the server at ${plain.host} does not speak TLS: is it http://? (${code || causeCode})`, `probe ${plain.href} instead`);
  }
  if (TLS_CODES.test(code) || TLS_CODES.test(causeCode)) {
    return new HttpFailure(
      'tls',
      url,
      `TLS verification failed for ${new URL(url).host}: ${err.message} (${code || causeCode})`,
      'fix the certificate, or pass --insecure to probe anyway (not for production hosts)',
    );
  }
  const reason = describeNetworkError(code || causeCode, err.message);
  return new HttpFailure('unreachable', url, `cannot reach ${url}: ${reason}`);
}

function describeNetworkError(code: string, message: string): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused (nothing listening on that port?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host name not found (DNS)';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'the connection was closed before the answer was complete';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'no route to the host';
    default:
      return code ? `${message} (${code})` : message;
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

import {request} from 'undici';
import {UserError} from '../report/user-error.js';

export interface FetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  headers?: Record<string, string>;
}

/** GETs a capabilities document and returns its text; unreachable, slow, oversized or non-2xx answers are UserErrors. */
export async function fetchDiscoveryText(url: string, options: FetchOptions = {}): Promise<string> {
  const timeout = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  let res;
  try {
    res = await request(url, {method: 'GET', headers: {accept: 'application/json', ...options.headers}, headersTimeout: timeout, bodyTimeout: timeout, signal: AbortSignal.timeout(timeout)});
  } catch (error) {
    throw new UserError(`cannot fetch ${url}: ${(error as Error).message}`);
  }
  if (res.statusCode < 200 || res.statusCode >= 300) {
    await res.body.dump();
    throw new UserError(`cannot fetch ${url}: HTTP ${res.statusCode}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.length;
    if (size > maxBytes) {
      res.body.destroy();
      throw new UserError(`cannot fetch ${url}: the response is over ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

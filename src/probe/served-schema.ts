import {dirname, resolve} from 'node:path';
import {JsonDocument} from '../io/json-document.js';
import {cutAt} from '../io/trim.js';
import {isObject} from '../core/json.js';
import {fetchJson, type FetchSettings, type JsonFetch} from './fetch-discovery.js';

/** Enough for any real schema split into files; a host cannot make one probe fetch without end. */
const MAX_REFERENCED_FILES = 20;
const MAX_SCAN_DEPTH = 200;

/**
 * A served schema and the same-origin files its relative `$ref`s name, fetched up front so the (synchronous) lint
 * walker can resolve them. The walker thinks in paths, so each URL gets a stand-in absolute path that mirrors it;
 * `readFile` answers only for those, so a served schema can never make the probe read the user's disk.
 */
export interface ServedSchema {
  doc: JsonDocument;
  /** Stand-in path of the schema itself, for the walker's `path` option. */
  path: string;
  /** Passed on as the walker's `readFile`, so a function-valued field rather than a method. */
  readFile: (absolutePath: string) => string;
  /** Maps a finding's `file` (a stand-in path as displayed) back to its URL. */
  urlOf(file: string): string | undefined;
}

export async function fetchServedSchema(url: string, text: string, settings: FetchSettings): Promise<ServedSchema> {
  const texts = new Map<string, string>();
  const urls = new Map<string, string>();
  const root = standInPath(url);
  urls.set(root, url);
  const doc = JsonDocument.parse(text, {file: url});
  const queue: {url: string; path: string; value: unknown}[] = [{url, path: root, value: doc.value}];
  const origin = new URL(url).origin;
  while (queue.length > 0) {
    const item = queue.shift() as (typeof queue)[number];
    for (const location of relativeRefLocations(item.value)) {
      if (urls.size > MAX_REFERENCED_FILES) break;
      let target: URL;
      let path: string;
      try {
        target = new URL(location, item.url);
        // Keyed exactly as the walker will compute it, so lookups agree on every platform.
        path = resolve(dirname(item.path), decodeURIComponent(location));
      } catch {
        continue;
      }
      target.hash = '';
      if (target.origin !== origin || urls.has(path)) continue;
      urls.set(path, target.href);
      const got: JsonFetch = await fetchJson(target.href, settings);
      if (!got.ok) continue;
      texts.set(path, got.text);
      queue.push({url: target.href, path, value: JsonDocument.parse(got.text, {file: target.href}).value});
    }
  }
  return {
    doc,
    path: root,
    readFile(absolutePath: string): string {
      const found = texts.get(absolutePath);
      if (found !== undefined) return found;
      const err = new Error(urls.has(absolutePath) ? `${urls.get(absolutePath)} could not be fetched` : 'only same-origin files of the probed host are read') as NodeJS.ErrnoException;
      err.code = 'EREMOTE';
      throw err;
    },
    urlOf(file: string): string | undefined {
      for (const [path, u] of urls) if (file === path || path.endsWith(`/${file}`) || path.endsWith(`\\${file}`)) return u;
      return undefined;
    },
  };
}

/** A stand-in absolute path that mirrors the URL, e.g. /openwop-probe/host_8080/schemas/envelopes/x.schema.json. */
function standInPath(url: string): string {
  const u = new URL(url);
  const segments = u.pathname
    .split('/')
    .filter(Boolean)
    .map((s) => decodeSafe(s));
  return resolve('/', 'openwop-probe', u.host.replace(/[^A-Za-z0-9.-]/g, '_'), ...segments);
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The file part of every relative `$ref` (not `#…`, not a scheme). */
function relativeRefLocations(value: unknown): string[] {
  const out = new Set<string>();
  const walk = (v: unknown, depth: number): void => {
    if (depth > MAX_SCAN_DEPTH) return;
    if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
    else if (isObject(v)) {
      const ref = v.$ref;
      if (typeof ref === 'string') {
        const location = cutAt(ref, '#');
        if (location !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(location)) out.add(location);
      }
      for (const x of Object.values(v)) walk(x, depth + 1);
    }
  };
  walk(value, 0);
  return [...out];
}

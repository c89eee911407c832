import {JsonDocument} from '../io/json-document.js';
import {isObject} from '../core/json.js';
import {appendAll} from '../io/append-all.js';

/** A fetched remote schema by URL (no fragment), or why it could not be had. */
export type RemoteDocs = Map<string, JsonDocument | string>;

/** Enough for a schema split across a few published files; a hostile schema cannot make one lint fetch without end. */
export const MAX_REMOTE_DOCUMENTS = 20;

/**
 * With --allow-remote-refs: fetches every http(s) document the schema's `$ref`s name, and the documents their own
 * `$ref`s name (relative refs inside a remote document resolve against its URL), so the synchronous walker can follow
 * them. Nothing is fetched for a schema without remote refs.
 */
export async function fetchRemoteRefs(root: JsonDocument, fetchText: (url: string) => Promise<string>, limit = MAX_REMOTE_DOCUMENTS): Promise<RemoteDocs> {
  const docs: RemoteDocs = new Map();
  const queue: {value: unknown; base?: string}[] = [{value: root.value}];
  while (queue.length > 0) {
    const {value, base} = queue.shift() as {value: unknown; base?: string};
    for (const ref of refStrings(value)) {
      const url = remoteUrl(ref, base);
      if (!url || docs.has(url)) continue;
      if (docs.size >= limit) {
        docs.set(url, `not fetched: the schema names more than ${limit} remote documents`);
        continue;
      }
      try {
        const doc = JsonDocument.parse(await fetchText(url), {file: url});
        if (doc.parsed) {
          docs.set(url, doc);
          queue.push({value: doc.value, base: url});
        } else docs.set(url, `${url} is not valid JSON`);
      } catch (error) {
        docs.set(url, `could not fetch ${url}: ${(error as Error).message}`);
      }
    }
  }
  return docs;
}

/** The document URL a `$ref` names, when it names a remote one. */
export function remoteUrl(ref: string, base?: string): string | undefined {
  const location = ref.split('#')[0];
  if (location === '') return undefined;
  if (/^https?:\/\//i.test(location)) return location;
  if (!base || /^[a-z][a-z0-9+.-]*:/i.test(location)) return undefined;
  try {
    return new URL(location, base).href.split('#')[0];
  } catch {
    return undefined;
  }
}

function refStrings(root: unknown): string[] {
  const out: string[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) appendAll(stack, v);
    else if (isObject(v)) {
      if (typeof v.$ref === 'string') out.push(v.$ref);
      for (const k of Object.keys(v)) if (k !== '$ref') stack.push(v[k]);
    }
  }
  return out;
}

/** GET with the probe's safety rules: timeouts, a size cap, same-origin redirects, no credentials. */
export async function fetchSchemaText(url: string): Promise<string> {
  const {DEFAULT_HTTP, httpGet} = await import('../io/http-get.js');
  const res = await httpGet(url, {...DEFAULT_HTTP, accept: 'application/schema+json, application/json;q=0.9'});
  if (res.status < 200 || res.status > 299) throw new Error(`HTTP ${res.status}`);
  return res.body.toString('utf8');
}

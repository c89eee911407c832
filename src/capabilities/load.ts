import {tooManyArrayItems} from '../io/array-items.js';
import {mb} from '../io/read-file.js';
import {ReadScope} from '../io/read-scope.js';
import {decodedOrFail, parsedOrFail} from '../io/read-json.js';
import {readWholeSource} from '../io/read-source.js';
import {UserError} from '../core/user-error.js';
import {type DocumentMajor, documentMajorByShape, majorOf} from '../v2/document-major.js';
import type {CapabilitiesFetchSettings} from './fetch.js';
import {isObject} from '../core/json.js';

export interface LoadedCapabilities {
  /**
   * The families the host advertises. For a v1 document, families found only inside the deprecated `capabilities`
   * wrapper are lifted to the root (the root's copy wins), as the capabilities spec has readers do; a v2 root has no
   * wrapper.
   */
  document: Record<string, unknown>;
  /** Where it came from, as given (file path or URL). */
  origin: string;
  major: DocumentMajor;
}

export interface LoadOptions {
  /** Ask a URL for this major's representation (`OpenWOP-Version`); a file is what it is. */
  major?: 1 | 2;
  /** How a URL is fetched (timeouts, size, TLS, credentials); default: `probe host`'s defaults, no credentials. */
  fetch?: CapabilitiesFetchSettings;
}

/** Whether `source` names a URL to fetch rather than a file to read. */
export function isCapabilitiesUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

/**
 * A host's capabilities document for `--capabilities FILE|URL`: a saved /.well-known/openwop (see `probe host --save`)
 * read within `scope`, or fetched from the host. Its major is the response's `OpenWOP-Version` header when a URL sends
 * one, else the document's shape (src/v2/document-major.ts). A document that cannot be had or is not a JSON object is
 * a UserError (exit 2).
 */
export async function loadCapabilities(source: string, cwd: string, scope = new ReadScope({cwd, named: [source]}), options: LoadOptions = {}): Promise<LoadedCapabilities> {
  let text: string;
  let versionHeader: string | undefined;
  if (isCapabilitiesUrl(source)) {
    const {fetchCapabilities} = await import('./fetch.js');
    ({text, versionHeader} = await fetchCapabilities(source, options.major, options.fetch));
  } else {
    const read = await readWholeSource(source, scope, scope.maxBytes, `capabilities file ${source}`, (what, size, max) => `${what} is ${mb(size)} MB, over the ${mb(max)} MB limit`);
    if (!read.ok) throw new UserError(read.finding.message);
    text = decodedOrFail(read.bytes, `capabilities ${source}`);
  }
  const doc = parsedOrFail(text, `capabilities ${source}`, source);
  if (!isObject(doc.value)) throw new UserError(`capabilities ${source}: expected a JSON object`);
  const root = doc.value;
  // Whoever reads the document next validates it: refuse one whose arrays would make that take minutes.
  const tooLarge = tooManyArrayItems(root);
  if (tooLarge) throw new UserError(`capabilities ${source}: ${tooLarge.message}`);
  const headerMajor = versionHeader === undefined ? undefined : majorOf(versionHeader);
  const major = headerMajor === 1 || headerMajor === 2 ? headerMajor : documentMajorByShape(root);
  return {document: major === 1 ? withWrapperFamilies(root) : root, origin: source, major};
}

/** The root plus every family only the deprecated `capabilities` wrapper holds; the wrapper key itself is dropped. */
function withWrapperFamilies(root: Record<string, unknown>): Record<string, unknown> {
  const wrapper = isObject(root.capabilities) ? root.capabilities : undefined;
  if (wrapper === undefined) return root;
  const out: Record<string, unknown> = {};
  const keep = (key: string, value: unknown) => Object.defineProperty(out, key, {value, enumerable: true, writable: true, configurable: true});
  for (const [key, value] of Object.entries(wrapper)) if (!Object.hasOwn(root, key)) keep(key, value);
  for (const [key, value] of Object.entries(root)) if (key !== 'capabilities') keep(key, value);
  return out;
}

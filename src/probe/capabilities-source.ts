import {decodeJsonBytes} from '../io/decode.js';
import {JsonDocument} from '../io/json-document.js';
import {mb} from '../io/read-file.js';
import {ReadScope} from '../io/read-scope.js';
import {readWholeSource} from '../io/read-source.js';
import {UserError} from '../report/user-error.js';
import {buildAdvertView, isObject} from './advert-view.js';

export interface CapabilitiesSource {
  /**
   * What the host advertises, read as SPEC-NOTES §4 says: the root, plus any family found only inside the deprecated
   * `capabilities` wrapper (the wrapper object itself is not part of it).
   */
  document: Record<string, unknown>;
  /** Where it came from, as given (file path or URL). */
  origin: string;
}

/**
 * Reads a host's capabilities document from a saved file (see `probe host --save`) or a URL — a host base URL or its
 * /.well-known/openwop, fetched as `probe host` does (same timeouts, size cap, same-origin redirects, no credentials).
 * A file is read within `scope` (default: named on the command line), at most its --max-size. A document that cannot be
 * had or is not a JSON object is the user's problem to fix: UserError, exit 2.
 */
export async function loadCapabilities(source: string, cwd: string, scope = new ReadScope({cwd, named: [source]})): Promise<CapabilitiesSource> {
  let text: string;
  if (/^https?:\/\//i.test(source)) {
    const [{discoveryUrl}, {DEFAULT_FETCH, fetchJson}] = await Promise.all([import('./discovery-url.js'), import('./fetch-discovery.js')]);
    const got = await fetchJson(discoveryUrl(source).url, DEFAULT_FETCH);
    if (!got.ok) throw new UserError(`capabilities ${source}: ${got.finding.message}`);
    text = got.text;
  } else {
    const read = await readWholeSource(source, scope, scope.maxBytes, `capabilities file ${source}`, (what, size, max) => `${what} is ${mb(size)} MB, over the ${mb(max)} MB limit`);
    if (!read.ok) throw new UserError(read.finding.message);
    const decoded = decodeJsonBytes(read.bytes);
    if (decoded.problem) throw new UserError(`capabilities ${source}: ${decoded.problem.message}`);
    text = decoded.text;
  }
  const doc = JsonDocument.parse(text, {file: source});
  const broken = doc.problemFindings().find((f) => f.severity === 'error');
  if (broken) throw new UserError(`capabilities ${source}:${broken.line}:${broken.column}: ${broken.message}`);
  if (!isObject(doc.value)) throw new UserError(`capabilities ${source}: expected a JSON object`);
  return {document: buildAdvertView(doc.value).effective, origin: source};
}

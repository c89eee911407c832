import {readFile} from 'node:fs/promises';
import {resolve} from 'node:path';
import {JsonDocument} from '../io/json-document.js';
import {UserError} from '../report/user-error.js';

export interface CapabilitiesSource {
  /** The parsed /.well-known/openwop document. */
  document: Record<string, unknown>;
  /** Where it came from, as given (file path or URL). */
  origin: string;
}

/**
 * Reads a host's capabilities document from a saved file (see `probe host --save`) or a URL
 * (http/https: fetched as `probe host` does, with its timeouts and size cap).
 * A document that cannot be had or is not a JSON object is the user's problem to fix: UserError, exit 2.
 */
export async function loadCapabilities(source: string, cwd: string): Promise<CapabilitiesSource> {
  let text: string;
  if (/^https?:\/\//i.test(source)) {
    const {fetchDiscoveryText} = await import('./fetch-discovery.js');
    text = await fetchDiscoveryText(source);
  } else {
    try {
      text = await readFile(resolve(cwd, source), 'utf8');
    } catch (error) {
      throw new UserError(`cannot read capabilities file ${source}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
    }
  }
  const doc = JsonDocument.parse(text.replace(/^\uFEFF/, ''), {file: source});
  const broken = doc.problemFindings().find((f) => f.severity === 'error');
  if (broken) throw new UserError(`capabilities ${source}:${broken.line}:${broken.column}: ${broken.message}`);
  if (!doc.value || typeof doc.value !== 'object' || Array.isArray(doc.value)) throw new UserError(`capabilities ${source}: expected a JSON object`);
  return {document: doc.value as Record<string, unknown>, origin: source};
}

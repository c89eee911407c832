import {resolve} from 'node:path';
import type {Report} from '../core/finding.js';
import {decodeJsonBytes} from '../io/decode.js';
import {isStdinName, isUrlName} from '../io/paths.js';
import type {ReadScope} from '../io/read-scope.js';

/** A larger file gets no excerpts: a report must not take longer to write than the check took to run. */
const MAX_SOURCE_BYTES = 16 * 1024 * 1024;

/**
 * The text of every file a finding points into, for the excerpts of an html report: read through the run's read
 * scope, so a finding about a file outside it (a refused reference names one) never brings its text into the report.
 * Standard input, URLs and files that cannot be read, are binary or over the limit are left out. `stdinFilename` is the
 * name `--stdin-filename` gave standard input: findings name that file, but the text checked was not the file on disk,
 * so it gets no excerpt (an excerpt of other lines would show the wrong text).
 */
export function readExcerptSources(report: Report, scope: ReadScope, stdinFilename?: string): Map<string, string> {
  const sources = new Map<string, string>();
  const tried = new Set<string>();
  const stdinPath = stdinFilename === undefined ? undefined : resolve(scope.cwd, stdinFilename);
  for (const result of report.results) {
    for (const {file} of result.findings) {
      if (tried.has(file)) continue;
      tried.add(file);
      if (isStdinName(file) || isUrlName(file)) continue;
      const path = resolve(scope.cwd, file);
      if (path === stdinPath) continue;
      const read = scope.readReference(path, file, Math.min(scope.maxBytes, MAX_SOURCE_BYTES));
      if (!read.ok) continue;
      const decoded = decodeJsonBytes(read.bytes);
      // A binary file decodes to no text.
      if (decoded.text !== '') sources.set(file, decoded.text);
    }
  }
  return sources;
}

import type {Finding} from '../core/finding.js';
import {UserError} from '../core/user-error.js';
import {type ByteProblem, decodeJsonBytes} from './decode.js';
import {JsonDocument} from './json-document.js';
import {LineIndex} from './line-index.js';
import {fileFinding} from './read-file.js';

/**
 * The text of one JSON document a run cannot go on without (a schema, a capabilities document), or a UserError
 * `LABEL: why` when its bytes are empty, binary or not UTF-8.
 */
export function decodedOrFail(bytes: Uint8Array, label: string): string {
  const decoded = decodeJsonBytes(bytes);
  if (decoded.problem) throw new UserError(`${label}: ${decoded.problem.message}`);
  return decoded.text;
}

/** The parsed document, or a UserError `LABEL:line:column: why` at its first syntax error; `file` names it in findings. */
export function parsedOrFail(text: string, label: string, file: string): JsonDocument {
  const doc = JsonDocument.parse(text, {file});
  const broken = doc.problemFindings().find((f) => f.severity === 'error');
  if (broken) throw new UserError(`${label}:${broken.line}:${broken.column}: ${broken.message}`);
  return doc;
}

/** decodedOrFail, then parsedOrFail. */
export function jsonOrFail(bytes: Uint8Array, label: string, file: string): JsonDocument {
  return parsedOrFail(decodedOrFail(bytes, label), label, file);
}

/** A byte-level problem (empty, binary, invalid UTF-8) as a finding on `display`, placed where it shows. */
export function byteProblemFinding(display: string, text: string, problem: ByteProblem): Finding {
  const {line, column} = new LineIndex(text).at(problem.offset);
  return {...fileFinding(display, problem.ruleId, problem.message), line, column};
}

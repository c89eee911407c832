import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {JsonDocument} from '../../src/io/json-document.js';
import {lintSchemaDocument, type LintOptions} from '../../src/lint/engine.js';
import type {Finding} from '../../src/core/finding.js';

/** A folder with nothing in it: relative $refs in examples resolve here (to nothing) instead of the project. */
export const EMPTY_DIR = mkdtempSync(join(tmpdir(), 'openwop-lint-'));

export function doc(value: unknown, file = 'example.json', indent = 2): JsonDocument {
  return JsonDocument.parse(JSON.stringify(value, null, indent), {file});
}

export function lint(value: unknown, options: LintOptions = {}, file = 'example.json'): Finding[] {
  return lintSchemaDocument(doc(value, file), {cwd: EMPTY_DIR, ...options});
}

export function lintText(text: string, options: LintOptions = {}, file = 'example.json'): Finding[] {
  return lintSchemaDocument(JsonDocument.parse(text, {file}), {cwd: EMPTY_DIR, ...options});
}

export const ids = (findings: Finding[]) => findings.map((f) => f.ruleId);
export const count = (findings: Finding[], id: string) => findings.filter((f) => f.ruleId === id).length;
export const at = (findings: Finding[], id: string) => findings.filter((f) => f.ruleId === id).map((f) => f.pointer);

export const UPSTREAM_STRICT_IDS = /^tier1\/(additional-properties|all-required|string-constraint|number-constraint|array-constraint)$/;
export const UPSTREAM_COUNTS: Record<string, number> = {'clarification.request': 11, error: 6, 'schema.request': 5, 'schema.response': 2, 'media.file': 7};

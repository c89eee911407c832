import {type Diagnostic, DiagnosticSeverity, type Position, type Range} from 'vscode-languageserver';
import type {Finding, Severity} from '../core/finding.js';
import {ruleDocsUrl} from '../report/rule-docs-url.js';
import {editorText} from './editor-text.js';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {error: DiagnosticSeverity.Error, warning: DiagnosticSeverity.Warning, info: DiagnosticSeverity.Information};

/** Where on the diagnostic a code action finds its finding again: the finding's index in the document's last check. */
export interface DiagnosticData {
  finding: number;
}

/**
 * A finding as the editor shows it. Findings count lines and columns from 1 in UTF-16 code units with an exclusive end
 * (as LSP does, from 0); one with no end marks the character it starts at. `code` is the rule id, its page the link.
 */
export function toDiagnostic(f: Finding, index: number, bom: boolean): Diagnostic {
  const range = findingRange(f, bom);
  const id = f.ruleId;
  const docsPath = `${id}.md`;
  const data: DiagnosticData = {finding: index};
  return {range, severity: SEVERITY[f.severity], code: id, codeDescription: {href: ruleDocsUrl({docsPath})}, source: 'openwop', message: editorText(f.message), data};
}

/** A BOM the editor keeps in its text is not in the text the check read: columns on the first line move by one. */
export function findingRange(f: Finding, bom: boolean): Range {
  const at = (line: number, column: number): Position => ({line: line - 1, character: column - 1 + (bom && line === 1 ? 1 : 0)});
  const start = at(f.line, f.column);
  const end = f.endLine !== undefined && f.endColumn !== undefined ? at(f.endLine, f.endColumn) : {line: start.line, character: start.character + 1};
  return {start, end};
}

export function contains(range: Range, p: Position): boolean {
  const before = (a: Position, b: Position) => a.line < b.line || (a.line === b.line && a.character <= b.character);
  return before(range.start, p) && before(p, range.end);
}

export function overlaps(a: Range, b: Range): boolean {
  return contains(a, b.start) || contains(a, b.end) || contains(b, a.start);
}

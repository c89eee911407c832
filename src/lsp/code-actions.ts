import {pathToFileURL} from 'node:url';
import {type CodeAction, CodeActionKind, type Diagnostic, type TextEdit, type WorkspaceEdit} from 'vscode-languageserver';
import {TextDocument} from 'vscode-languageserver-textdocument';
import type {Finding} from '../core/finding.js';
import type {ConfigEdit} from './disable-rule-edit.js';
import {editorText} from './editor-text.js';

/** The kind editors run on save for "fix all" (VS Code's `editor.codeActionsOnSave`). */
export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.openwop`;

/** What the client said it can take in a WorkspaceEdit. */
export interface EditSupport {
  /** `documentChanges` (versioned edits, file operations) rather than only `changes`. */
  documentChanges: boolean;
  /** `documentChanges` with a `create` operation: a new config file. */
  create: boolean;
  /** Change annotations: the edit is shown for confirmation before it is applied. */
  confirm: boolean;
}

/**
 * Edits of `doc` as computed for its current version: tied to that version where the client takes `documentChanges`,
 * so an editor refuses to apply them to a text that has changed since.
 */
function documentEdit(doc: TextDocument, edits: TextEdit[], versioned: boolean): WorkspaceEdit {
  return versioned ? {documentChanges: [{textDocument: {uri: doc.uri, version: doc.version}, edits}]} : {changes: {[doc.uri]: edits}};
}

/** Offset edits (ours, and jsonc-parser's: the same three fields) as the editor's range edits in `doc`, moved by `shift`. */
function rangeEdits(doc: TextDocument, edits: readonly {offset: number; length: number; content: string}[], shift = 0): TextEdit[] {
  return edits.map((e) => ({range: {start: doc.positionAt(e.offset + shift), end: doc.positionAt(e.offset + shift + e.length)}, newText: e.content}));
}

/** The edits `--fix` makes for one finding, as the editor's text edits (offsets are into the text after any BOM). */
export function quickFix(doc: TextDocument, finding: Finding, diagnostic: Diagnostic, bom: boolean, versioned: boolean): CodeAction | undefined {
  if (!finding.fix) return undefined;
  const edits = rangeEdits(doc, finding.fix.edits, bom ? 1 : 0);
  return {title: editorText(`${finding.fix.description} (${finding.ruleId})`), kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: true, edit: documentEdit(doc, edits, versioned)};
}

/** Every fix `--fix` would make in the file, as one edit of the whole text (the fixer runs to a fixed point). */
export function fixAllAction(doc: TextDocument, fixed: {text: string; fixed: number}, bom: boolean, kind: string, versioned: boolean): CodeAction {
  const whole = {start: doc.positionAt(0), end: doc.positionAt(doc.getText().length)};
  const title = `Fix all auto-fixable openwop problems (${fixed.fixed} fix${fixed.fixed === 1 ? '' : 'es'})`;
  return {title, kind, edit: documentEdit(doc, [{range: whole, newText: (bom ? '\uFEFF' : '') + fixed.text}], versioned)};
}

/** What a "fix all" offered without its edit carries to `codeAction/resolve`: the text it is for. */
export interface FixAllData {
  uri: string;
  version: number;
}

/** "Fix all" without its edit yet (the client resolves it when picked); the count of fixes is not known before fixing. */
export function lazyFixAllAction(doc: TextDocument, kind: string): CodeAction {
  const data: FixAllData = {uri: doc.uri, version: doc.version};
  return {title: 'Fix all auto-fixable openwop problems', kind, data};
}

/**
 * "Disable RULE for this file": the config edit (`configText` is the text its offsets are into), marked as needing
 * confirmation where the client can ask, so it is shown before anything is written; offered only in a form the client
 * can apply.
 */
export function disableRuleAction(edit: ConfigEdit, configText: string | undefined, ruleId: string, diagnostic: Diagnostic, support: EditSupport): CodeAction | undefined {
  const uri = pathToFileURL(edit.path).href;
  const annotationId = 'openwop.disable-rule';
  const annotated = support.confirm ? {annotationId} : {};
  let edits: TextEdit[];
  const operations: WorkspaceEdit['documentChanges'] = [];
  if (edit.kind === 'create') {
    if (!support.create || !support.documentChanges) return undefined;
    operations.push({kind: 'create', uri, options: {ignoreIfExists: true}, ...annotated});
    edits = [{range: {start: {line: 0, character: 0}, end: {line: 0, character: 0}}, newText: edit.text}];
  } else {
    edits = rangeEdits(TextDocument.create(uri, 'json', 0, configText ?? ''), edit.edits);
  }
  const title = editorText(`Disable ${ruleId} for this file (openwop config)`);
  if (!support.documentChanges) return {title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit: {changes: {[uri]: edits}}};
  operations.push({textDocument: {uri, version: null}, edits: edits.map((e) => ({...e, ...annotated}))});
  const workspaceEdit: WorkspaceEdit = {documentChanges: operations};
  if (support.confirm)
    workspaceEdit.changeAnnotations = {
      [annotationId]: {label: editorText(`Turn ${ruleId} off for this file`), description: editorText(`adds an "overrides" entry to ${edit.path}`), needsConfirmation: true},
    };
  return {title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit: workspaceEdit};
}

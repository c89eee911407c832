import {readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {type CodeAction, CodeActionRequest, CodeActionResolveRequest, type Diagnostic, DidChangeWatchedFilesNotification, FileChangeType} from 'vscode-languageserver-protocol/node';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runCli, tempProject} from '../helpers/cli.js';
import {applyEdits, applyEditToDisk, editsFor, LspClient} from './client.js';
import {cliSeen, lspSeen, TRIAGE_SCHEMA} from './project.js';

const SCHEMA = 'schemas/triage.schema.json';

async function actionsFor(client: LspClient, uri: string, diagnostic: Diagnostic): Promise<CodeAction[]> {
  const actions = await client.connection.sendRequest(CodeActionRequest.type, {textDocument: {uri}, range: diagnostic.range, context: {diagnostics: [diagnostic]}});
  return (actions ?? []) as CodeAction[];
}

const isDisable = (a: CodeAction) => a.title.startsWith('Disable ');

/** Sends the whole new text as one change and waits for its diagnostics. */
async function replaceText(client: LspClient, uri: string, text: string): Promise<Diagnostic[]> {
  const version = await client.change(uri, [{text}]);
  return (await client.diagnostics(uri, version)).diagnostics;
}

describe('openwop lsp: quick fixes and fix-all', () => {
  let root: string;
  let client: LspClient;
  let uri: string;
  let text = TRIAGE_SCHEMA;

  beforeAll(async () => {
    root = tempProject({[SCHEMA]: TRIAGE_SCHEMA});
    ({client} = await LspClient.start(root));
    uri = await client.open(SCHEMA);
  });

  afterAll(async () => {
    expect(await client.stop()).toBe(0);
    expect(client.protocolProblems()).toEqual([]);
  });

  it("a diagnostic's quick fix, applied and sent back as incremental edits, removes that finding and nothing else", async () => {
    const {diagnostics} = await client.diagnostics(uri, 1);
    // Not every finding has a fix ("uniqueItems" needs a decision): the first one that has.
    let target: Diagnostic | undefined;
    let fix: CodeAction | undefined;
    for (const d of diagnostics) {
      fix = (await actionsFor(client, uri, d)).find((a) => a.kind === 'quickfix' && !isDisable(a));
      target = d;
      if (fix) break;
    }
    expect(fix?.diagnostics).toEqual([target]);
    expect(fix?.title).toContain(String(target!.code));
    // Tied to the version it was computed for (the client takes documentChanges): an editor refuses it on a changed text.
    expect(fix!.edit!.documentChanges?.map((c) => ('textDocument' in c ? c.textDocument : undefined))).toEqual([{uri, version: 1}]);
    const {edits} = editsFor(fix!.edit!, uri);
    expect(edits.length).toBeGreaterThan(0);
    text = applyEdits(text, edits);
    // Sent as the editor would after applying them: one incremental change per edit, last in the text first.
    const ordered = [...edits].sort((a, b) => b.range.start.line - a.range.start.line || b.range.start.character - a.range.start.character);
    const version = await client.change(
      uri,
      ordered.map((e) => ({range: e.range, text: e.newText})),
    );
    const after = (await client.diagnostics(uri, version)).diagnostics;
    const count = (ds: Diagnostic[], code: string) => ds.filter((d) => d.code === code).length;
    expect(count(after, String(target!.code))).toBe(count(diagnostics, String(target!.code)) - 1);
    expect(after).toHaveLength(diagnostics.length - 1);
    expect(lspSeen(after)).toEqual(await cliSeen(root, ['lint', 'schema'], SCHEMA, text));
  });

  it('"fix all" (source.fixAll.openwop) gives the text `--fix` writes, and the findings left are those the CLI reports after it', async () => {
    const copy = 'schemas/fixed-by-cli.schema.json';
    writeFileSync(join(root, copy), text);
    const fixed = await runCli(['lint', 'schema', copy, '--fix'], {cwd: root});
    expect(fixed.stderr).toBe('');
    const cliText = readFileSync(join(root, copy), 'utf8');
    expect(cliText).not.toBe(text);

    const whole = {start: {line: 0, character: 0}, end: {line: text.split('\n').length, character: 0}};
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, {textDocument: {uri}, range: whole, context: {diagnostics: [], only: ['source.fixAll.openwop']}})) as CodeAction[];
    expect(actions.map((a) => a.kind)).toEqual(['source.fixAll.openwop']);
    // Offered without its edit (fixing waits for the worker); the edit comes when the client resolves the action.
    expect(actions[0].edit).toBeUndefined();
    const resolved = await client.connection.sendRequest(CodeActionResolveRequest.type, actions[0]);
    text = applyEdits(text, editsFor(resolved.edit!, uri).edits);
    expect(text).toBe(cliText);
    const after = await replaceText(client, uri, text);
    expect(lspSeen(after)).toEqual(await cliSeen(root, ['lint', 'schema'], copy));
    expect(after.length).toBeGreaterThan(0);
  });

  it('fix-on-save: "fix all" asked for right after an edit, before that text is checked, fixes the text as it is now', async () => {
    // The edit brings back a fixable finding; the request goes out before the edit's debounce ends.
    const edited = text.replace('"additionalProperties": false', '"$comment": "closed again by the fix"');
    expect(edited).not.toBe(text);
    const version = await client.change(uri, [{text: edited}]);
    const whole = {start: {line: 0, character: 0}, end: {line: edited.split('\n').length, character: 0}};
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, {textDocument: {uri}, range: whole, context: {diagnostics: [], only: ['source.fixAll']}})) as CodeAction[];
    expect(client.published.some((p) => p.uri === uri && p.version === version)).toBe(false);
    expect(actions.map((a) => a.kind)).toEqual(['source.fixAll.openwop']);
    const resolved = await client.connection.sendRequest(CodeActionResolveRequest.type, actions[0]);
    const copy = 'schemas/edited-fixed-by-cli.schema.json';
    writeFileSync(join(root, copy), edited);
    await runCli(['lint', 'schema', copy, '--fix'], {cwd: root});
    expect(applyEdits(edited, editsFor(resolved.edit!, uri).edits)).toBe(readFileSync(join(root, copy), 'utf8'));
  });
});

describe('openwop lsp: "disable this rule for this file" with a client that watches files', () => {
  let root: string;
  let client: LspClient;

  beforeAll(async () => {
    root = tempProject({[SCHEMA]: TRIAGE_SCHEMA, 'schemas/other.schema.json': TRIAGE_SCHEMA});
    ({client} = await LspClient.start(root));
  });

  afterAll(async () => {
    expect(await client.stop()).toBe(0);
    expect(client.protocolProblems()).toEqual([]);
  });

  /** Asks for the disable action of `code` in `rel`, checks it asks for confirmation, writes it, tells the server; the diagnostics after. */
  const disable = async (rel: string, code: string): Promise<{action: CodeAction; after: Diagnostic[]}> => {
    const uri = client.uri(rel);
    const {diagnostics} = await client.diagnostics(uri, 1);
    const target = diagnostics.find((d) => d.code === code)!;
    const action = (await actionsFor(client, uri, target)).find(isDisable)!;
    expect(action.title).toContain(code);
    const annotations = Object.values(action.edit!.changeAnnotations ?? {});
    expect(annotations).toHaveLength(1);
    expect(annotations[0].needsConfirmation).toBe(true);
    const config = join(root, 'openwop.config.json');
    applyEditToDisk(action.edit!, config);
    const before = client.published.length;
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {changes: [{uri: client.uri('openwop.config.json'), type: FileChangeType.Changed}]});
    const after = (await client.diagnostics(uri, 1, before)).diagnostics;
    return {action, after};
  };

  it('with no config yet, creates openwop.config.json with the override; on the watched-file notice the diagnostic is gone', async () => {
    await client.open(SCHEMA);
    await client.open('schemas/other.schema.json');
    const {action, after} = await disable(SCHEMA, 'tier1/all-required');
    expect(action.edit!.documentChanges!.some((c) => 'kind' in c && c.kind === 'create' && c.annotationId !== undefined)).toBe(true);
    expect(JSON.parse(readFileSync(join(root, 'openwop.config.json'), 'utf8'))).toEqual({overrides: [{files: [SCHEMA], rules: {'tier1/all-required': 'off'}}]});
    expect(after.some((d) => d.code === 'tier1/all-required')).toBe(false);
    expect(after.length).toBeGreaterThan(0);
    expect(lspSeen(after)).toEqual(await cliSeen(root, ['lint', 'schema'], SCHEMA));
  });

  it('with a config, appends an overrides entry for the other file; on the notice its diagnostic is gone too', async () => {
    const {after} = await disable('schemas/other.schema.json', 'tier1/additional-properties');
    expect(JSON.parse(readFileSync(join(root, 'openwop.config.json'), 'utf8'))).toEqual({
      overrides: [
        {files: [SCHEMA], rules: {'tier1/all-required': 'off'}},
        {files: ['schemas/other.schema.json'], rules: {'tier1/additional-properties': 'off'}},
      ],
    });
    expect(after.some((d) => d.code === 'tier1/additional-properties')).toBe(false);
    expect(after.some((d) => d.code === 'tier1/all-required')).toBe(true);
    expect(lspSeen(after)).toEqual(await cliSeen(root, ['lint', 'schema'], 'schemas/other.schema.json'));
  });
});

describe('openwop lsp: a client that neither watches files nor confirms edits', () => {
  it('offers the disable edit without annotations, and a config written on disk alone is reloaded (the server watches it)', async () => {
    const root = tempProject({[SCHEMA]: TRIAGE_SCHEMA, 'openwop.config.json': {rules: {}}});
    const {client} = await LspClient.start(root, {workspace: {workspaceEdit: {documentChanges: true}}});
    const uri = await client.open(SCHEMA);
    const {diagnostics} = await client.diagnostics(uri, 1);
    const target = diagnostics.find((d) => d.code === 'tier1/all-required')!;
    const action = (await actionsFor(client, uri, target)).find(isDisable)!;
    expect(action.edit!.changeAnnotations).toBeUndefined();
    // A client that cannot resolve code actions gets "fix all" with its edit at once.
    const all = (await actionsFor(client, uri, target)).find((a) => a.kind === 'source.fixAll.openwop');
    expect(editsFor(all!.edit!, uri).edits).toHaveLength(1);
    expect(client.registrations).toEqual([]);
    const before = client.published.length;
    applyEditToDisk(action.edit!, join(root, 'openwop.config.json'));
    const after = (await client.diagnostics(uri, 1, before)).diagnostics;
    expect(after.some((d) => d.code === 'tier1/all-required')).toBe(false);
    expect(lspSeen(after)).toEqual(await cliSeen(root, ['lint', 'schema'], SCHEMA));
    expect(await client.stop()).toBe(0);
    expect(client.protocolProblems()).toEqual([]);
  });
});

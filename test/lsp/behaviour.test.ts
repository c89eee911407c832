import {type CodeAction, CodeActionRequest, CodeActionResolveRequest, CancellationTokenSource, HoverRequest, type MarkupContent, type Position} from 'vscode-languageserver-protocol/node';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {tempProject} from '../helpers/cli.js';
import {findRule} from '../../src/rule-catalog.js';
import {editsFor, LspClient} from './client.js';
import {cliSeen, lspSeen, STREAM, TRIAGE_SCHEMA} from './project.js';

const SCHEMA = 'schemas/triage.schema.json';

describe('openwop lsp: hover, malformed documents, stale edits and cancelled requests', () => {
  let root: string;
  let client: LspClient;

  beforeAll(async () => {
    root = tempProject({[SCHEMA]: TRIAGE_SCHEMA, 'envelopes/stream.ndjson': STREAM});
    ({client} = await LspClient.start(root));
  });

  afterAll(async () => {
    expect(await client.stop()).toBe(0);
    expect(client.protocolProblems()).toEqual([]);
  });

  const hover = (uri: string, position: Position) => client.connection.sendRequest(HoverRequest.type, {textDocument: {uri}, position});

  it("hover on a diagnostic's range shows the rule id, its explanation, its sources and its docs link; elsewhere nothing", async () => {
    const uri = await client.open(SCHEMA);
    const {diagnostics} = await client.diagnostics(uri, 1);
    const target = diagnostics.find((d) => d.code === 'tier1/string-constraint')!;
    const rule = (await findRule('tier1/string-constraint'))!;
    expect(rule.sources.length).toBeGreaterThan(0);
    const shown = ((await hover(uri, {line: target.range.start.line, character: target.range.start.character + 3})) as {contents: MarkupContent}).contents;
    expect(shown.kind).toBe('markdown');
    expect(shown.value).toContain('tier1/string-constraint');
    expect(shown.value).toContain(rule.explanation.split('\n')[0]);
    for (const source of rule.sources) expect(shown.value).toContain(source.url);
    expect(shown.value).toContain(`(${target.codeDescription!.href})`);

    const stream = await client.open('envelopes/stream.ndjson');
    const streamDiagnostics = (await client.diagnostics(stream, 1)).diagnostics;
    expect(streamDiagnostics.every((d) => d.range.start.line > 0)).toBe(true);
    expect(await hover(stream, {line: 0, character: 5})).toBeNull();
    const envelopeHover = (await hover(stream, streamDiagnostics[0].range.start)) as {contents: MarkupContent};
    expect(envelopeHover.contents.value).toContain(String(streamDiagnostics[0].code));
  });

  it('a syntax error mid-file gets a json/* diagnostic where the CLI puts it, and fixing the text brings the normal diagnostics back', async () => {
    const rel = 'schemas/broken.schema.json';
    const broken = TRIAGE_SCHEMA.replace('"maxItems": 5', '"maxItems": 5,,');
    const uri = await client.open(rel, broken);
    const {diagnostics} = await client.diagnostics(uri, 1);
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(diagnostics.every((d) => String(d.code).startsWith('json/'))).toBe(true);
    expect(diagnostics[0].range.start.line).toBe(19);
    expect(lspSeen(diagnostics)).toEqual(await cliSeen(root, ['lint', 'schema'], rel, broken));
    const version = await client.change(uri, [{text: TRIAGE_SCHEMA}]);
    const repaired = (await client.diagnostics(uri, version)).diagnostics;
    expect(lspSeen(repaired)).toEqual(await cliSeen(root, ['lint', 'schema'], SCHEMA));
  });

  it('several quick edits publish diagnostics for the last version only', async () => {
    const uri = client.uri(SCHEMA);
    await client.diagnostics(uri, 1);
    const first = client.published.length;
    const versions: number[] = [];
    for (let i = 0; i < 6; i++) versions.push(await client.change(uri, [{range: {start: {line: 3, character: 12}, end: {line: 3, character: 12}}, text: 'x'}]));
    const last = versions.at(-1)!;
    await client.diagnostics(uri, last, first);
    // One more edit, checked after any check still running for an older one: a stale publish would be in by then.
    const settle = await client.change(uri, [{range: {start: {line: 3, character: 12}, end: {line: 3, character: 18}}, text: ''}]);
    const final = await client.diagnostics(uri, settle, first);
    const published = client.published.slice(first).filter((p) => p.uri === uri);
    expect(published.map((p) => p.version)).toEqual([last, settle]);
    expect(lspSeen(final.diagnostics)).toEqual(await cliSeen(root, ['lint', 'schema'], SCHEMA));
  });

  it('$/cancelRequest for a pending request is answered (or refused as cancelled) and the server keeps answering', async () => {
    const uri = client.uri(SCHEMA);
    const whole = {start: {line: 0, character: 0}, end: {line: 40, character: 0}};
    const [lazy] = (await client.connection.sendRequest(CodeActionRequest.type, {textDocument: {uri}, range: whole, context: {diagnostics: [], only: ['source.fixAll.openwop']}})) as CodeAction[];
    expect(lazy.edit).toBeUndefined();
    // Resolving runs the fixer on the worker: the request is pending when the cancel arrives.
    const source = new CancellationTokenSource();
    const request = client.connection.sendRequest(CodeActionResolveRequest.type, lazy, source.token);
    source.cancel();
    const outcome = await request.then(
      (action) => ({action}),
      (error: {code?: number}) => ({code: error.code}),
    );
    if ('code' in outcome) expect(outcome.code).toBe(-32800);
    else expect(outcome.action.edit).toBeDefined();
    const again = await client.connection.sendRequest(CodeActionResolveRequest.type, lazy);
    expect(editsFor(again.edit!, uri).edits).toHaveLength(1);
    expect(await hover(uri, {line: 9, character: 8})).not.toBeNull();
  });
});

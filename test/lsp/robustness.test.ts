import {type CodeAction, CodeActionRequest, HoverRequest} from 'vscode-languageserver-protocol/node';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {tempProject} from '../helpers/cli.js';
import {LspClient} from './client.js';
import {TRIAGE_SCHEMA} from './project.js';

const SCHEMA = 'schemas/triage.schema.json';

/**
 * A schema of about 6 MB: 40,000 required string properties, each with a "pattern" (a finding apiece, with no fix:
 * 40,000 findings that each have a fix take the fixer minutes, notes/lsptest.md).
 */
function bigSchema(): string {
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < 40_000; i++) properties[`p${i}`] = {type: 'string', pattern: '^a+$', description: 'x'.repeat(40)};
  return JSON.stringify({type: 'object', properties, required: Object.keys(properties), additionalProperties: false}, null, 2);
}

/** 100,000 NDJSON lines, every 1000th an envelope with a bad timestamp. */
function bigStream(): string {
  const lines: string[] = [];
  for (let i = 0; i < 100_000; i++) {
    const ts = i % 1000 === 999 ? 'tomorrow' : '2026-11-20T10:00:00Z';
    lines.push(JSON.stringify({type: 'error', envelopeId: `e-${i}`, correlationId: `run:n:${i}:a`, payload: {code: 'x', message: 'm'}, meta: {source: 'ai-generation', ts}}));
  }
  return `${lines.join('\n')}\n`;
}

describe('openwop lsp: large documents do not hold up a small one', () => {
  let client: LspClient;

  beforeAll(async () => {
    ({client} = await LspClient.start(tempProject({[SCHEMA]: TRIAGE_SCHEMA})));
  });

  afterAll(async () => {
    expect(await client.stop()).toBe(0);
    expect(client.protocolProblems()).toEqual([]);
  });

  it("answers a small document's hover and code actions before a 5 MB schema's and a 100k-line stream's diagnostics arrive", async () => {
    const small = await client.open(SCHEMA);
    const {diagnostics} = await client.diagnostics(small, 1);
    const target = diagnostics.find((d) => d.code === 'tier1/all-required')!;
    const schema = bigSchema();
    expect(schema.length).toBeGreaterThan(5_000_000);
    const big = await client.open('schemas/big.schema.json', schema);
    const stream = await client.open('envelopes/big.ndjson', bigStream());
    const bigPublished = () => client.published.filter((p) => p.uri === big || p.uri === stream).length;

    const hover = await client.connection.sendRequest(HoverRequest.type, {textDocument: {uri: small}, position: target.range.start});
    const publishedAtHover = bigPublished();
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, {textDocument: {uri: small}, range: target.range, context: {diagnostics: [target]}})) as CodeAction[];
    const publishedAtActions = bigPublished();
    expect(JSON.stringify(hover)).toContain('tier1/all-required');
    expect(actions.some((a) => a.title.startsWith('Disable tier1/all-required'))).toBe(true);
    expect([publishedAtHover, publishedAtActions]).toEqual([0, 0]);

    const bigDiagnostics = await client.diagnostics(big, 1);
    expect(bigDiagnostics.diagnostics.filter((d) => d.code === 'tier1/string-constraint')).toHaveLength(40_000);
    const streamDiagnostics = await client.diagnostics(stream, 1);
    expect(streamDiagnostics.diagnostics.map((d) => d.range.start.line)).toEqual(Array.from({length: 100}, (_, i) => i * 1000 + 999));
    // Still up and answering.
    expect(await client.connection.sendRequest(HoverRequest.type, {textDocument: {uri: small}, position: target.range.start})).not.toBeNull();
  });

  it('edits of a large document made while its check runs publish diagnostics for the newest text only', async () => {
    const rel = 'schemas/edited.schema.json';
    const first = client.published.length;
    const uri = await client.open(rel, bigSchema());
    // A round trip after the open lets the check of version 1 (a second or so of work) start: the edits below arrive
    // while it runs, and it must be dropped or stopped, never published.
    await client.connection.sendRequest(HoverRequest.type, {textDocument: {uri}, position: {line: 0, character: 0}});
    await client.change(uri, [{range: {start: {line: 1, character: 0}, end: {line: 1, character: 0}}, text: '  "title": "v2",\n'}]);
    const last = await client.change(uri, [{range: {start: {line: 1, character: 12}, end: {line: 1, character: 14}}, text: 'v3'}]);
    const published = await client.diagnostics(uri, last, first);
    expect(published.diagnostics.filter((d) => d.code === 'tier1/string-constraint')).toHaveLength(40_000);
    // A later small edit is checked after anything still running for the old versions: a stale publish would be in by then.
    const settle = await client.change(uri, [{range: {start: {line: 1, character: 12}, end: {line: 1, character: 14}}, text: 'v4'}]);
    await client.diagnostics(uri, settle, first);
    expect(
      client.published
        .slice(first)
        .filter((p) => p.uri === uri)
        .map((p) => p.version),
    ).toEqual([last, settle]);
  });
});

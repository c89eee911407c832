import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {TextDocument} from 'vscode-languageserver-textdocument';
import type {InitializeResult, TextDocumentContentChangeEvent} from 'vscode-languageserver-protocol/node';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {ROOT} from '../helpers/cli.js';
import {LspClient} from './client.js';
import {badEnvelopeJson, cliSeen, lspSeen, projectWithPack, STREAM, TRIAGE_SCHEMA} from './project.js';

const DOCS_BASE = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {ruleDocsBaseUrl: string}).ruleDocsBaseUrl;

// Levels set in the config (off, warn, info) and an override for one file: the editor must resolve them as the CLI does.
const CONFIG = {
  rules: {'tier1/string-constraint': 'off', 'tier1/array-constraint': 'warn', 'tier1/number-constraint': 'info'},
  overrides: [{files: ['schemas/other.schema.json'], rules: {'tier1/array-constraint': 'off', 'tier1/number-constraint': 'error'}}],
};

const FILES: {rel: string; command: string[]}[] = [
  {rel: 'schemas/triage.schema.json', command: ['lint', 'schema']},
  {rel: 'schemas/other.schema.json', command: ['lint', 'schema']},
  {rel: 'envelopes/stream.ndjson', command: ['validate', 'envelope']},
  {rel: 'envelopes/clarification.json', command: ['validate', 'envelope']},
  // The pack's folder is checked too (its files, schema ids, code), as when the CLI is given the file.
  {rel: 'packs/webhook-defective/pack.json', command: ['validate', 'pack']},
];

describe('openwop lsp: diagnostics', () => {
  let root: string;
  let client: LspClient;
  let init: InitializeResult;

  beforeAll(async () => {
    root = projectWithPack({
      'openwop.config.json': CONFIG,
      'schemas/triage.schema.json': TRIAGE_SCHEMA,
      'schemas/other.schema.json': TRIAGE_SCHEMA,
      'envelopes/stream.ndjson': STREAM,
      'envelopes/clarification.json': badEnvelopeJson(),
    });
    ({client, init} = await LspClient.start(root));
  });

  afterAll(async () => {
    expect(await client.stop()).toBe(0);
    expect(client.protocolProblems()).toEqual([]);
  });

  it('initializes with incremental sync, quick fixes, fix-all and hover, and registers a watch on the config files', async () => {
    expect(init.capabilities.textDocumentSync).toMatchObject({openClose: true, change: 2});
    expect(init.capabilities.hoverProvider).toBe(true);
    expect(init.capabilities.codeActionProvider).toEqual({codeActionKinds: ['quickfix', 'source.fixAll.openwop'], resolveProvider: true});
    const registration = await client.until(() => client.registrations.find((r) => r.method === 'workspace/didChangeWatchedFiles'));
    const globs = (registration.registerOptions as {watchers: {globPattern: string}[]}).watchers.map((w) => w.globPattern);
    expect(globs).toContain('**/openwop.config.json');
  });

  it.each(FILES)('$rel: the diagnostics are the findings `openwop $command` reports for it, with the same ranges and severities', async ({rel, command}) => {
    const uri = await client.open(rel);
    const published = await client.diagnostics(uri, 1);
    const seen = lspSeen(published.diagnostics);
    const onDisk = await cliSeen(root, command, rel);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).toEqual(onDisk);
    for (const d of published.diagnostics) {
      expect(d.source).toBe('openwop');
      expect(d.codeDescription?.href).toBe(`${DOCS_BASE}${String(d.code)}.md`);
      expect(existsSync(join(ROOT, 'docs', 'rules', `${String(d.code)}.md`))).toBe(true);
    }
  });

  it('maps the config levels to LSP severities and applies the rule turned off and the override for one file', async () => {
    const severities = async (rel: string) => {
      const {diagnostics} = await client.diagnostics(client.uri(rel), 1);
      const byRule = new Map<string, Set<number | undefined>>();
      for (const d of diagnostics) byRule.set(String(d.code), (byRule.get(String(d.code)) ?? new Set()).add(d.severity));
      return byRule;
    };
    const triage = await severities('schemas/triage.schema.json');
    expect(triage.get('tier1/additional-properties')).toEqual(new Set([1]));
    expect(triage.get('tier1/array-constraint')).toEqual(new Set([2]));
    expect(triage.get('tier1/number-constraint')).toEqual(new Set([3]));
    expect(triage.has('tier1/string-constraint')).toBe(false);
    const other = await severities('schemas/other.schema.json');
    expect(other.has('tier1/array-constraint')).toBe(false);
    expect(other.get('tier1/number-constraint')).toEqual(new Set([1]));
  });

  it('re-diagnoses after incremental edits, as the CLI checks the edited text', async () => {
    const rel = 'schemas/triage.schema.json';
    const uri = client.uri(rel);
    await client.diagnostics(uri, 1);
    // Drop the "uniqueItems" line and make "reasoning" an integer with a minimum.
    const changes: TextDocumentContentChangeEvent[] = [
      {range: {start: {line: 18, character: 0}, end: {line: 19, character: 0}}, text: ''},
      {range: {start: {line: 34, character: 15}, end: {line: 34, character: 22}}, text: 'integer", "minimum": 3'},
    ];
    const edited = TextDocument.create(uri, 'json', 1, TRIAGE_SCHEMA);
    TextDocument.update(edited, changes, 2);
    expect(edited.getText()).toContain('"type": "integer", "minimum": 3');
    const version = await client.change(uri, changes);
    const published = await client.diagnostics(uri, version);
    const seen = lspSeen(published.diagnostics);
    expect(seen).toEqual(await cliSeen(root, ['lint', 'schema'], rel, edited.getText()));
    expect(seen.filter((s) => s.code === 'tier1/array-constraint')).toHaveLength(1);
    expect(seen.some((s) => s.code === 'tier1/number-constraint' && s.range.startsWith('34:'))).toBe(true);
  });

  it('publishes empty diagnostics for a closed document', async () => {
    const uri = client.uri('envelopes/stream.ndjson');
    await client.diagnostics(uri, 1);
    const before = client.published.length;
    await client.close(uri);
    const published = await client.until(() => client.published.slice(before).find((p) => p.uri === uri));
    expect(published.diagnostics).toEqual([]);
  });
});

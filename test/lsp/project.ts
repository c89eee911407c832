import {cpSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import type {Diagnostic} from 'vscode-languageserver-protocol/node';
import {ROOT, runCli, tempProject} from '../helpers/cli.js';

export const EXAMPLES = join(ROOT, 'examples');
export const TRIAGE_SCHEMA = readFileSync(join(EXAMPLES, 'schemas', 'violations', 'vendor.acme.ticket.triage.schema.json'), 'utf8');
export const STREAM = readFileSync(join(EXAMPLES, 'envelopes', 'stream.ndjson'), 'utf8');

/** The example clarification envelope with a timestamp that is not one: one envelope/shape finding. */
export function badEnvelopeJson(): string {
  const envelope = JSON.parse(readFileSync(join(EXAMPLES, 'envelopes', 'clarification.json'), 'utf8')) as {meta: {ts: string}};
  envelope.meta.ts = 'tomorrow';
  return `${JSON.stringify(envelope, null, 2)}\n`;
}

/** A temp project holding `files` and, under packs/webhook-defective, the example pack with its defects. */
export function projectWithPack(files: Record<string, unknown>): string {
  const root = tempProject(files);
  cpSync(join(EXAMPLES, 'packs', 'webhook-defective'), join(root, 'packs', 'webhook-defective'), {recursive: true});
  return root;
}

/** A finding as compared across CLI and editor: rule, LSP severity, 0-based range. */
export interface Seen {
  code: string;
  severity: number;
  range: string;
}

const LSP_SEVERITY: Record<string, number> = {error: 1, warning: 2, info: 3};

interface CliFinding {
  ruleId: string;
  severity: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
}

/** The CLI's `-f json` findings on `rel` (its text on disk, or `text` through stdin with --stdin-filename), run from `root`. */
export async function cliSeen(root: string, command: string[], rel: string, text?: string): Promise<Seen[]> {
  const args = text === undefined ? [...command, rel, '-f', 'json'] : [...command, '-', '--stdin-filename', rel, '-f', 'json'];
  const result = await runCli(args, {cwd: root, input: text});
  const report = JSON.parse(result.stdout) as {results: {findings: CliFinding[]}[]};
  return sortSeen(
    report.results
      .flatMap((r) => r.findings)
      .map((f) => {
        if (f.endLine === undefined || f.endColumn === undefined) throw new Error(`${f.ruleId} has no end in the CLI's report`);
        return {code: f.ruleId, severity: LSP_SEVERITY[f.severity], range: `${f.line - 1}:${f.column - 1}-${f.endLine - 1}:${f.endColumn - 1}`};
      }),
  );
}

export function lspSeen(diagnostics: Diagnostic[]): Seen[] {
  return sortSeen(diagnostics.map((d) => ({code: String(d.code), severity: d.severity ?? 0, range: `${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}`})));
}

function sortSeen(seen: Seen[]): Seen[] {
  return seen.sort((a, b) => `${a.range} ${a.code}`.localeCompare(`${b.range} ${b.code}`));
}

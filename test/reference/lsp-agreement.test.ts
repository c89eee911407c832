import {readdirSync, readFileSync} from 'node:fs';
import {join, relative} from 'node:path';
import {isDeepStrictEqual} from 'node:util';
import {beforeAll, describe, expect, it} from 'vitest';
import {loadConfig} from '../../src/config/load.js';
import {checkDocument} from '../../src/lsp/check-document.js';
import {documentKind, type DocumentKind} from '../../src/lsp/document-kind.js';
import {runCli} from '../helpers/cli.js';
import {REFERENCE_ROOT, referencePath} from './support/reference.js';

// "Editor and CI agree": every schema, envelope file and pack manifest of the reference material, checked by the
// language server's checkDocument (its text, its path, the reference folder as the workspace) and by the CLI run from
// the same folder on the same file, must yield the same findings at the same places.
interface Compared {
  ruleId: string;
  severity: string;
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
  message: string;
}

const COMMAND: Record<DocumentKind, string[]> = {schema: ['lint', 'schema'], envelope: ['validate', 'envelope'], pack: ['validate', 'pack']};
const FOLDERS = ['openwop/fixtures', 'openwop/schemas', 'foxctl/golden', 'openwop-registry/packs', 'openwop-v2'];
// Many files per CLI run keeps the suite short; each file is still a named input with its own result.
const BATCH = 200;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true, recursive: true})
    .filter((e) => e.isFile() && /\.(json|ndjson|jsonl)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

const compared = (f: Compared): Compared => ({
  ruleId: f.ruleId,
  severity: f.severity,
  line: f.line,
  column: f.column,
  endLine: f.endLine,
  endColumn: f.endColumn,
  message: f.message,
});

async function cliFindings(kind: DocumentKind, files: string[]): Promise<Map<string, Compared[]>> {
  const byFile = new Map<string, Compared[]>();
  for (let i = 0; i < files.length; i += BATCH) {
    const rel = files.slice(i, i + BATCH).map((f) => relative(REFERENCE_ROOT, f));
    const r = await runCli([...COMMAND[kind], ...rel, '-f', 'json'], {cwd: REFERENCE_ROOT});
    expect(r.stderr, `${kind}: ${r.stderr}`).toBe('');
    for (const result of JSON.parse(r.stdout).results as {file: string; findings: Compared[]}[]) {
      byFile.set(
        join(REFERENCE_ROOT, result.file),
        result.findings.filter((f) => join(REFERENCE_ROOT, (f as {file?: string}).file ?? result.file) === join(REFERENCE_ROOT, result.file)).map(compared),
      );
    }
  }
  return byFile;
}

describe('the language server and the CLI agree on the reference material', () => {
  const byKind: Record<DocumentKind, string[]> = {schema: [], envelope: [], pack: []};
  const unchecked: string[] = [];
  beforeAll(async () => {
    const loaded = await loadConfig({cwd: REFERENCE_ROOT});
    for (const folder of FOLDERS) {
      for (const file of filesUnder(referencePath(folder))) {
        const kind = documentKind(file, readFileSync(file, 'utf8'), loaded.config, loaded.baseDir);
        if (kind) byKind[kind].push(file);
        else unchecked.push(relative(REFERENCE_ROOT, file));
      }
    }
  });

  it('recognises the material by name and content', () => {
    const rel = (kind: DocumentKind) => byKind[kind].map((f) => relative(REFERENCE_ROOT, f));
    expect(rel('envelope')).toEqual(expect.arrayContaining(filesUnder(referencePath('foxctl/golden/envelopes')).map((f) => relative(REFERENCE_ROOT, f))));
    expect(rel('envelope')).toEqual(expect.arrayContaining(filesUnder(referencePath('openwop/fixtures/envelopes/positive')).map((f) => relative(REFERENCE_ROOT, f))));
    expect(rel('pack').filter((f) => f.endsWith('/pack.json')).length).toBeGreaterThan(30);
    expect(rel('schema').length).toBeGreaterThan(1200);
    expect(rel('schema')).toEqual(expect.arrayContaining(['openwop-v2/schemas/capabilities.schema.json', 'openwop/schemas/openwop/schemas/envelopes/error.schema.json']));
    // What is left is JSON of other kinds (requests, bundles, discovery documents, bare payloads, mock programs) and
    // manifests under names no pre-commit hook picks as manifests (a `validate pack` given them by name checks them).
    expect(new Set(unchecked.map((f) => f.slice(0, f.lastIndexOf('/'))))).toEqual(
      new Set([
        'openwop/fixtures/accept-seam',
        'openwop/fixtures/certification-bundles',
        'openwop/fixtures/discovery',
        'openwop/fixtures/envelopes/payloads',
        'openwop/fixtures/mock-ai-programs',
        'openwop/fixtures/pack-manifests',
        'openwop/fixtures/registry-samples',
        'openwop-v2/examples',
        'openwop-v2/schemas',
      ]),
    );
    expect(unchecked.filter((f) => f.startsWith('openwop-v2/schemas/'))).toEqual(['openwop-v2/schemas/profiles.json']);
  });

  for (const kind of ['schema', 'envelope', 'pack'] as const) {
    it(`${kind}: checkDocument finds what \`openwop ${COMMAND[kind].join(' ')} FILE\` finds, file by file`, async () => {
      const batch = await cliFindings(kind, byKind[kind]);
      const differing: string[] = [];
      let alone = 0;
      for (const file of byKind[kind]) {
        const lsp = await checkDocument({path: file, text: readFileSync(file, 'utf8'), root: REFERENCE_ROOT});
        expect(lsp.configProblem).toBeUndefined();
        const found = lsp.findings.map((f) => compared(f as Compared));
        let expected = batch.get(file);
        expect(expected, `the CLI reported no result for ${file}`).toBeDefined();
        // In a run of many files, one reached through another's $ref also carries what was found walking from there
        // (under the walker's edge ids): the file run on its own is what CI runs for that file.
        if (!isDeepStrictEqual(found, expected)) {
          alone++;
          expected = (await cliFindings(kind, [file])).get(file);
        }
        if (!isDeepStrictEqual(found, expected)) differing.push(`${relative(REFERENCE_ROOT, file)}\n${firstDifference(found, expected ?? [])}`);
      }
      expect(differing.slice(0, 5).join('\n'), `${differing.length} of ${byKind[kind].length} files differ`).toBe('');
      // One schema of the registry is reached through another's $ref in the same run.
      expect(alone).toBeLessThanOrEqual(kind === 'schema' ? 5 : 0);
    });
  }
});

function firstDifference(lsp: Compared[], cli: Compared[]): string {
  const at = lsp.findIndex((f, i) => !isDeepStrictEqual(f, cli[i]));
  const i = at === -1 ? lsp.length : at;
  return `  ${lsp.length} vs ${cli.length} findings; #${i}\n  lsp: ${JSON.stringify(lsp[i])}\n  cli: ${JSON.stringify(cli[i])}`;
}

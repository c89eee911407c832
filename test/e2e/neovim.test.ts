// End to end through a real editor: Debian's Neovim (0.7.2 on bookworm), headless, with its built-in LSP client, runs
// `openwop lsp --stdio` on a schema and an NDJSON envelope file in a throwaway project (neovim-client.lua does the
// editor's part and writes down what it saw). Its diagnostics must be the CLI's `-f json` findings for the same files
// (`lint schema`, `validate envelope`: rule, severity, start and end), a quick fix picked from Neovim's code-action menu must make exactly its edit, and the
// diagnostics Neovim then shows must be the CLI's for the saved file.
// Neovim is found through OPENWOP_NVIM (.ci/run sets it) or /usr/bin/nvim; without it the test fails, never skips.
import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {BIN, ROOT, runCli, runProgram, tempDir, tempProject} from '../helpers/cli.js';

const NVIM = process.env.OPENWOP_NVIM || '/usr/bin/nvim';
const CLIENT = join(ROOT, 'test', 'e2e', 'neovim-client.lua');
const FILE = join('schemas', 'note.schema.json');
const ENVELOPE_FILE = join('recordings', 'run.ndjson');
const FIX_RULE = 'reasoning/strict-nullable';

// Non-ASCII before a finding on one line (a two-unit emoji among them): the server counts UTF-16 units, Neovim bytes.
const SCHEMA = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "properties": {
    "reasoning": {"type": "string"},
    "title": {"description": "Titel \u2014 kurz \u{1F4DD}", "type": "string", "format": "email"},
    "tags": {"type": "array", "items": {"type": "string"}, "minItems": 2}
  },
  "required": ["reasoning"]
}
`;
// One good envelope, then a timestamp that is no date after non-ASCII text, then a payload its kind's schema refuses.
const ENVELOPES = [
  {
    type: 'schema.request',
    envelopeId: 'e-1',
    correlationId: 'run-1:n1:0:a1',
    payload: {envelopeType: 'vendor.acme.plan.create', reason: 'need the plan'},
    meta: {source: 'ai-generation', ts: '2026-11-20T10:00:00Z'},
  },
  {
    type: 'schema.request',
    envelopeId: 'e-2',
    correlationId: 'run-1:n1:1:b2',
    payload: {envelopeType: 'vendor.acme.plan.create', reason: 'Plan f\u00fcr \u00c4rger \u{1F4DD}'},
    meta: {source: 'ai-generation', ts: 'tomorrow'},
  },
  {type: 'error', envelopeId: 'e-3', correlationId: 'run-1:n1:2:c3', payload: {code: '', message: 'x'}, meta: {source: 'ai-generation', ts: '2026-11-20T10:00:03Z'}},
]
  .map((e) => JSON.stringify(e))
  .join('\n');
// The config turns one rule down to a warning: both must have read it.
const CONFIG = {rules: {'tier1/array-constraint': 'warn'}};

interface CliFinding {
  ruleId: string;
  severity: 'error' | 'warning' | 'info';
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
}

/** A diagnostic as `vim.diagnostic.get` gives it: 0-based lines, columns in bytes, the end exclusive. */
interface Placed {
  code: string;
  severity: number;
  lnum: number;
  col: number;
  end_lnum: number;
  end_col: number;
}

interface NvimDiagnostic extends Placed {
  source: string;
  href: string | null;
}

interface Session {
  error?: string;
  steps: string[];
  before: NvimDiagnostic[];
  envelopes: NvimDiagnostic[];
  after: NvimDiagnostic[];
  offered: {title: string; kind: string; preferred: boolean}[];
  exit_code: number;
}

/** Neovim's `vim.diagnostic.Severity`. */
const NVIM_SEVERITY = {error: 1, warning: 2, info: 3};

function findNeovim(): string {
  const r = spawnSync(NVIM, ['--version'], {encoding: 'utf8'});
  if (r.error || r.status !== 0) {
    throw new Error(`Neovim is not installed at ${NVIM} (${r.error?.message ?? r.stderr.trim()}): install Debian's with \`apt-get install -y neovim\` or set OPENWOP_NVIM; .ci/run does this in CI`);
  }
  const version = /^NVIM v(\d+)\.(\d+)\.\d+/.exec(r.stdout);
  if (!version || (Number(version[1]) === 0 && Number(version[2]) < 7)) throw new Error(`${NVIM} is not Neovim 0.7 or later: ${r.stdout.split('\n')[0]}`);
  return r.stdout.split('\n')[0];
}

/** The CLI's findings as Neovim shows them (the CLI counts UTF-16 units from 1; a finding with no end marks one character). */
function asNeovimSees(findings: CliFinding[], text: string): Placed[] {
  const lines = text.split('\n');
  const byteColumn = (line: number, column: number) => Buffer.byteLength(lines[line - 1].slice(0, column - 1));
  return findings.map((f) => ({
    code: f.ruleId,
    severity: NVIM_SEVERITY[f.severity],
    lnum: f.line - 1,
    col: byteColumn(f.line, f.column),
    end_lnum: (f.endLine ?? f.line) - 1,
    end_col: byteColumn(f.endLine ?? f.line, f.endColumn ?? f.column + 1),
  }));
}

const where = (d: Placed) => [d.lnum, d.col, d.end_lnum, d.end_col].map((n) => String(n).padStart(6, '0')).join(':') + d.code + d.severity;
const sorted = (list: Placed[]) => [...list].sort((a, b) => where(a).localeCompare(where(b)));
const placed = (list: NvimDiagnostic[]) => sorted(list).map(({code, severity, lnum, col, end_lnum, end_col}) => ({code, severity, lnum, col, end_lnum, end_col}));

async function cliFindings(project: string, command = 'lint schema', file = FILE): Promise<CliFinding[]> {
  const r = await runCli([...command.split(' '), file, '-f', 'json'], {cwd: project});
  const report = JSON.parse(r.stdout) as {results: {file: string; findings: CliFinding[]}[]};
  return report.results.flatMap((x) => x.findings);
}

describe("Debian's Neovim with its built-in LSP client runs `openwop lsp --stdio`", () => {
  let project: string;
  let session: Session | undefined;
  let cliBefore: CliFinding[];
  let cliEnvelopes: CliFinding[];

  function ran(): Session {
    if (!session) throw new Error('the Neovim session did not run (see the first test)');
    return session;
  }

  // A test, not a beforeAll: a missing Neovim then shows as a failed test, never as skipped ones.
  it('opens a schema and an envelope file, shows their diagnostics, applies a quick fix from the code-action menu, saves and stops the server', async () => {
    const version = findNeovim();
    project = tempProject({[FILE]: SCHEMA, [ENVELOPE_FILE]: ENVELOPES, 'openwop.config.json': CONFIG}, 'openwop-nvim-');
    cliBefore = await cliFindings(project);
    cliEnvelopes = await cliFindings(project, 'validate envelope', ENVELOPE_FILE);

    const out = join(tempDir('openwop-nvim-out-'), 'session.json');
    const home = tempDir('openwop-nvim-home-');
    // --clean and XDG folders of its own: no user config, plugins, shada or logs of this machine's Neovim.
    const env = {
      ...process.env,
      XDG_CONFIG_HOME: home,
      XDG_DATA_HOME: home,
      XDG_CACHE_HOME: home,
      XDG_STATE_HOME: home,
      OPENWOP_NVIM_NODE: process.execPath,
      OPENWOP_NVIM_BIN: BIN,
      OPENWOP_NVIM_PROJECT: project,
      OPENWOP_NVIM_FILE: join(project, FILE),
      OPENWOP_NVIM_ENVELOPES: join(project, ENVELOPE_FILE),
      OPENWOP_NVIM_FIX_RULE: FIX_RULE,
      OPENWOP_NVIM_OUT: out,
    };
    const r = await runProgram(NVIM, ['--headless', '--clean', '-n', '-i', 'NONE', '-c', `luafile ${CLIENT.replace(/[ \\]/g, '\\$&')}`], {cwd: project, env});
    expect(r.code, `${version}: ${r.stdout}${r.stderr}`).toBe(0);
    session = JSON.parse(readFileSync(out, 'utf8')) as Session;
    expect(session.error, JSON.stringify(session.steps)).toBeUndefined();
    expect(session.steps).toEqual(['started', 'diagnosed', 'fixed and saved', 'stopped']);
    // shutdown and exit, as Neovim sends them when it stops a client: the server ends cleanly.
    expect(session.exit_code).toBe(0);
  });

  it("shows the CLI's findings for the file: rule ids, severities (after the config), start and end", () => {
    const {before} = ran();
    expect(cliBefore.map((f) => f.ruleId)).toContain(FIX_RULE);
    expect(cliBefore.find((f) => f.ruleId === 'tier1/array-constraint')?.severity).toBe('warning');
    expect(placed(before)).toEqual(sorted(asNeovimSees(cliBefore, SCHEMA)));
    for (const d of before) {
      expect(d.source).toBe('openwop');
      expect(d.href).toMatch(new RegExp(`/docs/rules/${d.code}\\.md$`));
    }
  });

  it("shows the CLI's findings for the NDJSON envelope file", () => {
    const {envelopes} = ran();
    expect(cliEnvelopes.map((f) => f.ruleId)).toEqual(['envelope/shape', 'envelope/payload-invalid']);
    expect(placed(envelopes)).toEqual(sorted(asNeovimSees(cliEnvelopes, ENVELOPES)));
  });

  it('offers the fix for the finding under the cursor in the code-action menu; applying it makes that property nullable and nothing else', () => {
    const {offered} = ran();
    expect(offered.filter((a) => a.preferred).map((a) => a.title)).toEqual([expect.stringContaining(FIX_RULE)]);
    const saved = readFileSync(join(project, FILE), 'utf8');
    expect(saved).toBe(SCHEMA.replace('"reasoning": {"type": "string"}', '"reasoning": {"type": ["string", "null"]}'));
  });

  it("then shows the CLI's findings for the saved file: the fixed one is gone, the others stay", async () => {
    const {after} = ran();
    const cliAfter = await cliFindings(project);
    expect(after.map((d) => d.code)).not.toContain(FIX_RULE);
    expect(cliAfter.map((f) => f.ruleId)).not.toContain(FIX_RULE);
    expect(cliAfter).toHaveLength(cliBefore.length - 1);
    expect(placed(after)).toEqual(sorted(asNeovimSees(cliAfter, readFileSync(join(project, FILE), 'utf8'))));
  });
});

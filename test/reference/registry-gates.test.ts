import {cpSync, readdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import {basename, dirname, join} from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {validatePackInputs} from '../../src/pack/index.js';
import type {Finding} from '../../src/core/finding.js';
import {runProgram, tempDir} from '../helpers/cli.js';
import {referencePath} from './support/reference.js';

/**
 * The registry's own CI gates, run on a scratch copy of the pinned snapshot, against `validate pack` on the same copy:
 * first as pinned (every gate passes), then after edits each gate must refuse. The copy lives in a temp folder only.
 */
function scratchRegistry(): string {
  const root = tempDir('openwop-registry-');
  for (const part of ['packs', 'scripts', 'schemas']) cpSync(referencePath('openwop-registry', part), join(root, part), {recursive: true});
  return root;
}

const gate = (root: string, script: string) => runProgram(process.execPath, [join('scripts', script)], {cwd: root});

async function ours(root: string): Promise<Finding[]> {
  const outcome = await validatePackInputs(['packs'], {cwd: root});
  return outcome.results.flatMap((r) => r.findings);
}

const count = (findings: Finding[], rule: string) => findings.filter((f) => f.ruleId === rule).length;

/** `<pack dir>/<file>` of a pack/schema-id finding, from the manifest it sits in and the $id it expects. */
const driftKey = (f: Finding) => `${basename(dirname(f.file))}/${/convention is "[^"]*\/([^/"]+)"$/.exec(f.message)?.[1]}`;

function editJson(path: string, edit: (doc: Record<string, unknown>) => void): void {
  const doc = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  edit(doc);
  writeFileSync(path, JSON.stringify(doc, null, 2));
}

describe('the pinned registry snapshot: every gate passes, and validate pack agrees', () => {
  let root: string;
  let findings: Finding[];
  beforeAll(async () => {
    root = scratchRegistry();
    findings = await ours(root);
  });

  it('check-pack-schema-ids.mjs passes with 60 schemas lacking $id; ours: 0 pack/schema-id, 60 pack/schema-id-missing', async () => {
    const r = await gate(root, 'check-pack-schema-ids.mjs');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('60 schema(s) declare no $id');
    expect(count(findings, 'pack/schema-id')).toBe(0);
    expect(count(findings, 'pack/schema-id-missing')).toBe(60);
  });

  it('check-pack-prompt-refs.mjs and check-agent-tool-allowlist.mjs pass; ours: no pack/prompt-ref, no pack/tool-allowlist', async () => {
    expect((await gate(root, 'check-pack-prompt-refs.mjs')).code).toBe(0);
    expect((await gate(root, 'check-agent-tool-allowlist.mjs')).code).toBe(0);
    expect(count(findings, 'pack/prompt-ref')).toBe(0);
    expect(count(findings, 'pack/tool-allowlist')).toBe(0);
    expect(count(findings, 'pack/peer-dependency-empty')).toBe(0);
  });
});

describe('the snapshot after edits: where a gate fails, validate pack reports the same places', () => {
  let root: string;
  beforeAll(() => {
    root = scratchRegistry();
    const schemas = (pack: string) => join(root, 'packs', pack, 'schemas');
    // A schemas/ segment, a trailing #, and a version bump that leaves every $id of a pack behind.
    editJson(join(schemas('core.openwop.http'), readdirFirst(schemas('core.openwop.http'))), (s) => {
      s.$id = String(s.$id).replace(/\/([^/]+)$/, '/schemas/$1');
    });
    editJson(join(schemas('core.openwop.flow'), readdirFirst(schemas('core.openwop.flow'))), (s) => {
      s.$id = `${String(s.$id)}#`;
    });
    editJson(join(root, 'packs', 'core.openwop.crypto', 'pack.json'), (m) => {
      m.version = '9.9.9';
    });
    // A prompt parked outside prompts/, and an allowlist entry without a scope.
    const agents = join(root, 'packs', 'core.openwop.agents.code-reviewer');
    editJson(join(agents, 'pack.json'), (m) => {
      const [agent] = m.agents as {systemPromptRef?: string; toolAllowlist?: string[]}[];
      renameSync(join(agents, String(agent.systemPromptRef)), join(agents, 'reviewer-prompt.md'));
      agent.systemPromptRef = 'reviewer-prompt.md';
      agent.toolAllowlist = [...(agent.toolAllowlist ?? []), 'search'];
    });
  });

  it('check-pack-schema-ids.mjs lists exactly the drifted schemas ours reports as pack/schema-id', async () => {
    const r = await gate(root, 'check-pack-schema-ids.mjs');
    expect(r.code).toBe(1);
    const gateDrift = [...r.stderr.matchAll(/^ {2}packs\/([^/\s]+)\/schemas\/(\S+)$/gm)].map((m) => `${m[1]}/${m[2]}`).sort();
    const findings = await ours(root);
    const ourDrift = findings
      .filter((f) => f.ruleId === 'pack/schema-id')
      .map(driftKey)
      .sort();
    expect(gateDrift.length).toBeGreaterThan(3);
    expect(ourDrift).toEqual(gateDrift);
  });

  it('one more schema without $id takes the gate over its ceiling of 60; ours counts 61 pack/schema-id-missing', async () => {
    const other = scratchRegistry();
    const rag = join(other, 'packs', 'core.openwop.rag', 'schemas');
    editJson(join(rag, readdirFirst(rag)), (s) => {
      delete s.$id;
    });
    const r = await gate(other, 'check-pack-schema-ids.mjs');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('61 schema(s) declare no $id');
    expect(count(await ours(other), 'pack/schema-id-missing')).toBe(61);
  });

  it('check-pack-prompt-refs.mjs and check-agent-tool-allowlist.mjs fail on the agent pack; ours reports both there', async () => {
    const prompts = await gate(root, 'check-pack-prompt-refs.mjs');
    expect(prompts.code).toBe(1);
    expect(prompts.stderr).toContain('core.openwop.agents.code-reviewer');
    const tools = await gate(root, 'check-agent-tool-allowlist.mjs');
    expect(tools.code).toBe(1);
    expect(tools.stderr).toContain('entry: search');
    const findings = (await ours(root)).filter((f) => f.ruleId === 'pack/prompt-ref' || f.ruleId === 'pack/tool-allowlist');
    expect(findings.map((f) => `${f.ruleId} ${basename(dirname(f.file))}`)).toEqual(['pack/prompt-ref core.openwop.agents.code-reviewer', 'pack/tool-allowlist core.openwop.agents.code-reviewer']);
  });
});

function readdirFirst(dir: string): string {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()[0];
}
